"""The turn machinery every game shares; the one place that drives a :class:`State`.

1. the mover's legal moves come from the current phase's play rule (a forced ``pass`` when
   there are none, as in Ludii);
2. applying a move runs its own effects (what its ``(to ... (apply ...))`` and ``(between
   ... (apply ...))`` do: a capture by replacement, a piece hopped over), then its action (one
   per :class:`MoveKind`), then its consequences (``then``);
3. when the turn ends (no ``moveAgain``), what waits for the end of the turn is done (pieces
   removed ``at:EndOfTurn``); the end rules are checked (``Mover`` is the player who just
   moved);
4. the phase may change (``nextPhase``), then the turn passes on, unless the move asked to
   move again (``moveAgain``); ``turn_moves`` counts the moves the mover already made in this
   turn (Ludii's ``(count MovesThisTurn)``: 0 on a turn's first move), ``turns`` the turns
   (Ludii's ``numTurn``: 1 at the start, one more each time the mover changes);
5. as Ludii's ``End.eval`` and ``Game.applyInternal``: after the end rules, when every player
   passed on their last turn (Ludii's ``Context.allPass``, see :func:`all_passed`) the game is
   a draw, unless the rules handle passing themselves (:attr:`Game.requires_all_pass`); then
   the limits: Ludii's 1,250 turns per player (:attr:`Game.max_turns`) and the game's ply
   limit (:attr:`Game.turn_limit`, Ludii's 10,000 moves unless ``(turnLimit N)`` says
   otherwise) end the game as a draw for the players still in it. The game's counter
   (``(counter)``) counts the moves after the end rules, as Ludii's ``incrCounter``.

``(no Moves P)`` is Ludii's flag of a player "stalemated": a player who passes is stalemated
when their play rule had no move for them (:func:`play` computes it, as Ludii's
``computeStalemated``), any other move clears it; ``(no Moves Next)`` works it out for the next
player now (``conditions.NoMoves``).

As in Ludii, a move counts itself in ``(count Moves)`` while its consequences run (the ply
is counted before the move acts), so Connect6's ``(then (if (is Even (count Moves))
(moveAgain)))`` gives two placements per turn after a one-placement opening; the effects its
own rule gives it (``(to ... (apply ...))``, a ``do``'s prior) leave it out, as Ludii works
them out when it lists the move (:func:`act`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..errors import LudError
from . import handsites, hidden, ontrack, simulation, simultaneous
from .arrays import COUNT, EFFECT_TO, WON
from .counts import pieces_at, take_pieces
from .env import ROOT, Env
from .move import ADD, CHOICE, LATER, MOVE, PASS, REMOVE, Move, MoveKind, repeat_key
from .movegen import MoveGen, resolve
from .result import Termination

if TYPE_CHECKING:
    from .state import State

MAX_NESTED_MOVES = 4  # (no Moves ...) evaluated while computing moves, at most this deep
TURNS_PER_PLAYER = 1250  # Ludii's turn limit (Constants.DEFAULT_TURN_LIMIT), per player
MOVE_LIMIT = 10_000  # Ludii's move limit (Constants.DEFAULT_MOVES_LIMIT), the default ply limit
ALL_SINCE_START = -1  # State.pass_turns: every turn since the start was a pass (no start moves)
COUNTER = "counter"  # the state array of the game's counter (Ludii's State.counter)


# --- legal moves ------------------------------------------------------------------------------------
def legal_moves(state: State) -> list[Move]:
    """The mover's legal moves, every one the rules made (repeats numbered, as Ludii lists them);
    a forced pass when there are none."""
    if state.over:
        return []
    game = state.game
    if game.simultaneous:  # every player's moves, until each chose (engine.simultaneous)
        return simultaneous.legal_moves(state)
    if game.simulation:  # one move of all the rules' moves, or none (engine.simulation)
        return simulation.legal_moves(state)
    play = game.phases[state.phase].play
    state._moving.append(state.mover)
    try:
        moves = play.moves(state, ROOT)
    finally:
        state._moving.pop()
    for extra in game.meta_moves:
        added = extra.moves(state, ROOT)
        if added:
            moves = moves + added
    for allowed in game.move_filters:  # meta rules that forbid moves (no Repeat)
        moves = allowed(state, moves)
    if not moves:
        return [game.forced_pass]
    if play.unique and not game.meta_moves:
        return moves  # a single generator that never repeats itself nor clashes
    return _distinct(state, moves)


def _distinct(state: State, moves: list[Move]) -> list[Move]:
    """Every move the rules made, in their order, as Ludii lists them: Ludii's ``Game.moves``
    and ``Trial.setLegalMoves`` drop no move for being a repeat, and its ``or``, ``and`` and
    ``forEach`` add up their parts' moves as they come (``(or X X)`` lists X twice, two dice of
    one value list each move once per die). A move whose text an earlier one already has is
    numbered after it (``B1``, ``B1/2``; ``A1-B2``, ``A1-B2/2``; ``pass``, ``pass/2``;
    ``set-Var``, ``set-Var/2``), whatever it does. The overlap of regions is another matter:
    a region is a set of sites in Ludii (``union``, ``sites {...}``), so a placement on the
    union of two overlapping regions is made once per site by the ludeme itself. When several
    pieces could go on one site, placements name their piece (``2@C3``)."""
    game = state.game
    seen: set[tuple[object, ...]] = set()
    tried: dict[tuple[object, ...], int] = {}  # the next number to try for each repeated key
    unique = []
    adds: dict[int, int] = {}
    clash = False
    for m in moves:
        k = m.key()
        if k in seen:
            k = repeat_key(k, seen, tried)
            m = _worded(m, str(k[4]))
        elif m.kind is ADD and m.frm < 0 and adds.setdefault(m.to, m.what) != m.what:
            clash = True
        seen.add(k)
        unique.append(m)
    if clash:
        # several pieces could go on one site: the piece becomes part of the text (2@C3);
        # copies, since rules may share their move objects between positions
        unique = [m.with_prefix(game.piece_tag(m.what)) if m.kind is ADD and m.frm < 0 and not m.prefix else m
                  for m in unique]
    return unique


_WORDED: dict[tuple[int, str], tuple[Move, Move]] = {}  # (id of a move, word) -> (it, it so named)


def _worded(m: Move, word: str) -> Move:
    """``m.with_word(word)``, made once per move object and word and kept (the rules' moves
    are made once and kept too, so a repeat listed at every ply is not made again)."""
    key = (id(m), word)
    pair = _WORDED.get(key)
    if pair is None or pair[0] is not m:
        if len(_WORDED) > 100_000:  # moves made afresh at every call would pile up
            _WORDED.clear()
        pair = _WORDED[key] = (m, m.with_word(word))
    return pair[1]


SAMPLE_TRIES = 64  # random draws before the choice is left to the full list


def random_move(state: State, rng: random.Random) -> Move:
    """A legal move drawn uniformly at random, as ``rng.choice(legal_moves(state))`` would, but
    without listing every move when the phase's play rule can draw them
    (:meth:`MoveGen.draw`: a candidate out of ``space`` equally likely ones, the move when it
    is legal, else None and drawn again: the accepted draws are uniform over the legal moves).
    After ``SAMPLE_TRIES`` rejected draws, or when the rule cannot draw (or a meta rule, such as
    the swap rule, offers moves now), the full list decides, which keeps the choice uniform."""
    if not state.over and not state.game.simultaneous and not state.game.simulation and \
            not any(extra.moves(state, ROOT) for extra in state.game.meta_moves):
        gen = resolve(state.game.phases[state.phase].play, state, ROOT)
        if gen is not None and gen.space > 0:
            for _ in range(SAMPLE_TRIES):
                move = gen.draw(state, ROOT, rng)
                if move is not None:
                    return move
    return rng.choice(state.legal_moves())


def can_draw(gen: MoveGen) -> bool:
    """True when :func:`random_move` may draw a move of ``gen`` without listing them."""
    return gen.drawable


def computing_moves_of(state: State, player: int) -> bool:
    """True while ``player``'s legal moves are being computed (a rule asking whether they have
    any is then asking about the moves it is part of)."""
    return player in state._moving


def _nested_guard(state: State) -> None:
    if state._nested >= MAX_NESTED_MOVES:
        raise LudError("the rules look for legal moves inside the legal moves too deeply "
                       f"(more than {MAX_NESTED_MOVES} levels)",
                       hint="a (no Moves ...) inside (play ...) asks for the moves it is computing")


def moves_for(state: State, player: int) -> list[Move]:
    """The moves ``player`` would have now (no forced pass), without changing the state."""
    _nested_guard(state)
    state._nested += 1
    state._moving.append(player)
    saved_mover = state.mover
    state.mover = player
    try:
        return state.game.phases[state.phase].play.moves(state, ROOT)
    finally:
        state._nested -= 1
        state._moving.pop()
        state.mover = saved_mover


def can_move(state: State, player: int) -> bool:
    """Whether ``player`` would have a move now (no forced pass), stopping at the first one,
    without changing the state."""
    _nested_guard(state)
    play = state.game.phases[state.phase].play
    state._nested += 1
    saved_mover = state.mover
    state.mover = player
    try:
        return play.first(state, ROOT) is not None
    finally:
        state._nested -= 1
        state.mover = saved_mover


# --- what a move does ----------------------------------------------------------------------------------
def _add(state: State, move: Move) -> None:
    frm = move.frm
    if move.to >= len(state.what):  # a hand's site (Ludii's ActionAdd in any container)
        handsites.add_one(state, move.to, move.what)
        return
    if 0 <= frm != move.to and state.game.piece_arrays:  # a copy (copy:True): Ludii's ActionCopy
        local = handsites.carried(state, frm)  # the copy has the state, value, rotation there
        state.place(move.to, move.what)
        handsites.give(state, move.to, local)
        _added(state, move)
        return
    # Ludii's ActionAdd gives the new piece no local state (setSite with UNDEFINED): an empty
    # site keeps what was set there, e.g. by the to's (apply (set State at:(to) 1))
    arrays = state.game.piece_arrays
    kept = [state.arrays[name][move.to] for name in arrays] \
        if arrays and not state.what[move.to] and not state.game.stacking else ()
    state.place(move.to, move.what)
    for name, value in zip(arrays, kept):
        if value:
            state.set_item(state.arrays[name], move.to, value)
    _added(state, move)


def _added(state: State, move: Move) -> None:
    if state.game.on_track is not None:
        ontrack.added(state, move.what, move.to)


def _move_piece(state: State, move: Move) -> None:
    n = len(state.what)
    if 0 <= move.frm and not handsites.what_at(state, move.frm):
        return  # Ludii's ActionMove: "if the origin is empty we do not apply this action" (a
        # capture's apply that already took the piece away: L'attaque's attacker moved to (to))
    if not (move.frm < n and move.to < n):  # from or to a site of a hand
        local = handsites.carried(state, move.frm)  # the piece's state, value, rotation go with it
        handsites.put(state, move.to, handsites.what_at(state, move.frm))
        handsites.take_one(state, move.frm)  # a hand's site counting several keeps the others
        handsites.give(state, move.to, local)
        if hidden.INVISIBLE in state.arrays:  # the site's hidden information goes with the piece
            hidden.carry(state, move.frm, move.to)
        if state.game.on_track is not None:
            ontrack.moved(state, handsites.what_at(state, move.to), move.frm, move.to)
        return
    what = state.what[move.frm]
    if what and COUNT in state.arrays and _move_one_counted(state, move, what):
        return
    arrays = state.game.piece_arrays
    carried = [state.arrays[name][move.frm] for name in arrays] if arrays else ()
    if what:
        state.place(move.frm, 0)  # (not State.clear: a move, not a removal, for the tracks' counts)
        if state.game.on_track is not None:
            ontrack.moved(state, what, move.frm, move.to)
    state.place(move.to, what)
    for name, value in zip(arrays, carried):  # the piece's local state goes with it
        if value:
            state.set_item(state.arrays[name], move.to, value)
    if hidden.INVISIBLE in state.arrays:  # the site's hidden information goes with the piece
        hidden.carry(state, move.frm, move.to)


def _move_one_counted(state: State, move: Move, what: int) -> bool:
    """Ludii's ActionMove on the board of a game that counts pieces (without stacks): one piece
    moves. A site holding several keeps the others, and a piece reaching a site that holds
    pieces of its kind joins them (one more counted there); the piece's local state (state,
    rotation, value) goes with it. False when neither happens (one piece onto another kind of
    site: the ordinary move)."""
    data = state.arrays[COUNT]
    frm, to = move.frm, move.to
    number = data[frm] or 1  # a piece on the board counts 0: one piece
    joins = state.what[to] == what and frm != to
    if number == 1 and not joins:
        return False
    names = [name for name in state.game.piece_arrays if name != COUNT]
    carried = [state.arrays[name][frm] for name in names]
    if number > 1:
        state.set_item(data, frm, number - 1)
    else:
        state.place(frm, 0)
    if joins:
        state.set_item(data, to, (data[to] or 1) + 1)
    else:
        state.place(to, what)
    for name, value in zip(names, carried):
        if state.arrays[name][to] != value:
            state.set_item(state.arrays[name], to, value)
    if state.game.on_track is not None:
        ontrack.moved(state, what, frm, to)
    if hidden.INVISIBLE in state.arrays:
        hidden.carry(state, frm, to)
    return True


def _nothing(state: State, move: Move) -> None:
    pass


def _remove(state: State, move: Move) -> None:
    if move.word == LATER:  # a removal applied later takes nothing now (its rule marks the site)
        return
    if move.to < len(state.what):
        state.clear(move.to)
    else:  # a site of a hand: emptied, as a flat site of the board
        take_pieces(state, move.to, pieces_at(state, move.to))


ACTIONS: dict[MoveKind, Callable[[State, Move], None]] = {
    ADD: _add, MOVE: _move_piece, PASS: _nothing, CHOICE: _nothing, REMOVE: _remove,
}


def actions_for(stacking: bool) -> dict[MoveKind, Callable[[State, Move], None]]:
    """What each kind of move does in a game: in a stacking game (:mod:`.stacks`) a piece goes
    on top of the pieces of its site, and a removal takes the top piece."""
    if not stacking:
        return ACTIONS
    from . import stacks
    return {**ACTIONS, ADD: stacks.act_add, MOVE: stacks.act_move, REMOVE: stacks.act_remove}


def act(state: State, move: Move, as_last: bool = True, outer: Env | None = None) -> None:
    """A move's own action with its consequences (within a :meth:`State.mark`, so it can be
    taken back; the turn does not change): as in Ludii, the effects of the rule that made it
    come first (``before``: what its ``(to ... (apply ...))`` and between sites do), then its
    action, then its consequences (``after``: the ``(then ...)``), in the frame of the move
    (:meth:`Env.of_move`; ``outer``: the frame of a rule that applies moves as an effect).
    ``as_last``: the move becomes ``(last From)``/``(last To)`` (not for moves produced by a
    rule used as an effect, which are part of another move). The caller has counted the move
    in the ply already; while its own effects run, ``(count Moves)`` leaves it out
    (``state._uncounted``), as Ludii's does when it lists the move, before ``Move.apply`` adds it
    to the trial; its consequences count it. A move applied inside another's effects counts
    as they do."""
    rules = move.rules
    game = state.game
    if not rules:
        if as_last:
            _becomes_last(state, move)
        game.actions[move.kind](state, move)
        return
    table = game.consequences
    env = Env.of_move(move, outer)
    uncounted = state._uncounted
    if as_last:  # worked out by Ludii as it lists the move: the move has not counted itself yet
        state._uncounted = uncounted + 1
    try:
        for r in rules:  # ... and (last To) is still the previous move's
            before = table[r].before
            if before is not None:
                before(state, env)
    finally:
        state._uncounted = uncounted
    if as_last:
        _becomes_last(state, move)
    game.actions[move.kind](state, move)
    for r in rules:
        after = table[r].after
        if after is not None:
            after(state, env)


def _becomes_last(state: State, move: Move) -> None:
    """``move`` becomes the last move, once the effects worked out before its action ran (Ludii
    resolves them as it lists the move, while the previous move is the last): its sites are
    ``(last From)``/``(last To)`` (a pass keeps the previous ones; a placement's or a removal's
    from is its site, as Ludii's ActionAdd/ActionRemove say), and where its consequences
    move pieces is recorded afresh (``(last To afterConsequence:True)`` reads the previous
    move's record until now, whatever the ply: Ludii's ``toAfterSubsequents`` of the last move)."""
    if move.kind is not PASS:
        state.last_from, state.last_to = (move.frm if move.frm >= 0 else move.to), move.to
    record = state.arrays.get(EFFECT_TO)
    if record is not None and record[0] >= 0:
        state.set_item(record, 0, -1)


def holds_after(state: State, move: Move, cond: Callable[[State, Env], object], e: Env = ROOT) -> bool:
    """Try ``move`` (action and consequences, same mover), test ``cond``, take it back
    (:func:`holds_after_doing`)."""
    return holds_after_doing(state, lambda: act(state, move), cond, e)


def holds_after_doing(state: State, do: Callable[[], None], cond: Callable[[State, Env], object],
                      e: Env = ROOT, listed: bool = False) -> bool:
    """Do ``do`` (a move or an effect tried, same mover), test ``cond``, take it back. As
    Ludii's Do.movePassesCond, a move that leaves its mover the next player (a ``moveAgain``)
    is judged with ``Next`` the previous player (:func:`next_as_tried`). ``listed``: ``do`` is
    an effect that Ludii works out as it lists it, before the move counts itself (as
    :func:`act` runs a move's own effects)."""
    mark = state.mark()
    tried_next, uncounted = state._tried_next, state._uncounted
    state._tried_next = -1
    try:
        prev = prev_player(state)  # Ludii's State.prev, which trying the move leaves as it is
        state.ply += 1  # as in play(): the move counts itself while it acts
        state._uncounted = uncounted + listed
        do()
        state._uncounted = uncounted
        next_as_tried(state, prev)
        return bool(cond(state, e))
    finally:
        state._tried_next, state._uncounted = tried_next, uncounted
        state.rollback(mark)


def next_as_tried(state: State, prev: int) -> None:
    """Ludii's Do.movePassesCond after it applied a move on a copy: when the mover is then
    also the next player (a ``moveAgain``; every move of a one-player game), ``Next`` is set
    to the previous player ``prev`` (Ludii's State.prev, which applying the move left as it
    was): the opponent who moved before, the mover itself within a turn of several moves, no
    one (0) on the game's first move. The caller puts ``state._tried_next`` back."""
    if ludii_next(state) == state.mover:
        state._tried_next = prev


# --- a whole turn ------------------------------------------------------------------------------------
def play(state: State, move: Move) -> None:
    """Apply a legal move and everything that follows from it (journaled for undo)."""
    if state.game.simultaneous:  # a player's choice; the last one applies them all
        simultaneous.play(state, move)
        return
    state._marks.append((state.mark(), move, state._legal))  # undo restores the moves too
    state._legal = None
    turn(state, move)


def turn(state: State, move: Move) -> None:
    """The turn of a move whose undo mark is taken: its action and consequences, the end of
    the turn, the end rules, the next phase and the next mover."""
    mover = state.mover
    new_turn = mover != state.last_mover  # the latest move was another player's (or none)
    state.last_mover = mover
    phase_before = state.phase
    passing = move.kind is PASS
    if passing:
        state.passes += 1
    elif state.passes:
        state.passes = 0
    _stalemated(state, mover, passing)
    if new_turn:
        _turn_begins(state, passing)
    state.ply += 1  # before acting: (count Moves) in the consequences counts this move (Ludii)
    if state.game.simulation:
        simulation.act(state)
    else:
        act(state, move)
    for effect in state.game.after_move:  # what every move records (the positions seen...)
        effect(state)
    if not state.move_again:
        for effect in state.game.turn_end:  # what waits for the end of the turn (removals...)
            effect(state)
    _check_end(state)
    if state.game.simulation:
        simulation.stop_if_stuck(state)
    if not state.over:
        if state.phase == phase_before:  # an effect may already have chosen the next phase
            _next_phase(state)
        counter = state.arrays.get(COUNTER)
        if counter is not None:  # Ludii counts the move once the end rules and phases are done
            state.set_item(counter, 0, counter[0] + 1)
        for effect in state.game.after_end:  # what is recorded once the end rules ran (positions seen)
            effect(state)
        _next_mover(state, move, mover)
    state.prev = mover  # Ludii's Game.applyInternal: once the end rules and phases are done


def _next_mover(state: State, move: Move, mover: int) -> None:
    """Who moves after ``mover``'s move: the mover again after a moveAgain, the player a (set
    NextPlayer ...) chose, else the next player still in the game (a simulation's stays 0);
    then the turn counters."""
    chosen = state.arrays.get("next_player")  # (set NextPlayer ...): who moves next
    if state.move_again:
        state.move_again = False
    elif chosen is not None and chosen[0]:
        state.mover = chosen[0]
    elif not state.game.simulation:  # nobody moves a simulation: the mover stays 0
        state.mover = next_active(state, mover)
    if chosen is not None and chosen[0]:
        state.set_item(chosen, 0, 0)
    swap = move.kind is CHOICE and move.word == "swap"
    if state.mover != mover or swap:  # a new turn (Ludii counts the swap as one)
        state.turns += 1
        state.turn_moves = 0
    else:  # the moves the mover has made in this turn so far (Ludii's numTurnSamePlayer)
        state.turn_moves += 1


def _stalemated(state: State, mover: int, passing: bool) -> None:
    """Ludii's stalemated flag of the mover, before their move acts: a pass leaves them
    stalemated when their play rule had no move for them (``Game.computeStalemated``: the
    swap rule's ply counts as a move), any other move clears it (their legal moves were
    listed, ``Game.moves``)."""
    bit = 1 << mover
    stuck = passing and not could_move(state, mover)
    if bool(state.stalemated & bit) != stuck:
        state.stalemated ^= bit


def could_move(state: State, player: int) -> bool:
    """Whether ``player``'s play rule has a move for them now (Ludii's ``canMove`` of the
    phase's moves; at the swap rule's ply they can always swap)."""
    game = state.game
    if "swap" in game.words and state.ply == game.num_players - 1:
        return True
    return can_move(state, player)


def _turn_begins(state: State, passing: bool) -> None:
    """The move starts a new turn (in the moves played: the previous one was another player's):
    the turn before it is done, and counts as a pass (for :func:`all_passed`) when it began with
    a pass and had at most two moves (three for the game's first turn)."""
    if state.ply:
        length = state.ply - state.turn_start
        if state.pass_turns == ALL_SINCE_START and state.turn_start == 0:  # the game's first turn
            state.pass_turns = ALL_SINCE_START if state.turn_passed and length <= 3 else 0
        elif not (state.turn_passed and length <= 2):
            state.pass_turns = 0
        elif state.pass_turns != ALL_SINCE_START:
            state.pass_turns = min(state.pass_turns + 1, state.game.num_players)
    state.turn_start = state.ply
    state.turn_passed = passing


def all_passed(state: State) -> bool:
    """Ludii's ``Context.allPass``: reading the moves played backwards, the turn of the latest
    move and the turns before it, one per player, each began with a pass and had one move (the
    earlier ones at most two); when the moves run out before, the turns read so far decide (a
    first move that passes is enough in a game without start placements: Ludii's trial is empty
    before it, and a swap of players in the pass's consequences leaves the mover as it is, so
    Unlur's opening pass ends the game there too; start placements are moves of no player, which
    end the reading). A swap chosen as a move is no pass. With one player: the latest move was a
    pass. Asked before a turn's first move, it is false (that turn has no move yet)."""
    n = state.game.num_players
    if state.ply == 0:
        return False
    if n == 1:
        return state.passes > 0
    if state.mover != state.last_mover or not state.turn_passed:
        return False
    length = state.ply - state.turn_start
    if length == 1:
        return state.pass_turns == ALL_SINCE_START or state.pass_turns >= n - 1
    return length == 2 and state.turn_start == 0 and state.pass_turns == ALL_SINCE_START


def prev_player(state: State) -> int:
    """Ludii's ``Prev`` (``State.prev``): the mover of the last move (:func:`turn` sets it once
    the move's turn is done: the mover again within a turn of several moves, whoever moved last
    when players were skipped; no one (0) before the first move is done); while ``(no Moves
    Next)`` lists the next player's moves, the player who just moved (Ludii's NoMoves sets it so)."""
    return state._check_prev or state.prev


def ludii_next(state: State) -> int:
    """Ludii's ``Next`` (``State.next``): the player after the mover who still plays, or the
    mover again once a ``moveAgain`` of this move's consequences said so; while a move tried
    by ``ifAfterwards:`` is judged, what :func:`next_as_tried` set."""
    if state._tried_next >= 0:
        return state._tried_next
    return state.mover if state.move_again else next_active(state, state.mover)


def next_active(state: State, player: int) -> int:
    """The player after ``player`` in turn order who still plays (ranked players are out)."""
    game = state.game
    nxt = game.next_of(player)
    if game.ranked:
        ranks = state.arrays["ranks"]
        while ranks[nxt] and nxt != player:
            nxt = game.next_of(nxt)
    return nxt


def _check_end(state: State) -> None:
    game = state.game
    if game.ranked:
        _check_end_ranked(state)
        return
    for rule in game.end_rules:
        outcome = rule.check(state, ROOT)
        if outcome is not None:
            winners, losers, draw = outcome[:3]
            reason = rule.describe(state, ROOT) if rule.describe is not None else rule.reason
            # a rule may say more about this ending (the values it compared...)
            if len(outcome) > 3 and outcome[3]:
                reason = f"{reason}; {outcome[3]}"
            finish(state, winners, losers, draw, reason, rule.termination)
            return
    if game.requires_all_pass and all_passed(state):
        finish(state, (), (), True, "all players passed", Termination.PASSES)
        return
    limit = limit_reached(state)
    if limit:
        finish(state, (), (), True, limit, Termination.TURN_LIMIT)


def limit_reached(state: State) -> str:
    """Why the game ends by its limits now (Ludii's ``checkMaxTurns``), or "" while it goes on:
    the turns (1,250 per player) or the plies (the game's ply limit)."""
    game = state.game
    if state.turns >= game.max_turns:
        return f"turn limit ({game.max_turns} turns)"
    if state.ply >= game.turn_limit:
        return f"turn limit ({game.turn_limit} plies)"
    return ""


def _check_end_ranked(state: State) -> None:
    """Ludii's end with more than two players: every end rule that holds applies, in order (a
    rule sees what the rules before it did). A player's win ranks them next from the top, a
    loss next from the bottom, and they leave the game; when one player is left they take the
    next rank from the top and the game ends. A draw ranks the players left together, a
    result for All ends it for all of them. Results that name their winners themselves
    (byScore...) end the game at once. Every player a win was given to is a winner of Ludii's
    (``won``, Context.winners: the match's points go by it), at whatever rank, though the game's
    winner is the one ranked first (Ludii's status); a loss that leaves one player makes the
    best ranked player one (End.applyResult), the one left after a win is not."""
    game = state.game
    n = game.num_players
    ranks = state.arrays["ranks"]
    reason, termination = "", None
    for rule in game.end_rules:
        outcome = rule.check(state, ROOT)
        if outcome is None:
            continue
        text = rule.describe(state, ROOT) if rule.describe is not None else rule.reason
        if len(outcome) > 3 and outcome[3]:
            text = f"{text}; {outcome[3]}"
        spec = outcome[4] if len(outcome) > 4 else None
        if spec is None:
            for p in outcome[0]:  # ByScore: its first (Context.addWinner)
                state.set_item(state.arrays[WON], p, 1)
            finish(state, outcome[0], outcome[1], outcome[2], text, rule.termination)
            return
        kind, who = spec
        if who and ranks[who]:
            continue  # that player is already out (Ludii skips their results)
        if not reason:  # the first result says why the game ends
            reason, termination = text, rule.termination
        _rank_result(state, ranks, kind, who)
        left = [p for p in range(1, n + 1) if not ranks[p]]
        if len(left) == 1:
            state.set_item(ranks, left[0], _top_ranks(ranks, n) + 1)
            if kind == "Loss":  # End.applyResult: a loss that leaves one player makes the best ranked a winner
                best = min(range(1, n + 1), key=lambda p: ranks[p])
                state.set_item(state.arrays[WON], best, 1)
        if len(left) <= 1:
            break
    left = [p for p in range(1, n + 1) if not ranks[p]]
    if len(left) <= 1:
        _finish_ranked(state, reason, termination or Termination.RULE)
    elif game.requires_all_pass and all_passed(state):
        _draw_ranked(state, "all players passed", Termination.PASSES)
    elif limit_reached(state):
        _draw_ranked(state, limit_reached(state), Termination.TURN_LIMIT)


def _rank_result(state: State, ranks: list[Any], kind: str, who: int) -> None:
    """Rank the players a result of a ranked game names: a draw ranks the players left together,
    a win or loss for All ranks them all, a player's win ranks them next from the top, a loss
    next from the bottom."""
    n = state.game.num_players
    active = [p for p in range(1, n + 1) if not ranks[p]]
    wins = _top_ranks(ranks, n)
    losses = n - len(active) - wins
    if kind == "Draw":
        for p in active:
            state.set_item(ranks, p, (len(active) + 1) / 2 + wins)
    elif who == 0:
        for p in active:
            state.set_item(ranks, p, 1 if kind == "Win" else n)
            if kind == "Win":
                state.set_item(state.arrays[WON], p, 1)
    else:
        state.set_item(ranks, who, wins + 1 if kind == "Win" else n - losses)
        if kind == "Win":  # a winner at whatever rank (Context.addWinner)
            state.set_item(state.arrays[WON], who, 1)


def _top_ranks(ranks: list[Any], n: int) -> int:
    """How many players are ranked from the top (1, 2, ... with no gap)."""
    taken = {ranks[p] for p in range(1, n + 1) if ranks[p]}
    k = 0
    while k + 1 in taken:
        k += 1
    return k


def _draw_ranked(state: State, reason: str, termination: Termination) -> None:
    """The players left draw (ranked together after the winners), and the game ends."""
    n = state.game.num_players
    active = [p for p in range(1, n + 1) if not state.arrays["ranks"][p]]
    wins = _top_ranks(state.arrays["ranks"], n)
    for p in active:
        state.set_item(state.arrays["ranks"], p, (len(active) + 1) / 2 + wins)
    _finish_ranked(state, reason, termination)


def _finish_ranked(state: State, reason: str, termination: Termination) -> None:
    """End a ranked game: the players ranked first win, the others lose."""
    n = state.game.num_players
    ranks = state.arrays["ranks"]
    winners = [p for p in range(1, n + 1) if ranks[p] == 1]
    if len(winners) == n:
        winners = []  # everybody first: a draw
    losers = [p for p in range(1, n + 1) if p not in winners] if winners else []
    finish(state, winners, losers, not winners, reason, termination)


def finish(state: State, winners: Iterable[int], losers: Iterable[int], draw: bool, reason: str,
           termination: Termination | None) -> None:
    """End the game: a player's victory (or defeat) is their team's."""
    game = state.game
    winning = {q for p in winners for q in game.team(p)}
    losing = {q for p in losers for q in game.team(p)} - winning
    state.over = True
    state.winners = tuple(sorted(winning))
    state.losers = tuple(sorted(losing))
    state.draw = bool(draw) or not winning
    state.reason = reason
    state.termination = termination


def _next_phase(state: State) -> None:
    phase = state.game.phases[state.phase]
    for cond, target in phase.next:
        if cond is None or cond(state, ROOT):
            if target != state.phase:
                state.phase = target
            return
