"""Values of several things at once (arrays of ints, Ludii's IntArrayFunction) and the result
that compares players by them: ``values Group`` gives a number per group, ``(+ ...)`` adds an
array up, ``byValues`` ranks the players by their values when the game ends.

Loupe writes its two modalities with them: each group with a loop is worth its loop's length
minus its other stones; the simple modality compares the players' best groups, then the second
best..., the compound modality the sums.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..syntax.nodes import Int
from .base import ANY_INT, BOOL_FN, DIRS, INT, INT_FN, INTS, RESULT, Kind, Ludeme, Param
from .connection import _all_groups

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from ..native.emit import Emitter


class ValuesGroup(Ludeme):
    """A value per group: the groups are found as ``count Groups`` finds them (occupied sites,
    or with ``if:`` the sites meeting the condition, ``(to)`` being the site tested, joined
    along the directions); for each group, ``(sites)`` is the group while its value is
    computed. Groups for which ``when:`` does not hold are left out (they have no value).

    Parameters:
        directions: how sites join into a group (``Adjacent`` when left out)
        if: the condition a site must meet to be in a group, ``(to)`` being the site
        when: the condition a group must meet to have a value, ``(sites)`` being the group
        value: the group's value, ``(sites)`` being the group

    Examples:
        (values Group if:(is Mover (who at:(to))) (count Sites in:(sites)))
        (values Group if:(= (who at:(to)) Player) when:(is Loop (sites)) (count Sites in:(sites Loop (sites))))
    """

    name = "values Group"
    kind = INTS
    directions: Any = Param(DIRS, optional=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    when: Any = Param(BOOL_FN, optional=True, named=True)
    value: Any = Param(INT_FN, range=ANY_INT)
    concepts = ("Group", "EnclosureValue")

    def compile(self, c: Compiler):
        detailed = self.compile_detailed(c)

        def values(s: State, e: Env) -> list[int]:
            return [v for v, _ in detailed(s, e)]
        return values

    def compile_detailed(self, c: Compiler):
        """detailed(state, env) -> (value, group) of each group that has a value (what an
        explanation of the result shows)."""
        groups_of = _all_groups(c, self.directions, self.condition)
        value = c.int(self.value)
        when = c.bool(self.when) if self.when is not None else None

        def detailed(s: State, e: Env) -> list[tuple[int, tuple[int, ...]]]:
            frame = e.child()  # (sites) is each group in turn
            out = []
            for group in groups_of(s, e):
                frame.region = tuple(group)
                if when is None or when(s, frame):
                    out.append((value(s, frame), frame.region))
            return out
        return detailed

    def kernel_ints(self, k: Emitter, each: Callable[[Emitter, str], None]) -> None:
        """Each group's value (groups for which ``when:`` fails have none)."""
        from ..native.kernels.connection import each_group
        with each_group(k, self.directions, self.condition, [self.when, self.value]):
            cond = k.bool(self.when) if self.when is not None else "True"
            with k.indented(f"if {cond}:"):
                each(k, k.int(self.value))
            k.line("pass")


_VALUES = Kind((INT, INTS), "int | ints", literals=(Int,))


class ByValues(Ludeme):
    """Result: the players are compared by their values, computed for each player in turn
    (``Player`` is the player, as in ``forEach Player``). With one number each, the highest
    wins (the numbers become the players' scores). With an array each, the arrays are sorted
    from the highest and compared value by value: the highest first value wins, a tie goes to
    the second values, and so on; a player with fewer values counts 0 for those missing.
    Players equal to the best share the victory; when every player is equal, the game is a
    draw. The reason of the result says the values compared.

    Parameters:
        values: each player's value (a number or an array of numbers), ``Player`` being the player

    Examples:
        (byValues (values Group if:(= (who at:(to)) Player) (count Sites in:(sites))))
        (byValues (+ (values Group if:(= (who at:(to)) Player) (count Sites in:(sites)))))
    """

    name = "byValues"
    kind = RESULT
    values: Any = Param(_VALUES, range=ANY_INT)
    concepts = ("Scoring", "ScoringEnd", "ScoringWin")

    def outcome_of(self) -> tuple[str, str]:
        """The best values win: a win of the players it names."""
        return "Player", "Win"

    def _per_player(self, c: Compiler):
        """values_of(state, env) -> {player: int or list of ints}, each computed with (player) set."""
        many = isinstance(self.values, Ludeme) and self.values.kind == INTS
        fn = self.values.compile(c) if many else c.int(self.values)
        players = range(1, c.game.num_players + 1)

        def values_of(s: State, e: Env) -> dict[int, Any]:
            frame = e.child()  # (player) is each player in turn
            out = {}
            for p in players:
                frame.player = p
                out[p] = sorted(fn(s, frame), reverse=True) if many else fn(s, frame)
            return out
        return values_of, many

    def compile_outcome(self, c: Compiler):
        values_of, many = self._per_player(c)
        players = tuple(range(1, c.game.num_players + 1))

        def outcome(s: State, e: Env) -> tuple:
            values = values_of(s, e)
            if many:
                width = max(len(v) for v in values.values())
                keys = {p: tuple(v) + (0,) * (width - len(v)) for p, v in values.items()}
                detail = "values " + "; ".join(f"P{p}: {_numbers(values[p])}" for p in players)
            else:
                for p, v in values.items():
                    if s.scores[p] != v:
                        s.set_score(p, v)
                keys = values
                detail = "scores " + "; ".join(f"P{p}: {values[p]}" for p in players)
            best = max(keys.values())
            winners = tuple(p for p in players if keys[p] == best)
            if len(winners) == len(players):
                return ((), (), True, detail)
            return (winners, tuple(p for p in players if p not in winners), False, detail)
        return outcome

    compile_end = compile_outcome

    def compile_explain(self, c: Compiler):
        """explain(state, env) -> lines: each player's values and, for values of groups, the
        group each value belongs to (its size and first site)."""
        values_of, many = self._per_player(c)
        groups = [node.compile_detailed(c) for node in self.walk() if isinstance(node, ValuesGroup)]
        labels = c.topo.labels
        players = range(1, c.game.num_players + 1)

        def explain(s: State, e: Env) -> list[str]:
            values = values_of(s, e)
            lines = []
            frame = e.child()  # (player) is each player in turn
            for p in players:
                frame.player = p
                shown = _numbers(values[p]) if many else str(values[p])
                parts = [f"{v} ({len(g)} stone{'s' if len(g) != 1 else ''} from {labels[min(g)]})"
                         for detailed in groups
                         for v, g in sorted(detailed(s, frame), key=lambda vg: (-vg[0], min(vg[1])))]
                lines.append(f"P{p} {'values' if many else 'score'} {shown}"
                             + (": " + ", ".join(parts) if parts else ""))
            return lines
        return explain

    def kernel_outcome(self, k: Emitter) -> None:
        from ..native.emit import kernel_of
        from ..native.kernels.values import _best_of, _outcome, _winners
        many = isinstance(self.values, Ludeme) and self.values.kind == "ints"

        def body(hit: str, w: str, ls: str, d: str) -> None:
            st = k.st
            p = k.temp("pl")
            if not many:  # one number each: they become the scores, the highest wins
                with k.indented(f"for {p} in range(1, {k.players + 1}):"):
                    with k.bind(player=p):
                        v = k.temp("v")
                        k.line(f"{v} = {k.int(self.values)}")
                        k.line(f"{st}[SCORES + {p}] = {v}")
                _best_of(k, lambda q: f"{st}[SCORES + {q}]", w, ls, d)
                return
            # an array each: sorted from the highest, compared value by value (0 for those missing)
            n = k.n + 1
            vals = k.scratch((k.players + 1) * n)
            cnt = k.scratch(k.players + 1)
            with k.indented(f"for {p} in range(1, {k.players + 1}):"):
                k.line(f"{cnt}[{p}] = 0")
                with k.bind(player=p):
                    def collect(e: Emitter, value: str) -> None:
                        i, x = e.temp("i"), e.temp("x")
                        e.line(f"{x} = {value}")
                        e.line(f"{i} = {cnt}[{p}]")  # insertion, from the highest down
                        with e.indented(f"while {i} > 0 and {vals}[{p} * (N + 1) + {i} - 1] < {x}:"):
                            e.line(f"{vals}[{p} * (N + 1) + {i}] = {vals}[{p} * (N + 1) + {i} - 1]")
                            e.line(f"{i} -= 1")
                        e.line(f"{vals}[{p} * (N + 1) + {i}] = {x}")
                        e.line(f"{cnt}[{p}] += 1")
                    kernel_of(self.values, "ints")(self.values, k, collect)
            width, q, i, a, b, c, best, mask = (k.temp(x) for x in ("wd", "q", "i", "a", "b", "c", "bp", "m"))
            k.line(f"{width} = 0")
            k.line(f"for {q} in range(1, {k.players + 1}):")
            k.line(f"    {width} = max({width}, {cnt}[{q}])")

            def compare(x: str, y: str) -> None:
                """c = the sign of x's values against y's."""
                k.line(f"{c} = 0")
                with k.indented(f"for {i} in range({width}):"):
                    k.line(f"{a} = {vals}[{x} * (N + 1) + {i}] if {i} < {cnt}[{x}] else 0")
                    k.line(f"{b} = {vals}[{y} * (N + 1) + {i}] if {i} < {cnt}[{y}] else 0")
                    k.line(f"if {a} != {b}:")
                    k.line(f"    {c} = 1 if {a} > {b} else -1")
                    k.line("    break")
            k.line(f"{best} = 1")
            with k.indented(f"for {q} in range(2, {k.players + 1}):"):
                compare(q, best)
                k.line(f"if {c} > 0:")
                k.line(f"    {best} = {q}")
            k.line(f"{mask} = 0")
            with k.indented(f"for {q} in range(1, {k.players + 1}):"):
                compare(q, best)
                k.line(f"if {c} == 0:")
                k.line(f"    {mask} |= 1 << {q}")
            _winners(k, mask, w, ls, d)
        _outcome(self, k, body)

    kernel_end = kernel_outcome


def _numbers(values: list[int]) -> str:
    return " ".join(map(str, values)) if values else "none"
