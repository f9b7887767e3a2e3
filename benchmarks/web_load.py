"""Load test of ``ludeme serve`` (loopback only, bounded): N sessions at once play random
games to the end through the HTTP API, as N pages would, and every move is checked.

    PYTHONPATH=src python benchmarks/web_load.py [--sessions 50] [--think 0.5] [--games alak,pente:9x9]

It starts the server on a free port of 127.0.0.1, lets each session choose random legal moves
(from the legal moves the server sends) until the game ends (at most ``--max-moves``), checks
that the server's line of moves is exactly the moves sent after each one, downloads each game's
record and replays it through the rules, and prints the latency percentiles of every request
(milliseconds), the requests per second, and the games lost (none expected). A second phase
watches ``--watchers`` sessions of two random agents play each other in the server, polling as
the page does. It stops by itself: every loop is bounded in count and the whole run in time.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import socket
import statistics
import subprocess
import sys
import time

import httpx

from interpreter.records import parse_records, replay

GAMES = {"alak": ("alak", []), "tic-tac-toe": ("tic-tac-toe", []), "pente:9x9": ("pente", ["Board Size/9x9"]),
         "hex:5x5": ("hex", ["Board Size/5x5"]), "loupe:7": ("loupe", ["Board Size/7"])}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Timed:
    def __init__(self, client: httpx.AsyncClient):
        self.client, self.latencies = client, []

    async def __call__(self, method: str, url: str, **kw) -> httpx.Response:
        t0 = time.perf_counter()
        r = await self.client.request(method, url, **kw)
        self.latencies.append((time.perf_counter() - t0) * 1000)
        return r


async def player(call: Timed, index: int, names: list[str], max_moves: int, think: float) -> tuple[bool, int]:
    """One session played to the end; (kept every move and replays, moves played)."""
    name, options = GAMES[names[index % len(names)]]
    r = await call("POST", "/api/sessions", json={"game": name, "options": options,
                                                  "seats": {"1": "human", "2": "human"}, "seed": index})
    view = r.json()
    rng = random.Random(index)
    sent: list[str] = []
    while not view["over"] and len(sent) < max_moves:
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))  # a person looking at the board
        text = rng.choice(view["legal"])["text"]
        r = await call("POST", f"/api/s/{view['id']}/move", json={"move": text})
        if r.status_code != 200:
            return False, len(sent)
        view = r.json()
        sent.append(text)
        if view["line"] != sent:
            return False, len(sent)
    record = (await call("GET", f"/api/s/{view['id']}/record")).text
    (rec,) = parse_records(record)
    replay(rec)
    return rec.moves == sent, len(sent)


async def watcher(call: Timed, index: int, polls: int) -> bool:
    r = await call("POST", "/api/sessions", json={"game": "tic-tac-toe", "seats": {"1": "random", "2": "random"},
                                                  "seed": 1000 + index, "delay": 0.05})
    sid = r.json()["id"]
    for _ in range(polls):
        view = (await call("GET", f"/api/s/{sid}")).json()
        if view["over"]:
            return True
        await asyncio.sleep(0.1)
    return False


async def main_async(args) -> int:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "interpreter", "serve", "--port", str(port),
                               "--sessions", str(args.sessions + args.watchers + 10)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=url, timeout=60,
                                     limits=httpx.Limits(max_connections=args.sessions + args.watchers)) as client:
            for _ in range(300):
                try:
                    await client.get("/api/games")
                    break
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
            call = Timed(client)
            names = args.games.split(",")
            start = time.perf_counter()
            results = await asyncio.wait_for(
                asyncio.gather(*(player(call, i, names, args.max_moves, args.think) for i in range(args.sessions)),
                               *(watcher(call, i, 600) for i in range(args.watchers))),
                args.deadline)
            elapsed = time.perf_counter() - start
    finally:
        server.terminate()
        server.wait(timeout=30)
    played = results[:args.sessions]
    watched = results[args.sessions:]
    lost = sum(1 for ok, _ in played if not ok) + sum(1 for ok in watched if not ok)
    moves = sum(n for _, n in played)
    lat = sorted(call.latencies)
    q = statistics.quantiles(lat, n=100)
    print(f"{args.sessions} sessions playing ({args.games}), think time {args.think:g} s, + {args.watchers} "
          "watching random agents, at once")
    print(f"  games: {len(played)} played to the end, {len(watched)} watched; lost or wrong: {lost}")
    print(f"  moves sent: {moves}; requests: {len(lat)} in {elapsed:.1f} s ({len(lat) / elapsed:.0f} per second)")
    print(f"  latency ms: p50 {q[49]:.1f}  p90 {q[89]:.1f}  p99 {q[98]:.1f}  max {lat[-1]:.1f}")
    return 1 if lost else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sessions", type=int, default=50)
    p.add_argument("--watchers", type=int, default=10)
    p.add_argument("--games", default="alak,tic-tac-toe,pente:9x9,hex:5x5")
    p.add_argument("--max-moves", type=int, default=200)
    p.add_argument("--think", type=float, default=0.0,
                   help="mean seconds a player waits before each move (0: as fast as the server answers)")
    p.add_argument("--deadline", type=float, default=900.0, help="seconds for the whole run")
    args = p.parse_args()
    if not 1 <= args.sessions <= 500 or not 0 <= args.watchers <= 100:
        p.error("--sessions is 1 to 500, --watchers 0 to 100")
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
