"""Surveys of game libraries: how far each description gets, and a table of its concepts and
playout metrics, played locally or on a Dask cluster.

- :mod:`.stages`: how far a file gets (parse, expand, load, a playout) and why it stops; backs
  ``ludeme check --report``;
- :mod:`.plan`: what a survey does: the descriptions, their option sets, seeded chunks;
- :mod:`.tasks`: the work of one chunk (load a game and take its concepts, or play a block of
  playouts), as a worker does it;
- :mod:`.sandbox`: a worker process with a time and a memory bound per chunk;
- :mod:`.runner`: chunks on local processes or a Dask cluster, retries, a journal to resume;
- :mod:`.rows`: a row from its chunks' results; :mod:`.table`: the columns, Parquet and CSV;
- :mod:`.cluster`: connecting to a Dask scheduler; ``match`` and ``compare`` on a cluster.
"""

from .stages import (
    PLAYOUT_SECONDS,
    STAGES,
    FileResult,
    Survey,
    description_files,
    first_unknown_ludeme,
    format_survey,
    load_stage,
    read_text,
    survey,
    survey_file,
)

__all__ = ["PLAYOUT_SECONDS", "STAGES", "FileResult", "Survey", "description_files", "first_unknown_ludeme",
           "format_survey", "load_stage", "read_text", "survey", "survey_file"]
