"""Metadata about options: which items imply others (see also ``incompatible``)."""

from __future__ import annotations

from typing import Any

from .base import STR_LIT, ArrayOf, Ludeme, Param


class Implies(Ludeme):
    """Metadata: choosing (by ``--option`` or a ruleset) any item of the first set chooses the
    given item of another option too, and the game's options say so. Choosing another item of
    that option as well is a load error naming both. Applied when options are chosen, before
    ``incompatible`` is checked (an implied item counts as chosen there); default items imply
    nothing.

    Parameters:
        first: the option items (``"Option/Item"``) that choose another
        then: the item they choose

    Examples:
        (implies {"Team Mode/Enabled"} "Players/4")
    """

    name = "implies"
    kind = "metadata"
    family = "structure"
    first: Any = Param(ArrayOf(STR_LIT))
    then: Any = Param(STR_LIT)
