"""Ludii's class names of the ludemes it names by an alias.

Ludii's compiler looks a call up by its class name first (``(pow 2 3)``: the class ``Pow``),
then by alias (``(^ 2 3)``), so a description may name an aliased ludeme either way
(``grammar.Grammar.symbolListFromClassName``; Omega writes ``(pow (count Players) 2)``). This
table maps the class name, as written (its first letter lower case), to the alias the registry
knows the ludeme by. ``add`` is left out: our ``add`` is Ludii's Add move, which Ludii finds
by that name too (it picks the class by the type expected where the call stands).
"""

from __future__ import annotations

CLASS_NAMES: dict[str, str] = {
    # functions/ints/math, functions/floats/math
    "sub": "-", "mul": "*", "div": "/", "mod": "%", "pow": "^",
    # functions/booleans/math
    "equals": "=", "notEqual": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">=",
}

__all__ = ["CLASS_NAMES"]
