"""The concept catalogue (``catalogue.yaml``): every concept by name, with Ludii's id and
taxonomy, and ours marked as ours.

    >>> from interpreter.concept.catalogue import catalogue
    >>> line_win = catalogue()["LineWin"]
    >>> line_win.id, line_win.taxonomy, line_win.parent
    (393, '3.4.1.1.2', 'LineEnd')
    >>> [c.name for c in catalogue().ancestors("LineWin")][:2]
    ['LineEnd', 'SpaceEnd']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

CATALOGUE_FILE = Path(__file__).with_name("catalogue.yaml")

BOOLEAN, INTEGER, DOUBLE = "boolean", "integer", "double"
COMPILATION, PLAYOUT = "compilation", "playout"


@dataclass(frozen=True)
class Concept:
    """One concept: Ludii's name, id and taxonomy number (``3.4.1.1.2``), its category
    (Properties, Container, Play, End, Behaviour...), data type (boolean, integer or double),
    how it is computed (from the rules: ``compilation``; from games: ``playout``), and its parent."""

    name: str
    id: int
    taxonomy: str
    category: str
    type: str
    computation: str
    leaf: bool
    parent: str | None
    ours: bool = False
    description: str = ""

    @property
    def key(self) -> tuple[int, ...]:
        """A sort key: the taxonomy number as a tuple (``3.4.10`` after ``3.4.9``)."""
        return tuple(int(part) for part in self.taxonomy.split("."))

    @property
    def boolean(self) -> bool:
        """True for yes/no concepts (the others are numbers)."""
        return self.type == BOOLEAN

    @property
    def top(self) -> str:
        """The first taxonomy number: 1 properties, 2 equipment, 3 rules, 4 behaviour, 5 math..."""
        return self.taxonomy.split(".")[0]


class Catalogue:
    """All the concepts, by name, in taxonomy order."""

    def __init__(self, concepts: list[Concept]):
        self.concepts = sorted(concepts, key=lambda c: c.key)
        self.by_name = {c.name: c for c in self.concepts}
        self.by_id = {c.id: c for c in self.concepts}
        if len(self.by_name) != len(concepts) or len(self.by_id) != len(concepts):
            raise ValueError("concept names and ids must be unique in the catalogue")
        for c in self.concepts:
            if c.parent is not None and c.parent not in self.by_name:
                raise ValueError(f"concept {c.name}: unknown parent {c.parent}")

    def __getitem__(self, name: str) -> Concept:
        return self.by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def __iter__(self) -> Iterator[Concept]:
        return iter(self.concepts)

    def __len__(self) -> int:
        return len(self.concepts)

    def ancestors(self, name: str) -> list[Concept]:
        """The parent, its parent ... up to a top concept."""
        out = []
        parent = self.by_name[name].parent
        while parent is not None:
            concept = self.by_name[parent]
            out.append(concept)
            parent = concept.parent
        return out

    def with_parents(self, names) -> set[str]:
        """``names`` and every boolean concept above them (as Ludii: a concept implies its
        parents; numeric parents such as NumPlayers are skipped, their parents kept). A concept
        of our own implies only our own parents: Ludii's concepts stay as Ludii computes them."""
        out = set(names)
        for name in list(out):
            ours = name in self.by_name and self.by_name[name].ours
            for concept in self.ancestors(name):
                if ours and not concept.ours:
                    break
                if concept.boolean:
                    out.add(concept.name)
        return out

    def group(self, name: str) -> str:
        """The taxonomy group a concept is shown under: its second-level ancestor's name
        (``Container``, ``Play``, ``End``, ``Duration``...), or its own top level."""
        chain = [self.by_name[name]] + self.ancestors(name)
        return chain[-2].name if len(chain) >= 2 else chain[-1].name


def _concept(entry: dict) -> Concept:
    return Concept(
        name=str(entry["name"]), id=int(entry["id"]), taxonomy=str(entry["taxonomy"]),
        category=str(entry["category"]), type=str(entry["type"]), computation=str(entry["computation"]),
        leaf=bool(entry["leaf"]), parent=entry.get("parent") or None, ours=bool(entry.get("ours", False)),
        description=str(entry.get("description", "")),
    )


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The catalogue, read once from ``catalogue.yaml``."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's when there, ten times faster
    with CATALOGUE_FILE.open(encoding="utf-8") as f:
        data = yaml.load(f, Loader=loader)  # a safe loader either way
    return Catalogue([_concept(entry) for entry in data["concepts"]])


__all__ = ["Concept", "Catalogue", "catalogue", "CATALOGUE_FILE", "BOOLEAN", "INTEGER", "DOUBLE",
           "COMPILATION", "PLAYOUT"]
