"""The documentation pages hold together: every relative link (and its #anchor) leads somewhere,
every page is reachable from the README and docs/index.md, every `ludeme` subcommand and flag is
in docs/cli.md, the quick start stays as CI runs it, and speed figures live in BENCHMARKS.md only."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from interpreter.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, ROOT / "BENCHMARKS.md"] + sorted(DOCS.glob("*.md"))
CLI_MD = DOCS / "cli.md"

# flags every command has: documented once, in cli.md's section on common flags
COMMON = {"-h", "--help", "--debug", "--engine"}

FENCE = re.compile(r"^```.*?^```[ \t]*$", re.S | re.M)
LINK = re.compile(r"(?<!!)\[[^\]\n]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)


def prose(path: Path) -> str:
    """The page without its fenced code blocks (whose lines are not headings or links)."""
    return FENCE.sub("", path.read_text(encoding="utf-8"))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for _, title in HEADING.findall(prose(path)):
        base = slug(title)
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def links(path: Path) -> list[str]:
    return LINK.findall(prose(path))


def relative(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I)  # not http:, https:, mailto:...


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_relative_link_points_at_an_existing_file(page):
    broken = []
    for target in filter(relative, links(page)):
        file, _, anchor = target.partition("#")
        dest = (page.parent / file).resolve() if file else page
        if not dest.exists():
            broken.append(f"{target}: no file {dest}")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target}: no heading #{anchor} in {dest.name}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def test_the_link_checker_sees_links_and_anchors():
    assert "docs/cli.md" in links(README)
    assert {"ludeme-check", "agent-specs", "common-flags-and-conventions"} <= anchors(CLI_MD)
    assert slug("`ludeme serve` under load") == "ludeme-serve-under-load"


@pytest.mark.parametrize("index", [README, DOCS / "index.md"], ids=["README.md", "docs/index.md"])
def test_every_docs_page_is_linked(index):
    linked = {(index.parent / t.partition("#")[0]).resolve() for t in filter(relative, links(index))}
    pages = [p for p in DOCS.glob("*.md") if p != index]
    missing = [p.name for p in pages if p.resolve() not in linked]
    assert not missing, f"{index.name} does not link {missing}"
    for extra in ("ludemes.md", "BENCHMARKS.md"):
        assert (ROOT / extra).resolve() in linked, f"{index.name} does not link {extra}"


def test_the_quick_start_is_what_ci_runs():
    text = README.read_text(encoding="utf-8")
    assert "pip install . && ludeme run pente --playouts 20 --seed 1\n" in text
    assert "pip install '.[test]' && python -m pytest\n" in text


# --- the command line ---------------------------------------------------------------------------
def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert len(actions) == 1
    return dict(actions[0].choices)


COMMANDS = subcommands()


def sections(path: Path) -> dict[str, str]:
    """The level-2 sections of a page by title."""
    parts = re.split(r"^## +(.+)$", path.read_text(encoding="utf-8"), flags=re.M)
    return {title.strip(): body for title, body in zip(parts[1::2], parts[2::2])}


def test_cli_md_has_every_command():
    assert len(COMMANDS) >= 18
    titles = sections(CLI_MD)
    missing = [name for name in COMMANDS if f"`ludeme {name}`" not in titles]
    assert not missing, f"docs/cli.md has no section '## `ludeme NAME`' for {missing}"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_cli_md_names_every_flag_of_the_command(name):
    body = sections(CLI_MD).get(f"`ludeme {name}`")
    assert body is not None, f"docs/cli.md has no section on ludeme {name}"
    flags = [o for a in COMMANDS[name]._actions for o in a.option_strings if o not in COMMON]
    seats = re.search(r"`--p1 SPEC` \.\.\. `--p(\d+) SPEC`", body)  # the seats' flags named as one range
    last_seat = int(seats.group(1)) if seats else 0

    def named(flag: str) -> bool:
        seat = re.fullmatch(r"--p(\d+)", flag)
        if seat and 1 <= int(seat.group(1)) <= last_seat:
            return True
        return re.search(rf"`{re.escape(flag)}[` ]", body) is not None

    missing = [f for f in flags if not named(f)]
    assert not missing, f"docs/cli.md's section on ludeme {name} does not name {missing}"


def test_cli_md_names_the_common_flags():
    body = sections(CLI_MD)["Common flags and conventions"]
    for flag in COMMON:
        assert f"`{flag}" in body
    for name, sub in COMMANDS.items():  # the common flags really are on every command
        assert COMMON <= {o for a in sub._actions for o in a.option_strings}, name


# --- figures ------------------------------------------------------------------------------------
SPEED = re.compile(r"\d[\d,.]*\s?(?:it/s|/s\b|ms\b|x faster)")


@pytest.mark.parametrize("page", [p for p in PAGES if p.name != "BENCHMARKS.md"],
                         ids=[str(p.relative_to(ROOT)) for p in PAGES if p.name != "BENCHMARKS.md"])
def test_speed_figures_live_in_benchmarks_md_only(page):
    found = SPEED.findall(page.read_text(encoding="utf-8"))
    assert not found, f"{page.name} states speed figures {found}: they belong in BENCHMARKS.md"
