"""OpenSpiel's game and state API over any description, exactly in OpenSpiel's conventions.

OpenSpiel (``pip install open-spiel``) numbers players from 0, says ``TERMINAL`` (-4) as the
current player of a finished game, and names moves by integer *actions* that mean the same in
every state of a game. This adapter gives those conventions to any loaded game::

    >>> from interpreter import load
    >>> from interpreter.openspiel import SpielGame
    >>> game = SpielGame(load("tic-tac-toe"))
    >>> state = game.new_initial_state()
    >>> state.current_player(), state.legal_actions()[:3]
    (0, [0, 1, 2])
    >>> state.action_to_string(0, 4)
    'B2'
    >>> state.apply_action(4); state.current_player()
    1

The adapter needs no OpenSpiel: OpenSpiel's Python algorithms accept it as it is (its MCTS bot,
random rollouts). With OpenSpiel installed, :func:`register` also makes the game a real
``pyspiel`` game, so ``pyspiel.load_game(name)`` and OpenSpiel's C++ tools run it.

Actions are a fixed numbering worked out from the game's sizes when the adapter is made, as
OpenSpiel's own games number theirs (``ActionSpace``). With ``S`` sites (the board's, then the
hands', then the dice's: ``Hand1``, ``Die1``) and ``C`` kinds of piece, one *block* numbers the
first way of playing each move text, its parts one after another:

- placing component ``c`` (1-based) on site ``t``: ``(c - 1) * S + t`` (from 0);
- moving a piece from ``f`` to ``t``: ``f * S + t`` from the moves' base; passing: one action;
- taking the piece off ``t`` (``xC3``): ``t``;
- choosing a site (Ludii's ``move Select``: a pit to sow from, ``B1``) or a pair of sites
  (``A1-B2``, ``A1-Hand2``: pieces moved by number): ``f * S + t`` (``f = t`` for one site);
- copying the piece on ``f`` to ``t`` (Ludii's ``copy:True``): ``f * S + t``;
- in a deduction puzzle, setting (``A1=3``) or ruling out (``A1^3``) a value of site ``t``:
  ``(t * 2 + ruled_out) * V + value - least`` (``V`` values).

One text played ``k`` ways with other consequences (``A1-B2/2``: the same piece move by another
die; ``B1/3``: a pit sown with another count) is numbered ``k - 1`` blocks on; the game has room
for ``R`` ways, the largest of: its tracks plus one, its dice, its dice's greatest face, its
consequences plus one, and in a game that counts pieces the pieces it starts with plus one.
After the ``R`` blocks come the game's named decisions (``choose-white``, ``swap``...) in the order
it declares them, and in a stacking game the moves between levels (``A1/2-B3/0``, ``A1-B3^``:
levels below the number of pieces the game starts with) and the removals of one level (``xA1/2``).
A move beyond these bounds raises ``ValueError`` naming it.
"""

from __future__ import annotations

from typing import Any

from .engine import counts
from .engine.arrays import COUNT
from .engine.game import Game
from .engine.move import ADD, CHOICE, MOVE, PASS, REMOVE, Move
from .engine.sites import off_board_sites, site_label
from .engine.stacks import STACK
from .engine.state import State
from .errors import IllegalMoveError
from .ludemes.puzzles import DOMAIN as PUZZLE_DOMAIN

TERMINAL = -4  #: OpenSpiel's ``PlayerId.TERMINAL``


class ActionSpace:
    """The fixed numbering of a game's moves as OpenSpiel actions, worked out from the game's
    sizes when the adapter is made (see the module docs): blocks of actions one after another,
    each a mixed-radix number of the move's sites (and piece, level, value), the whole repeated
    once per way one text may be played with other consequences (``A1-B2/2``)."""

    def __init__(self, game: Game):
        self.game = game
        self.n = game.topology.n
        # every site a move may name: the board's, the hands', the dice's (engine.sites)
        self.sites = s = self.n + off_board_sites(game) + sum(ds.size for ds in game.dice)
        self.pieces = len(game.components) - 1
        self.words = list(game.words)
        self._word_index = {w: i for i, w in enumerate(self.words)}
        lo, hi = game.arrays.get(PUZZLE_DOMAIN, (0, -1))
        self.value_lo, self.values = lo, max(0, hi - lo + 1)
        start = game.initial_state()
        total = _pieces(start, s)
        # a level of a stack, from 0: below the number of pieces the game starts with
        self.levels = max(total, 1) if game.stacking else 0
        # the moves one text may name several times (A1-B2/2), numbered again for each time
        plain = [("add", self.pieces * s), ("move", s * s), ("pass", 1), ("remove", s), ("select", s * s),
                 ("copy", s * s), ("value", s * 2 * self.values)]
        self.base: dict[str, int] = {}
        self.block = self._lay_out(plain, 0)
        # the ways of playing one text: one per track a site choice may sow along, per die, per
        # consequence a move may carry, per value a loop may bind (a count of pieces, a die's face)
        faces = max((max(f) for ds in game.dice for f in ds.faces if f), default=0)
        counted = total + 1 if COUNT in game.arrays else 0
        # a large piece's placement or move in each of its states (Ludii's rotations: ``C3=1``)
        from .ludemes.large_pieces import has_cover, walks_of
        self.states = max((4 * len(w) for comp in game.components[1:] if (w := walks_of(comp))),
                          default=0) if has_cover(game) else 0
        self.repeats = max(1 + len(game.tracks), sum(ds.size for ds in game.dice), faces,
                           1 + len(game.consequences), counted, self.states)
        # then the named decisions and the moves between the levels of stacks, numbered once
        places = self.levels + 1
        self.stack_size: int = s * s * places * places * 2 if game.stacking else 0
        self.remove_size: int = s * self.levels
        # a move between levels played several ways (one per die: a dice race on stacks) is
        # numbered again within its own block, once per die or face
        self.level_repeats = max(1, sum(ds.size for ds in game.dice), faces) if game.stacking else 1
        once = [("word", len(self.words)), ("stack", self.stack_size * self.level_repeats),
                ("remove_level", self.remove_size * self.level_repeats)]
        self.size = self._lay_out(once, self.block * self.repeats)

    def _lay_out(self, blocks: list[tuple[str, int]], offset: int) -> int:
        """Place ``blocks`` (name, size) one after another from ``offset``; the end."""
        for name, size in blocks:
            self.base[name] = offset
            offset += size
        return offset

    def action(self, move: Move) -> int:
        """The action number of a move (ValueError for a move the numbering has no room for)."""
        base, repeat = self._base(move)
        if repeat and base >= self.block:
            part = self._level_part(base)
            if part is None or repeat >= self.level_repeats:
                raise ValueError(f"{move.text}: a decision, or a move between levels played more ways than the "
                                 f"action space numbers ({self.level_repeats})")
            return base + repeat * part
        if repeat >= self.repeats:
            raise ValueError(f"{move.text}: more ways of playing one text than the action space numbers "
                             f"({self.repeats})")
        return repeat * self.block + base

    def _level_part(self, base: int) -> int | None:
        """The size of the block of moves between levels that ``base`` is in (its repeats
        follow it), None for a named decision."""
        stack, remove = self.base["stack"], self.base["remove_level"]
        if stack <= base < stack + self.stack_size:
            return self.stack_size
        if remove <= base < remove + self.remove_size:
            return self.remove_size
        return None

    def _base(self, move: Move) -> tuple[int, int]:
        """(the action of the move's first way of being played, which way it is from 0)."""
        kind, s, b = move.kind, self.sites, self.base
        frm, to = move.frm, move.to
        self._check(move, frm, to)
        if kind is CHOICE and to < 0:  # a named decision of the game
            index = self._word_index.get(move.word)
            if index is None:
                raise ValueError(f"{move.text}: a decision the game does not declare")
            return b["word"] + index, 0
        word, repeat = self._numbered(move)
        if move.levels is not None and self.levels and (kind is MOVE or (kind is REMOVE and move.levels[0] >= 0)):
            level, level_to, whole = move.levels
            if kind is REMOVE:
                if level >= self.levels:
                    raise ValueError(f"{move.text}: a level beyond the stacks the action space numbers")
                return b["remove_level"] + to * self.levels + level, repeat
            if not (-1 <= level < self.levels and -1 <= level_to < self.levels):
                raise ValueError(f"{move.text}: a level beyond the stacks the action space numbers")
            places = self.levels + 1
            index = ((frm * places + level + 1) * s + to) * places + level_to + 1
            return b["stack"] + index * 2 + int(whole), repeat
        if kind is ADD:
            if frm >= 0:  # a copy of the piece on frm (copy:True)
                return b["copy"] + frm * s + to, repeat
            if not 1 <= move.what <= self.pieces:
                raise ValueError(f"{move.text}: a placement of no piece of the game")
            return b["add"] + (move.what - 1) * s + to, repeat
        if kind is MOVE:
            return b["move"] + frm * s + to, repeat
        if kind is PASS:
            return b["pass"], repeat
        if kind is REMOVE:
            return b["remove"] + to, repeat
        if kind is CHOICE:
            value = self._value(word, to)
            if value is not None:  # a value chosen for a site (a deduction puzzle's A1=3, A1^3)
                return b["value"] + (to * 2 + value[0]) * self.values + value[1], repeat
            return b["select"] + (frm if frm >= 0 else to) * s + to, repeat  # a site chosen
        raise ValueError(f"no action for {move!r}")

    def _numbered(self, move: Move) -> tuple[str, int]:
        """:func:`_numbered` of the move's word; a large piece's state (``=1``) is its way."""
        word, repeat = _numbered(move.word)
        if self.states and word[:1] == "=" and word[1:].isdigit():  # one way per state
            if repeat:
                raise ValueError(f"{move.text}: a large piece's move played several ways")
            repeat = int(word[1:])
        return word, repeat

    def _check(self, move: Move, *sites: int) -> None:
        if any(site >= self.sites for site in sites):
            raise ValueError(f"{move.text}: a site beyond the game's {self.sites}")

    def _value(self, word: str, site: int) -> tuple[int, int] | None:
        """(0 for ``=``, 1 for ``^``; the value from the least) of a value chosen for ``site``
        (``A1=3``: set, ``A1^3``: ruled out), None for a word that is no such choice."""
        if not self.values:
            return None
        label = site_label(self.game, site)
        sign, digits = word[len(label):len(label) + 1], word[len(label) + 1:]
        if not word.startswith(label) or sign not in ("=", "^") or not digits.lstrip("-").isdigit():
            return None
        value = int(digits) - self.value_lo
        if not 0 <= value < self.values:
            raise ValueError(f"{word}: a value beyond the puzzle's")
        return (0 if sign == "=" else 1), value


def _numbered(word: str) -> tuple[str, int]:
    """The word of a move's first way of being played and which way this one is from 0: ``B1``
    is (``B1``, 0), ``B1/3`` (``B1``, 2), a piece move's ``/2`` ("", 1)."""
    head, sep, tail = word.rpartition("/")
    if sep and tail.isdigit() and int(tail) >= 2:
        return head, int(tail) - 1
    return word, 0


def _pieces(state: State, sites: int) -> int:
    """How many pieces the position holds: on the board's sites (every level of a stack) and
    in the hands."""
    stacks = state.arrays.get(STACK)
    total = sum(counts.pieces_at(state, site) for site in range(sites))
    if stacks is not None:
        total += sum(len(levels) for levels in stacks)
    return total


class SpielState:
    """A state with OpenSpiel's API: 0-based players, integer actions, ``TERMINAL``."""

    def __init__(self, game: SpielGame, state: State):
        self._game = game
        self.state = state  # the underlying engine state

    # --- players and the end -------------------------------------------------------------------
    def current_player(self) -> int:
        """The player to move, from 0; ``TERMINAL`` (-4) once the game is over."""
        return TERMINAL if self.state.over else self.state.mover - 1

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.state.over

    def returns(self) -> list[float]:
        """Per player from 0: the engine's :meth:`State.returns` (1.0 for a win, -1.0 for a loss,
        0.0 for a draw or a game not over)."""
        return list(self.state.returns())

    def rewards(self) -> list[float]:
        """Rewards of the last action: only terminal rewards, as the returns."""
        return self.returns()

    def player_return(self, player: int) -> float:
        """The return of one player (from 0)."""
        return self.returns()[player]

    def is_chance_node(self) -> bool:
        """Never: the engine's games are deterministic."""
        return False

    def is_simultaneous_node(self) -> bool:
        """Never: players move in turn."""
        return False

    def is_player_node(self) -> bool:
        """True while a player is to move."""
        return not self.state.over

    def num_players(self) -> int:
        """The number of players."""
        return self._game.num_players()

    def get_game(self) -> SpielGame:
        """The game this state belongs to."""
        return self._game

    # --- actions -------------------------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions, ascending; empty when over or when ``player`` is not to move."""
        if self.state.over or (player is not None and player != self.current_player()):
            return []
        space = self._game.actions
        return sorted(space.action(m) for m in self.state.legal_moves())

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """1 for each legal action, 0 elsewhere, over the whole action space."""
        mask = [0] * self._game.num_distinct_actions()
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def _move(self, action: int) -> Move:
        space = self._game.actions
        for move in self.state.legal_moves():
            if space.action(move) == action:
                return move
        raise IllegalMoveError(f"action {action} is not legal here")

    def apply_action(self, action: int) -> None:
        """Play a legal action."""
        self.state.apply(self._move(action))

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last action (OpenSpiel passes who played it and what it was)."""
        last = self.state.history[-1] if self.state.history else None
        if last is None or self._game.actions.action(last) != action:
            raise IllegalMoveError(f"action {action} is not the last action played")
        self.state.undo()

    def action_to_string(self, player_or_action: int, action: int | None = None) -> str:
        """The move text of an action: ``(player, action)`` or ``(action)``, as OpenSpiel's."""
        action = player_or_action if action is None else action
        return self._move(action).text

    def string_to_action(self, player_or_text: Any, text: str | None = None) -> int:
        """The action of a move text: ``(player, text)`` or ``(text)``."""
        text = player_or_text if text is None else text
        return self._game.actions.action(self.state.parse_move(str(text)))

    def history(self) -> list[int]:
        """The actions played so far."""
        return [self._game.actions.action(m) for m in self.state.history]

    def history_str(self) -> str:
        """The history as text."""
        return ", ".join(str(a) for a in self.history())

    def move_number(self) -> int:
        """Plies played."""
        return self.state.ply

    def child(self, action: int) -> SpielState:
        """A copy with ``action`` played."""
        other = self.clone()
        other.apply_action(action)
        return other

    def clone(self) -> SpielState:
        """An independent copy."""
        return SpielState(self._game, self.state.clone())

    def __deepcopy__(self, memo: dict[int, object]) -> SpielState:
        return self.clone()

    def observation_string(self, player: int | None = None) -> str:
        """The board as text; in a game with hidden information, as ``player`` (0-based, as
        OpenSpiel numbers them) may see it: what is hidden to them shows as ``?``."""
        from .engine import hidden
        if player is None or not hidden.has_hidden(self.state.game):
            return str(self.state)
        return hidden.observation(self.state, player + 1)

    information_state_string = observation_string

    def __str__(self) -> str:
        return str(self.state)


class SpielGame:
    """A game with OpenSpiel's API (``new_initial_state``, ``num_distinct_actions``...)."""

    def __init__(self, game: Game, short_name: str = ""):
        if game.simulation:  # OpenSpiel's games have one player at least, and someone to move
            raise ValueError(f"{game.name}: a simulation ((players 0): nobody moves) has no OpenSpiel form")
        self.game = game
        self.short_name = short_name or "ludeme_" + "".join(ch if ch.isalnum() else "_" for ch in game.name.lower())
        self.actions = ActionSpace(game)

    def get_type(self) -> Any:
        """OpenSpiel's ``GameType`` of the game (needs ``open-spiel`` installed): sequential,
        deterministic, perfect information (imperfect when the rules hide things from players),
        terminal rewards; zero-sum with two players."""
        import pyspiel

        from .engine import hidden

        two = self.game.num_players == 2
        kind = pyspiel.GameType
        return kind(
            short_name=self.short_name, long_name=self.game.name,
            dynamics=kind.Dynamics.SEQUENTIAL, chance_mode=kind.ChanceMode.DETERMINISTIC,
            information=(kind.Information.IMPERFECT_INFORMATION if hidden.has_hidden(self.game)
                         else kind.Information.PERFECT_INFORMATION),
            utility=kind.Utility.ZERO_SUM if two else kind.Utility.GENERAL_SUM,
            reward_model=kind.RewardModel.TERMINAL,
            max_num_players=self.game.num_players, min_num_players=self.game.num_players,
            provides_information_state_string=True, provides_information_state_tensor=False,
            provides_observation_string=True, provides_observation_tensor=False,
            parameter_specification={})

    def new_initial_state(self) -> SpielState:
        """A state at the start of the game."""
        return SpielState(self, self.game.initial_state())

    def num_distinct_actions(self) -> int:
        """The size of the action space."""
        return self.actions.size

    def num_players(self) -> int:
        """The number of players."""
        return self.game.num_players

    def min_utility(self) -> float:
        """A loss."""
        return -1.0

    def max_utility(self) -> float:
        """A win."""
        return 1.0

    def utility_sum(self) -> float | None:
        """0 for two players (zero-sum); None otherwise (general-sum)."""
        return 0.0 if self.game.num_players == 2 else None

    def max_game_length(self) -> int:
        """The turn limit, in plies."""
        return self.game.turn_limit

    def max_chance_outcomes(self) -> int:
        """No chance."""
        return 0

    def get_parameters(self) -> dict[str, Any]:
        """No parameters: options are chosen when the description is loaded."""
        return {}

    def __str__(self) -> str:
        return self.game.name


def register(game: Game, short_name: str) -> Any:
    """Register ``game`` with OpenSpiel under ``short_name`` and return ``pyspiel.load_game``'s
    game, so OpenSpiel's own tools (C++ ones too) play it. Needs ``open-spiel`` installed."""
    import pyspiel

    adapter = SpielGame(game, short_name)
    two = game.num_players == 2
    game_type = adapter.get_type()
    game_info = pyspiel.GameInfo(
        num_distinct_actions=adapter.num_distinct_actions(), max_chance_outcomes=0,
        num_players=game.num_players, min_utility=-1.0, max_utility=1.0,
        utility_sum=0.0 if two else None, max_game_length=game.turn_limit)

    class _State(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types: its classes are Any
        def __init__(self, spiel_game: Any, inner: SpielState | None = None):
            super().__init__(spiel_game)
            self.inner = inner if inner is not None else adapter.new_initial_state()

        def current_player(self) -> int:
            return self.inner.current_player()

        def _legal_actions(self, player: int) -> list[int]:
            return self.inner.legal_actions(player)

        def _apply_action(self, action: int) -> None:
            self.inner.apply_action(action)

        def _action_to_string(self, player: int, action: int) -> str:
            return self.inner.action_to_string(player, action)

        def is_terminal(self) -> bool:
            return self.inner.is_terminal()

        def returns(self) -> list[float]:
            return self.inner.returns()

        def __str__(self) -> str:
            return str(self.inner)

    class _Game(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types: its classes are Any
        def __init__(self, params: Any = None):
            super().__init__(game_type, game_info, params or dict())

        def new_initial_state(self) -> _State:
            return _State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            from open_spiel.python.observation import IIGObserverForPublicInfoGame
            return IIGObserverForPublicInfoGame(iig_obs_type, params)

    pyspiel.register_game(game_type, _Game)
    return pyspiel.load_game(short_name)


__all__ = ["ActionSpace", "SpielGame", "SpielState", "register", "TERMINAL"]
