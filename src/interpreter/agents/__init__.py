"""Agents that choose moves: ``agent.choose(state) -> Move``.

Name them with a spec (:mod:`.spec`): ``random``, later ``mcts:iterations=2000``.
"""

from .random_agent import RandomAgent
from .spec import (
    AgentSpec, AgentSpecError, known_agents, make_agent, parse_agent_spec, register_agent,
    split_agent_list,
)

register_agent("random", RandomAgent, help="uniformly random legal moves")

__all__ = [
    "AgentSpec", "AgentSpecError", "RandomAgent", "known_agents", "make_agent",
    "parse_agent_spec", "register_agent", "split_agent_list",
]
