"""``ludeme doc NAME``: one ludeme's entry of the reference, on the terminal."""

from __future__ import annotations

import argparse
import difflib

from ..errors import LudError
from .common import EXIT_OK


def cmd_doc(args: argparse.Namespace) -> int:
    from ..docs import families, family_title, ludeme_text, ludemes_of
    from ..ludemes import REGISTRY
    name = " ".join(" ".join(args.name).split())
    if not name:
        for group in families():
            print(f"{family_title(group)}:")
            print("  " + ", ".join(cls.name for cls in ludemes_of(group)))
        return EXIT_OK
    cls = REGISTRY.get(name) or next((c for n, c in REGISTRY.items() if n.lower() == name.lower()), None)
    family = sorted(n for n in REGISTRY if n.split(" ")[0] == name and n != name)
    if cls is not None:
        print(ludeme_text(cls), end="")
        if family:
            print(f"\nOther ludemes named '{name} ...': " + ", ".join(family))
        return EXIT_OK
    if family:
        print(f"'{name}' is the first word of: " + ", ".join(family))
        print(f'ludeme doc "{family[0]}" shows one of them')
        return EXIT_OK
    close = difflib.get_close_matches(name, list(REGISTRY), n=3, cutoff=0.6)
    hint = ("did you mean " + ", ".join(f"'{c}'" for c in close) + "?") if close else \
        "ludeme doc without a name lists the vocabulary"
    raise LudError(f"no ludeme named '{name}'", hint=hint)


def add_commands(command) -> None:
    add_lsp_command(command)
    p = command("doc", cmd_doc, "show one ludeme's entry of the reference (ludemes.md)",
                "Show one ludeme's entry of the reference: its signature, what it means, each\n"
                "parameter's meaning and default, and examples. Without a name, list the\n"
                'vocabulary. Two-word names may be quoted or not: ludeme doc "is Line".')
    p.add_argument("name", nargs="*", metavar="NAME", help="a ludeme, e.g. 'is Line' or 'move Add'")


def cmd_lsp(args: argparse.Namespace) -> int:
    from ..lsp import available, serve
    from .common import UsageError
    missing = available()
    if missing is not None:
        raise UsageError(f"the language server needs {missing}: pip install 'ludeme-interpreter[lsp]' "
                         "(or, in a checkout, pip install '.[lsp]')")
    serve()
    return EXIT_OK


def add_lsp_command(command) -> None:
    p = command("lsp", cmd_lsp, "run the language server on stdin/stdout (for editors)",
                "Run a language server (LSP over stdin and stdout) for .lud files: diagnostics\n"
                "as ludeme check gives them, hover from the reference, completion, go to a\n"
                "define, its uses, document symbols, formatting (ludeme fmt) and folding.\n"
                "Needs the optional extra: pip install '.[lsp]'. Editors: docs/editors.md.")
    p.add_argument("--stdio", action="store_true", help="speak over stdin/stdout (the default, for clients that pass it)")
