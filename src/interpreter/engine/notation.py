"""Move text forms: each legal move has one text, distinct within its position, that parses back.

Accepted input is a little wider than the canonical text, for people typing at a prompt: labels
are case-insensitive, a move between two sites may be written ``FROM TO`` (``1 4``) as well
as ``FROM-TO`` (``1-4``), and a placement that names its piece may be written as Ludii writes
it, ``SITE:PIECE`` (``C3:2Dot1`` for ``2Dot1@C3``).

A text is read in two ways: against a position (:meth:`Notation.parse`: the legal move it
stands for, or why none is), or against the game alone (:func:`read_move`: the move it writes,
as a value, whose legality a state decides when it is applied).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError
from .move import ADD, CHOICE, LATER, MOVE, PASS, REMOVE, Move

if TYPE_CHECKING:
    from .game import Game
    from .state import State

_SPACED = re.compile(r"^\s*(\S+)\s+(\S+)\s*$")
_LABEL = re.compile(r"^[a-z]+[0-9]+$")  # looks like a grid label (J10)
_LUDII_PLACEMENT = re.compile(r"^([^\s:@-]+):([^\s:@-]+)$")  # C3:2Dot1
_NUMBERED = re.compile(r"^(.+)/([0-9]+)$")  # a second choice of the same site: B1/2
_LEVELLED = re.compile(r"^([^\s/-]+)(/[0-9]+)?-([^\s/^-]+)(/[0-9]+)?(\^)?$")  # A1/2-B3/0^: levels of stacks


class Notation:
    """Reads and writes the text forms of one game's moves."""
    def __init__(self, game: Game):
        self.game = game

    def texts(self, state: State) -> dict[str, Move]:
        """Every legal move of ``state`` by its text (cached with the legal moves)."""
        legal = state.legal_moves()
        cached = state._texts
        if cached is not None and cached[0] is legal:
            return cached[1]
        table: dict[str, Move] = {}
        for move in legal:
            text = str(move)
            if text in table and table[text] != move:
                raise AssertionError(f"two legal moves share the text {text!r}")
            table[text] = move
        state._texts = (legal, table)
        return table

    def parse(self, state: State, text: str) -> Move:
        """The legal move ``text`` stands for; a MoveError subclass saying why when none does."""
        if not isinstance(text, str):
            raise MoveError(f"a move is a Move or its text, not {type(text).__name__}")
        raw = text.strip()
        if not raw:
            raise InvalidMoveError("empty move")
        ludii = _LUDII_PLACEMENT.match(raw)
        if ludii:  # Ludii's form of a placement naming its piece: C3:2Dot1
            raw = f"{ludii.group(2)}@{ludii.group(1)}"
        if state.over:
            raise IllegalMoveError("the game is over")
        table = self.texts(state)
        if raw in table:
            return table[raw]
        lowered = {k.lower(): v for k, v in table.items()}
        key = raw.lower()
        m = _SPACED.match(raw)
        if m and key not in lowered:
            key = f"{m.group(1)}-{m.group(2)}".lower()
        if key in lowered:
            return lowered[key]
        mine = f"{key}-p{state.mover}"  # the mover's move written with its player (Bet/3-P1) may omit it
        if mine in lowered:
            return lowered[mine]
        # a placement whose piece is the only possible one may be typed without it: C3 for 2@C3
        matches = [v for k, v in lowered.items() if k.endswith("@" + key)]
        if len(matches) == 1:
            return matches[0]
        raise self.explain(state, raw, key)

    def explain(self, state: State, raw: str, key: str) -> MoveError:
        """Why ``raw`` is not a legal move: unknown site, not your piece, not a reachable site...
        (an invalid text, an ambiguous one, or an illegal move)."""
        topo = self.game.topology
        if key in self.game.words or key == "pass":
            return IllegalMoveError(f"'{raw}' is not allowed now ({self._sample(state)})")
        parts = [p for p in re.split(r"[-@]", key) if p]
        if "-" in key and len(parts) == 2:
            frm, to = (topo.site(p) for p in parts)
            if frm < 0 or to < 0:
                bad = parts[0] if frm < 0 else parts[1]
                return InvalidMoveError(f"'{raw}': no site '{bad}' on this board")
            if state.who[frm] != state.mover:
                owner = state.who[frm]
                what = "empty" if owner == 0 else f"a piece of P{owner}"
                return IllegalMoveError(f"'{raw}': {topo.labels[frm]} is {what}, not a piece of P{state.mover}")
            targets = sorted({topo.labels[m.to] for m in state.legal_moves() if m.frm == frm})
            if not targets:
                return IllegalMoveError(f"'{raw}': the piece on {topo.labels[frm]} cannot move")
            return IllegalMoveError(f"'{raw}': the piece on {topo.labels[frm]} can go to {', '.join(targets)} only")
        if "@" in key and len(parts) == 2:  # a placement naming its piece: 2Dot1@C3
            tag, label = parts
            site = topo.site(label)
            if site < 0:
                return InvalidMoveError(f"'{raw}': no site '{label.upper()}' on this board")
            game = self.game
            names = {game.piece_tag(c.index).lower(): c.name for c in game.components[1:]}
            names.update({c.name.lower(): c.name for c in game.components[1:]})
            if tag not in names:
                return InvalidMoveError(f"'{raw}': no piece '{parts[0]}' in this game "
                                        f"(pieces: {', '.join(c.name for c in game.components[1:])})")
            where = "it is occupied" if state.what[site] else "not allowed now"
            return IllegalMoveError(f"'{raw}': placing {names[tag]} on {topo.labels[site]}: {where} "
                                    f"({self._sample(state)})")
        if len(parts) == 1 and topo.site(parts[0]) >= 0:
            site = topo.site(parts[0])
            label = topo.labels[site]
            choices = sorted(str(m) for m in state.legal_moves() if str(m).endswith("@" + label))
            if choices:
                return AmbiguousMoveError(f"'{raw}' is ambiguous: say which piece, {' or '.join(choices)}")
            if state.who[site]:
                return IllegalMoveError(f"'{raw}': {topo.labels[site]} is occupied")
            return IllegalMoveError(f"'{raw}': placing on {topo.labels[site]} is not allowed now "
                                    f"({self._sample(state)})")
        if len(parts) == 1 and _LABEL.match(parts[0]) and not any(str(m).lower() == key for m in state.legal_moves()):
            return InvalidMoveError(f"'{raw}': no site '{parts[0].upper()}' on this board ({self._sample(state)})")
        return InvalidMoveError(f"'{raw}' is not a move here ({self._sample(state)})")

    @staticmethod
    def _sample(state: State) -> str:
        legal = sorted(str(m) for m in state.legal_moves())
        return "legal: " + ", ".join(legal[:8]) + (" ..." if len(legal) > 8 else "")


# --- a text read against the game alone ------------------------------------------------------------
def read_move(game: Game, text: str) -> Move:
    """The move ``text`` writes in ``game``, read with no position (``Move.from_text``):
    ``pass``; a named decision of the game (``choose-white``, ``swap``); ``FROM-TO`` or
    ``FROM TO``; in a stacking game ``FROM/LEVEL-TO/LEVEL`` and ``FROM-TO^`` (a whole stack);
    ``xSITE``; a placement naming its piece, ``TAG@SITE`` or Ludii's
    ``SITE:TAG``; a numbered choice of a site, ``SITE/2``; or ``SITE`` alone (a placement of
    whichever piece the position allows, or the choice of that site: a state resolves a move
    without consequences by its text when it is applied). Labels, pieces and words are
    case-insensitive, as at a prompt. Raises InvalidMoveError for a text naming no site, piece
    or word of the game."""
    if not isinstance(text, str):
        raise MoveError(f"a move is a Move or its text, not {type(text).__name__}")
    raw = text.strip()
    if not raw:
        raise InvalidMoveError("empty move")
    uid = game.uid
    key = raw.lower()
    if key == "pass":
        return Move(PASS, game_id=uid)
    words = {w.lower(): w for w in game.words}
    if key in words:
        return Move(CHOICE, word=words[key], game_id=uid)
    stated = re.match(r"^(.*\S)=(\d+)$", raw)
    if stated:  # a large piece placed or moved with a local state (its shape): C3=1, A1-B2=5
        return read_move(game, stated.group(1)).with_word(f"={int(stated.group(2))}")
    ludii = _LUDII_PLACEMENT.match(raw)
    if ludii:  # Ludii's form of a placement naming its piece: C3:2Dot1
        raw = f"{ludii.group(2)}@{ludii.group(1)}"
    spaced = _SPACED.match(raw)
    if spaced:
        raw = f"{spaced.group(1)}-{spaced.group(2)}"
    levelled = _LEVELLED.match(raw) if game.stacking else None
    if levelled and (levelled.group(2) or levelled.group(4) or levelled.group(5)):
        # a move between the levels of stacks: A1/2-B3, A1-B3/0, A1-B3^ (the whole stack)
        frm, to = _site_of(game, text, levelled.group(1)), _site_of(game, text, levelled.group(3))
        level = int(levelled.group(2)[1:]) if levelled.group(2) else -1
        level_to = int(levelled.group(4)[1:]) if levelled.group(4) else -1
        return Move(MOVE, frm=frm, to=to, game_id=uid, levels=(level, level_to, bool(levelled.group(5))))
    numbered = _NUMBERED.match(raw)
    if numbered and int(numbered.group(2)) >= 2 and numbered.group(1).lower() == "pass":
        return Move(PASS, word=f"/{int(numbered.group(2))}", game_id=uid)  # a second pass (other dice)
    if numbered and int(numbered.group(2)) >= 2 and numbered.group(1).lower() in words:
        # a named decision listed again (Propose/Draw/2: an `or` of it twice)
        return Move(CHOICE, word=f"{words[numbered.group(1).lower()]}/{int(numbered.group(2))}", game_id=uid)
    if numbered and int(numbered.group(2)) >= 2:
        # the second (third...) way of choosing the same site(s): a choice whose word is its text
        # (a second piece move of that text, A1-B2/2, is found by its text when applied)
        base = _read_sites(game, text, numbered.group(1))
        frm, to = (base.frm, base.to) if base.kind is MOVE else (base.to, base.to)
        return Move(CHOICE, frm=frm, to=to, word=f"{base.text}/{int(numbered.group(2))}", game_id=uid)
    return _read_sites(game, text, raw)


def _read_sites(game: Game, text: str, raw: str) -> Move:
    """A move written with its sites: ``SITE``, ``FROM-TO``, ``xSITE``, ``TAG@SITE``."""
    topo = game.topology
    uid = game.uid
    site = topo.site(raw)
    if site >= 0:
        return Move(ADD, to=site, game_id=uid)
    if "@" in raw:
        tag, _, label = raw.partition("@")
        where = _site_of(game, text, label)
        what = _piece_of(game, text, tag)
        return Move(ADD, to=where, what=what, prefix=game.piece_tag(what), game_id=uid)
    if "-" in raw:
        parts = raw.split("-")
        if len(parts) == 2 and all(parts):
            frm, to = (_site_of(game, text, p) for p in parts)
            return Move(MOVE, frm=frm, to=to, game_id=uid)
    if raw[:1] in "xX" and len(raw) > 1 and topo.site(raw[1:]) >= 0:
        return Move(REMOVE, to=topo.site(raw[1:]), game_id=uid)
    if raw[:1] in "xX" and raw.endswith(LATER) and topo.site(raw[1:-len(LATER)]) >= 0:  # applied later
        return Move(REMOVE, to=topo.site(raw[1:-len(LATER)]), word=LATER, game_id=uid)
    if _LABEL.match(raw.lower()):
        raise InvalidMoveError(f"'{text.strip()}': no site '{raw.upper()}' on this board "
                               f"(site labels look like {', '.join(topo.labels[:4])} ...)")
    forms = "a site (J10), FROM-TO, xSITE, PIECE@SITE, pass" + "".join(f", {w}" for w in game.words[:4])
    raise InvalidMoveError(f"'{text.strip()}' is not a move of {game.name} (moves look like {forms})")


def _site_of(game: Game, text: str, label: str) -> int:
    from .sites import site_of_label
    site = site_of_label(game, label)  # the board's or a hand's (Hand1)
    if site < 0:
        sample = ", ".join(game.topology.labels[:4])
        raise InvalidMoveError(f"'{text.strip()}': no site '{label}' on this board "
                               f"(site labels look like {sample} ...)")
    return site


def _piece_of(game: Game, text: str, tag: str) -> int:
    """The piece a placement names: its tag as moves write it (``2``, ``2Dot1``) or its name."""
    comps = game.components[1:]
    names = {c.name.lower(): c.index for c in comps}
    names.update({game.piece_tag(c.index).lower(): c.index for c in comps})
    what = names.get(tag.lower())
    if what is None:
        raise InvalidMoveError(f"'{text.strip()}': no piece '{tag}' in this game "
                               f"(pieces: {', '.join(c.name for c in comps)})")
    return what
