"""Agents that choose moves: ``agent.choose(state) -> Move``.

Name them with a spec (:mod:`.spec`): ``random``, ``mcts:iterations=2000,c=1.4``.
"""

from .mcts import MCTSAgent
from .random_agent import RandomAgent
from .spec import (
    AgentSpec, AgentSpecError, known_agents, make_agent, parse_agent_spec, register_agent,
    split_agent_list,
)

register_agent("random", RandomAgent, help="uniformly random legal moves")
register_agent("mcts", MCTSAgent, params={"iterations", "c", "playout"},
               help="Monte Carlo tree search (UCT) with random playouts; iterations=1000, c=1.4, playout=400")

__all__ = [
    "AgentSpec", "AgentSpecError", "MCTSAgent", "RandomAgent", "known_agents", "make_agent",
    "parse_agent_spec", "register_agent", "split_agent_list",
]
