"""Agent specs: the one syntax every command uses to name an agent.

``name`` or ``name:key=value,key=value``, e.g. ``random``, ``human``, ``mcts:iterations=2000``.
A list of specs (``--agents random,mcts:iterations=200,c=1.4``) is split on the commas that do
not belong to a spec's parameters: a piece with ``=`` and no ``:`` continues the spec before it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..engine.move import Move
    from ..engine.state import State

_NAME = re.compile(r"^[A-Za-z][\w-]*$")
_KEY = re.compile(r"^[A-Za-z_]\w*$")


class Agent(Protocol):
    """What every agent is: it chooses a legal move of the player to move."""

    def choose(self, state: State) -> Move: ...


class AgentSpecError(ValueError):
    """A malformed agent spec or an unknown agent (a usage error: exit 2 at the CLI)."""


@dataclass(frozen=True)
class AgentSpec:
    name: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params.items())


def _value(text: str) -> Any:
    """Parameter values: int, then float, then true/false, else the text."""
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_agent_spec(text: str) -> AgentSpec:
    """``"mcts:iterations=2000,c=1.4"`` → ``AgentSpec("mcts", {"iterations": 2000, "c": 1.4})``."""
    raw = text.strip()
    name, sep, rest = raw.partition(":")
    name = name.strip().lower()
    if not _NAME.match(name):
        raise AgentSpecError(f"bad agent spec {text!r}: write name or name:key=value,key=value")
    params: dict[str, Any] = {}
    if sep:
        for piece in rest.split(","):
            key, eq, value = piece.partition("=")
            key, value = key.strip(), value.strip()
            if not eq or not _KEY.match(key) or not value:
                raise AgentSpecError(f"bad parameter {piece.strip()!r} in agent spec {text!r}: "
                                     "write key=value")
            if key in params:
                raise AgentSpecError(f"parameter {key!r} given twice in agent spec {text!r}")
            params[key] = _value(value)
    return AgentSpec(name, params)


def split_agent_list(text: str) -> list[str]:
    """``"random,mcts:iterations=2,c=1.4"`` → ``["random", "mcts:iterations=2,c=1.4"]``."""
    specs: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if specs and "=" in piece and ":" not in piece:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


# name -> (factory(seed, **params), allowed parameter names, one-line help)
_FACTORIES: dict[str, tuple[Callable[..., Any], frozenset[str], str]] = {}


def register_agent(name: str, factory: Callable[..., Any], params: set[str] | frozenset[str] = frozenset(),
                   help: str = "") -> None:
    _FACTORIES[name] = (factory, frozenset(params), help)


def known_agents() -> dict[str, str]:
    """Agent names with a line of help (``human`` is handled by the commands that prompt)."""
    return {name: entry[2] for name, entry in sorted(_FACTORIES.items())}


def make_agent(spec: AgentSpec | str, seed: int | None = None) -> Agent:
    """An agent object with ``choose(state) -> Move`` for ``spec``; ``seed`` feeds its randomness
    unless the spec sets ``seed=`` itself."""
    if isinstance(spec, str):
        spec = parse_agent_spec(spec)
    entry = _FACTORIES.get(spec.name)
    if entry is None:
        names = ", ".join(sorted(_FACTORIES))
        raise AgentSpecError(f"unknown agent {spec.name!r} (agents: {names})")
    factory, allowed, _ = entry
    params = dict(spec.params)
    unknown = sorted(set(params) - allowed - {"seed"})
    if unknown:
        accepted = ", ".join(sorted(allowed | {"seed"}))
        raise AgentSpecError(f"agent {spec.name!r} has no parameter {unknown[0]!r} (parameters: {accepted})")
    if "seed" in params:
        seed = params.pop("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise AgentSpecError(f"agent {spec.name!r}: seed must be an integer, not {seed!r}")
    try:
        agent: Agent = factory(seed, **params)
    except (TypeError, ValueError) as err:  # a parameter of the wrong kind or out of range
        raise AgentSpecError(f"agent {spec.name!r}: {err}") from None
    return agent
