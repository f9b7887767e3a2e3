"""The position text format: a small YAML document that says everything about a state.

    game: Pente
    options: [Board Size/9x9, ...]
    mover: 2
    ply: 3
    phase: General
    scores: {1: 2, 2: 0}
    last: {from: null, to: J10}
    pieces: {J10: Ball1, K10: Ball2, K11: Ball1}

A game with hands also has ``hands: {1Dot1: 5, 2Dot1: 4, ...}`` (pieces in hand per kind);
other arrays of the game's state are under ``vars:`` (``player_values: [0, 2, 0]``). A stacking
game lists its stacks of more than one piece under ``stacks:``, bottom first, the last being the
piece ``pieces:`` gives (``stacks: {B4: [Human1, Human1, Human1]}``); a covered piece with a local
state is written ``[Human1, 2]`` (its values in the order of the game's piece arrays).

``board:`` may replace ``pieces:`` with a picture as printed by the game (``xxxx___oooo`` or a
grid with row numbers), where ``x`` is P1's piece, ``o`` P2's, ``+`` P3's, ``*`` P4's, ``N`` a
neutral piece (``x1``, ``o3``... when a player has several kinds of piece). ``turn_moves:``
(written when not 0) is how many moves the mover has already made in a turn of several moves
(Connect6's or Loupe's second stone). ``turns:`` is Ludii's count of turns (1 at the start, one
more each time the mover changes: the turn limit counts them), ``stalemated:`` the players whose
latest move was a pass with no move to make (Ludii's ``(no Moves P)``), ``passing:`` what the
turns played say of passes (``turn_start``: the ply at which the latest move's turn began,
``turn_passed``: it began with a pass, ``pass_turns``: the turns before it that were passes, -1
for every turn since a start without placements; left out, ``passes: N`` says the latest N turns
were passes of one move each, and a position without ``ply:`` has had at least N plies). Keys left
out keep the initial state's values. ``State.to_text()`` writes the format; reading it back gives
the same state (``snapshot()`` equal).

A position is data from anywhere, so reading it checks everything against the game before any
of it is used: YAML aliases, deep nesting, oversized texts and repeated keys are refused; every
field must have the expected type and name a player, site, piece or phase of this game; a
position of another game, or of the same game with other options, is refused (saying which
options it was saved with); and a position whose game is already over by the rules must say
so (``result:``). Every problem is a :class:`PositionError` saying what was expected where.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

import yaml

from ..errors import LudError
from .arrays import COUNT, HAND, HAND_SITES
from .env import ROOT
from .picture import PictureError, read_picture
from .render import EMPTY_GRID, EMPTY_ROW, SYMBOLS, piece_symbols
from .result import Termination
from .sites import site_label, site_of_label
from .stacks import STACK, levels as stack_levels, size as stack_size

if TYPE_CHECKING:
    from .game import Game
    from .state import State

MAX_TEXT = 1_000_000  # characters: a 10,000-site board with every site listed needs ~150,000
MAX_DEPTH = 16  # nesting of YAML collections (a position needs 3)
INT_MIN, INT_MAX = -(2 ** 31), 2 ** 31 - 1  # numbers are 32-bit, as Ludii's
MAX_PLY = 10 ** 9

KEYS = ("game", "options", "mover", "ply", "phase", "passes", "turn_moves", "scores", "last", "move_again",
        "pieces", "board", "stacks", "hands", "result", "vars", "seats", "turns", "stalemated", "passing", "match")
MATCH_KEYS = ("name", "game", "instance", "ply", "scores", "result")  # under ``match:`` (a match's position)


class PositionError(LudError):
    """A position text that cannot be read as a position of this game (exit code 2 at the CLI)."""

    kind = "position error"


def write_position(state: State, match: dict[str, Any] | None = None, options: Sequence[str] | None = None) -> str:
    """The position format (YAML) of ``state``; ``match``: where a match stands and
    ``options``: the match's options, when ``state`` is the game in play of a match (see
    :meth:`.matchplay.MatchState.to_text`)."""
    game = state.game
    labels = game.topology.labels
    data: dict[str, Any] = {
        "game": game.name,
        "options": list(game.options if options is None else options),
        "mover": state.mover,
        "ply": state.ply,
        "phase": game.phases[state.phase].name,
        "passes": state.passes,
        **({"turn_moves": state.turn_moves} if state.turn_moves else {}),  # within a turn of several moves
        "scores": {p: state.scores[p] for p in range(1, game.num_players + 1)},
        "last": {"from": site_label(game, state.last_from) if state.last_from >= 0 else None,  # a hand's too
                 "to": site_label(game, state.last_to) if state.last_to >= 0 else None,
                 "mover": state.last_mover},
        "move_again": state.move_again,
        "turns": state.turns,
        **({"stalemated": [p for p in range(1, game.num_players + 1) if state.stalemated >> p & 1]}
           if state.stalemated else {}),
        "passing": {"turn_start": state.turn_start, "turn_passed": state.turn_passed,
                    "pass_turns": state.pass_turns},
        "pieces": {labels[i]: game.components[w].name for i, w in enumerate(state.what) if w},
    }
    if state.seats != tuple(range(game.num_players + 1)):
        data["seats"] = {p: state.seats[p] for p in range(1, game.num_players + 1)}
    if state.over:
        data["result"] = {"winners": list(state.winners), "losers": list(state.losers),
                          "draw": state.draw, "reason": state.reason,
                          "termination": state.termination.value if state.termination else None}
    if match is not None:
        data["match"] = match
    if STACK in game.arrays:
        comps = game.components
        # the sites after the board's (hands, a deck) hold stacks too
        data["stacks"] = {site_label(game, i): [comps[level[0]].name if not any(level[1:]) else
                                                [comps[level[0]].name, *level[1:]] for level in stack_levels(state, i)]
                          for i in range(len(state.arrays[STACK])) if stack_size(state, i) > 1}
    if HAND in game.arrays:
        data["hands"] = {c.name: state.arrays[HAND][c.index] for c in game.components[1:] if c.owner}
    names = [name for name in game.arrays if name not in (HAND, STACK)]
    return _dump(data) + (_vars_text(state, names) if names else "")


def _dump(data: dict[str, Any]) -> str:
    """``data`` as YAML, in the position's style."""
    if _FAST_DUMPER is not None and _printable(data):
        # libyaml's emitter writes the same text, many times faster (a game with large arrays);
        # only a long string with escapes (control or non-ASCII characters) is wrapped otherwise
        return yaml.dump(data, Dumper=_FAST_DUMPER, sort_keys=False, default_flow_style=None, width=100)
    return yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100)


_WIDTH, _VARS_INDENT = 100, 2  # the dump's width; where the keys under ``vars:`` start
_KEYS: dict[str, str] = {}  # an array's name as YAML writes it as a key


def _vars_text(state: State, names: list[str]) -> str:
    """The ``vars:`` section (the last of the position): the arrays of whole numbers, or of
    whole numbers and tuples of them, written here as YAML's emitter writes them (the same
    text, in time proportional to the text: a game's arrays can have tens of thousands of
    entries, e.g. the counts of a long track passing its sites twice, or a stack per site of a
    large board), the others (tuples of tuples) by YAML itself. Each key of a block mapping is
    written on its own, so the pieces join into the same document."""
    parts = ["vars:\n"]
    others: dict[str, Any] = {}
    for name in names:
        values = state.arrays[name]
        kinds = {*map(type, values)}
        flat = kinds <= {int}
        if not flat and not (kinds <= {int, tuple} and
                             all(type(v) is int or {*map(type, v)} <= {int} for v in values)):
            others[name] = [_plain(v) for v in values]
            continue
        if others:
            parts.append(_dump({"vars": others}).partition("\n")[2])
            others = {}
        key = _KEYS.get(name)
        if key is None:
            key = _KEYS[name] = _dump({name: [[0]]}).partition(":\n")[0]  # a block mapping's key
        head = " " * _VARS_INDENT + key + ":"
        if flat:  # a flow sequence after the key
            parts.append(head + " " + _flow_ints(values, len(head) + 1, 2 * _VARS_INDENT) + "\n")
            continue
        # holding a sequence, the sequence is a block one, its items at the key's indent; each
        # tuple (of whole numbers only) a flow sequence after the item's "- "
        item = " " * _VARS_INDENT + "- "
        parts.append(head + "\n" + "".join(
            item + (str(v) if type(v) is int else _flow_ints(v, len(item), len(item))) + "\n"
            for v in values))
    if others:
        parts.append(_dump({"vars": others}).partition("\n")[2])
    return "".join(parts)


def _flow_ints(values: Sequence[int], column: int, indent: int) -> str:
    """A flow sequence of whole numbers opened at ``column``, as YAML's emitter wraps it: after
    each comma, a line past the width goes on at ``indent``. The numbers are joined once; each
    line ends at the first comma that reaches the width (a search in the joined text), so the
    work in Python is per line, not per number."""
    if not values:
        return "[]"
    lead = ""
    if column + 1 > _WIDTH:  # no room for the first number either
        lead, column = "\n" + " " * indent, indent - 1
    joined = ", ".join(map(str, values))
    lines: list[str] = []
    start, col = 0, column + 1  # the line's first word starts at ``col`` (after "[")
    while True:
        # a comma at the column ``col + (comma - start)`` past the width ends the line there
        comma = joined.find(",", start + max(_WIDTH - col, 0))
        if comma < 0:
            lines.append(joined[start:])
            break
        lines.append(joined[start:comma + 1])
        start, col = comma + 2, indent
    return "[" + lead + ("\n" + " " * indent).join(lines) + "]"


_FAST_DUMPER = getattr(yaml, "CSafeDumper", None)


def _printable(value: Any) -> bool:
    """Whether every string in ``value`` (a position's data) is printable ASCII."""
    if isinstance(value, str):
        return value.isascii() and value.isprintable()
    if isinstance(value, dict):
        return all(_printable(k) and _printable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(type(v) is int or _printable(v) for v in value)
    return True


# --- reading YAML safely ---------------------------------------------------------------------------
class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing aliases (an alias bomb grows without bound), nesting deeper
    than MAX_DEPTH (the composer recurses) and keys given twice (the second silently wins)."""

    _depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            event = _next_event(self)
            anchor = event.anchor if isinstance(event, yaml.NodeEvent) else None
            raise PositionError(f"line {_line_of(event)}: YAML aliases (*{anchor}) are not "
                                "accepted in a position", hint="write every value out in full")
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise PositionError(f"line {_line_of(_next_event(self))}: nested more than {MAX_DEPTH} levels deep",
                                    hint="a position is a mapping of plain values (game:, mover:, pieces: ...)")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        if isinstance(node, yaml.MappingNode):
            self.flatten_mapping(node)
            seen: set[Any] = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    duplicate = key in seen
                except TypeError:
                    raise PositionError(f"line {key_node.start_mark.line + 1}: a key must be a plain value, "
                                        f"not {_show(key)}") from None
                if duplicate:
                    raise PositionError(f"line {key_node.start_mark.line + 1}: key {key!r} is given twice")
                seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _next_event(loader: yaml.SafeLoader) -> yaml.Event:
    """The loader's next event, left unread."""
    event: yaml.Event = loader.peek_event()  # type: ignore[no-untyped-call]  # unannotated in types-PyYAML
    return event


def _line_of(event: yaml.Event) -> int:
    """The line (from 1) where ``event`` starts."""
    return event.start_mark.line + 1 if event.start_mark is not None else 0


def load_position_data(text: Any) -> Any:
    """The YAML document of a position text, read safely (see :class:`_Loader`)."""
    if not isinstance(text, str):
        raise PositionError(f"a position is a text, not {_show(text)}")
    if len(text) > MAX_TEXT:
        raise PositionError(f"position too large ({len(text)} characters, at most {MAX_TEXT})")
    try:
        return yaml.load(text.removeprefix("\ufeff"), Loader=_Loader)  # noqa: S506 (a safe loader)
    except PositionError:
        raise
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        hint = None
        if "block end" in str(err.problem):
            hint = ("a picture whose first line starts with more spaces than the others needs YAML's "
                    "indentation indicator: 'board: |2' (the lines indented by 2)")
        raise PositionError(f"position is not valid YAML: {where}{err.problem or err.context}", hint=hint) from None
    except yaml.YAMLError as err:
        raise PositionError(f"position is not valid YAML: {err}") from None
    except (ValueError, OverflowError):  # e.g. an integer of more than 4300 digits
        raise PositionError("position holds a number too large to read",
                            hint=f"numbers are 32-bit, from {INT_MIN} to {INT_MAX}") from None
    except RecursionError:  # pragma: no cover - MAX_DEPTH comes first
        raise PositionError(f"position nested more than {MAX_DEPTH} levels deep") from None


# --- checking values -------------------------------------------------------------------------------
def _show(value: Any) -> str:
    """A value as a person would name it in a message."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"the number {value}" if len(str(value)) < 30 else "a very large number"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        text = value if len(value) <= 30 else value[:27] + "..."
        return f"the text {text!r}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"


def _fail(where: str, expected: str, value: Any) -> PositionError:
    return PositionError(f"position: {where}: expected {expected}, got {_show(value)}")


def _int(value: Any, where: str, lo: int, hi: int, what: str = "a whole number") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _fail(where, f"{what} from {lo} to {hi}", value)
    return value


def _player(game: Game, value: Any, where: str, nobody: bool = False) -> int:
    n = game.num_players
    return _int(value, where, 0 if nobody else 1, n,
                f"a player number{' (0 for nobody)' if nobody else ''}")


def _mapping(value: Any, where: str, keys: tuple[str, ...] | None = None) -> dict[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _fail(where, "a mapping" + (f" ({', '.join(k + ':' for k in keys)})" if keys else ""), value)
    if keys is not None:
        unknown = [k for k in value if k not in keys]
        if unknown:
            raise PositionError(f"position: {where}: unknown key {unknown[0]!r}",
                                hint=f"{where} has the keys {', '.join(k + ':' for k in keys)}")
    return value


def _label(value: Any) -> str | None:
    """A site label as YAML may give it (a text, or a number for numeric labels)."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


def _site(game: Game, value: Any, where: str) -> int:
    topo = game.topology
    label = _label(value)
    site = topo.site(label) if label is not None else -1
    if site < 0:
        sample = ", ".join(topo.labels[:4])
        if label is None:
            raise _fail(where, f"a site label ({sample} ...)", value)
        raise PositionError(f"position: {where}: no site {label!r} on this board",
                            hint=f"site labels look like {sample} ...")
    return site


def _any_site(game: Game, value: Any, where: str) -> int:
    """A site of the board or of a hand (``Hand1``), by its label."""
    label = _label(value)
    site = site_of_label(game, label) if label is not None else -1
    return site if site >= 0 else _site(game, value, where)


# --- reading a position ----------------------------------------------------------------------------
def read_position(game: Game, text: str) -> State:
    """A state of ``game`` from the position format; PositionError (a LudError) saying what was
    expected where when the text is not one."""
    data = load_position_data(text)
    _check_keys(data)
    data.pop("match", None)  # a match's position: the game in play's is read (where the match stands is not)
    return read_position_data(game, data)


def read_position_data(game: Game, data: dict[str, Any]) -> State:
    """A state of ``game`` from a position's keys (:func:`read_position`'s YAML, read)."""
    _check_game(game, data)
    state = game.initial_state()
    _read_placement(game, state, data)
    _read_turn(game, state, data)
    _read_seats_and_phase(game, state, data)
    _read_scores_and_last(game, state, data)
    if data.get("result") is not None:
        _read_result(game, state, _mapping(data["result"], "result",
                                           ("winners", "losers", "draw", "reason", "termination")))
    _read_hands(game, state, data)
    _read_vars(game, state, data)
    _check_counts(game, state)
    _check_hands(game, state, data)
    _check_turn(game, state, data)
    state._legal = None
    if state.over:
        _check_result(game, state)
    else:
        _check_not_over(game, state)
    return state


def _check_keys(data: Any) -> None:
    """A position is a mapping of the known keys."""
    if not isinstance(data, dict):
        raise PositionError(f"a position is a mapping (game:, mover:, pieces: ...), not {_show(data)}")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise PositionError(f"unknown keys in position: {', '.join(sorted(map(str, unknown)))}",
                            hint="a position has the keys " + ", ".join(k + ":" for k in KEYS))


def _read_placement(game: Game, state: State, data: dict[str, Any]) -> None:
    """The pieces (``pieces:`` or ``board:``, and ``stacks:``), and the players' counts of them."""
    topo = game.topology
    if "pieces" in data and "board" in data:
        raise PositionError("position: give the pieces either as pieces: or as board:, not both")
    if "pieces" in data or "board" in data:
        for site in range(topo.n):
            state.what[site] = 0
            state.who[site] = 0
        if STACK in game.arrays:  # the stacks are the position's (stacks:), not the start's
            state.arrays[STACK][:] = [()] * len(state.arrays[STACK])
    if "pieces" in data:
        _read_pieces(game, state, data["pieces"])
    if "board" in data:
        if not isinstance(data["board"], str):
            raise _fail("board", "a picture of the board (a text)", data["board"])
        _read_board(game, state, data["board"])
    if "stacks" in data:
        _read_stacks(game, state, data["stacks"])
    _recount(game, state)


def _read_pieces(game: Game, state: State, pieces: Any) -> None:
    """``pieces:``: site label -> piece name."""
    topo = game.topology
    placed: dict[int, str] = {}
    for label, name in _mapping(pieces, "pieces").items():
        site = _site(game, label, "pieces")
        if site in placed:
            raise PositionError(f"position: pieces: site {topo.labels[site]} is given twice "
                                f"({placed[site]!r} and {label!r})")
        placed[site] = str(label)
        _put(state, site, _piece_named(game, label, name))


def _piece_named(game: Game, label: Any, name: Any) -> int:
    """The piece ``name`` put on the site ``label`` names (a piece of one owner may go by the
    name it was declared with: "Cross" for Cross2; a number for a piece named by one)."""
    if isinstance(name, int) and not isinstance(name, bool) and str(name) in game.component_index:
        name = str(name)
    if isinstance(name, str) and name not in game.component_index:
        one = [c.name for c in game.components[1:] if c.base == name]
        if len(one) == 1:
            name = one[0]
    if not isinstance(name, str) or name not in game.component_index:
        names = ", ".join(c.name for c in game.components[1:])
        if isinstance(name, str):
            raise PositionError(f"position: pieces: {label}: no piece {name!r} (pieces: {names})")
        raise _fail(f"pieces: {label}", f"a piece name ({names})", name)
    return game.component_index[name]


def _recount(game: Game, state: State) -> None:
    """The players' counts of pieces on the board, the pieces under the top ones included."""
    state.counts = [0] * (game.num_players + 1)
    for o in state.who:
        if o:
            state.counts[o] += 1
    if STACK in game.arrays:  # the pieces under the top ones count too
        for under in state.arrays[STACK]:
            for level in under:
                if game.owner_of[level[0]]:
                    state.counts[game.owner_of[level[0]]] += 1


def _read_turn(game: Game, state: State, data: dict[str, Any]) -> None:
    """Whose move it is and the turn's counters (``mover:``, ``ply:``, ``passes:``...)."""
    n = game.num_players
    if "mover" in data:
        state.mover = _player(game, data["mover"], "mover")
    if "ply" in data:
        state.ply = _int(data["ply"], "ply", 0, MAX_PLY)
    if "passes" in data:
        state.passes = _int(data["passes"], "passes", 0, n)
    if "turn_moves" in data:
        state.turn_moves = _int(data["turn_moves"], "turn_moves", 0, MAX_PLY)
    if "move_again" in data:
        state.move_again = _bool(data["move_again"], "move_again")
    if "turns" in data:
        state.turns = _int(data["turns"], "turns", 1, MAX_PLY)
    if "stalemated" in data:
        if not isinstance(data["stalemated"], list):
            raise _fail("stalemated", "a list of player numbers", data["stalemated"])
        state.stalemated = 0
        for p in data["stalemated"]:
            state.stalemated |= 1 << _player(game, p, "stalemated")
    if "passing" in data:
        _read_passing(game, state, data["passing"])
    elif "passes" in data:
        _passing_of_passes(state, "ply" in data)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, "true or false", value)
    return value


def _read_passing(game: Game, state: State, value: Any) -> None:
    """``passing:``: what the turns played say of passes."""
    passing = _mapping(value, "passing", ("turn_start", "turn_passed", "pass_turns"))
    if "turn_start" in passing:
        state.turn_start = _int(passing["turn_start"], "passing: turn_start", 0, MAX_PLY)
    if "turn_passed" in passing:
        state.turn_passed = _bool(passing["turn_passed"], "passing: turn_passed")
    if "pass_turns" in passing:
        state.pass_turns = _int(passing["pass_turns"], "passing: pass_turns", -1, game.num_players)


def _read_seats_and_phase(game: Game, state: State, data: dict[str, Any]) -> None:
    """``seats:`` (who plays each player) and ``phase:``."""
    if "seats" in data:
        seats = _mapping(data["seats"], "seats")
        table = list(range(game.num_players + 1))
        for p, seat in seats.items():
            table[_player(game, p, "seats: a key")] = _player(game, seat, f"seats: {p}")
        if sorted(table) != list(range(game.num_players + 1)):
            raise PositionError("position: seats: each seat plays exactly one player")
        state.seats = tuple(table)
    if "phase" in data:
        names = [p.name for p in game.phases]
        if data["phase"] not in names:
            if isinstance(data["phase"], str):
                raise PositionError(f"position: no phase {data['phase']!r} (phases: {', '.join(names)})")
            raise _fail("phase", f"a phase name ({', '.join(names)})", data["phase"])
        state.phase = names.index(data["phase"])


def _read_scores_and_last(game: Game, state: State, data: dict[str, Any]) -> None:
    """``scores:`` and ``last:`` (the last move's sites and mover)."""
    if "scores" in data:
        for p, v in _mapping(data["scores"], "scores").items():
            key = int(p) if isinstance(p, str) and p.isdigit() and len(p) < 4 else p  # JSON keys are texts
            player = _player(game, key, "scores: a key")
            state.scores[player] = _int(v, f"scores: {p}", INT_MIN, INT_MAX, "a 32-bit whole number")
    if "last" in data:
        last = _mapping(data["last"], "last", ("from", "to", "mover"))
        state.last_from = _any_site(game, last["from"], "last: from") if last.get("from") is not None else -1
        state.last_to = _any_site(game, last["to"], "last: to") if last.get("to") is not None else -1
        state.last_mover = _player(game, last.get("mover", 0) or 0, "last: mover", nobody=True)
    # Ludii's Prev: who made the last move (a position that does not say: the turn order's,
    # no one before the first move)
    state.prev = state.last_mover or (game.prev_of(state.mover) if state.ply else 0)


def _read_hands(game: Game, state: State, data: dict[str, Any]) -> None:
    """``hands:``: pieces in hand per kind."""
    if "hands" not in data:
        return
    if HAND not in game.arrays:
        raise PositionError("position: hands: this game has no hands")
    for name, count in _mapping(data["hands"], "hands").items():
        what = game.component_index.get(name) if isinstance(name, str) else None
        if what is None or not game.components[what].owner:
            names = ", ".join(c.name for c in game.components[1:] if c.owner)
            raise PositionError(f"position: hands: no piece {name!r} in a hand (pieces: {names})")
        state.arrays[HAND][what] = _int(count, f"hands: {name}", 0, INT_MAX, "a number of pieces")


def _read_vars(game: Game, state: State, data: dict[str, Any]) -> None:
    """``vars:``: the game's other arrays of state, each in full."""
    if "vars" not in data:
        return
    declared = game.arrays
    for name, value in _mapping(data["vars"], "vars").items():
        if name not in declared:
            have = ", ".join(declared) if declared else "none"
            raise PositionError(f"position: vars: {name!r} is not a variable of this game (variables: {have})")
        size = len(declared[name])
        if not isinstance(value, list) or len(value) != size:
            raise _fail(f"vars: {name}", f"a list of {size} whole numbers", value)
        nested = any(isinstance(v, tuple) for v in declared[name])  # an array of tuples (a stack's levels)
        state.arrays[name][:] = [_nested(v, f"vars: {name}") if nested else _int(v, f"vars: {name}", INT_MIN, INT_MAX)
                                 for v in value]


def _plain(value: Any) -> Any:
    """A state array's item as YAML writes it (tuples as lists)."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _nested(value: Any, where: str, depth: int = 0) -> Any:
    """An item of an array of tuples (lists of whole numbers, nested at most three deep)."""
    if isinstance(value, list) and depth < 3:
        return tuple(_nested(v, where, depth + 1) for v in value)
    return _int(value, where, INT_MIN, INT_MAX)


def _check_counts(game: Game, state: State) -> None:
    """Pieces counted on a site (a mancala pit's seeds): never fewer than none, and only where
    a piece is (on the board the count belongs to the piece on the site; a hand's site has none)."""
    counts = state.arrays.get(COUNT)
    if counts is None:
        return
    labels = game.topology.labels
    for site, number in enumerate(counts):
        where = labels[site] if site < len(labels) else f"hand site {site - len(labels) + 1}"
        if number < 0:
            raise PositionError(f"position: vars: {COUNT}: {number} pieces on {where}: a count is at least 0")
        if site < len(labels) and number and not state.what[site]:
            raise PositionError(f"position: vars: {COUNT}: {number} pieces counted on {where}, where no piece is",
                                hint=f"put the pieces there (pieces: {{{where}: ...}}) or count 0")


def _check_hands(game: Game, state: State, data: dict[str, Any]) -> None:
    """A hand holds what the game gave it: the pieces of a kind a position puts in hand, with
    those on the board, are never more than the game starts with (placing takes from the hand,
    and nothing gives back). Hands left out keep their initial counts, as every key does."""
    if HAND not in game.arrays or not isinstance(data.get("hands"), dict):
        return
    start = game.initial_state()
    given = {game.component_index.get(name) for name in data["hands"]}
    for comp in game.components[1:]:
        if not comp.owner or comp.index not in given:
            continue
        supply = start.arrays[HAND][comp.index] + start.what.count(comp.index)
        held, placed = state.arrays[HAND][comp.index], state.what.count(comp.index)
        if held + placed > supply:
            raise PositionError(f"position: hands: {comp.name}: {held} in hand and {placed} on the board, but "
                                f"the game has {supply} of them", hint="a hand holds what the game starts with")


def _passing_of_passes(state: State, ply_given: bool) -> None:
    """``passes: N`` without ``passing:`` says the latest N turns were passes, one move each:
    the passes :func:`turns.all_passed` reads back are set so (the latest move's turn began
    with a pass, the N - 1 turns before it too); a position without its ply has had at least
    those N plies (Ludii's ``(all Passed)`` waits for a move per player)."""
    n = state.passes
    if not ply_given:
        state.ply = max(state.ply, n)
    state.turn_passed = n > 0
    state.turn_start = max(state.ply - 1, 0)
    state.pass_turns = min(max(n - 1, 0), state.game.num_players)


def _check_turn(game: Game, state: State, data: dict[str, Any]) -> None:
    """Turn counters that play could reach: no more passes in a row, nor moves in this turn,
    than the plies the position says were played; moves already made in this turn are the
    mover's own."""
    if "ply" in data:  # (a position set up without its ply takes the counters as given)
        if state.passes > state.ply:
            raise PositionError(f"position: passes: {state.passes} passes in a row after {state.ply} plies")
        if state.turn_moves > state.ply:
            raise PositionError(f"position: turn_moves: {state.turn_moves} moves in this turn after "
                                f"{state.ply} plies")
        if state.turn_start > state.ply:
            raise PositionError(f"position: passing: turn_start: a turn begun at ply {state.turn_start} after "
                                f"{state.ply} plies")
        if state.turns > state.ply + 1:
            raise PositionError(f"position: turns: {state.turns} turns after {state.ply} plies")
    if state.turn_moves and state.last_mover and state.last_mover != state.mover:
        raise PositionError(f"position: turn_moves: P{state.mover} has made {state.turn_moves} moves in this "
                            f"turn, but the last move was P{state.last_mover}'s")


def _check_result(game: Game, state: State) -> None:
    """A result must be the one the rules give in this position: a game the rules do not end
    here, or end otherwise, has no such result (a draw by the turn limit may come from another
    limit than the game's own)."""
    if game.ranked or state.termination is Termination.TURN_LIMIT and state.draw:
        return  # ranked results come from the ranks kept as the game went on
    over = state.over
    state.over = False
    try:
        ended = _rules_end(game, state)
    finally:
        state.over = over
    claimed = "a draw" if state.draw or not state.winners else " ".join(f"P{p}" for p in state.winners) + " winning"
    if ended is None:
        raise PositionError(f"position: result: {claimed}, but the rules do not end the game here",
                            hint="leave out result: for a game that goes on")
    winners, draw, _ = ended
    expected = {q for p in winners for q in game.team(p)}
    if bool(draw or not expected) != bool(state.draw or not state.winners) or \
            (expected and expected != set(state.winners)):
        says = "a draw" if draw or not expected else " ".join(f"P{p}" for p in sorted(expected)) + " winning"
        raise PositionError(f"position: result: {claimed}, but the rules give {says} here")


def _rules_end(game: Game, state: State) -> tuple[tuple[int, ...], bool, str] | None:
    """What the rules say of ``state`` as after its last move, in the order the turn machinery
    asks (the end rules, then the passes, then the limits): (winners, draw, what ended it when
    no end rule did), or None when the game goes on."""
    from .turns import all_passed, limit_reached
    saved = state.mover
    state.mover = state.last_mover or (state.mover if state.move_again else game.prev_of(state.mover))
    try:
        for rule in game.end_rules:
            outcome = rule.check(state, ROOT)
            if outcome is not None:
                return tuple(outcome[0]), bool(outcome[2]), ""
        if game.requires_all_pass and all_passed(state):
            return (), True, "every player passed"
    finally:
        state.mover = saved
        state._legal = None
    if limit_reached(state):
        return (), True, f"the {limit_reached(state)} is reached"
    return None


def _check_game(game: Game, data: dict[str, Any]) -> None:
    """The position must be of this game, with these options."""
    if "game" in data and data["game"] != game.name:
        if not isinstance(data["game"], str):
            raise _fail("game", f"the game's name ({game.name!r})", data["game"])
        raise PositionError(f"this is a position of {data['game']!r}, not of {game.name!r}",
                            hint="load the game the position was saved from")
    if "options" not in data or data["options"] is None:
        return
    saved = data["options"]
    if not isinstance(saved, list) or not all(isinstance(o, str) for o in saved):
        raise _fail("options", 'a list of "Option/Item" texts', saved)
    mine = {o.rpartition("/")[0].lower(): o for o in game.options}
    different = []
    for choice in saved:
        label = choice.rpartition("/")[0].lower()
        have = mine.get(label)
        if have is None or have.lower() != choice.lower():
            different.append(f"{choice} (this game: {have})" if have else f"{choice} (no such option here)")
    if different:
        raise PositionError(
            "this position was saved with other options: " + "; ".join(different),
            hint="it was saved with the options " + ", ".join(saved) + "; load the game with them "
                 "(on the command line, leave out --option to use the position's own options)")


def _read_result(game: Game, state: State, result: dict[str, Any]) -> None:
    lists = {}
    for key in ("winners", "losers"):
        value = result.get(key) or []
        if not isinstance(value, list):
            raise _fail(f"result: {key}", "a list of player numbers", value)
        players = [_player(game, p, f"result: {key}") for p in value]
        if len(set(players)) != len(players):
            raise PositionError(f"position: result: {key}: a player is listed twice")
        lists[key] = tuple(sorted(players))
    both = set(lists["winners"]) & set(lists["losers"])
    if both:
        raise PositionError(f"position: result: P{min(both)} is both a winner and a loser")
    draw = result.get("draw", not lists["winners"])
    if not isinstance(draw, bool):
        raise _fail("result: draw", "true or false", draw)
    if draw and lists["winners"]:
        raise PositionError("position: result: a draw has no winners")
    reason = result.get("reason", "")
    if not isinstance(reason, str):
        raise _fail("result: reason", "a text", reason)
    kinds = {t.value: t for t in Termination}
    kind = result.get("termination")
    if kind is not None and kind not in kinds:
        raise PositionError(f"position: result: termination {kind!r} is not one of: {', '.join(kinds)}")
    state.over = True
    state.winners, state.losers, state.draw, state.reason = lists["winners"], lists["losers"], draw, reason
    state.termination = kinds[kind] if kind is not None else Termination.RULE


def _check_not_over(game: Game, state: State) -> None:
    """A position that the rules end (a line of five, all players passed, the turn limit...) must
    say how it ended; otherwise play would go on from a finished game."""
    ended = None
    # the end rules look at the player who moved last (Mover), as after a move
    outcome = _rules_end(game, state)
    if outcome is not None:
        winners, draw, why = outcome
        who = " ".join(f"P{p}" for p in sorted(set(winners)))
        ended = why or f"the end rules give {'a draw' if draw or not winners else who + ' the win'}"
    if ended:
        raise PositionError(f"position: the game is already over here ({ended}), but the position "
                            "has no result:", hint="add result: {winners: [...], reason: ...}, or change "
                                                   "the position")


def _read_stacks(game: Game, state: State, stacks: Any) -> None:
    """``stacks:``: the pieces of each stack, bottom first; the last is the site's top piece."""
    if STACK not in game.arrays:
        raise PositionError("position: stacks: this game stacks no pieces")
    width = len(game.piece_arrays)
    under = state.arrays[STACK]
    for site in range(len(under)):
        under[site] = ()
    for label, pieces in _mapping(stacks, "stacks").items():
        off_board = site_of_label(game, str(label)) if isinstance(label, str) else -1
        site = off_board if off_board >= game.topology.n else _site(game, label, "stacks")
        if not isinstance(pieces, list) or not pieces:
            raise _fail(f"stacks: {label}", "a list of pieces, bottom first", pieces)
        levels = []
        for item in pieces:
            name, values = (item[0], item[1:]) if isinstance(item, list) and item else (item, [])
            if not isinstance(name, str) or name not in game.component_index:
                names = ", ".join(c.name for c in game.components[1:])
                raise _fail(f"stacks: {label}", f"pieces ({names}), or [piece, values...]", item)
            if len(values) > width:
                raise _fail(f"stacks: {label}", f"at most {width} values after the piece", item)
            numbers = [_int(v, f"stacks: {label}", INT_MIN, INT_MAX) for v in values]
            levels.append((game.component_index[name], *numbers, *([0] * (width - len(numbers)))))
        top = levels[-1]
        under[site] = tuple(levels[:-1])
        if site >= game.topology.n:  # a hand's or a deck's site: its top piece only
            state.arrays[HAND_SITES][site - game.topology.n] = top[0]
            continue
        _put(state, site, top[0])
        for name, value in zip(game.piece_arrays, top[1:]):
            state.arrays[name][site] = value


def _put(state: State, site: int, what: int) -> None:
    state.what[site] = what
    state.who[site] = state.game.owner_of[what]


def _read_board(game: Game, state: State, picture: str) -> None:
    """A picture as the game prints it (see :mod:`.picture`): one string of slots for a one-row
    board, rows that start with their number for a grid (top row first, each once; the number
    may be repeated at the end; lines of column letters are skipped), the rows of a hexagonal or
    triangular board top first, or one 'LABEL SYMBOL' line per site of any other board."""
    topo = game.topology
    table, width = piece_symbols(game)
    try:
        cells = read_picture(topo, picture, width)
    except PictureError as err:
        raise PositionError(f"position: board: {err}") from None
    if width > 1:  # tokens: x1, o3 ...
        by_token = {tok: what for what, tok in enumerate(table) if what}
        for site, tok in cells:
            if tok in (EMPTY_GRID, EMPTY_ROW):
                continue
            if tok not in by_token:
                raise PositionError(f"position: board: unexpected {tok!r} at {topo.labels[site]}",
                                    hint="pieces are " + ", ".join(f"{t} ({game.components[w].name})"
                                                                   for t, w in by_token.items()) + "; . is empty")
            _put(state, site, by_token[tok])
        return
    by_player: dict[int, int] = {}
    for comp in game.components[1:]:
        by_player.setdefault(comp.owner, comp.index)
    for site, ch in cells:
        if ch in (EMPTY_GRID, EMPTY_ROW):
            continue
        player = SYMBOLS.find(ch)
        if player < 0 or player not in by_player:
            raise PositionError(f"position: board: unexpected {ch!r} at {topo.labels[site]}",
                                hint="pieces are " + ", ".join(f"{SYMBOLS[p]} ({f'P{p}' if p else 'neutral'})"
                                                               for p in sorted(by_player)) + "; . or _ is empty")
        _put(state, site, by_player[player])
