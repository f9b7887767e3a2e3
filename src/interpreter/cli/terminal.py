"""``ludeme play``: a game at the terminal, with undo, a hint, saving and loading, and help.

Each person is prompted for a move (its text: ``1-4``, ``J10``, ``2Dot1@C3``); the board shows
what to type (:func:`~interpreter.render.text.guided_board`); a turn of several plies says
which ply it is (``P2, second stone>``); a refused move says why. Commands:

    moves        the legal moves            undo        back one full turn of yours
    hint         an agent's suggestion      board       the board again
    save FILE    the game so far (a record; FILE.yaml: the position)
    load FILE    a record (its moves replayed) or a position (.yaml) to go on from
    help         these commands             quit        leave (an empty line asks first)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ..engine.arrays import HAND
from ..engine.matchplay import is_match
from ..engine.render import symbol
from ..engine.simultaneous import choices, owner
from ..errors import LudError, MoveError
from ..render.text import guided_board, turn_ply
from ..why import refusal
from .common import EXIT_OK

QUIT = {"quit", "exit", "q", ":q"}
LIST = {"moves", "?", "legal"}
COMMANDS = ("help", "board", "hint", "undo", "save", "load")  # what else may be typed instead of a move
HINT_SPEC = "mcts:iterations=300,seconds=5"  # a hint never keeps a person waiting long
HELP = """commands:
  a move       its text, e.g. {example}
  moves        list the legal moves
  undo         take back your last turn (and the replies since)
  hint         ask an agent ({hint}) for a move
  board        show the board again
  save FILE    save the game so far as a record (ludeme replay FILE); FILE.yaml saves the position
  load FILE    go on from a record (its moves are replayed) or a position (.yaml)
  help         this list
  quit         leave the game (an empty line asks first)"""


def dice_text(state) -> str:
    """The dice the mover plays with, each set's values ('-' for a die used), sets apart by '|'."""
    from ..engine.dice import to_play
    return " | ".join(" ".join(str(v) if v else "-" for v in values) for values in to_play(state))


def prompt(text: str) -> str | None:
    """Ask for one line; None at end of input."""
    sys.stdout.write(text)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        sys.stdout.write("\n")
        return None
    line = line.rstrip("\r\n")
    if not _isatty(sys.stdin):  # piped input: echo it so the transcript reads like a session
        sys.stdout.write(line + "\n")
    return line


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class TerminalGame:
    """One game at the terminal: the state, who plays each seat, and the commands."""

    def __init__(self, args, game, state, specs: dict[int, str], agents: dict[int, Any], seed: int,
                 start=None):
        self.args, self.game, self.state = args, game, state
        self.specs, self.agents, self.seed = specs, agents, seed
        self.start = start  # the state the game started from, when not the initial one
        self.first = len(state.history)

    # --- what the player sees ----------------------------------------------------------------
    def show(self) -> None:
        if is_match(self.game):
            print(self.state.heading)  # a match: which game, the match scores
        print(guided_board(self.state))

    def played(self) -> list:
        """The moves played since the game began."""
        return self.state.history[self.first:]

    def own(self) -> tuple:
        """The moves the player to move chooses among: every legal move, but in a step of
        simultaneous moves only that player's own (the others' are theirs to choose)."""
        return choices(self.state)

    def example(self) -> str:
        legal = self.own()
        return str(legal[0]) if legal else "pass"

    def ask(self, mover: int) -> str:
        ply = turn_ply(self.state)
        return f"P{mover}, {ply}> " if ply else f"P{mover}> "

    # --- commands ---------------------------------------------------------------------------
    def undo(self) -> None:
        """Back to this person's previous turn: their last turn and every reply since."""
        state = self.state
        if len(state.history) <= self.first:
            print("nothing to undo")
            return
        state.undo()
        # the replies, and the plies of the same turn before them
        while len(state.history) > self.first and (
                self.agents[state.seat(state.mover)] != "human" or state.turn_moves > 0):
            state.undo()
        print(f"undone: back to ply {state.ply}, P{state.mover} to move")
        self.show()

    def hint(self) -> None:
        from ..agents import make_agent
        agent = make_agent(HINT_SPEC, self.seed + self.state.ply)
        move = agent.choose(self.state.clone())
        print(f"hint: {move} ({HINT_SPEC})")

    def save(self, name: str) -> None:
        from .common import UsageError
        from .outputs import inputs_of, output_path
        try:  # never onto the description or position being played, a folder or a pipe
            path = output_path(name, "saved game", inputs_of(self.args))
        except UsageError as err:
            print(f"not saved: {err}")
            return
        if path.exists():
            answer = prompt(f"{path} exists: overwrite it? [y/N] ")
            if answer is None or answer.strip().lower() not in ("y", "yes"):
                print("not saved")
                return
        try:
            if path.suffix.lower() in (".yaml", ".yml"):
                path.write_text(self.state.to_text(), encoding="utf-8")
                print(f"position saved in {path} (ludeme play ... --position {path})")
                return
            from ..records import make_record
            record = make_record(self.game, self.args.game, self.played(), self.state, agents=self.specs,
                                 seed=self.seed, ruleset=self.args.ruleset, start=self.start)
            path.write_text(record.to_line() + "\n", encoding="utf-8")
        except OSError as err:
            print(f"cannot save {path}: {err.strerror or err}")
            return
        print(f"game saved in {path} (ludeme replay {path}; load {path} here)")

    def load(self, name: str) -> None:
        from ..records import RecordError, parse_records, replay
        path = Path(name)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            print(f"cannot read {path}: {getattr(err, 'strerror', None) or err}")
            return
        try:
            if path.suffix.lower() in (".yaml", ".yml"):
                state, start = self.game.state_from_text(text), None
                start = state.clone()
            else:
                record = parse_records(text, str(path))[-1]
                if record.game != self.game.name:
                    print(f"{path} is a game of {record.game}, not of {self.game.name}")
                    return
                state = replay(record, self.game)
                start = self.game.state_from_text(record.start) if record.start else None
        except (RecordError, LudError) as err:
            print(f"cannot load {path}: {err.message}")
            return
        self.state, self.start, self.first = state, start, 0  # a loaded game has its moves only
        print(f"loaded {path}: ply {state.ply}")
        self.show()

    # --- the game ---------------------------------------------------------------------------
    def human_turn(self, mover: int) -> str | None:
        """Ask the person to move until they play one; the move played, "" when the position
        changed otherwise (undo, load), or None to leave."""
        self.announce(mover)
        while True:
            line = prompt(self.ask(mover))
            if line is None:
                return None
            words = line.strip().split(maxsplit=1)
            command = words[0].lower() if words else ""
            if not command:
                answer = prompt("leave the game? [y/N] ")
                if answer is None or answer.strip().lower() in ("y", "yes"):
                    return None
                continue
            if command in QUIT:
                return None
            if command in LIST or command in COMMANDS:
                if self.command(command, words):
                    return ""
                continue
            try:
                move = self.state.parse_move(line.strip())
                own = self.own()
                if move not in own:  # another player's move of a simultaneous step
                    listed = " ".join(str(m) for m in own[:8]) + (" ..." if len(own) > 8 else "")
                    print(f"INVALID '{line.strip()}' is P{owner(self.state, move)}'s move, not P{mover}'s "
                          f"(P{mover}'s: {listed})")
                    continue
                return str(self.state.apply(move))
            except MoveError as err:
                print(f"INVALID {refusal(self.state, line, err)}")

    def announce(self, mover: int) -> None:
        """Who is to move, with what in hand, and the legal moves when they are few."""
        state = self.state
        if HAND in self.game.arrays:  # what the player may still place
            held = [f"{c.name} x{state.arrays[HAND][c.index]}" for c in self.game.components[1:] if c.owner == mover]
            print(f"P{mover}'s hand: {', '.join(held)}")
        legal = [str(m) for m in self.own()]
        if self.game.dice:  # what the dice show for this move (the turn's roll); '-' a die used
            print(f"dice: {dice_text(state)}")
        if len(legal) <= 12:
            print(f"P{mover} to move: {' '.join(legal)}")
        else:
            print(f"P{mover} to move ({len(legal)} legal moves; 'moves' lists them)")

    def command(self, command: str, words: list[str]) -> bool:
        """A command typed instead of a move (:data:`LIST` or :data:`COMMANDS`); True when it
        changed the position (undo, load)."""
        if command in LIST:
            print(" ".join(str(m) for m in self.own()))
        elif command == "help":
            print(HELP.format(example=self.example(), hint=HINT_SPEC))
        elif command == "board":
            self.show()
        elif command == "hint":
            self.hint()
        elif command == "undo":
            self.undo()
            return True
        elif len(words) < 2:
            print(f"{command} needs a file name: {command} FILE")
        elif command == "save":
            self.save(words[1].strip())
        else:
            self.load(words[1].strip())
            return True
        return False

    def run(self, writer) -> int:
        game = self.game
        opts = f" [{', '.join(game.options)}]" if game.options else ""
        print(f"{game.name}{opts}: " + " vs ".join(f"P{p} {self.specs[p]}" for p in sorted(self.specs))
              + (f" (seed {self.seed})" if any(a != "human" for a in self.agents.values()) else ""))
        print("pieces: " + "  ".join(f"{symbol(p, 1)} P{p}" for p in range(1, game.num_players + 1)))
        if any(a == "human" for a in self.agents.values()):
            print(f"type a move (e.g. {self.example()}), 'help' for the commands, 'quit' to leave")
        self.show()
        while not self.state.is_over():
            mover = self.state.mover
            agent = self.agents[self.state.seat(mover)]
            if agent == "human":
                played = self.human_turn(mover)
                if played is None:
                    print("game left unfinished")
                    self.record(writer)
                    return EXIT_OK
                if not played:  # undo or load: the position changed, ask again
                    continue
            else:
                played = str(self.state.apply(agent.choose(self.state)))
            print(f"P{mover} plays {played}")
            self.show()
        self.record(writer)
        if writer is not None:
            print(f"game recorded in {self.args.record}")
        result = self.state.result()
        if result.reason:
            print(f"({result.reason})")
        print(result.headline())
        return EXIT_OK

    def record(self, writer) -> None:
        from .matches import write_game_record
        write_game_record(writer, self.args, self.game, self.state, self.played(), self.specs, self.seed,
                          start=self.start)
