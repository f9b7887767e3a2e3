"""Agents that choose moves: ``agent.choose(state) -> Move``.

Name them with a spec (:mod:`.spec`): ``random``, ``mcts:iterations=2000,c=1.4``,
``mcts:seconds=0.5``, ``flat:iterations=500``, ``alphabeta:depth=3``.
"""

from .alphabeta import AlphaBetaAgent
from .flat import FlatMCAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent
from .spec import (
    Agent,
    AgentSpec,
    AgentSpecError,
    known_agents,
    make_agent,
    parse_agent_spec,
    register_agent,
    split_agent_list,
)

register_agent("random", RandomAgent, help="uniformly random legal moves")
register_agent("mcts", MCTSAgent, params={"iterations", "seconds", "c", "playout"},
               help="Monte Carlo tree search (UCT) with random playouts; iterations=1000 (or seconds=S, "
                    "or both), c=1.4, playout=400")
register_agent("flat", FlatMCAgent, params={"iterations", "seconds", "playout"},
               help="flat Monte Carlo: playouts shared among the legal moves; iterations=1000 (or "
                    "seconds=S), playout=400")
register_agent("alphabeta", AlphaBetaAgent, params={"depth", "seconds"},
               help="alpha-beta on score, material and mobility; depth=2 plies (or seconds=S: "
                    "iterative deepening)")

__all__ = [
    "Agent", "AgentSpec", "AgentSpecError", "AlphaBetaAgent", "FlatMCAgent", "MCTSAgent", "RandomAgent",
    "known_agents", "make_agent", "parse_agent_spec", "register_agent", "split_agent_list",
]
