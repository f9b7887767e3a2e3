"""The shape of the code: layers, imports, docs and concept names.

The layers read one way (``cli -> loader -> compile -> ludemes -> (syntax, engine)``): the
runtime (``engine``) imports neither the vocabulary nor the syntax, and every module imports
alone in a fresh interpreter (no import cycle hides behind another module's import order).
"""

from __future__ import annotations

import ast
import csv
import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import interpreter
import interpreter.ludemes  # noqa: F401  (registers the vocabulary)
from interpreter.ludemes.base import REGISTRY

SRC = Path(interpreter.__file__).resolve().parent
CONCEPTS_TSV = Path(__file__).resolve().parents[1].parent / "shared" / "ludii-concepts.tsv"


def all_modules() -> list[str]:
    names = ["interpreter"]
    for info in pkgutil.walk_packages([str(SRC)], prefix="interpreter."):
        if not info.name.endswith("__main__"):  # runs the command line when imported
            names.append(info.name)
    return sorted(names)


@pytest.mark.heavy  # 170 modules, each with all it imports (the default run: the next test)
def test_every_module_imports_alone_in_a_fresh_interpreter(tmp_path):
    # each module is imported again from its source with all the others forgotten; compiled
    # bytecode is kept in a folder of the test's own (the environment may say not to write any,
    # and compiling every module again for each of them costs half a minute)
    script = (
        "import importlib, sys\n"
        f"sys.dont_write_bytecode, sys.pycache_prefix = False, {str(tmp_path)!r}\n"
        "failed = []\n"
        f"for name in {all_modules()!r}:\n"
        "    for key in [k for k in sys.modules if k == 'interpreter' or k.startswith('interpreter.')]:\n"
        "        del sys.modules[key]\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception as err:\n"
        "        failed.append(f'{name}: {type(err).__name__}: {err}')\n"
        "print('\\n'.join(failed))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=None)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "", "modules that do not import alone:\n" + out.stdout


def test_importing_the_package_imports_its_public_names_only_when_used():
    script = (
        "import sys, interpreter\n"
        "print(sorted(k for k in sys.modules if k.startswith('interpreter')))\n"
        "from interpreter import load, Game, State, Move, InvalidMoveError, concepts\n"
        "from interpreter.engine.game import Game as G\n"
        "assert Game is G and callable(load) and callable(concepts)\n"
        "assert all(getattr(interpreter, name) is not None for name in interpreter.__all__)\n"
        "assert set(interpreter.__all__) <= set(dir(interpreter))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['interpreter']"  # the engine, loader and concepts wait until asked for
    with pytest.raises(AttributeError):
        interpreter.no_such_name  # noqa: B018


def test_the_package_says_it_is_typed():
    assert (SRC / "py.typed").is_file()  # PEP 561: the wheel ships it with the package's files


def test_a_module_that_used_to_be_in_a_cycle_imports_in_a_new_process():
    for name in ("interpreter.compile.compiler", "interpreter.ludemes.moves", "interpreter.engine.state"):
        out = subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True, text=True)
        assert out.returncode == 0, f"{name}: {out.stderr}"


def _imports(path: Path) -> set[str]:
    """The interpreter modules a file imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(["interpreter", *path.relative_to(SRC).with_suffix("").parts[:-1]])
    found = set()
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and getattr(block.test, "id", None) == "TYPE_CHECKING" for n in ast.walk(block)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue  # annotations only: no import at run time
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m.startswith("interpreter")}


@pytest.mark.parametrize("layer, forbidden", [
    ("engine", ("interpreter.ludemes", "interpreter.syntax", "interpreter.compile", "interpreter.cli",
                "interpreter.loader", "interpreter.bind")),
    ("ludemes", ("interpreter.compile", "interpreter.cli", "interpreter.loader", "interpreter.bind")),
    ("syntax", ("interpreter.ludemes", "interpreter.engine", "interpreter.compile", "interpreter.cli")),
])
def test_layers_import_one_way(layer, forbidden):
    bad = []
    for path in sorted((SRC / layer).rglob("*.py")):
        for module in _imports(path):
            if module.startswith(forbidden):
                bad.append(f"{path.relative_to(SRC)} imports {module}")
    assert not bad, "\n".join(bad)


def test_ludeme_concepts_are_in_the_catalogue():
    """Every concept a ludeme declares (on its class, or where it stands in the bundled games
    and in its docstring examples) is in the concept catalogue, Ludii's concepts and ours."""
    from interpreter.bind import bind
    from interpreter.concept.catalogue import catalogue
    from interpreter.ludemes.concepts import Where, concepts_of
    from interpreter.syntax.parser import parse
    names = {c.name for c in catalogue()}
    unknown = sorted(f"{cls.name}: {concept}" for cls in REGISTRY.values() for concept in cls.concepts
                     if concept not in names)
    for cls in REGISTRY.values():
        for example in cls.examples():
            try:
                node = bind(parse(example, "<example>").forms[0])
            except Exception:  # examples that need a context to bind are checked by test_docs
                continue
            for where in (Where(), Where(effect=True), Where(end=True), Where(effect=True, capture=True)):
                unknown += [f"{cls.name}: {c}" for c in concepts_of(node, where) if c not in names]
    for game in ("alak", "pente", "tic-tac-toe", "gomoku", "hex", "gomoku-tri", "loophole", "loophole-small",
                 "loupe", "double-run-stone"):
        unknown += [f"{game}: {c}" for c in interpreter.load(game).concepts if c not in names]
    assert not unknown, "concepts that are not in the catalogue: " + ", ".join(sorted(set(unknown)))


def test_the_catalogue_keeps_ludiis_concepts():
    """The catalogue holds Ludii's concepts as Ludii numbers them (when Ludii's list is at hand)."""
    from interpreter.concept.catalogue import catalogue
    if not CONCEPTS_TSV.exists():
        pytest.skip(f"{CONCEPTS_TSV} not present")
    with CONCEPTS_TSV.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert len(rows) > 700
    cat = catalogue()
    for row in rows:
        concept = cat[row["name"]]
        assert (concept.id, concept.taxonomy, concept.parent or "null", concept.ours) == \
            (int(row["id"]), row["taxonomy"], row["parent"], False), row["name"]
    ours = [c for c in cat if c.ours]
    assert ours and all(c.id > 10000 and c.description for c in ours)


def _public_functions(module) -> list[str]:
    missing = []
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(obj) and not inspect.getdoc(obj):
            missing.append(f"{module.__name__}.{name}")
        elif inspect.isclass(obj):
            if not obj.__doc__:
                missing.append(f"{module.__name__}.{name}")
            for attr, member in vars(obj).items():
                if attr.startswith("_"):
                    continue
                func = member.fget if isinstance(member, property) else member
                # an override is documented by the method it overrides (inspect.getdoc)
                if inspect.isfunction(func) and not func.__doc__ and not inspect.getdoc(getattr(obj, attr)):
                    missing.append(f"{module.__name__}.{name}.{attr}")
    return missing


def test_public_engine_functions_have_docstrings():
    missing = []
    for name in all_modules():
        if name.startswith(("interpreter.engine", "interpreter.compile")) or name == "interpreter.loader":
            missing.extend(_public_functions(importlib.import_module(name)))
    assert not missing, "public functions without a docstring:\n" + "\n".join(missing)


def test_public_types_are_exported():
    for name in ("load", "Game", "GameInfo", "State", "Move", "MoveKind", "Result", "Termination",
                 "LudError", "MoveError", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError"):
        assert name in interpreter.__all__ and hasattr(interpreter, name), name
    assert inspect.signature(interpreter.load).return_annotation in ("Game", interpreter.Game)
