"""``ludeme survey``, ``match`` and ``compare`` on a real Dask cluster: a ``distributed.LocalCluster``
of two worker processes on the loopback address, started by the tests. The same table as
``--jobs 1``; a worker killed mid-run (its chunks retried, nothing lost, nothing counted twice);
an interrupted survey resumed. Heavy: ``.ci/run`` runs them after the default suite."""

from __future__ import annotations

import json
import os
import signal

import pytest

from interpreter.cli import main
from interpreter.survey.plan import targets
from interpreter.survey.runner import DaskPool, Journal, LocalPool, Settings, SurveyRun
from interpreter.survey.sandbox import Bounds
from interpreter.survey.table import read_table, without_timing

pytestmark = [pytest.mark.heavy, pytest.mark.timeout(900)]

GAMES = ["tic-tac-toe", "alak", "hex"]
SETTINGS = Settings(playouts=8, chunk=2, seed=5)
BOUNDS = Bounds(seconds=300, memory_mb=4096)


@pytest.fixture(scope="module")
def cluster():
    # imported here, not at collection: the default run collects this module too (a second a worker)
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=50) as c:
        yield c


@pytest.fixture(scope="module")
def client(cluster):
    import distributed
    with distributed.Client(cluster.scheduler_address, set_as_default=False) as c:
        yield c


@pytest.fixture(scope="module")
def reference():
    pool = LocalPool(1, BOUNDS)
    try:
        return SurveyRun(targets(GAMES), SETTINGS, pool).run()
    finally:
        pool.close()


def test_the_cluster_gives_the_table_of_one_local_job(cluster, tmp_path, capsys):
    for where in (["--jobs", "1"], ["--cluster", cluster.scheduler_address]):
        name = "local" if where[0] == "--jobs" else "cluster"
        for suffix in ("csv", "parquet"):
            timing = ["--no-timing"] if suffix == "csv" else []
            assert main(["survey", *GAMES, "--playouts", "8", "--chunk", "2", "--seed", "5", *where, *timing,
                         "--out", str(tmp_path / f"{name}.{suffix}")]) == 0
    out = capsys.readouterr().out
    assert f"on the cluster at {cluster.scheduler_address}" in out
    assert (tmp_path / "local.csv").read_bytes() == (tmp_path / "cluster.csv").read_bytes()
    assert without_timing(read_table(tmp_path / "local.parquet")) == without_timing(read_table(tmp_path / "cluster.parquet"))
    assert [r["playouts"] for r in read_table(tmp_path / "cluster.parquet")] == [8, 8, 8]


def test_a_worker_killed_mid_run_loses_nothing_and_counts_nothing_twice(cluster, client, reference, tmp_path):
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed = []

    def kill_after_two_chunks(state) -> None:
        if not killed and state.chunks_done >= 2:
            killed.append(victim)
            os.kill(victim, signal.SIGKILL)  # the nanny starts another worker

    journal = Journal(tmp_path / "s.journal")
    journal.open(SETTINGS, resume=False)
    pool = DaskPool(client, BOUNDS)
    try:
        rows = SurveyRun(targets(GAMES), SETTINGS, pool, journal, progress=kill_after_two_chunks).run()
    finally:
        pool.close()
        journal.close()
    assert killed
    assert without_timing(rows) == without_timing(reference)
    assert [r["playouts"] for r in rows] == [8, 8, 8]
    keys = [json.loads(line)["key"] for line in journal.path.read_text().splitlines()[1:]]
    assert len(keys) == len(set(keys)) == 3 + 3 * 4  # every chunk kept once
    client.wait_for_workers(2, timeout=120)


class _Interrupt(Exception):
    pass


def test_an_interrupted_cluster_survey_resumes(client, reference, tmp_path):
    journal = Journal(tmp_path / "s.journal")
    journal.open(SETTINGS, resume=False)

    def stop_after_five(state) -> None:
        if state.chunks_done >= 5:
            raise _Interrupt()
    pool = DaskPool(client, BOUNDS)
    try:
        with pytest.raises(_Interrupt):
            SurveyRun(targets(GAMES), SETTINGS, pool, journal, progress=stop_after_five).run()
    finally:
        pool.close()
        journal.close()
    kept = Journal(journal.path).open(SETTINGS, resume=True)
    assert 5 <= len(kept) < 15
    submitted = []

    class Counting(DaskPool):
        def submit(self, request, done, attempt):
            submitted.append(request.key)
            super().submit(request, done, attempt)
    pool = Counting(client, BOUNDS)
    try:
        rows = SurveyRun(targets(GAMES), SETTINGS, pool, finished=kept).run()
    finally:
        pool.close()
    assert without_timing(rows) == without_timing(reference)
    assert len(submitted) == 15 - len(kept) and not set(submitted) & set(kept)


def test_match_and_compare_on_the_cluster_give_the_local_results(cluster, capsys):
    address = cluster.scheduler_address
    argv = ["match", "tic-tac-toe", "--agents", "random", "mcts:iterations=20", "--games", "12", "--seed", "3",
            "--json"]
    assert main(argv) == 0
    local = json.loads(capsys.readouterr().out)
    assert main(argv + ["--cluster", address]) == 0
    remote = json.loads(capsys.readouterr().out)
    for data in (local, remote):
        for agent in data["agents"]:
            agent.pop("iterations_per_second")
        data.pop("wall_seconds"), data.pop("seconds")
    assert remote == local
    argv = ["compare", "tic-tac-toe", "alak", "--playouts", "15", "--seed", "2", "-f", "json"]
    assert main(argv) == 0
    local = capsys.readouterr().out
    assert main(argv + ["--cluster", address]) == 0
    assert capsys.readouterr().out == local
