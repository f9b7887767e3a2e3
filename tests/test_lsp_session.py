"""A real language-server session: ``ludeme lsp`` started as a process, driven over its pipes
with LSP messages (initialize, didOpen, didChange, publishDiagnostics, hover, completion,
definition, references, symbols, folding, formatting, shutdown, exit). Every wait has a
generous hang guard (a failure, never a timing assert)."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the lsp extra (pip install '.[lsp]') is in the test extra")
pytestmark = pytest.mark.heavy

HANG_GUARD = 120  # seconds any one answer may take before the test fails: only a hang gets there

GAME = """(define "Place" (move Add (to (sites Empty))))

(game "Lines"
    (players 2)
    (equipment {
        (board (square 3))
        (piece "Disc" Each)
    })
    (rules
        (play ("Place"))
        (end (if (is Line 3) (result Mover Win)))
    )
)
"""


class Session:
    """An LSP client over the server's stdin and stdout (Content-Length framing)."""

    def __init__(self, cwd: Path):
        self.proc = subprocess.Popen([sys.executable, "-m", "interpreter", "lsp"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
        self.inbox: queue.Queue = queue.Queue()
        self.next_id = 0
        self.notifications: list[dict] = []
        self.transcript: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            self.inbox.put(json.loads(out.read(length)))

    def send(self, message: dict) -> None:
        message = {"jsonrpc": "2.0", **message}
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()
        self.transcript.append("--> " + json.dumps(message)[:300])

    def receive(self) -> dict:
        try:
            message = self.inbox.get(timeout=HANG_GUARD)
        except queue.Empty:
            pytest.fail(f"the server answered nothing for {HANG_GUARD} s (hung?)")
        if message is None:
            pytest.fail("the server stopped: " + self.proc.stderr.read().decode(errors="replace")[-2000:])
        self.transcript.append("<-- " + json.dumps(message)[:300])
        return message

    def request(self, method: str, params: dict | None = None) -> dict:
        self.next_id += 1
        ident = self.next_id
        self.send({"id": ident, "method": method, "params": params or {}})
        while True:
            message = self.receive()
            if message.get("id") == ident and "method" not in message:
                assert "error" not in message, message
                return message.get("result")
            if "method" in message and "id" in message:  # a request from the server: answer it
                self.send({"id": message["id"], "result": None})
            elif "method" in message:
                self.notifications.append(message)

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def diagnostics(self, uri: str, version: int | None = None) -> list[dict]:
        """The next diagnostics published for ``uri`` (for that version, when given)."""
        while True:
            for i, message in enumerate(self.notifications):
                params = message.get("params", {})
                if message["method"] == "textDocument/publishDiagnostics" and params.get("uri") == uri \
                        and (version is None or params.get("version") == version):
                    del self.notifications[: i + 1]
                    return params["diagnostics"]
            message = self.receive()
            if "method" in message and "id" not in message:
                self.notifications.append(message)

    def close(self) -> None:
        self.request("shutdown")
        self.notify("exit", {})
        try:
            self.proc.wait(timeout=HANG_GUARD)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            pytest.fail("the server did not exit after shutdown and exit")


@pytest.fixture
def session(tmp_path):
    s = Session(tmp_path)
    result = s.request("initialize", {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}})
    caps = result["capabilities"]
    for feature in ("hoverProvider", "completionProvider", "definitionProvider", "referencesProvider",
                    "documentSymbolProvider", "documentFormattingProvider", "foldingRangeProvider"):
        assert caps.get(feature), feature
    s.notify("initialized", {})
    yield s
    if s.proc.poll() is None:
        s.proc.kill()


def at(text: str, needle: str, delta: int = 0) -> dict:
    offset = text.index(needle) + delta
    line = text.count("\n", 0, offset)
    return {"line": line, "character": offset - (text.rfind("\n", 0, offset) + 1)}


def test_an_editor_session(session, tmp_path):
    uri = (tmp_path / "lines.lud").as_uri()
    doc = {"uri": uri}
    session.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "lud", "version": 1, "text": GAME}})
    assert session.diagnostics(uri, 1) == []

    broken = GAME.replace("(sites Empty)", "(sites Emtpy)").replace("(is Line 3)", '(is Line "three")')
    session.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                              "contentChanges": [{"text": broken}]})
    found = session.diagnostics(uri, 2)
    assert [d["message"].splitlines()[0] for d in found] == [
        "unknown ludeme 'sites Emtpy'", "in define \"Place\": unknown ludeme 'sites Emtpy'",
        "is Line: argument 'length' expects int, got string \"three\""]
    assert found[0]["range"]["start"] == at(broken, "Emtpy") and found[0]["source"] == "ludeme"
    assert found[1]["range"]["start"] == at(broken, '("Place")')  # the use, in the game
    assert found[0]["relatedInformation"][0]["location"]["range"]["start"] == at(broken, '("Place")')

    session.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                              "contentChanges": [{"text": GAME}]})
    assert session.diagnostics(uri, 3) == []

    hover = session.request("textDocument/hover", {"textDocument": doc, "position": at(GAME, "is Line", 1)})
    assert hover["contents"]["kind"] == "markdown"
    assert hover["contents"]["value"].startswith("### is Line\n") and "the least number of pieces" in hover["contents"]["value"]

    completion = session.request("textDocument/completion", {"textDocument": doc, "position": at(GAME, "(is Line", 1)})
    labels = {item["label"] for item in completion["items"]}
    assert {"is Line", "move Add"} <= labels

    where = session.request("textDocument/definition", {"textDocument": doc, "position": at(GAME, '("Place")', 3)})
    assert where["uri"] == uri and where["range"]["start"] == at(GAME, '"Place"')

    uses = session.request("textDocument/references", {"textDocument": doc, "position": at(GAME, '"Place"', 2),
                                                        "context": {"includeDeclaration": True}})
    assert [u["range"]["start"]["line"] for u in uses] == [0, 9]

    symbols = session.request("textDocument/documentSymbol", {"textDocument": doc})
    assert [(s["name"], s["detail"]) for s in symbols] == [("Place", "define"), ("Lines", "game")]

    folds = session.request("textDocument/foldingRange", {"textDocument": doc})
    assert {"startLine": 4, "endLine": 7} in [{k: f[k] for k in ("startLine", "endLine")} for f in folds]

    messy = GAME.replace("(players 2)", "(players     2)")
    session.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 4}, "contentChanges": [{"text": messy}]})
    session.diagnostics(uri, 4)
    edits = session.request("textDocument/formatting", {"textDocument": doc, "options": {"tabSize": 4, "insertSpaces": True}})
    from interpreter.syntax.format import format_document
    from interpreter.syntax.parser import parse
    assert len(edits) == 1 and edits[0]["newText"] == format_document(parse(messy))
    session.close()
    assert session.proc.returncode == 0
    (tmp_path / "transcript.txt").write_text("\n".join(session.transcript))


def test_broken_and_huge_documents_never_stop_the_server(session, tmp_path):
    uri = (tmp_path / "big.lud").as_uri()
    doc = {"uri": uri}
    # one megabyte of a real description: the game, then comments
    padding = "// " + "x" * 96 + "\n"
    big = GAME + padding * ((1_000_000 - len(GAME)) // len(padding))
    assert len(big) >= 990_000
    session.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "lud", "version": 1, "text": big}})
    assert session.diagnostics(uri, 1) == []
    hover = session.request("textDocument/hover", {"textDocument": doc, "position": at(big, "is Line", 1)})
    assert hover["contents"]["value"].startswith("### is Line")
    # over the reader's limits, broken in every way: answered with a diagnostic each time
    texts = ["(a)" * 200_000, "(" * 5_000, '(game "x', "{" * 120 + "}" * 120, "\x00\ufffd", GAME[: len(GAME) // 2]]
    for version, text in enumerate(texts, start=2):
        session.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                  "contentChanges": [{"text": text}]})
        found = session.diagnostics(uri, version)
        assert found, text[:40]
        session.request("textDocument/completion", {"textDocument": doc, "position": {"line": 0, "character": 2}})
        session.request("textDocument/documentSymbol", {"textDocument": doc})
        session.request("textDocument/formatting", {"textDocument": doc, "options": {"tabSize": 4, "insertSpaces": True}})
    session.close()
    assert session.proc.returncode == 0

