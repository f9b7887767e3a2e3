"""Kernels of the variables rules keep besides the pieces (ludemes/variables.py): a value per
player, a state per piece, whether the last move was a pass; and (ludemes/counters.py) the value
a move leaves pending for the next one."""

from __future__ import annotations

from ...ludemes import counters, variables
from .. import abi
from ..emit import Emitter, Everywhere, Region, kernel


def _in_range(k: Emitter, value: str) -> None:
    """A value beyond 32 bits marks the state (the caller raises, as the reference does)."""
    k.line(f"if {value} < -2147483648 or {value} > 2147483647:")
    k.line(f"    {k.st}[{abi.ERROR}] = {abi.ERR_RANGE}")


@kernel(variables.ValuePlayer, "int")
def _value_player(self: variables.ValuePlayer, k: Emitter) -> str:
    return f"{k.st}[PLAYER_VALUES + {k.player(self.player)}]"


@kernel(variables.SetValue, "effect")
def _set_value(self: variables.SetValue, k: Emitter) -> None:
    p, v = k.temp("p"), k.temp("v")
    k.line(f"{p} = {k.player(self.player)}")
    k.line(f"{v} = {k.int(self.value)}")
    _in_range(k, v)
    k.line(f"{k.st}[PLAYER_VALUES + {p}] = {v}")


@kernel(variables.StateAt, "int")
def _state_at(self: variables.StateAt, k: Emitter) -> str:
    site = k.site(self.at)
    if getattr(self.at, "context_site", False) or site.isdigit():
        return f"{k.st}[PIECE_STATES + {site}]"
    return f"({k.st}[PIECE_STATES + {site}] if {site} >= 0 else 0)"


@kernel(variables.SetState, "effect")
def _set_state(self: variables.SetState, k: Emitter) -> None:
    x, v = k.temp("x"), k.temp("v")
    k.line(f"{x} = {k.site(self.at)}")
    with k.indented(f"if {x} >= 0:"):
        k.line(f"{v} = {k.int(self.value)}")
        _in_range(k, v)
        k.line(f"{k.st}[PIECE_STATES + {x}] = {v}")


@kernel(variables.WasPass, "bool")
def _was_pass(self: variables.WasPass, k: Emitter) -> str:
    return f"({k.var(abi.PASSES)} > 0)"


@kernel(variables.SitesState, "region")
def _sites_state(self: variables.SitesState, k: Emitter) -> Region:
    # the site type (self.type) was checked against the board when the game was built
    value = k.temp("v")
    k.line(f"{value} = {k.int(self.value)}")
    st = k.st
    return Everywhere(lambda x: f"{st}[PIECE_STATES + {x}] == {value}")


# --- pending values: [value, the ply of the move that set it] (counters.SetPending) ----------------------
@kernel(counters.SetPending, "effect")
def _set_pending(self: counters.SetPending, k: Emitter) -> None:
    v = k.temp("v")
    k.line(f"{v} = {k.int(self.value) if self.value is not None else '1'}")
    k.line(f"{k.st}[PENDING] = {v}")
    k.line(f"{k.st}[PENDING + 1] = {k.var(abi.PLY)}")  # this move's ply: pending until the next


def _pending(k: Emitter) -> str:
    return f"({k.st}[PENDING + 1] == {k.var(abi.PLY)} and {k.var(abi.PLY)} > 0)"


@kernel(counters.IsPending, "bool")
def _is_pending(self: counters.IsPending, k: Emitter) -> str:
    return _pending(k)


@kernel(counters.ValuePending, "int")
def _value_pending(self: counters.ValuePending, k: Emitter) -> str:
    return f"({k.st}[PENDING] if {_pending(k)} else -1)"
