"""The language server over stdio, built on pygls: LSP messages in, :mod:`.analysis` answers out.

Diagnostics are published when a document is opened, changed or saved (parse, expand and bind
on every change; a full check, compiling the game as ``ludeme check`` does, on open and save).
A handler that fails answers nothing for that request and the server goes on: a broken or huge
document never stops it (the reader refuses texts over its limits with a diagnostic).
"""

from __future__ import annotations

import logging
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from ..check import Checked
from ..syntax.parser import MAX_TEXT
from . import analysis

log = logging.getLogger(__name__)

_SYMBOL_KINDS = {
    "game": lsp.SymbolKind.Module, "option": lsp.SymbolKind.Enum, "item": lsp.SymbolKind.EnumMember,
    "define": lsp.SymbolKind.Function, "ruleset": lsp.SymbolKind.Namespace, "metadata": lsp.SymbolKind.Object,
}
_COMPLETION_KINDS = {
    "ludeme": lsp.CompletionItemKind.Function, "argument": lsp.CompletionItemKind.Property,
    "constant": lsp.CompletionItemKind.Constant, "option": lsp.CompletionItemKind.EnumMember,
    "define": lsp.CompletionItemKind.Reference,
}


class LudemeServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("ludeme", _version(), text_document_sync_kind=lsp.TextDocumentSyncKind.Full)
        self.checked: dict[str, Checked] = {}  # uri -> the last check of its text

    def text_of(self, uri: str) -> str:
        return self.workspace.get_text_document(uri).source

    def check(self, uri: str, build: bool) -> None:
        document = self.workspace.get_text_document(uri)
        text = document.source
        checked = analysis.analyse(text[:MAX_TEXT + 1], file_of(uri), build=build)
        self.checked[uri] = checked
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=uri, version=document.version, diagnostics=[_diagnostic(uri, d) for d in analysis.diagnostics(checked)]))


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("ludeme-interpreter")
    except PackageNotFoundError:
        return "0"


def file_of(uri: str) -> str:
    """The file a document URI names (its folder is where Ludii's library is looked for)."""
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


def _range(r: analysis.Range) -> lsp.Range:
    return lsp.Range(start=lsp.Position(line=r[0], character=r[1]), end=lsp.Position(line=r[2], character=r[3]))


def _diagnostic(uri: str, d: analysis.Diagnostic) -> lsp.Diagnostic:
    related = [lsp.DiagnosticRelatedInformation(location=lsp.Location(uri=uri, range=_range(r)), message=m)
               for r, m in d.related] or None
    return lsp.Diagnostic(range=_range(d.range), message=d.message, severity=lsp.DiagnosticSeverity.Error,
                          source="ludeme", code=d.kind, related_information=related)


def _symbol(s: analysis.Symbol) -> lsp.DocumentSymbol:
    return lsp.DocumentSymbol(name=s.name or "?", kind=_SYMBOL_KINDS.get(s.kind, lsp.SymbolKind.Object), detail=s.kind,
                              range=_range(s.range), selection_range=_range(s.selection),
                              children=[_symbol(c) for c in s.children] or None)


def build_server() -> LudemeServer:
    server = LudemeServer()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LudemeServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.check(params.text_document.uri, build=True)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LudemeServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.check(params.text_document.uri, build=False)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LudemeServer, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.check(params.text_document.uri, build=True)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: LudemeServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.checked.pop(params.text_document.uri, None)
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: LudemeServer, params: lsp.HoverParams) -> lsp.Hover | None:
        text = analysis.hover(ls.text_of(params.text_document.uri), params.position.line, params.position.character)
        if text is None:
            return None
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                    lsp.CompletionOptions(trigger_characters=["(", " ", '"', ":"]))
    def completion(ls: LudemeServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        uri = params.text_document.uri
        items = analysis.completions(ls.text_of(uri), params.position.line, params.position.character,
                                     ls.checked.get(uri))
        return lsp.CompletionList(is_incomplete=False, items=[
            lsp.CompletionItem(label=c.label, kind=_COMPLETION_KINDS.get(c.kind), detail=c.detail or None,
                               documentation=c.documentation or None, insert_text=c.insert) for c in items])

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: LudemeServer, params: lsp.DefinitionParams) -> lsp.Location | None:
        uri = params.text_document.uri
        found = analysis.definition(ls.text_of(uri), params.position.line, params.position.character)
        return lsp.Location(uri=uri, range=_range(found)) if found else None

    @server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
    def references(ls: LudemeServer, params: lsp.ReferenceParams) -> list[lsp.Location]:
        uri = params.text_document.uri
        found = analysis.references(ls.text_of(uri), params.position.line, params.position.character,
                                    params.context.include_declaration)
        return [lsp.Location(uri=uri, range=_range(r)) for r in found]

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbol(ls: LudemeServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
        uri = params.text_document.uri
        checked = ls.checked.get(uri)
        if checked is None:
            ls.check(uri, build=False)
            checked = ls.checked[uri]
        return [_symbol(s) for s in analysis.symbols(checked.document)]

    @server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: LudemeServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
        uri = params.text_document.uri
        text = ls.text_of(uri)
        new = analysis.formatted(text, file_of(uri))
        if new is None or new == text:
            return []
        lines = analysis.Lines(text)
        end = lines.position(len(text))
        return [lsp.TextEdit(range=_range((0, 0, end[0], end[1])), new_text=new)]

    @server.feature(lsp.TEXT_DOCUMENT_FOLDING_RANGE)
    def folding_range(ls: LudemeServer, params: lsp.FoldingRangeParams) -> list[lsp.FoldingRange]:
        return [lsp.FoldingRange(start_line=a, end_line=b, kind=lsp.FoldingRangeKind.Region)
                for a, b, _ in analysis.folding(ls.text_of(params.text_document.uri))]

    return server


def serve() -> None:
    """Run the server on stdin and stdout until the client says exit."""
    build_server().start_io()
