"""``ludeme survey`` on local worker processes: one table whatever the number of workers, the
concepts' own figures, workers killed and retried, bounds, a journal to resume, ``compare --from``.
(The same on a real Dask cluster: ``test_survey_cluster.py``, heavy.)"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.concept.comparison import concepts
from interpreter.resources import descriptions_dir
from interpreter.survey.plan import OptionSet, Target, option_sets, play_key, targets
from interpreter.survey.runner import Journal, LocalPool, Settings, SurveyRun
from interpreter.survey.sandbox import Bounds
from interpreter.survey.table import columns, read_table, without_timing, write_table

NOUGHTS = '''(game "Noughts"
    (players 2)
    (equipment {(board (square <Board:size>)) (piece "Disc" Each)})
    (rules (play (move Add (to (sites Empty))))
           (end {(if (is Line 3) (result Mover Win)) (if (is Full) (result All Draw))}))
)
(option "Board" <Board> args:{<size>} {(item "3x3" <3> "small") (item "4x4" <4> "larger")*})
(option "Colour" <Colour> args:{<c>} {(item "Plain" <1> "") (item "Striped" <2> "")})
(rulesets {(ruleset "Ruleset/Small (Suggested)" {"Board/3x3"})* (ruleset "Ruleset/Large" {"Board/4x4"})})
'''

BOUNDS = Bounds(seconds=300, memory_mb=4096)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "a-tic-tac-toe.lud").write_text((descriptions_dir() / "tic-tac-toe.lud").read_text())
    (lib / "b-noughts.lud").write_text(NOUGHTS)
    (lib / "c-broken.lud").write_text('(game "B"\n  (players 2)\n')
    (lib / "d-unknown.lud").write_text(NOUGHTS.replace("(square <Board:size>)", "(wheelBoard <Board:size>)"))
    return lib


def survey_rows(paths, jobs: int = 1, started=None, bounds: Bounds = BOUNDS, **settings):
    pool = LocalPool(jobs, bounds, started)
    try:
        run = SurveyRun(targets([str(p) for p in paths]), Settings(**settings), pool)
        return run.run(), run
    finally:
        pool.close()


def test_the_table_does_not_depend_on_the_number_of_workers(folder, tmp_path):
    settings = dict(playouts=5, chunk=2, seed=4, option_sets="all")
    one, run1 = survey_rows([folder], jobs=1, **settings)
    two, run2 = survey_rows([folder], jobs=2, **settings)
    assert without_timing(one) == without_timing(two)
    assert [(r["game"].rsplit("/", 1)[-1], r["options"], r["ruleset"]) for r in one] == [
        ("a-tic-tac-toe.lud", "", ""),
        # the default is each option's default item (4x4), as Ludii's loader: a starred ruleset
        # applies only when named, so it is a set of its own
        ("b-noughts.lud", "", ""),
        ("b-noughts.lud", "", "Ruleset/Small (Suggested)"),
        ("b-noughts.lud", "", "Ruleset/Large"),
        ("b-noughts.lud", "Board/3x3", ""),
        ("b-noughts.lud", "Colour/Striped", ""),
        ("c-broken.lud", "", ""),
        ("d-unknown.lud", "", ""), ("d-unknown.lud", "", "Ruleset/Small (Suggested)"),
        ("d-unknown.lud", "", "Ruleset/Large"), ("d-unknown.lud", "Board/3x3", ""),
        ("d-unknown.lud", "Colour/Striped", ""),
    ]
    stages = [r["stage"] for r in one]
    assert stages == ["playout"] * 6 + [""] + ["expand"] * 5
    assert one[6]["reason"] == "'(' is never closed" and one[7]["reason"] == "unknown ludeme 'wheelBoard'"
    # the default item, the rulesets and the items chosen
    assert [r["NumRows"] for r in one[1:6]] == [4, 3, 4, 3, 4]
    assert all(r["playouts"] == 5 and r["engine_tier"] == "reference" and r["seed"] == 4 for r in one[:6])
    assert run1.state.chunks == run2.state.chunks == 12 + 6 * 3  # a load per row, 3 blocks per loaded row
    # the CSV without its timing columns is the same, byte for byte; Parquet reads back the same
    write_table(one, tmp_path / "one.csv", timing=False)
    write_table(two, tmp_path / "two.csv", timing=False)
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()
    header = (tmp_path / "one.csv").read_text().splitlines()[0].split(",")
    assert header[:12] == ["game", "options", "ruleset", "name", "fingerprint", "stage", "reason", "error",
                           "engine_tier", "seed", "agents", "playouts"]
    timing_columns = [column for column in header if column.endswith("_seconds")]
    assert not timing_columns and "LineWin" in header and "DurationMoves spread" in header
    write_table(two, tmp_path / "two.parquet")
    assert without_timing(read_table(tmp_path / "two.parquet")) == without_timing(read_table(tmp_path / "one.csv"))
    load_times = [r["load_seconds"] for r in read_table(tmp_path / "two.parquet")]
    assert all(t > 0 for t in load_times)  # recorded, whatever their size


def test_a_row_holds_the_figures_of_ludeme_concepts():
    rows, _ = survey_rows(["tic-tac-toe"], playouts=7, chunk=3, seed=11, agents=("random",))
    row = rows[0]
    c = concepts("tic-tac-toe", playouts=7, seed=11)
    for name, metric in c.metrics.items():
        assert row[name] == metric.mean, name
        if metric.spread is not None:
            assert row[name + " spread"] == metric.spread, name
    for name, value in c.numbers.items():
        assert row[name] == value, name
    booleans = {col.name for col in columns(False) if col.type == "bool"}
    assert {n for n in booleans if row[n]} == set(c.boolean)
    assert row["name"] == "Tic-Tac-Toe" and len(row["fingerprint"]) == 16


def test_a_worker_killed_mid_chunk_is_retried_and_nothing_is_counted_twice(tmp_path):
    reference, _ = survey_rows(["tic-tac-toe", "alak"], jobs=2, playouts=6, chunk=3)
    alak = Target("alak", "", "", "")
    killed = []

    def kill_once(key: str, pid: int) -> None:
        if not killed and key.startswith('["play", "alak"'):
            killed.append(key)
            os.kill(pid, signal.SIGKILL)

    journal = Journal(tmp_path / "s.journal")
    settings = Settings(playouts=6, chunk=3)
    journal.open(settings, resume=False)
    pool = LocalPool(2, BOUNDS, kill_once)
    try:
        run = SurveyRun(targets(["tic-tac-toe", "alak"]), settings, pool, journal)
        rows = run.run()
    finally:
        pool.close()
        journal.close()
    assert len(killed) == 1 and run.state.retried == 1 and run.state.failed == 0
    assert without_timing(rows) == without_timing(reference)
    keys = [json.loads(line)["key"] for line in journal.path.read_text().splitlines()[1:]]
    assert len(keys) == len(set(keys)) == 2 + 2 * 2  # each chunk once: two loads, two blocks per game
    assert alak.label in json.loads(killed[0])


def test_a_chunk_whose_worker_always_dies_is_reported_after_two_retries():
    doomed = None
    starts = []

    def kill_always(key: str, pid: int) -> None:
        nonlocal doomed
        if key.startswith('["play", "alak"') and doomed in (None, key):
            doomed = key
            starts.append(key)
            os.kill(pid, signal.SIGKILL)

    rows, run = survey_rows(["alak", "tic-tac-toe"], playouts=4, chunk=2, started=kill_always)
    assert len(starts) == 3  # the first try and two more
    assert run.state.failed == 1 and run.state.retried == 2
    alak, ttt = rows
    assert alak["stage"] == "load" and alak["playouts"] == 0 and alak["DurationMoves"] is None
    assert alak["reason"].startswith("playouts 0-1: its worker died 3 times (the last: its worker process "
                                     "killed by SIGKILL")
    assert alak["LineWin"] is False and alak["NumPlayableSites"] == 11  # its concepts are still there
    assert ttt["stage"] == "playout" and ttt["playouts"] == 4  # the survey went on


def test_time_and_memory_bounds_stop_a_chunk_and_say_so():
    rows, run = survey_rows(["loophole"], playouts=20, chunk=20, bounds=Bounds(seconds=0.05, memory_mb=4096))
    row = rows[0]  # the load, or else the playouts, stop by the bound (not retried)
    assert row["reason"] in ("loading: longer than 0.05 s", "playouts 0-19: longer than 0.05 s")
    assert row["stage"] == ("" if row["reason"].startswith("loading") else "load") and row["playouts"] == 0
    assert run.state.retried == 0 and run.state.failed == 1
    rows, run = survey_rows(["loophole"], playouts=2, bounds=Bounds(seconds=300, memory_mb=24))
    assert rows[0]["stage"] == "" and rows[0]["reason"] == "loading: more memory than 24 MB"
    assert run.state.retried == 0


class _Interrupt(Exception):
    pass


def test_an_interrupted_survey_resumes_with_the_chunks_it_lacks(folder, tmp_path):
    settings = Settings(playouts=4, chunk=2, option_sets="all")
    reference, whole = survey_rows([folder], **vars(settings))
    journal = Journal(tmp_path / "s.journal")
    journal.open(settings, resume=False)

    def stop_after_six(state) -> None:
        if state.chunks_done >= 6:
            raise _Interrupt()
    pool = LocalPool(1, BOUNDS)
    try:
        with pytest.raises(_Interrupt):
            SurveyRun(targets([str(folder)]), settings, pool, journal, progress=stop_after_six).run()
    finally:
        pool.close()
        journal.close()
    kept = Journal(journal.path).open(settings, resume=True)
    assert len(kept) >= 5  # the chunks finished before the interruption (a load listed nothing)
    submitted = []

    class Counting(LocalPool):
        def submit(self, request, done, attempt):
            submitted.append(request.key)
            super().submit(request, done, attempt)
    pool = Counting(2, BOUNDS)
    try:
        rows = SurveyRun(targets([str(folder)]), settings, pool, finished=kept).run()
    finally:
        pool.close()
    assert without_timing(rows) == without_timing(reference)
    assert len(submitted) == whole.state.chunks - len(kept) and not set(submitted) & set(kept)


def test_a_journal_of_other_settings_is_refused(tmp_path):
    journal = Journal(tmp_path / "s.journal")
    journal.open(Settings(playouts=4), resume=False)
    journal.append({"key": "k", "status": "ok", "data": {}, "seconds": 0.1})
    journal.close()
    with journal.path.open("a") as f:
        f.write('{"key": "cut sh')  # the last line of a survey killed while writing it
    assert list(Journal(journal.path).open(Settings(playouts=4), resume=True)) == ["k"]
    from interpreter.survey.plan import SurveyError
    with pytest.raises(SurveyError, match="playouts 4 .now 5."):
        Journal(journal.path).open(Settings(playouts=5), resume=True)
    journal.path.write_text("not json\n")
    with pytest.raises(SurveyError, match="not a survey journal"):
        Journal(journal.path).open(Settings(), resume=True)


def test_the_survey_command_writes_the_table_and_compare_reads_it(folder, tmp_path, capsys):
    out = tmp_path / "s.parquet"
    assert main(["survey", str(folder), "tic-tac-toe", "--playouts", "4", "--chunk", "3", "--jobs", "2",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "5 rows (games and option sets)" in text and "play its 4 playouts" in text
    assert "unknown ludeme 'wheelBoard'" in text and f"table: {out} (5 rows," in text
    assert not Journal.beside(out).path.exists()  # done: the journal is gone
    rows = read_table(out)
    assert [r["game"] for r in rows][-1] == "tic-tac-toe"
    # compare --from draws the same table as compare playing the games again
    assert main(["compare", "--from", str(out), "tic-tac-toe", str(folder / "a-tic-tac-toe.lud")]) == 0
    captured = capsys.readouterr()
    assert main(["compare", "tic-tac-toe", str(folder / "a-tic-tac-toe.lud"), "--playouts", "4"]) == 0
    assert captured.out == capsys.readouterr().out
    assert main(["compare", "--from", str(out), "-f", "csv"]) == 0
    captured = capsys.readouterr()
    assert "2 rows of" in captured.err and "did not load" in captured.err  # broken and unknown left out
    assert len(captured.out.splitlines()[0].split(",")) == 7 + 3 + 3  # three games that loaded, their spreads


def test_an_interrupted_command_says_how_to_resume_and_resume_finishes(tmp_path, capsys, monkeypatch):
    """Ctrl-C in the middle of ``ludeme survey``: pressed where the progress is drawn once the
    journal holds the settings, the load and two blocks (the same moment every run, however
    fast the machine: a signal sent from outside could come after the survey's end)."""
    from interpreter.cli import survey as survey_command
    out = tmp_path / "s.csv"
    command = ["survey", "hex", "--playouts", "16", "--chunk", "1", "--no-timing", "--out", str(out)]
    journal = Journal.beside(out).path
    draw = survey_command._Bar.__call__

    def ctrl_c_after_two_blocks(bar, state) -> None:
        if journal.exists() and len(journal.read_text().splitlines()) >= 4:  # the settings, the load, 2 blocks
            raise KeyboardInterrupt
        draw(bar, state)
    monkeypatch.setattr(survey_command._Bar, "__call__", ctrl_c_after_two_blocks)
    assert main(command) == 130
    err = capsys.readouterr().err
    assert "--resume goes on" in err and journal.exists()
    assert read_table(out) == []  # the row is not finished
    kept = len(journal.read_text().splitlines()) - 1
    assert 3 <= kept < 17
    monkeypatch.undo()
    assert main(command + ["--resume"]) == 0, capsys.readouterr().err
    again = tmp_path / "again.csv"
    assert main(command[:-1] + [str(again)]) == 0, capsys.readouterr().err
    assert out.read_bytes() == again.read_bytes() and read_table(out)[0]["playouts"] == 16


def test_usage_errors(folder, tmp_path, capsys):
    def error(*argv: str) -> str:
        assert main(list(argv)) == 2
        return capsys.readouterr().err
    assert "no such file, folder or bundled game: nowhere" in error("survey", "nowhere")
    assert "on this machine (" in error("survey", "tic-tac-toe", "--jobs", "999")
    (tmp_path / "folder.csv").mkdir()
    assert "is a folder" in error("survey", "tic-tac-toe", "--out", str(tmp_path / "folder.csv"))
    assert "ends in .parquet or .csv" in error("survey", "tic-tac-toe", "--out", str(tmp_path / "t.xlsx"))
    assert "--jobs (local processes) or --cluster" in error("survey", "tic-tac-toe", "--jobs", "2",
                                                            "--cluster", "tcp://127.0.0.1:9")
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in error(
        "survey", "tic-tac-toe", "--cluster", "tcp://127.0.0.1:9", "--out", str(tmp_path / "t.csv"))
    assert not (tmp_path / "t.csv.journal").exists()  # nothing touched when the cluster is out of reach
    assert "'human' agents" in error("survey", "tic-tac-toe", "--agents", "human")
    timeout_hint = "--timeout is a number of seconds"
    assert timeout_hint in error("survey", "tic-tac-toe", "--timeout", "0")
    assert "must be from 256" in error("survey", "tic-tac-toe", "--memory", "12")
    (tmp_path / "nested.txt").write_text("other.txt\n")
    (tmp_path / "other.txt").write_text("tic-tac-toe\n")
    assert "not other lists" in error("survey", str(tmp_path / "nested.txt"))
    (tmp_path / "plain.csv").write_text("a,b\n1,2\n")
    assert "not a survey table: it has no column 'game'" in error("compare", "--from", str(tmp_path / "plain.csv"))
    assert "leave out --playouts" in error("compare", "--from", str(tmp_path / "plain.csv"), "--playouts", "3")
    out = tmp_path / "s.csv"
    assert main(["survey", "tic-tac-toe", "--playouts", "0", "--out", str(out)]) == 0
    assert "has no row for 'pente'" in error("compare", "--from", str(out), "pente")
    text = out.read_text().replace(",1,", ",yes,", 1)
    (tmp_path / "bad.csv").write_text(text)
    assert "is not a bool" in error("compare", "--from", str(tmp_path / "bad.csv"))


def test_descriptions_come_from_folders_lists_and_bundled_names(folder, tmp_path):
    listing = tmp_path / "games.txt"
    listing.write_text(f"# a list\nlib/b-noughts.lud\n\nalak  # bundled\n{folder}\nlib/b-noughts.lud\n")
    found = targets([str(listing), "tic-tac-toe"])
    assert [Path(t.label).name for t in found] == ["b-noughts.lud", "alak", "a-tic-tac-toe.lud",
                                                    "c-broken.lud", "d-unknown.lud", "tic-tac-toe"]
    assert {t.label for t in targets(["bundled"])} == {p.stem for p in descriptions_dir().glob("*.lud")}
    (tmp_path / "latin1.lud").write_bytes(b'(game "\xe9")')
    bad = targets([str(tmp_path / "latin1.lud")])[0]
    assert bad.reason.startswith("file is not UTF-8") and bad.error.startswith(f"{tmp_path / 'latin1.lud'}:1:1: ")


def test_option_sets_are_the_defaults_the_rulesets_and_each_other_item():
    sets = option_sets(NOUGHTS, "n.lud")
    assert sets == [OptionSet(), OptionSet((), "Ruleset/Small (Suggested)"), OptionSet((), "Ruleset/Large"),
                    OptionSet(("Board/3x3",)), OptionSet(("Colour/Striped",))]
    assert option_sets("(game", "broken.lud") == [OptionSet()]
    assert len(option_sets((descriptions_dir() / "hex.lud").read_text(), "hex.lud")) == 1 + 16 + 1 + 1


def test_play_keys_name_what_a_chunk_computes():
    t = Target("pente", "x", "", "d")
    assert json.loads(play_key(t, OptionSet(("Players/3",)), 10, 20)) == ["play", "pente", "d", ["Players/3"], None,
                                                                          10, 20]
