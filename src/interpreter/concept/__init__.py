"""Concepts: what a game's rules use and how it plays, and comparisons of games by them.

- :mod:`.catalogue`: the concepts (``catalogue.yaml``: Ludii's, with their ids and taxonomy,
  and ours, marked as ours);
- :mod:`.detect`: a game's compilation concepts (the ludemes declare theirs where they stand,
  :mod:`interpreter.ludemes.concepts`; the game adds its own facts, parents and numbers);
- :mod:`.metrics`: playout metrics over N seeded games, in parallel processes if asked;
- :mod:`.comparison`: :func:`concepts` of one game and :func:`compare` of several, as plain data;
- :mod:`.report`: the table, CSV, JSON and YAML forms; :mod:`.plot`: the picture (matplotlib).

The package is ``concept`` (as Ludii's ``other.concept``) so that ``interpreter.concepts`` can be
the function.
"""

from .catalogue import Catalogue, Concept
from .comparison import Comparison, GameConcepts, Row, compare, concepts
from .metrics import Metric

__all__ = ["Catalogue", "Concept", "Comparison", "GameConcepts", "Row", "compare", "concepts",
           "Metric"]
