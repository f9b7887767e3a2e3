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

Actions: placing component ``c`` (1-based) on site ``s`` is ``(c - 1) * n + s``; moving from
``f`` to ``t`` is ``C * n + f * n + t``; passing is ``C * n + n * n``; the game's named decisions
(``choose-white``...) follow, in the order the description declares them, then taking a piece
off each site; last come the choices of a site (Ludii's ``move Select``: a pit to sow from, or a
pair of sites ``f``-``t``), ``f * n + t`` from their base, once more for each time the same site
may be chosen with other consequences (``B1/2``: sown along another track); and the copies of a
piece from ``f`` to ``t`` (Ludii's ``copy:True``: the piece stays), ``f * n + t`` from theirs.
"""

from __future__ import annotations

from typing import Any

from .engine.game import Game
from .engine.move import ADD, CHOICE, MOVE, PASS, REMOVE, Move
from .engine.state import State
from .errors import IllegalMoveError

TERMINAL = -4  #: OpenSpiel's ``PlayerId.TERMINAL``


class ActionSpace:
    """The fixed numbering of a game's moves as OpenSpiel actions (see the module docs)."""

    def __init__(self, game: Game):
        self.game = game
        self.n = n = game.topology.n
        self.pieces = len(game.components) - 1
        self.move_base = self.pieces * n
        self.pass_action = self.move_base + n * n
        self.words = list(game.words)
        self.remove_base = self.pass_action + 1 + len(self.words)
        self.select_base = self.remove_base + n
        # a site chosen again with other consequences (B1/2) is one more choice: at most one
        # per track the choice could sow along, and the first
        self.selects = 1 + len(game.tracks)
        self.copy_base = self.select_base + self.selects * n * n
        self.size = self.copy_base + n * n

    def action(self, move: Move) -> int:
        """The action number of a move."""
        kind, n = move.kind, self.n
        if kind is ADD:
            if move.frm >= 0:  # a copy of the piece on frm (copy:True)
                return self.copy_base + move.frm * n + move.to
            return (move.what - 1) * n + move.to
        if kind is MOVE:
            return self.move_base + move.frm * n + move.to
        if kind is PASS:
            return self.pass_action
        if kind is CHOICE and move.to >= 0:  # a site chosen (move Select)
            again = _repeat(move.word)
            if again >= self.selects:
                raise ValueError(f"{move.text}: more choices of one site than the action space numbers")
            frm = move.frm if move.frm >= 0 else move.to
            return self.select_base + again * n * n + frm * n + move.to
        if kind is CHOICE:
            return self.pass_action + 1 + self.words.index(move.word)
        if kind is REMOVE:
            return self.remove_base + move.to
        raise ValueError(f"no action for {move!r}")


def _repeat(word: str) -> int:
    """0 for a site's first choice (``B1``), k - 1 for its k-th (``B1/k``)."""
    head, sep, tail = word.rpartition("/")
    return int(tail) - 1 if sep and tail.isdigit() else 0


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
        """The board as text (perfect information: the same for every player)."""
        return str(self.state)

    information_state_string = observation_string

    def __str__(self) -> str:
        return str(self.state)


class SpielGame:
    """A game with OpenSpiel's API (``new_initial_state``, ``num_distinct_actions``...)."""

    def __init__(self, game: Game, short_name: str = ""):
        self.game = game
        self.short_name = short_name or "ludeme_" + "".join(ch if ch.isalnum() else "_" for ch in game.name.lower())
        self.actions = ActionSpace(game)

    def get_type(self) -> Any:
        """OpenSpiel's ``GameType`` of the game (needs ``open-spiel`` installed): sequential,
        deterministic, perfect information, terminal rewards; zero-sum with two players."""
        import pyspiel

        two = self.game.num_players == 2
        kind = pyspiel.GameType
        return kind(
            short_name=self.short_name, long_name=self.game.name,
            dynamics=kind.Dynamics.SEQUENTIAL, chance_mode=kind.ChanceMode.DETERMINISTIC,
            information=kind.Information.PERFECT_INFORMATION,
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
