"""``python -m interpreter``: the ``ludeme`` command."""

from .cli import main

raise SystemExit(main())
