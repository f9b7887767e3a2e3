"""The server of ``ludeme serve`` without a browser: its JSON API driven in-process (httpx over
ASGI), as the page drives it. Games are played to the end and checked against the engine;
bad input gets a 4xx and a message; sessions are private, bounded and expire; agents think in
worker processes and stop when told; a small load test plays many games at once."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("starlette")

from interpreter import load  # noqa: E402
from interpreter.records import parse_records, replay  # noqa: E402
from interpreter.syntax.parser import parse  # noqa: E402
from interpreter.web.app import Server, create_app  # noqa: E402
from interpreter.web.sessions import SessionStore  # noqa: E402

BAD_TEXT = """(game "Broken"
    (players 2)
    (equipment {(board (square 3)) (piece "Disc" Each)})
    (rules (play (move Ad (to (sites Empty)))) (end (if (is Line 3) (result Mover Win))))
)
"""
GOOD_TEXT = BAD_TEXT.replace("move Ad ", "move Add ").replace('"Broken"', '"Tiny"')


def run(test, **server_args):
    """Run ``test(client, server)`` against a fresh app; its workers are stopped afterwards."""
    server = Server(workers=1, **server_args)
    app = create_app(server)

    async def main():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            try:
                return await test(client, server)
            finally:
                await server.aclose()
    return asyncio.run(main())


async def new(client, **body):
    r = await client.post("/api/sessions", json=body)
    assert r.status_code == 200, r.text
    return r.json()


async def wait_until(client, sid, done, polls=2400):
    """Poll the session (as the page does) until ``done(view)``; at most ``polls`` looks (two
    minutes and more: a hang guard, never a measure of speed)."""
    for _ in range(polls):
        view = (await client.get(f"/api/s/{sid}")).json()
        if done(view):
            return view
        await asyncio.sleep(0.05)
    raise AssertionError(f"not done after {polls} polls: {view['turn']}, {view['message']}")


def test_a_whole_game_of_alak_by_moves_matches_the_engine():
    async def test(client, server):
        view = await new(client, game="alak", seats={"1": "human", "2": "human"}, seed=3)
        assert view["turn"] == "P1 to move" and 'data-site="5"' in view["svg"]
        assert 'class="target"' in view["svg"]
        rng = random.Random(7)
        state = load("alak").initial_state()
        while not view["over"]:
            text = rng.choice(view["legal"])["text"]
            r = await client.post(f"/api/s/{view['id']}/move", json={"move": text})
            assert r.status_code == 200, r.text
            view = r.json()
            state.apply(text)
            assert view["line"] == [str(m) for m in state.history]
        result = state.result()
        assert view["winners"] == list(result.winners)
        assert view["result"].startswith(f"P{result.winners[0]} wins") if result.winners else "Draw"
        assert view["legal"] == []
    run(test)


def test_bad_requests_get_a_4xx_and_a_message():
    async def test(client, server):
        view = await new(client, game="alak", seats={"2": "human"})
        sid = view["id"]
        r = await client.post(f"/api/s/{sid}/move", json={"move": "9"})
        assert r.status_code == 409 and "9 is occupied" in r.json()["error"]
        r = await client.post(f"/api/s/{sid}/move", json={"move": "1-9"})
        assert r.status_code == 409 and "can go to 5 only" in r.json()["error"]
        r = await client.post(f"/api/s/{sid}/move", json={"move": ["1-5"]})
        assert r.status_code == 422
        r = await client.post(f"/api/s/{sid}/move", content=b"{not json")
        assert r.status_code == 400 and "not JSON" in r.json()["error"]
        r = await client.get("/api/s/no-such-game")
        assert r.status_code == 404 and "expired" in r.json()["error"]
        r = await client.post("/api/sessions", json={"game": "chess"})
        assert r.status_code == 404
        r = await client.post("/api/sessions", json={"game": "alak", "text": GOOD_TEXT})
        assert r.status_code == 400
        r = await client.post("/api/sessions", json={"game": "alak", "seats": {"2": "mcts:iterations=999999"}})
        assert r.status_code == 422 and "at most" in r.json()["error"]
        r = await client.post("/api/sessions", json={"game": "alak", "seats": {"2": "deep-blue"}})
        assert r.status_code == 422 and "unknown agent" in r.json()["error"]
        r = await client.post("/api/sessions", json={"game": "pente", "options": ["Board Size/7x7"]})
        assert r.status_code == 422 and "7x7" in r.json()["error"]
        r = await client.post("/api/sessions", content=b"x" * (3 * 1024 * 1024),
                              headers={"content-type": "application/json"})
        assert r.status_code == 413
        r = await client.post("/api/sessions", json={"text": "(game " + "x" * (300 * 1024) + ")"})
        assert r.status_code == 413
        r = await client.post(f"/api/s/{sid}/record", json={"text": '{"format": "pgn"}'})
        assert r.status_code == 422 and "not a game record" in r.json()["error"]
        r = await client.post(f"/api/s/{sid}/position", json={"text": "mover: 7\n"})
        assert r.status_code == 422 and "mover" in r.json()["error"]
        r = await client.post(f"/api/s/{sid}/goto", json={"ply": 99})
        assert r.status_code == 422
    run(test)


def test_a_wrong_description_is_located_as_ludeme_check_says():
    from interpreter.errors import LudError

    async def test(client, server):
        r = await client.post("/api/sessions", json={"text": BAD_TEXT})
        assert r.status_code == 422
        error = r.json()["errors"][0]
        with pytest.raises(LudError) as expected:
            load(parse(BAD_TEXT, "<text>"))
        assert error["text"] == expected.value.render()
        assert (error["line"], error["col"]) == (4, 24)
        assert "did you mean 'move Add'" in error["text"]
        r = await client.post("/api/check", json={"text": BAD_TEXT})
        assert r.status_code == 422 and r.json()["errors"][0]["line"] == 4
        view = await new(client, text=GOOD_TEXT, seats={"1": "human", "2": "human"})
        assert view["game"] == "Tiny"
        pane = (await client.get(f"/api/s/{view['id']}/description")).json()
        assert pane["text"] == GOOD_TEXT and "(move Add" in pane["expanded"]
        assert "SquareTiling" in pane["concepts"]
    run(test)


def test_a_pasted_text_is_never_opened_as_a_path(tmp_path):
    secret = tmp_path / "secret.lud"
    secret.write_text(GOOD_TEXT, encoding="utf-8")

    async def test(client, server):
        r = await client.post("/api/sessions", json={"text": str(secret)})
        assert r.status_code == 422  # parsed as a description (it is none), not read from disk
        assert "Tiny" not in r.text
    run(test)


def test_a_description_that_loads_too_slowly_is_refused():
    async def test(client, server):
        r = await client.post("/api/sessions", json={"text": GOOD_TEXT})
        refusal = "seconds to load: refused"
        assert r.status_code == 422 and refusal in r.json()["error"]
        assert server.pool.killed == 1
    run(test, load_seconds=0.001)


def test_undo_goes_back_a_whole_turn_and_redo_forward():
    async def test(client, server):
        view = await new(client, game="tic-tac-toe", seats={"1": "human", "2": "random"}, seed=5)
        sid = view["id"]
        await client.post(f"/api/s/{sid}/move", json={"move": "B2"})
        view = await wait_until(client, sid, lambda v: v["cursor"] == 2)
        reply = view["line"][1]
        view = (await client.post(f"/api/s/{sid}/undo")).json()
        assert view["cursor"] == 0 and view["turn"] == "P1 to move" and view["line"] == ["B2", reply]
        view = (await client.post(f"/api/s/{sid}/redo")).json()
        assert view["cursor"] == 1 and view["mover"] == 2
        view = (await client.post(f"/api/s/{sid}/goto", json={"ply": 2})).json()
        assert view["cursor"] == 2 and view["human_turn"]
        r = await client.post(f"/api/s/{sid}/redo")
        assert r.status_code == 409
        view = (await client.post(f"/api/s/{sid}/resign")).json()
        assert view["over"] and view["result"] == "P1 resigned: P2 wins"
    run(test)


def test_records_download_replay_and_step_through():
    async def test(client, server):
        view = await new(client, game="pente", options=["Board Size/9x9"], seats={"1": "random", "2": "random"},
                         seed=11)
        sid = view["id"]
        view = await wait_until(client, sid, lambda v: v["over"])
        r = await client.get(f"/api/s/{sid}/record")
        assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
        (record,) = parse_records(r.text)
        final = replay(record)
        assert record.moves == view["line"] and final.result().winners == view["winners"]
        other = await new(client, game="alak")
        opened = (await client.post(f"/api/s/{other['id']}/record", json={"text": r.text})).json()
        assert opened["game"] == "Pente" and opened["cursor"] == 0 and opened["line"] == record.moves
        assert not opened["thinking"] and opened["seats"] == {"1": "human", "2": "human"}
        stepped = (await client.post(f"/api/s/{other['id']}/goto", json={"ply": 5})).json()
        assert stepped["cursor"] == 5 and stepped["last"] == record.moves[4]
        end = (await client.post(f"/api/s/{other['id']}/goto", json={"ply": len(record.moves)})).json()
        assert end["over"] and end["winners"] == view["winners"]
        position = (await client.get(f"/api/s/{other['id']}/position")).text
        back = (await client.post(f"/api/s/{sid}/position", json={"text": position})).json()
        assert back["over"] and back["ply"] == len(record.moves) and back["cursor"] == 0
    run(test)


def test_a_searching_agent_moves_in_a_worker_and_stops_when_told():
    async def test(client, server):
        view = await new(client, game="tic-tac-toe", seats={"1": "mcts:iterations=30", "2": "human"}, seed=2)
        view = await wait_until(client, view["id"], lambda v: v["cursor"] == 1)
        assert view["human_turn"] and server.pool.jobs == 1
        hint = (await client.post(f"/api/s/{view['id']}/hint")).json()["hint"]
        assert hint in {m["text"] for m in view["legal"]}
        slow = await new(client, game="tic-tac-toe", seats={"1": "mcts:seconds=10", "2": "human"})
        assert slow["thinking"]
        for _ in range(6000):  # until the search has its worker (a hang guard of a minute)
            if not server.pool._idle:
                break
            await asyncio.sleep(0.01)
        stopped = (await client.post(f"/api/s/{slow['id']}/stop")).json()
        assert not stopped["thinking"] and stopped["paused"] and stopped["cursor"] == 0
        for _ in range(1200):  # the search's task ends soon after the stop, killing its worker
            if server.pool.killed:
                break
            await asyncio.sleep(0.05)
        assert server.pool.killed == 1
        assert (await client.get(f"/api/s/{slow['id']}")).json()["cursor"] == 0
    run(test)


def test_sessions_are_private_bounded_and_expire():
    clock = [0.0]

    async def test(client, server):
        server.store = SessionStore(limit=2, idle=60, clock=lambda: clock[0])
        a = await new(client, game="alak", seats={"2": "human"})
        b = await new(client, game="tic-tac-toe", seats={"2": "human"})
        assert len(a["id"]) >= 22 and a["id"] != b["id"]
        await client.post(f"/api/s/{a['id']}/move", json={"move": "4-5"})
        assert (await client.get(f"/api/s/{b['id']}")).json()["line"] == []
        r = await client.post("/api/sessions", json={"game": "alak"})
        assert r.status_code == 503 and "limit" in r.json()["error"]
        clock[0] += 61
        assert (await client.get(f"/api/s/{a['id']}")).status_code == 404
        await new(client, game="alak")  # the expired ones made room
    run(test)


def test_the_page_and_its_files_are_served_from_the_package():
    async def test(client, server):
        page = await client.get("/")
        assert page.status_code == 200 and '<script src="/static/app.js"' in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
        for name in ("app.js", "app.css"):
            assert (await client.get(f"/static/{name}")).status_code == 200
        for name in ("/", "/static/app.js", "/static/app.css"):  # nothing fetched from elsewhere
            assert "://" not in (await client.get(name)).text
        games = (await client.get("/api/games")).json()
        pente = next(g for g in games["games"] if g["name"] == "pente")
        assert {"label": "Board Size", "default": "19x19"}.items() <= pente["options"][0].items()
    run(test)


def test_many_sessions_at_once_lose_no_game_and_no_move():
    """The small version of ``benchmarks/web_load.py``: 9 games at once, each move checked."""
    games = [("alak", []), ("tic-tac-toe", []), ("pente", ["Board Size/9x9"])]

    async def one(client, i):
        name, options = games[i % len(games)]
        view = await new(client, game=name, options=options, seats={"1": "human", "2": "human"}, seed=i)
        rng = random.Random(i)
        sent = []
        while not view["over"] and len(sent) < 150:
            text = rng.choice(view["legal"])["text"]
            r = await client.post(f"/api/s/{view['id']}/move", json={"move": text})
            assert r.status_code == 200, r.text
            view = r.json()
            sent.append(text)
            assert view["line"] == sent
        record = (await client.get(f"/api/s/{view['id']}/record")).text
        (rec,) = parse_records(record)
        assert rec.moves == sent
        replay(rec)
        return view["over"] or len(sent) == 150

    async def test(client, server):
        done = await asyncio.gather(*(one(client, i) for i in range(9)))
        assert all(done) and len(server.store) == 9
    run(test)


def test_serve_without_the_web_extra_says_how_to_get_it(monkeypatch, capsys):
    import builtins

    from interpreter.cli import main
    real = builtins.__import__

    def no_web(name, *args, **kwargs):
        if name in ("starlette", "uvicorn"):
            raise ImportError(name)
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_web)
    assert main(["serve", "--port", "0"]) == 2
    assert "pip install 'ludeme-interpreter[web]'" in capsys.readouterr().err


def test_serve_refuses_a_wrong_description_before_listening(tmp_path, capsys):
    from interpreter.cli import main
    bad = tmp_path / "bad.lud"
    bad.write_text(BAD_TEXT, encoding="utf-8")
    assert main(["serve", str(bad), "--port", "0"]) == 2
    assert "bad.lud:4:24: unknown ludeme 'move Ad'" in capsys.readouterr().err


def test_view_json_is_plain_data():
    async def test(client, server):
        view = await new(client, game="double-run-stone", seats={"1": "human", "2": "human"})
        json.dumps(view)
        assert view["hands"]["1"] == {"1Dot1": 5, "2Dot1": 4, "3Dot1": 3}
        assert {m["piece"] for m in view["legal"]} == {"1Dot1", "2Dot1", "3Dot1"}
        r = await client.post(f"/api/s/{view['id']}/move", json={"move": "2Dot1@C3"})
        assert r.json()["hands"]["1"]["2Dot1"] == 3
    run(test)


def test_swap2_choices_and_pieces_are_offered_as_such():
    async def test(client, server):
        view = await new(client, game="pente", options=["Board Size/9x9", "Opening/Swap2"],
                         seats={"1": "human", "2": "human"})
        for move in ("1@E5", "2@D4", "1@F6"):
            view = (await client.post(f"/api/s/{view['id']}/move", json={"move": move})).json()
        assert {m["text"] for m in view["legal"] if m["kind"] == "choice"} == {"choose-white", "choose-black"}
        labels = {m["piece"]: m["piece_label"] for m in view["legal"] if m["kind"] == "add"}
        assert labels == {"1": "P1's ball", "2": "P2's ball"}
        chosen = (await client.post(f"/api/s/{view['id']}/move", json={"move": "choose-white"})).json()
        assert chosen["line"][-1] == "choose-white"
    run(test)


def test_the_picture_has_one_clickable_target_per_site():
    import re

    from interpreter.render import render_svg
    for name, options in (("pente", ["Board Size/9x9"]), ("alak", []), ("loupe", ["Board Size/7"])):
        state = load(name, options=options).initial_state()
        svg = render_svg(state, targets=True)
        sites = re.findall(r'class="target" data-site="([^"]+)"', svg)
        assert sorted(sites) == sorted(state.game.topology.labels)
        assert 'class="target"' not in render_svg(state)  # only when asked
