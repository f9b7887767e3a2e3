"""Dice (Ludii's ``game.equipment.container.other.Dice``, ``roll``, ``forEach Die``, ``pips``,
``face``, ``count Pips``, ``all DiceUsed``, ``all DiceEqual``, ``is AnyDie``).

``(dice d:4 num:2)`` gives the game two four-sided dice (faces 1 to 4; ``from:0`` starts at 0,
``faces:{1 2 5 6}`` names them, ``facesByDie:{{...} {...}}`` names them die by die); dice of
one owner are one set (Ludii's container of dice), whose sites follow the board's and the
hands'. ``(roll)`` rolls them all, from the state's own random sequence (see
:mod:`interpreter.engine.dice`), so a position decides its rolls and undo takes them back.
``(do (roll) next:(...))`` rolls before the moves are listed, and each move rolls the same dice
again when it is played (a pass does, when no move is left). ``(forEach Die ...)`` makes the
moves each die allows (``(pips)`` is its value) and uses that die up; ``(count Pips)`` is the
sum of the values rolled, ``(face site)`` the value of one die.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import dice as engine_dice
from ..engine.dice import DICE, DICE_EQUAL, DICE_FACE, TEMP, UNDEFINED, DiceSet
from ..engine.env import Env
from ..engine.movegen import FnGen, MoveGen
from ..engine.values import const_fn
from ..errors import BindError
from .base import (
    ANY_INT,
    BOOL,
    BOOL_FN,
    EQUIPMENT_ITEM,
    INT,
    INT_FN,
    INT_LIT,
    MOVES,
    MOVES_T,
    REGION_FN,
    ROLE,
    STR_LIT,
    THEN,
    ArrayOf,
    Enum,
    Ludeme,
    Param,
    kind_of,
)
from .effects import _Effect

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations, Game
    from ..engine.move import Move
    from ..engine.state import State

MAX_FACES = 64  # Ludii's Constants.MAX_FACE_DIE
MAX_DICE = 64
_SITE_TYPES = ("Cell", "Vertex", "Edge")


def dice_owner(role: Any, num_players: int) -> int:
    """Ludii's owner number of a container's role: a player's number, 0 for Neutral, the number
    of players plus one for Shared (and All); None for a role that names no fixed owner."""
    if role is None:
        return num_players + 1  # Shared, Ludii's default for dice
    name = role.name
    if name in ("Shared", "All"):
        return num_players + 1
    if name == "Neutral":
        return 0
    if name.startswith("P") and name[1:].isdigit() and 1 <= int(name[1:]) <= num_players:
        return int(name[1:])
    raise BindError(f"dice belong to a player (P1, P2 ...), to Shared or to Neutral, not to {name}", role.span)


def first_dice_site(game: Game) -> int:
    """The site number of the first die: dice containers come after the board and the hands
    (Ludii numbers every container's sites in turn: the board, each player's hand, the shared
    hand, then the dice)."""
    from ..engine.sites import off_board_sites
    return game.topology.n + off_board_sites(game)


def dice_total(game: Game) -> int:
    """How many dice the game has (all its sets)."""
    return sum(ds.size for ds in game.dice)


def die_owner(game: Game, die: int) -> int:
    """The owner of a die (by its index among all the game's dice): its set's owner."""
    return next(ds.owner for ds in game.dice if die in ds.dice)


def die_piece(game: Game, die: int) -> int:
    """The number ``(what at:...)`` reads on a die's site: past every piece's number (Ludii
    numbers its dice ``Die1``, ``Die2``... before the pieces, so that no piece is ever a die:
    comparing a die with a piece (``id``) is false in both)."""
    return len(game.components) + die


def on_die_site(c: Compiler, site: Any, type: Any, inner: Any, read: Any) -> Any:
    """``inner`` (fn(s, e), a reading of a site) with the dice's sites read as Ludii reads them:
    Ludii's Game.start places each die as a piece (``Die<i>``, owned by the dice's owner) on its
    site of the dice container, so ``is Empty``, ``who``, ``what``, ``state``... find a piece
    there; ``read(s, die)`` is the value on the site of that die (its index among the game's
    dice). A site of another kind than a cell (``Vertex``, ``Edge``) is the board's: unchanged;
    so is a game without dice."""
    total = dice_total(c.game)
    if not total or (type is not None and getattr(type, "name", None) != "Cell"):
        return inner
    first = first_dice_site(c.game)
    at = c.int(site)

    def reading(s: State, e: Env) -> Any:
        die = at(s, e) - first
        return read(s, die) if 0 <= die < total else inner(s, e)
    return reading


def no_die_kernel(k: Any, where: str) -> None:
    """The compiled tier reads the board's and the hands' sites: a game with dice, whose sites
    hold them (:func:`on_die_site`), is left to the reference engine."""
    if k.game.dice:
        from ..native.emit import NoKernel
        raise NoKernel(f"({where} ...)", "a site that may hold a die")


def _sets(c: Compiler, where: Ludeme) -> tuple[DiceSet, ...]:
    sets = c.game.dice
    if not sets:
        raise BindError(f"({where.name} ...) but the game has no dice", where.span,
                        hint="add (dice d:6 num:2) to the equipment")
    return sets


class Dice(Ludeme):
    """A set of ``num:`` dice with ``d:`` faces each (6 by default) numbered from ``from:`` (1
    by default), or with the face values given (``faces:{1 2 5 6}``, or die by die,
    ``facesByDie:{{1 2 3} {0 0 1}}``); shared by the players unless a role is given (the dice
    of one owner are one set). ``biased:`` is accepted for Ludii's sake: its rolls ignore it.

    Parameters:
        d: the number of faces of each die
        faces: the values on the faces, instead of 1 to ``d``
        facesByDie: the values on the faces of each die
        from: the value of the lowest face
        role: the owner of the dice (Shared when left out)
        num: the number of dice
        biased: the weights of the faces (not used by the rolls, as in Ludii)

    Examples:
        (dice d:4 num:2)
        (dice d:7 from:0 num:1)
        (dice d:4 faces:{1 2 5 6} num:3)
        (dice facesByDie:{{0 1} {0 2}} num:2)
    """

    name = "dice"
    kind = EQUIPMENT_ITEM
    d: Any = Param(INT_LIT, optional=True, named=True, range=(1, MAX_FACES))
    faces: Any = Param(ArrayOf(INT_LIT, single=False), optional=True, named=True, range=ANY_INT)
    facesByDie: Any = Param(ArrayOf(ArrayOf(INT_LIT, single=False), single=False), optional=True, named=True,
                            range=ANY_INT)
    frm: Any = Param(INT_LIT, optional=True, named=True, key="from", range=ANY_INT)
    role: Any = Param(ROLE, optional=True)
    num: Any = Param(INT_LIT, named=True, range=(1, MAX_DICE))
    biased: Any = Param(ArrayOf(INT_LIT, single=False), optional=True, named=True, range=ANY_INT)

    def concepts_at(self, where):
        faces = self.num_faces()
        out = ["Dice"] + ([f"DiceD{faces}"] if faces in (2, 3, 4, 6) else [])
        if self.biased is not None:
            out.append("BiasedDice")
        return out

    def validate(self) -> None:
        given = [p for p in (self.faces, self.facesByDie, self.frm) if p is not None]
        if len(given) > 1:
            raise BindError("dice take one of faces:, facesByDie: and from:", given[1].span)
        if self.faces is not None and not self.faces.items:
            raise BindError("a die needs faces", self.faces.span)
        if self.faces is not None and len(self.faces.items) > MAX_FACES:
            raise BindError(f"a die has at most {MAX_FACES} faces", self.faces.span)
        if self.facesByDie is not None:
            rows = self.facesByDie.items
            if len(rows) != self.num.value:
                raise BindError(f"facesByDie: gives the faces of {len(rows)} dice, num: says {self.num.value}",
                                self.facesByDie.span)
            if any(not getattr(row, "items", None) or len(row.items) > MAX_FACES for row in rows):
                raise BindError(f"each die of facesByDie: has 1 to {MAX_FACES} faces", self.facesByDie.span)

    def container_sites(self, num_players: int, static_int: Any) -> int:
        """How many sites Ludii numbers for these dice after the hands': one per die."""
        return int(self.num.value)

    def num_faces(self) -> int:
        """Ludii's number of faces of each die: ``d:``, else the faces given, else 6."""
        if self.d is not None:
            return self.d.value
        if self.faces is not None:
            return len(self.faces.items)
        if self.facesByDie is not None:
            return len(self.facesByDie.items[0].items)
        return 6

    def face_values(self) -> tuple[tuple[int, ...], ...]:
        """The face values of each die."""
        num = self.num.value
        if self.facesByDie is not None:
            return tuple(tuple(v.value for v in row.items) for row in self.facesByDie.items)
        if self.faces is not None:
            return (tuple(item.value for item in self.faces.items),) * num
        start = self.frm.value if self.frm is not None else 1
        return (tuple(range(start, start + self.num_faces())),) * num

    def declare(self, d: Declarations, c: Any) -> None:
        """The game's sets of dice (dice of one owner join its set, as Ludii's) and the state
        arrays of what they show."""
        owner = dice_owner(self.role, d.num_players)
        faces = self.face_values()
        sets: list[DiceSet] = []
        merged = False
        for ds in d.dice:  # the sets declared so far, renumbered after this one joins its owner's
            if ds.owner == owner and not merged:
                ds = DiceSet(owner, ds.faces + faces)
                merged = True
            sets.append(ds)
        if not merged:
            sets.append(DiceSet(owner, faces))
        first = 0
        d.dice.clear()
        for ds in sets:
            d.dice.append(DiceSet(ds.owner, ds.faces, first))
            first += ds.size
        for name, initial in engine_dice.initial_arrays(d.dice).items():
            d.arrays[name] = list(initial)  # the layout grows with each set declared


class Roll(_Effect):
    """Roll every die of the game (as a consequence, or before the moves are listed with ``(do
    (roll) next:...)``): each die rests on a face drawn at random and shows its value, unused;
    ``(all DiceEqual)`` then says whether they all rest on the same face. ``then`` follows.

    Parameters:
        then: consequences applied after the roll

    Examples:
        (roll)
        (roll (then (addScore Mover (count Pips))))
    """

    name = "roll"
    always_a_move = True  # as Ludii's Roll.eval: its move always (effect_moves)
    concepts = ("Roll",)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile_effect(self, c: Compiler):
        _sets(c, self)
        then = self.then.compile_effect(c) if self.then is not None else None
        roll = engine_dice.roll

        def run(s: State, e: Env) -> None:
            roll(s)
            if then is not None:
                then(s, e)
        return run


class CountPips(Ludeme):
    """The sum of the values the dice of a player were rolled on (the shared dice by default),
    used or not; 0 when that player has no dice. The site type, name, region and condition
    Ludii's ``count`` takes are accepted and, as in Ludii, not used.

    Parameters:
        type: the kind of site (not used)
        role: whose dice (Shared when left out)
        of: the number of the player whose dice
        title: a name (not used)
        in: a region (not used)
        if: a condition (not used)

    Examples:
        (count Pips)
        (count Pips P1)
    """

    name = "count Pips"
    kind = INT
    concepts = ("Dice", "SumDice")
    type: Any = Param(Enum(_SITE_TYPES, "site type"), optional=True)
    role: Any = Param(ROLE, optional=True)
    of: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    title: Any = Param(STR_LIT, optional=True)
    region: Any = Param(REGION_FN, optional=True, named=True, key="in")
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")

    def validate(self) -> None:
        if self.role is not None and self.of is not None:
            raise BindError("count Pips takes a role or of:, not both", self.of.span)

    def compile(self, c: Compiler):
        sets = _sets(c, self)
        shared = c.game.num_players + 1
        if self.of is not None:
            who = c.int(self.of)
        elif self.role is not None and self.role.name == "Shared":
            who = const_fn(shared)
        elif self.role is not None:
            who = c.player(self.role)
        else:
            who = const_fn(shared)
        by_owner: dict[int, DiceSet] = {}
        for ds in sets:
            by_owner.setdefault(ds.owner, ds)  # Ludii's first set of that owner
        pips = engine_dice.pips
        return lambda s, e: pips(s, ds) if (ds := by_owner.get(who(s, e))) is not None else 0


class Face(Ludeme):
    """The value the die on a site was rolled on (the dice's sites follow the board's and the
    hands'); Off (-1) for a site without a die.

    Parameters:
        site: the site of the die

    Examples:
        (face 97)
        (face (handSite P1))
    """

    name = "face"
    kind = INT
    concepts = ("Dice",)
    site: Any = Param(INT_FN, range=ANY_INT)

    def compile(self, c: Compiler):
        sets = _sets(c, self)
        first = first_dice_site(c.game)
        faces = engine_dice.all_faces(sets)
        site = c.int(self.site)

        def face(s: State, e: Env) -> int:
            d = site(s, e) - first
            if not 0 <= d < len(faces):
                return -1
            return faces[d][s.arrays[DICE_FACE][d]]
        return face


class Pips(Ludeme):
    """The value of the die visited by ``(forEach Die ...)`` (0 once that die is used; Off, -1,
    outside it).

    Examples:
        (pips)
    """

    name = "pips"
    kind = INT
    concepts = ("Dice",)

    def compile(self, c: Compiler):
        _sets(c, self)
        return lambda s, e: e.pips


class ForEachDie(Ludeme):
    """The moves each die of a set allows (the game's first set by default): for each die,
    where the condition holds with ``(pips)`` being its value, the moves given, each using that
    die up (its value becomes 0) when played. With ``combined:True``, also the moves the sum of
    two dice allows (and, with three dice, of all three and of each pair), using them all.
    With ``replayDouble:True``, a double is played twice over (Ludii's: the first die used on a
    double remembers its value, and the die used after it brings every die back to it).

    Parameters:
        set: the index of the set of dice (0: the game's first)
        combined: True: the sums of two (or three) dice make moves too
        replayDouble: True: a double is played twice
        if: the condition on each die (``(pips)`` its value)
        moves: the moves a die allows
        then: consequences of each move

    Examples:
        (forEach Die if:(!= (pips) 0) (move (from) (to (trackSite Move steps:(pips)))))
        (forEach Die replayDouble:True (forEach Piece))
        (forEach Die combined:True (move Pass))
    """

    name = "forEach Die"
    kind = MOVES
    concepts = ("Dice", "ByDieMove", "ControlFlowStatement")
    set: Any = Param(INT_FN, optional=True, range=(0, MAX_DICE))
    combined: Any = Param(BOOL_FN, optional=True, named=True)
    replayDouble: Any = Param(BOOL_FN, optional=True, named=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    moves: Any = Param(MOVES_T)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile(self, c: Compiler) -> MoveGen:
        sets = _sets(c, self)
        which = c.int(self.set) if self.set is not None else const_fn(0)
        combined = c.bool(self.combined) if self.combined is not None else None
        replay = c.bool(self.replayDouble) if self.replayDouble is not None else None
        cond = c.bool(self.condition) if self.condition is not None else None
        inner = c.moves(self.moves)
        then = c.rule(after=self.then.compile_effect(c)) if self.then is not None else ()
        # what a move using some dice does besides its own: (pips) bound for its effects first,
        # the dice used up after them (the rules are made once, per set and dice used)
        single: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        together: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        for h, ds in enumerate(sets):
            for j in range(ds.size):
                single[h, j] = (c.rule(before=_bind_pips(ds, (j,))), c.rule(before=_use_die(sets, h, j, replay)))
            combos = [(0, 1)] if ds.size == 2 else [(0, 1, 2), (0, 1), (0, 2), (1, 2)] if ds.size == 3 else []
            for combo in combos:
                together[h, combo] = (c.rule(before=_bind_pips(ds, combo)), c.rule(before=_use_dice(ds, combo)))

        def tagged(found: list[Move], rules: tuple[tuple[int, ...], tuple[int, ...]]) -> list[Move]:
            bind, use = rules
            return [m.with_rules(bind + m.rules + use + then) for m in found]

        def gen(s: State, e: Env) -> list[Move]:
            h = which(s, e)
            if not 0 <= h < len(sets):
                return []
            ds = sets[h]
            values = engine_dice.shown(s, ds)
            frame = e.child()
            out: list[Move] = []
            for j, value in enumerate(values):
                frame.pips = value
                if cond is None or cond(s, frame):
                    out.extend(tagged(inner.moves(s, frame), single[h, j]))
            if combined is not None and combined(s, e):
                combos = ([(0, 1)] if len(values) == 2 else
                          [(0, 1, 2), (0, 1), (0, 2), (1, 2)] if len(values) == 3 else [])
                for combo in combos:
                    if all(values[j] != 0 for j in combo):
                        frame.pips = sum(values[j] for j in combo)
                        if cond is None or cond(s, frame):
                            out.extend(tagged(inner.moves(s, frame), together[h, combo]))
            return out
        return FnGen(gen)


def _bind_pips(ds: DiceSet, combo: tuple[int, ...]):
    """The effect binding ``(pips)`` for a move's own effects: the value of the dice it uses
    (not used yet when the move is applied), as Ludii works the effects out with it."""
    first = ds.first

    def bind(s: State, e: Env) -> None:
        values = s.arrays[DICE]
        e.pips = sum(values[first + j] for j in combo)  # the move's own frame (see turns.act)
    return bind


def _use_dice(ds: DiceSet, combo: tuple[int, ...]):
    """The effect using up some dice of a set (Ludii's ActionUseDie for each)."""
    first = ds.first

    def use(s: State, e: Env) -> None:
        values = s.arrays[DICE]
        for j in combo:
            if values[first + j]:
                s.set_item(values, first + j, 0)
    return use


def _use_die(sets: tuple[DiceSet, ...], h: int, j: int, replay: Any):
    """The effect using up die ``j`` of set ``h``, with Ludii's doubles: when the dice of the
    set are all equal and ``replayDouble`` holds, the first die used remembers its value (the
    state's ``temp``) and the next such use forgets it; a die used while a value is remembered
    brings every die of the game back to that value (to the face numbered one less), so the
    double is played again."""
    ds = sets[h]
    first = ds.first

    def use(s: State, e: Env) -> None:
        arrays = s.arrays
        values = arrays[DICE]
        mine = values[first:first + ds.size]
        double = replay is not None and bool(replay(s, e)) and all(v == mine[0] for v in mine)
        pips = values[first + j]
        if values[first + j]:
            s.set_item(values, first + j, 0)
        temp = arrays[TEMP]
        if double and temp[0] == UNDEFINED:
            s.set_item(temp, 0, pips)
        elif double:
            s.set_item(temp, 0, UNDEFINED)
        elif temp[0] != UNDEFINED:
            face = temp[0] - 1
            rest = arrays[DICE_FACE]
            for other in sets:
                if face >= len(other.faces[0]):
                    continue
                for k in other.dice:
                    faces = other.faces[k - other.first]
                    if 0 <= face < len(faces):
                        if rest[k] != face:
                            s.set_item(rest, k, face)
                        if values[k] != faces[face]:
                            s.set_item(values, k, faces[face])
    return use


class AllDiceUsed(Ludeme):
    """True when every die of the game is used (shows 0): the moves of ``(forEach Die ...)``
    used them all.

    Examples:
        (all DiceUsed)
    """

    name = "all DiceUsed"
    kind = BOOL
    concepts = ("Dice",)

    def compile(self, c: Compiler):
        _sets(c, self)
        return lambda s, e: not any(s.arrays[DICE])


class AllDiceEqual(Ludeme):
    """True when the dice all rested on the same face when they were last rolled (a double),
    whether used since or not.

    Examples:
        (all DiceEqual)
    """

    name = "all DiceEqual"
    kind = BOOL
    concepts = ("Dice",)

    def compile(self, c: Compiler):
        _sets(c, self)
        return lambda s, e: bool(s.arrays[DICE_EQUAL][0])


class IsAnyDie(Ludeme):
    """True when a die of the game's first set shows the value (unused); false without a value.

    Parameters:
        value: the value looked for

    Examples:
        (is AnyDie 6)
    """

    name = "is AnyDie"
    kind = BOOL
    concepts = ("Dice",)
    value: Any = Param(INT_FN, optional=True, range=ANY_INT)

    def compile(self, c: Compiler):
        ds = _sets(c, self)[0]
        if self.value is None:
            return const_fn(False)
        value = c.int(self.value)
        first, last = ds.first, ds.first + ds.size
        return lambda s, e: value(s, e) in s.arrays[DICE][first:last]


__all__ = ["Dice", "Roll", "CountPips", "Face", "Pips", "ForEachDie", "AllDiceUsed", "AllDiceEqual", "IsAnyDie",
           "first_dice_site", "dice_owner", "dice_total", "die_owner", "die_piece", "on_die_site", "no_die_kernel"]
