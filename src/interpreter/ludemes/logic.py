"""Logic shared by conditions, moves and effects: if, and, or, not, comparisons."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, ClassVar

from ..engine.movegen import Choice, FnGen, MoveGen, Union, bound_of, concat, with_rules
from ..engine.values import const_fn, constant
from ..errors import BindError
from ..syntax.nodes import Bool, Const, Int
from .base import (
    ANY_INT,
    BOOL,
    BOOL_FN,
    DIRECTIONS,
    DIRS,
    END_RULE,
    INT,
    INT_FN,
    MOVES,
    NEXT_PHASE,
    PLAYER,
    REGION,
    RESULT,
    ArrayOf,
    BoundArray,
    DirectionsByCondition,
    Either,
    Instance,
    Kind,
    Ludeme,
    Param,
    PType,
)
from .moves_then import and_then
from .words import plural

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..native.emit import Emitter, Made

_BRANCH = Kind((MOVES, RESULT, INT, BOOL, REGION, "ints"), "moves | result | int | boolean | region | ints",
               literals=(Bool, Int), consts=INT_FN.consts)


def _end_if(value: Any) -> bool:
    """An ``if`` that is an end rule (Ludii's end ``If``, a sub-condition of another)."""
    return isinstance(value, Ludeme) and value.name == "if" and value.kind == END_RULE


def _held_by_result(check: Any) -> Any:
    """An end rule other than ``if`` as a sub-condition: it holds when it gives a result."""
    def run(s, e):
        found = check(s, e)
        return found is not None, found
    return run


class If(Ludeme):
    """Choose by a condition. In ``end`` it gives a result; in ``play`` moves; in ``then`` an
    effect; with ints or booleans a value.

    Parameters:
        condition: the condition tested
        then_branch: what the rule gives when the condition holds (moves, an effect, a result, a
            value); in ``end``, Ludii's sub-conditions too (one end ``if`` or several, the first
            that holds deciding), or nothing (no result)
        else_branch: what it gives otherwise (nothing, or false, or 0, when left out); in ``end``
            after sub-conditions, the result when none of them holds
        then: with moves: consequences of each move of the branch taken

    Examples:
        (if (is Line 5) (result Mover Win))
        (if (is Empty (to)) (move Pass) (move Add (to (sites Empty))))
        (if (is Mover P1) (move Add (to (sites Empty))) (move Pass) (then (addScore Mover 1)))
        (if (is Mover P1) (directions {N NE NW}) (directions {S SE SW}))
        (if (is Full) {(if (is Line 3) (result Mover Win))} (result All Draw))
    """

    name = "if"

    def concepts_at(self, where):
        return () if self.kind == END_RULE else ("ConditionalStatement",)

    def end_rule(self):
        if self.kind != END_RULE:
            return None
        results = [b for b in (self.then_branch, self.else_branch) if hasattr(b, "outcome_of")]
        return self.condition, results

    def end_subrules(self) -> list:
        """The end rules under this one (Ludii's sub-conditions): each brings its own
        concepts, its end concepts from its own condition and result."""
        return self._inner_rules() if self.kind == END_RULE else []

    def _inner_rules(self) -> list:
        """The end rules checked when the condition holds (Ludii's (if C {(if ...) ...}))."""
        branch = self.then_branch
        if isinstance(branch, BoundArray):
            return list(branch.items)
        if _end_if(branch):
            return [branch]
        return []
    kind = MOVES
    condition: Any = Param(BOOL_FN)
    then_branch: Any = Param(Either((_BRANCH, DIRS, Kind((END_RULE,), "end rule"), ArrayOf(Either((Kind((END_RULE,), "end rule"), Instance("if"))),
                                                            single=False))),
                             range=ANY_INT, optional=True)
    else_branch: Any = Param(Either((_BRANCH, DIRS)), optional=True, range=ANY_INT)
    then: Any = Param(Kind(("then",), "then"), optional=True)

    def validate(self) -> None:
        branch = self.then_branch
        if branch is None or _end_if(branch) or isinstance(branch, BoundArray):
            self._validate_end()  # Ludii's end rule (if C [sub-conditions] [result])
            return
        if isinstance(branch, Const) and branch.name in INT_FN.consts:  # Ludii's Undefined, Off...: an int
            kind = INT
        elif isinstance(branch, Const):  # a direction: (if C N S)
            kind = DIRECTIONS
        elif isinstance(branch, BoundArray):  # end rules checked when the condition holds
            kind = RESULT
        else:
            kind = branch.kind if isinstance(branch, Ludeme) else (INT if isinstance(branch, Int) else BOOL)
        self.kind = END_RULE if kind == RESULT else kind  # type: ignore[misc]  # this instance's: its branches
        self.forced = None  # with directions: the branch the compiler is compiling (see static_directions)
        if kind == DIRECTIONS and self.else_branch is None:
            raise BindError("(if C DIRECTIONS DIRECTIONS) needs both directions", self.span)
        if self.then is not None and kind != MOVES:
            raise BindError("(then ...) follows moves, not values", self.then.span)

    def _validate_end(self) -> None:
        """Ludii's end ``If``: sub-conditions (one ``if`` or several) checked in order when the
        condition holds, and the result given when none of them gives one."""
        self.kind = END_RULE  # type: ignore[misc]  # this instance's
        self.forced = None
        subs = self._inner_rules()
        if any(not (isinstance(sub, Ludeme) and sub.kind == END_RULE) for sub in subs):
            raise BindError("the sub-conditions of an end rule are end rules, (if ...)", self.span)
        if self.else_branch is not None and not hasattr(self.else_branch, "outcome_of"):
            raise BindError("after its sub-conditions, an end rule (if ...) takes a result", self.else_branch.span)
        if self.then is not None:
            raise BindError("(then ...) follows moves, not end rules", self.then.span)

    def end_eval(self, c: Compiler):
        """``fn(s, e) -> (held, outcome)``: whether the condition held, and the result given
        (None: none). As Ludii's end ``If``: the first sub-condition that holds decides (its
        result, or none), else the default result."""
        cond = c.bool(self.condition)
        subs = [sub.end_eval(c) if _end_if(sub) else _held_by_result(sub.compile_end(c))
                for sub in self._inner_rules()]
        default = self._default_result()
        outcome = default.compile_outcome(c) if default is not None else None

        def run(s, e):
            if not cond(s, e):
                return False, None
            for sub in subs:
                held, found = sub(s, e)
                if held:
                    return True, found
            return True, (outcome(s, e) if outcome is not None else None)
        return run

    def _default_result(self) -> Any:
        """The result of an end rule when no sub-condition gives one."""
        if hasattr(self.then_branch, "outcome_of"):
            return self.then_branch
        return self.else_branch if hasattr(self.else_branch, "outcome_of") else None

    def static_directions(self, c: Compiler) -> tuple[str, ...]:
        """Directions chosen by the condition: the ludeme that reads them is compiled once per
        branch (the compiler catches :class:`DirectionsByCondition` and sets ``forced``: 0 for
        the first branch, 1 for the second)."""
        if self.forced is None:
            raise DirectionsByCondition(self)
        return c.directions(self.then_branch if self.forced == 0 else self.else_branch)

    def branches(self, c: Compiler):
        """(2, which): the branch that runs is 0 when the condition holds, else 1."""
        cond = c.bool(self.condition)
        return 2, lambda s, e: 0 if cond(s, e) else 1

    def _not_an_end_rule(self) -> None:
        if self.kind == END_RULE:
            raise BindError("this (if ...) is an end rule (sub-conditions, a result or none): it belongs in (end ...)",
                            self.span)

    def compile(self, c: Compiler):
        self._not_an_end_rule()
        cond = c.bool(self.condition)
        if self.kind == MOVES:
            yes = c.moves(self.then_branch)
            no = c.moves(self.else_branch) if self.else_branch is not None else None
            chosen = Choice(cond, yes, no)  # one branch at a time; draws follow the one that runs
            if self.then is None:
                return chosen
            return with_rules(chosen, c.rule(after=self.then.compile_effect(c)))
        if self.kind == "ints":  # (if C <ints> [<ints>]): one array or the other (none)
            yes_a = self.then_branch.compile(c)
            no_a = self.else_branch.compile(c) if self.else_branch is not None else const_fn(())
            return lambda s, e: yes_a(s, e) if cond(s, e) else no_a(s, e)
        if self.kind == REGION:  # (if C (sites A) (sites B)): one region or the other
            yes_r = c.region(self.then_branch)
            no_r = c.region(self.else_branch) if self.else_branch is not None else const_fn(())
            return lambda s, e: yes_r(s, e) if cond(s, e) else no_r(s, e)
        conv = c.int if self.kind == INT else c.bool
        yes_v = conv(self.then_branch)
        no_v = conv(self.else_branch) if self.else_branch is not None else const_fn(0 if self.kind == INT else False)
        return lambda s, e: yes_v(s, e) if cond(s, e) else no_v(s, e)

    def compile_effect(self, c: Compiler):
        self._not_an_end_rule()
        cond = c.bool(self.condition)
        yes = c.effect(self.then_branch)
        no = c.effect(self.else_branch) if self.else_branch is not None else None
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s, e):
            if cond(s, e):
                yes(s, e)
            elif no is not None:
                no(s, e)
            else:
                return
            if then is not None:  # after the branch that ran, as Ludii's then of its moves
                then(s, e)
        return run

    def compile_end(self, c: Compiler):
        if self.kind != END_RULE:
            raise BindError("an end rule is (if <condition> (result ...))", self.span)
        cond = c.bool(self.condition)
        inner = self._inner_rules()
        if inner or self.then_branch is None:
            run = self.end_eval(c)
            return lambda s, e: run(s, e)[1]
        outcome = self.then_branch.compile_outcome(c)
        return lambda s, e: outcome(s, e) if cond(s, e) else None

    def kernel_int(self, k: Emitter) -> str:
        cond = k.bool(self.condition)
        role = "int" if self.kind == "int" else "bool"
        if role == "int":
            yes = k.int(self.then_branch)
            no = k.int(self.else_branch) if self.else_branch is not None else "0"
        else:
            yes = k.bool(self.then_branch)
            no = k.bool(self.else_branch) if self.else_branch is not None else "False"
        if cond == "True":
            return yes
        if cond == "False":
            return no
        return f"({yes} if {cond} else {no})"

    def kernel_moves(self, k: Emitter) -> Made:
        from ..native.emit import Made, NoKernel
        if self.then is not None:
            raise NoKernel("(if ... (then ...))")
        cond = k.bool(self.condition)
        if cond == "True":
            return k.moves(self.then_branch)
        if cond == "False":
            return k.moves(self.else_branch) if self.else_branch is not None else Made(True, frozenset())
        with k.indented(f"if {cond}:"):
            parts = [k.moves(self.then_branch)]
            k.line("pass")
        if self.else_branch is not None:
            with k.indented("else:"):
                parts.append(k.moves(self.else_branch))
                k.line("pass")
        return Made.either(parts)

    def kernel_effect(self, k: Emitter) -> None:
        if self.then is not None:
            from ..native.emit import NoKernel
            raise NoKernel("(if ... (then ...))")
        cond = k.bool(self.condition)
        with k.indented(f"if {cond}:"):
            k.effect(self.then_branch)
            k.line("pass")
        if self.else_branch is not None:
            with k.indented("else:"):
                k.effect(self.else_branch)
                k.line("pass")

    def kernel_end(self, k: Emitter) -> None:
        from ..native.emit import kernel_of
        from ..native.kernels.structure import end_rule
        if k.notes.get("end_vars") is None:
            end_rule(self, k)
            return
        if self.then_branch is None or self._inner_rules():
            from ..native.emit import NoKernel
            raise NoKernel("(if C {(if ...) ...} [result])", "an end rule with sub-conditions")
        cond = k.bool(self.condition)
        if cond == "False":
            return
        with k.indented(f"if {cond}:"):
            kernel_of(self.then_branch, "outcome")(self.then_branch, k)

    def kernel_draw(self, k: Emitter) -> str:
        """A candidate of the branch that runs now (its condition worked out once); candidates
        of the two branches are told apart by the branch, so the space is the larger one's."""
        if self.then is not None:
            from ..native.emit import NoKernel
            raise NoKernel("(if ... (then ...))")
        cond = k.bool(self.condition)
        with k.indented(f"if {cond}:"):
            yes = k.draw(self.then_branch)
            k.line("return -1")
        if self.else_branch is None:
            k.line("return -2")  # no moves now: the full list gives the forced pass
            return yes
        no = k.draw(self.else_branch)
        k.line("return -1")
        return f"max({yes}, {no})"

    kernel_bool = kernel_int


# Ludii's Apply is moves too: (and {(apply (set Var "X" (to))) (remove (to))})
_BOOL_OR_MOVES = Either((BOOL_FN, Kind((MOVES, NEXT_PHASE, "apply"))))


class _Combine(Ludeme):
    """Conditions (or moves) combined into one.

    Parameters:
        items: the conditions, or the moves and effects
        then: with moves: consequences of each move, after its own
    """

    kind = BOOL
    items: Any = Param(ArrayOf(_BOOL_OR_MOVES), many=True)
    then: Any = Param(Kind(("then",), "then"), optional=True, doc="with moves: consequences of each move, after its own")

    def validate(self) -> None:
        items = self.items.items if isinstance(self.items, BoundArray) else [self.items]
        self.items = BoundArray(list(items), self.span)
        for item in items:
            if getattr(item, "kind", None) == "apply" and item.effect is None:
                raise BindError(f"({self.name} ...): an (apply if:...) among its moves needs an effect", item.span)
        # an empty (and {}) among them (an option's item left empty) is of its siblings' kind,
        # as Ludii's grammar reads it where moves are expected
        empty = [i for i in items if _kind_open(i)]
        kinds = {(MOVES if i.kind in (NEXT_PHASE, "apply") else i.kind) if isinstance(i, Ludeme) else BOOL
                 for i in items if not any(i is e for e in empty)}
        if len(kinds) > 1:
            raise BindError(f"({self.name} ...) mixes conditions and moves", self.span)
        self.kind = kinds.pop() if kinds else BOOL  # type: ignore[misc]  # this instance's: its items'
        for item in empty:
            _settle_kind(item, self.kind)
        if self.then is not None and self.kind != MOVES:
            raise BindError("(then ...) follows moves, not conditions", self.then.span)

    def compile_moves(self, c: Compiler, gen: MoveGen) -> MoveGen:
        """The combined moves, with this combination's then."""
        if self.then is None:
            return gen
        return with_rules(gen, c.rule(after=self.then.compile_effect(c)))


def _kind_open(item: Any) -> bool:
    """Whether ``item``'s kind is its place's: an empty ``(and {})`` or ``(or {})`` (an option's
    item left empty), or an ``(if C X [Y])`` whose branches are such (Cylinder Chess's
    ``(if <can castle> (or {<Castling>}))`` with "No castling"), as Ludii's grammar reads them
    where moves are expected."""
    if isinstance(item, _Combine):
        return isinstance(item.items, BoundArray) and not item.items.items
    if isinstance(item, If) and item.then is None and item.kind in (BOOL, MOVES):
        branches = [b for b in (item.then_branch, item.else_branch) if b is not None]
        return bool(branches) and all(_kind_open(b) for b in branches)
    return False


def _settle_kind(item: Any, kind: str) -> None:
    """Give a :func:`_kind_open` item (and its branches) the kind of its place."""
    item.kind = kind
    if isinstance(item, If):
        for branch in (item.then_branch, item.else_branch):
            if branch is not None:
                _settle_kind(branch, kind)


def _is_if_effect(item: Any) -> bool:
    return isinstance(item, If) and item.kind == MOVES and item.then is None


def _is_apply_if(item: Any) -> bool:
    """Whether ``item`` is Ludii's ``(apply if:C E)``: E's moves where C holds, none elsewhere
    (Apply.eval), C read when the moves are worked out."""
    return getattr(item, "kind", None) == "apply" and item.condition is not None and item.effect is not None


def _is_planned(item: Any) -> bool:
    """Whether ``item`` works out part of its effect before acting (an ``if``'s branch, the
    levels of a ``forEach Level``..., an ``and`` of such parts): then the parts of an ``and``
    are all worked out first."""
    if _is_effects(item):
        return any(_is_planned(i) for i in item.items.items)
    return _is_if_effect(item) or _is_apply_if(item) or (
        getattr(item, "plan_effect", None) is not None and item.kind == MOVES)


def _is_effects(item: Any) -> bool:
    """Whether ``item`` is an ``(and ...)`` (or ``(or ...)``) of moves: as a consequence, every
    part applied, each worked out first."""
    return isinstance(item, _Combine) and item.kind == MOVES


def _plan(c: Compiler, item: Any):
    """plan(state, env) -> the effect ``item`` will run (None: nothing), its ``if`` branches
    (nested ones too) chosen in the position given, and what a ludeme with ``plan_effect``
    (``forEach Level``) works out there."""
    planner = getattr(item, "plan_effect", None)
    if planner is not None and isinstance(item, Ludeme) and item.kind == MOVES:
        return planner(c)
    if _is_effects(item):
        return item._plan_parts(c)
    if _is_if_effect(item) or _is_apply_if(item):
        cond = c.bool(item.condition)
        yes = _plan(c, item.effect if _is_apply_if(item) else item.then_branch)
        no = _plan(c, item.else_branch) if getattr(item, "else_branch", None) is not None else None

        def plan(s, e):
            if cond(s, e):
                return yes(s, e)
            return no(s, e) if no is not None else None
        return plan
    if isinstance(item, Ludeme) and item.kind == MOVES and not hasattr(item, "compile_effect"):
        return _plan_moves(c, item)
    effect = c.effect(item)
    return lambda s, e: effect


def _plan_moves(c: Compiler, item: Ludeme, gen: Any = None):
    """Moves used as an effect (``(add (piece (who at:(site))) (to ...))``), planned: as Ludii
    evaluates them, their moves are generated in the position given (the piece, the sites read
    there), then acted in order where the plan runs (``Moves.eval`` before ``Move.apply``).
    ``gen``: their generator, when not the one :meth:`Compiler.moves_tested` makes."""
    from ..engine import turns
    gen = gen if gen is not None else c.moves_tested(item)

    def plan(s, e):
        found = list(gen.moves(s, e))
        if not found:
            return None

        def run(s2, e2):
            for m in found:
                turns.act(s2, m, as_last=False, outer=e2)
        return run
    return plan


class And(_Combine):
    """All conditions hold; or, with moves, all the effects one after the other.

    Examples:
        (and (is Empty (to)) (is In (to) (sites Centre)))
        (and (remove (last To)) (addScore Mover 1))
    """

    name = "and"

    def words(self, w):
        if self.kind != BOOL:
            return None
        parts = [w.of(item) for item in self.items.items if not (isinstance(item, Bool) and item.value)]
        return " and ".join(parts) or "true"

    def concepts_at(self, where):
        # Ludii's (and <moves>...) and (or <moves>...) both make the union of the moves
        if self.kind != BOOL:
            return ("Union",) if self.kind == MOVES else ()
        # a condition among others is no goal of reaching a region (Ludii drops Contains); all
        # of them testing pieces at sites is a board to fill
        items = self.items.items if isinstance(self.items, BoundArray) else [self.items]
        each = [where.concepts_of(item) for item in items]
        out = set().union(*each) - {"Contains"} | {"Conjunction"}
        if each and all("IsPieceAt" in found for found in each):
            out.add("Fill")
        return out

    def where_for(self, param, where):
        return None if self.kind == BOOL and param.name == "items" else where

    def compile(self, c: Compiler):
        if self.kind == MOVES:
            gens = [c.moves(i) for i in self.items.items]
            return self.compile_moves(c, FnGen(lambda s, e: concat(g.moves(s, e) for g in gens),
                                               reach=lambda s, e, to: concat(g.reaching(s, e, to) for g in gens),
                                               bound=lambda frm: bound_of(gens, frm)))
        fns = [c.bool(i) for i in self.items.items]
        if any(constant(f) is False for f in fns):
            return const_fn(False)
        fns = [f for f in fns if constant(f) is not True]  # always-true parts cost nothing
        if not fns:
            return const_fn(True)
        if len(fns) == 1:
            return fns[0]
        if len(fns) == 2:
            a, b = fns
            return lambda s, e: a(s, e) and b(s, e)
        if len(fns) == 3:
            a, b, d = fns
            return lambda s, e: a(s, e) and b(s, e) and d(s, e)

        def every(s, e):
            for f in fns:
                if not f(s, e):
                    return False
            return True
        return every

    def compile_effect(self, c: Compiler):
        if any(_is_planned(i) for i in self.items.items):
            return self._planned_effect(c)
        effects = [c.effect(i) for i in self.items.items]
        then = self.then.compile_effect(c) if self.then is not None else None
        if then is not None:  # as Ludii's And.eval, which adds them to every part's move
            effects = [and_then(effect, then) for effect in effects]

        def run(s, e):
            for effect in effects:
                effect(s, e)
        return run

    def _planned_effect(self, c: Compiler):
        """As Ludii, which works out the moves of every part before it applies any: the branch
        each ``if`` takes is chosen on the position before the first part acts."""
        plan = self._plan_parts(c)
        return lambda s, e: plan(s, e)(s, e)

    def _plan_parts(self, c: Compiler):
        """plan(state, env) -> the effect of every part worked out in that position (nested
        ``and``s, a sowing's ``sowEffect:`` too), each part followed by this one's then (Ludii's
        And.eval adds it to the move of every part: none after a part that makes no move)."""
        plans = [_plan(c, i) for i in self.items.items]
        then = self.then.compile_effect(c) if self.then is not None else None

        def plan(s, e):
            chosen = [plan(s, e) for plan in plans]

            def run(s, e):
                for effect in chosen:
                    if effect is not None:
                        effect(s, e)
                        if then is not None:
                            then(s, e)
            return run
        return plan

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.core import _items, _junction
        return _junction(_items(self.items), k, True)

    def kernel_moves(self, k: Emitter) -> Made:
        from ..native.kernels.structure import _or_moves
        return _or_moves(self, k)  # the moves of every part, as the reference's

    def kernel_effect(self, k: Emitter) -> None:
        from ..native.kernels.structure import _and_effect
        return _and_effect(self, k)

    def kernel_draw(self, k: Emitter) -> str:
        from ..native.kernels.structure import _union_draw
        return _union_draw(self, k)


class Or(_Combine):
    """One of the conditions holds; or, with moves, the union of the moves.

    Examples:
        (or (is Line 5) (>= (score Mover) 10))
        (or (move Add (to (sites Empty))) (move Pass))
    """

    name = "or"

    def words(self, w):
        return " or ".join(w.of(item) for item in self.items.items) if self.kind == BOOL else None

    def concepts_at(self, where):
        return ("Disjunction",) if self.kind == BOOL else ("Union",) if self.kind == MOVES else ()

    def compile(self, c: Compiler):
        if self.kind == MOVES:
            gens = [c.moves(i) for i in self.items.items]

            return self.compile_moves(c, Union(gens))
        fns = [c.bool(i) for i in self.items.items]
        if any(constant(f) is True for f in fns):
            return const_fn(True)
        fns = [f for f in fns if constant(f) is not False]
        if not fns:
            return const_fn(False)
        return lambda s, e: any(f(s, e) for f in fns)

    compile_effect = And.compile_effect
    _planned_effect = And._planned_effect
    _plan_parts = And._plan_parts

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.core import _items, _junction
        return _junction(_items(self.items), k, False)

    def kernel_moves(self, k: Emitter) -> Made:
        from ..native.kernels.structure import _or_moves
        return _or_moves(self, k)

    def kernel_effect(self, k: Emitter) -> None:
        from ..native.kernels.structure import _and_effect
        return _and_effect(self, k)

    def kernel_draw(self, k: Emitter) -> str:
        from ..native.kernels.structure import _union_draw
        return _union_draw(self, k)


class Not(Ludeme):
    """The condition does not hold.

    Parameters:
        condition: the condition negated

    Examples:
        (not (is Line 6))
    """

    name = "not"

    def words(self, w):
        return f"not ({w.of(self.condition)})"
    concepts = ("Negation",)
    kind = BOOL
    condition: Any = Param(BOOL_FN)

    def concepts_at(self, where):
        # Ludii turns the condition's concepts around: not a friend is empty or an enemy,
        # a move that cannot be made...
        out = set(where.concepts_of(self.condition)) | {"Negation"}
        if "CanMove" in out:
            out.discard("CanMove")
            out.add("CanNotMove")
        for site in ("IsFriend", "IsEnemy", "IsEmpty"):
            if site in out:
                out.discard(site)
                out.update({"IsFriend", "IsEnemy", "IsEmpty"} - {site})
                break
        return out

    def where_for(self, param, where):
        return None  # its condition's concepts are in concepts_at, turned around

    def compile(self, c: Compiler):
        f = c.bool(self.condition)
        if constant(f) is not None:
            return const_fn(not constant(f))
        return lambda s, e: not f(s, e)

    def owners_where(self, c: Compiler):
        """The owners of ``(to)`` for which the condition fails (see _PlayerTest.owners_where)."""
        from .conditions import owner_values
        inner = getattr(self.condition, "owners_where", None)
        held = inner(c) if inner is not None else None
        if held is None:
            return None
        everyone = owner_values(c.game)
        return lambda s, e: everyone - held(s, e)

    def kernel_bool(self, k: Emitter) -> str:
        expr = k.bool(self.condition)
        if expr in ("True", "False"):
            return "False" if expr == "True" else "True"
        return f"(not {expr})"


_VALUE = Either((INT_FN, PLAYER))


LUDII_ROLES = 16  # Ludii's RoleType names P1 to P16


def absent_player(value: Any, num_players: int) -> int | None:
    """For a role ``P5`` naming a player the game does not have (up to Ludii's P16): its
    number, which Ludii's ``RoleType.toIntFunction`` gives as a plain value (``(is Mover P5)``
    in a 4-player game is False); None for anything else."""
    name = getattr(value, "name", None) if isinstance(value, Const) else None
    if name and name[0] == "P" and name[1:].isdigit() and num_players < int(name[1:]) <= LUDII_ROLES:
        return int(name[1:])
    return None


SHARED_ROLES = ("Shared", "All", "Each")  # Ludii's Id of these roles: one after the players


def role_value(value: Any, num_players: int) -> int | None:
    """The number Ludii's ``RoleType.toIntFunction`` gives a role that names no player of the
    game: ``P5`` beyond the players its number (:func:`absent_player`), ``Shared``, ``All`` and
    ``Each`` one after the players (Ludii's ``Id``: the owner of a Shared piece); None for
    any other."""
    if isinstance(value, Const) and value.name in SHARED_ROLES:
        return num_players + 1
    return absent_player(value, num_players)


def value_fn(c: Compiler, value: Any):
    """An int expression, or a player role (Mover, P2...) standing for its number."""
    if isinstance(value, Const) and value.name not in ("Infinity", "Off", "End", "Undefined"):
        number = role_value(value, c.num_players)
        return const_fn(number) if number is not None else c.player(value)
    return c.int(value)


class _Compare(Ludeme):
    """Two values compared.

    Parameters:
        left: the first value
        right: the second value
    """

    kind = BOOL
    left: Any = Param(_VALUE, range=ANY_INT)
    right: Any = Param(_VALUE, range=ANY_INT)
    op: Any = None
    concept = ""  # Ludii's concept of the comparison (Equal, LesserThan...)
    phrase = ""  # the comparison in words ("at most")
    amount = ""  # the comparison of an amount ("fewer than")
    mirrored: ClassVar[type[_Compare] | None] = None  # the comparison with its sides swapped (< for >), set below

    def words(self, w):
        counted = getattr(self.left, "counted", None)  # (count Pieces Next) <= 1: P2 has at most 1 piece
        if counted is not None and w.number(self.right) is not None:
            owner, noun = counted(w)
            return f"{owner} {'has' if owner != 'everybody' else 'have'} {self.amount} {plural(w.number(self.right), noun)}"
        left, right, phrase = self.left, self.right, self.phrase
        mirrored = type(self).mirrored
        if w.number(left) is not None and w.number(right) is None and mirrored:
            left, right, phrase = right, left, mirrored.phrase  # (!= 0 X): X is not 0
        return f"{w.of(left)} is {phrase} {w.of(right)}"

    def concepts_at(self, where):
        out = [self.concept]
        for side, other in ((self.left, self.right), (self.right, self.left)):
            if isinstance(side, Ludeme) and side.name == "count Pieces" and \
                    getattr(getattr(side, "piece", None), "value", None) != "Bag":  # a count of pieces compared
                # ("Bag": Ludii's dominoes left to draw, no count of pieces in its concepts)
                role = getattr(side.role, "name", "")
                out.append("CountPiecesComparison")
                out.extend({"Mover": ("CountPiecesMoverComparison",), "Next": ("CountPiecesNextComparison",)}
                           .get(role, ()))
                if self.name == "=" and isinstance(other, Int) and other.value == 0:  # no piece left
                    out.append("NoPiece")
                    out.extend({"Mover": ("NoPieceMover",), "Next": ("NoPieceNext",)}.get(role, ()))
        if self.name == "=":
            out.extend(_equality_concepts(self.left, self.right) | _equality_concepts(self.right, self.left))
            if all(isinstance(side, Ludeme) and side.kind == REGION for side in (self.left, self.right)):
                out.append("Fill")  # two regions equal: one filled as the other (Ludii's)
        return out

    def compile(self, c: Compiler):
        if any(isinstance(side, Ludeme) and side.kind == "region" for side in (self.left, self.right)):
            # (= <region> <region>): the same sites, whatever their order (Ludii's region equality)
            ra, rb = c.region(self.left), c.region(self.right)
            op = self.op
            return lambda s, e: op(frozenset(ra(s, e)), frozenset(rb(s, e)))
        a, b = value_fn(c, self.left), value_fn(c, self.right)
        op = self.op
        return lambda s, e: op(a(s, e), b(s, e))

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.core import _regions_compared, _value
        if any(isinstance(side, Ludeme) and side.kind == "region" for side in (self.left, self.right)):
            return _regions_compared(self, k)
        symbol = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}[self.name]
        return f"({_value(k, self.left)} {symbol} {_value(k, self.right)})"


def _equality_concepts(a: Any, b: Any) -> set[str]:
    """What an equality tests, as Ludii reads it: a counter against a number checks progress,
    where a piece is against nowhere (Off) that it is gone, against a map's entry that it got
    there, what is on a site against a kind of piece that the piece is there."""
    name = a.name if isinstance(a, Ludeme) else ""
    other = b.name if isinstance(b, Ludeme) else ""
    if name == "counter" and isinstance(b, Int):
        return {"ProgressCheck"}
    if name == "where" and isinstance(b, Const) and b.name == "Off":
        return {"NoTargetPiece"}
    if name == "where" and other == "mapEntry":
        return {"Contains"}
    if name == "what" and other == "id":
        return {"IsPieceAt"}
    return set()


def _comparison(symbol: str, op, meaning: str, example: str, concept: str, sides: PType | None = None,
                amount: str = "") -> type[_Compare]:
    doc = f"True when the first value is {meaning} the second.\n\n    Examples:\n        {example}\n    "
    namespace: dict[str, Any] = {"name": symbol, "op": staticmethod(op), "__doc__": doc, "__module__": __name__,
                                 "concept": concept, "phrase": meaning, "amount": amount}
    if sides is not None:  # the sides take more than numbers (equality of regions)
        namespace["__doc__"] = doc.replace("True when", "True when (values or regions)")
        namespace["__annotations__"] = {"left": Any, "right": Any}
        namespace["left"], namespace["right"] = Param(sides, range=ANY_INT), Param(sides, range=ANY_INT)
    return type(f"Compare_{op.__name__}", (_Compare,), namespace)


# two regions are equal when they hold the same sites
_EQUAL = Either((INT_FN, PLAYER, Kind(("region",), "region")))
Eq = _comparison("=", operator.eq, "equal to", "(= (count Pieces Next) 0)", "Equal", _EQUAL, "exactly")
Ne = _comparison("!=", operator.ne, "different from", "(!= (who at:(to)) Mover)", "NotEqual", _EQUAL, "other than")
Lt = _comparison("<", operator.lt, "less than", "(< (count Pieces Next) 2)", "LesserThan", amount="fewer than")
Le = _comparison("<=", operator.le, "at most", "(<= (count Pieces Next) 1)", "LesserThanOrEqual", amount="at most")
Gt = _comparison(">", operator.gt, "greater than", "(> (score Mover) 9)", "GreaterThan", amount="more than")
Ge = _comparison(">=", operator.ge, "at least", "(>= (score Mover) 10)", "GreaterThanOrEqual", amount="at least")
for _a, _b in ((Eq, Eq), (Ne, Ne), (Lt, Gt), (Le, Ge), (Gt, Lt), (Ge, Le)):
    _a.mirrored = _b
