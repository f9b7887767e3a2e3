"""Ludii's vocabulary as Ludii defines it, and how much of it this interpreter covers.

``vocabulary.yaml`` (made by ``scripts/ludii_vocabulary.py`` from Ludii's Java classes) lists,
family by family, every form a Ludii description may call (``move Add``, ``sites Empty``,
``is Line``, ``add``, ``hex`` ...) with each of its signatures, and Ludii's enumerations.
:mod:`interpreter.ludii.coverage` compares it with this interpreter's registry.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

import yaml


@lru_cache(maxsize=1)
def vocabulary() -> dict[str, Any]:
    """The parsed ``vocabulary.yaml``: ``{"ludii": ..., "families": {family: {"sources": [...],
    "forms": {form: [{"params": [...]}, ...]}}}, "enums": {name: [values]}}``."""
    text = resources.files(__package__).joinpath("vocabulary.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


@lru_cache(maxsize=1)
def ludii_forms() -> frozenset[str]:
    """Every form name of Ludii's vocabulary, whatever its family."""
    return frozenset(form for family in vocabulary()["families"].values() for form in family["forms"])


def is_ludii_form(name: str) -> bool:
    """Whether ``name`` (``"forEach Die"``, ``"hex"``) is a form of Ludii's vocabulary."""
    return name in ludii_forms()


def ludii_form_of(head: str, constant: str | None = None) -> str | None:
    """The Ludii form a call ``(head constant ...)`` names (``constant``: its first positional
    argument when that is a bare word): ``head constant`` when Ludii has that form, else ``head``
    when Ludii has it, else None."""
    if constant is not None and is_ludii_form(f"{head} {constant}"):
        return f"{head} {constant}"
    return head if is_ludii_form(head) else None


__all__ = ["vocabulary", "ludii_forms", "is_ludii_form", "ludii_form_of"]
