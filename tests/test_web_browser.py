"""``ludeme serve`` in a real browser: Debian's headless Chromium driven through its chromedriver
(Selenium, with the system's driver: nothing downloaded). A person's games, played by clicking:
Alak to the end, a Pente capture, a Loupe turn of two stones and a pass, a Double-Run Stone
placement that names its piece, undo, a hint, agents playing each other, a record downloaded
and stepped through. Screenshots go to the test's folder (and to ``$LUDEME_SHOTS`` when set)."""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.heavy

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1280,1000"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    """``ludeme serve`` on a free loopback port, stopped after the module."""
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "interpreter", "serve", "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    for _ in range(1200):  # a hang guard of minutes: the server starts in a second on an idle machine
        try:
            urllib.request.urlopen(url + "/api/games", timeout=2).read()
            break
        except OSError:
            if process.poll() is not None:
                raise AssertionError(process.stderr.read().decode())
            time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(timeout=20)


@pytest.fixture(scope="module")
def downloads(tmp_path_factory):
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(tmp_path_factory, downloads):
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        pytest.fail("the browser tests need Debian's chromium and chromium-driver (.ci/run installs them)")
    options = webdriver.ChromeOptions()
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.binary_location = CHROMIUM
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


class Page:
    """The page as a person uses it, plus a look at the session through the API to know which
    moves are legal (the page shows them as highlighted sites)."""

    def __init__(self, driver, url: str, shots: Path):
        self.d, self.url, self.shots = driver, url, shots

    def wait(self, condition, seconds: float = 120):  # a hang guard, never a measure of speed
        return WebDriverWait(self.d, seconds, poll_frequency=0.05).until(lambda d: condition())

    def by_id(self, name: str):
        return self.d.find_element(By.ID, name)

    def text(self, name: str) -> str:
        return self.by_id(name).text

    def start(self, game: str, options: dict[str, str] | None = None, seats: dict[int, str] | None = None,
              seed: int | None = None, speed: float | None = None) -> None:
        self.d.get(self.url + "/")
        self.wait(lambda: len(Select(self.by_id("game")).options) > 5)
        Select(self.by_id("game")).select_by_value(game)
        for label, item in (options or {}).items():
            Select(self.by_id("option-" + label.replace(" ", "-"))).select_by_value(item)
        for p, spec in (seats or {}).items():
            kind, _, budget = spec.partition(":")
            Select(self.by_id(f"seat-{p}")).select_by_value(kind)
            box = self.by_id(f"budget-{p}")
            if budget:
                box.clear()
                box.send_keys(budget)
        if seed is not None:
            self.by_id("seed").send_keys(str(seed))
        if speed is not None:
            self.d.execute_script("document.getElementById('speed').value = arguments[0]", str(speed))
        old = self.session_id()
        self.by_id("start").click()
        self.wait(lambda: self.session_id() not in (None, old))

    def session_id(self):
        url = self.d.current_url
        return url.split("#s=", 1)[1] if "#s=" in url else None

    def view(self) -> dict:
        with urllib.request.urlopen(f"{self.url}/api/s/{self.session_id()}", timeout=10) as r:
            return json.load(r)

    def site(self, label: str):
        return self.d.find_element(By.CSS_SELECTOR, f'#board .target[data-site="{label}"]')

    def click_site(self, label: str) -> None:
        """Click a site's target (found afresh if the picture was redrawn meanwhile)."""
        for attempt in range(5):
            try:
                self.site(label).click()
                return
            except StaleElementReferenceException:
                if attempt == 4:
                    raise
                time.sleep(0.1)

    def settled(self) -> dict:
        """Wait until the page shows the server's latest view of the session; that view."""
        view = self.view()
        self.wait(lambda: self.d.execute_script("return S && S.version") == view["version"])
        return view

    def click_to(self, label: str, line: list[str]) -> dict:
        """Click a site and wait until the game's moves are ``line`` and the page shows them."""
        self.click_site(label)
        self.wait(lambda: self.view()["line"] == line)
        return self.settled()

    def play(self, move: dict) -> None:
        """Click a legal move as a person would: the piece then its destination, or the site
        (after choosing the piece when the placement names it), or the choice's button."""
        before = self.view()["version"]
        if move["kind"] == "move":
            self.click_site(move["from"])
            self.wait(lambda: "selected" in self.site(move["from"]).get_attribute("class"))
            self.click_site(move["to"])
        elif move["kind"] in ("pass", "choice"):
            self.by_id(f"choice-{move['text']}").click()
        else:
            if move.get("piece") and self.d.find_elements(By.ID, f"piece-{move['piece']}"):
                self.by_id(f"piece-{move['piece']}").click()
            self.click_site(move["to"])
        self.wait(lambda: self.view()["version"] != before)

    def human_turn(self) -> dict:
        """Wait until a person is to move (or the game is over); the view then."""
        self.wait(lambda: (v := self.view())["human_turn"] or v["over"])
        return self.settled()

    def shot(self, name: str) -> Path:
        path = self.shots / f"{name}.png"
        self.d.save_screenshot(str(path))
        wanted = os.environ.get("LUDEME_SHOTS")
        if wanted:
            Path(wanted).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, Path(wanted) / path.name)
        return path


@pytest.fixture
def page(browser, server, tmp_path):
    browser.set_window_size(1280, 1000)
    return Page(browser, server, tmp_path)


def test_alak_a_whole_game_by_clicking(page):
    page.start("alak", seats={1: "human", 2: "random"}, seed=4)
    assert page.text("status") == "P1 to move"
    assert len(page.d.find_elements(By.CSS_SELECTOR, "#board .target.movable")) == 4
    page.click_site("9")  # P2's piece: refused, and the page says why
    page.wait(lambda: "occupied" in page.text("message"))
    assert page.view()["line"] == []
    page.shot("alak-refused")
    rng = random.Random(1)
    view = page.human_turn()
    while not view["over"]:
        page.play(rng.choice(view["legal"]))
        view = page.human_turn()
    winner = view["winners"][0]
    page.wait(lambda: page.text("status").startswith(f"P{winner} wins"))
    assert f"P{winner} ★ winner" in page.d.find_element(By.ID, "players").text
    page.shot("alak-over")


def test_pente_9x9_a_capture_by_clicking(page):
    page.start("pente", options={"Board Size": "9x9"}, seats={1: "human", 2: "human"})
    moves = ["E5", "F5", "A1", "G5", "H5"]
    for i, label in enumerate(moves):
        view = page.click_to(label, moves[:i + 1])
    assert view["scores"]["1"] == 2
    pieces = {e.get_attribute("data-site") for e in page.d.find_elements(By.CSS_SELECTOR, "#board g.piece")}
    assert pieces == {"E5", "A1", "H5"}  # F5 and G5 captured
    rows = page.d.find_element(By.ID, "players").find_elements(By.TAG_NAME, "tr")
    assert rows[1].find_elements(By.TAG_NAME, "td")[3].text == "2"
    page.shot("pente-capture")
    page.d.set_window_size(390, 844)  # a phone's width: the picture scales to it
    width = page.d.execute_script("return document.querySelector('#board svg').getBoundingClientRect().width")
    assert 300 <= width <= 390
    page.shot("pente-phone")


def test_loupe_a_turn_of_two_stones_and_a_pass(page):
    page.start("loupe", options={"Board Size": "7"}, seats={1: "human", 2: "human"})
    page.click_to("G7", ["G7"])
    assert page.text("status") == "P2 to move"
    assert page.by_id("choices").text == "pass"
    page.click_to("C3", ["G7", "C3"])
    assert page.text("status") == "P2 to move: the second stone of the turn"
    assert page.d.find_elements(By.ID, "choice-pass") == []  # a pass only on a turn's first ply
    page.click_site("F6")  # next to Black's stone only: refused in the rule's terms
    page.wait(lambda: page.text("message") != "")
    page.shot("loupe-second-stone")
    page.click_to("D3", ["G7", "C3", "D3"])
    page.by_id("choice-pass").click()
    page.wait(lambda: page.view()["line"] == ["G7", "C3", "D3", "pass"])
    assert page.text("status") == "P2 to move"


def test_double_run_stone_a_placement_that_names_its_piece(page):
    page.start("double-run-stone", seats={1: "human", 2: "human"})
    assert "2Dot1 (4 left)" in page.text("pieces")
    page.by_id("piece-2Dot1").click()
    view = page.click_to("C3", ["2Dot1@C3"])
    assert view["hands"]["1"]["2Dot1"] == 3 and "3Dot2 (3 left)" in page.text("pieces")
    page.click_site("B2")  # no piece chosen: the page asks which
    page.wait(lambda: page.d.find_elements(By.ID, "choice-3Dot2@B2"))
    page.shot("double-run-stone-which-piece")
    page.by_id("choice-3Dot2@B2").click()
    page.wait(lambda: page.view()["line"] == ["2Dot1@C3", "3Dot2@B2"])


def test_undo_and_a_hint(page):
    page.start("tic-tac-toe", seats={1: "human", 2: "random"}, seed=3)
    page.click_site("B2")
    page.wait(lambda: len(page.view()["line"]) == 2)
    assert page.human_turn()["cursor"] == 2
    page.by_id("undo").click()
    # the view's cursor and the buttons are updated in turn: wait until the page has settled
    page.wait(lambda: page.view()["cursor"] == 0 and not page.by_id("redo").get_attribute("disabled"))
    assert page.text("status") == "P1 to move"
    page.by_id("hint").click()
    page.wait(lambda: page.view()["hint"] is not None)
    hint = page.view()["hint"]
    page.wait(lambda: f"hint: {hint}" in page.text("ply"))
    assert page.site(hint).get_attribute("class").split().count("hinted") == 1
    page.shot("tic-tac-toe-hint")


def test_agents_play_each_other_and_a_record_steps_through(page, downloads):
    page.start("tic-tac-toe", seats={1: "mcts:iterations=100", 2: "alphabeta:depth=2"}, seed=1, speed=0.2)
    page.wait(lambda: page.view()["over"], 120)
    view = page.view()
    page.wait(lambda: page.text("status") == view["result"])
    page.shot("agents-over")
    page.d.find_element(By.CSS_SELECTOR, '.tab[data-tab="files"]').click()
    page.by_id("download-record").click()
    record = downloads / "tic-tac-toe.jsonl"
    page.wait(lambda: record.exists() and record.stat().st_size > 0)
    lines = record.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["moves"] == view["line"]
    page.start("alak", seats={1: "human", 2: "human"})
    page.d.find_element(By.CSS_SELECTOR, '.tab[data-tab="files"]').click()
    page.by_id("open-record").send_keys(str(record))
    total = len(view["line"])
    page.wait(lambda: page.text("ply") == f"move 0 of {total}")
    assert page.view()["game"] == "Tic-Tac-Toe"
    page.by_id("forward").click()
    page.wait(lambda: page.text("ply") == f"move 1 of {total}")
    page.by_id("last").click()
    page.wait(lambda: page.text("ply") == f"move {total} of {total}")
    assert page.text("status") == view["result"]
    page.by_id("back").click()
    page.wait(lambda: page.text("ply") == f"move {total - 1} of {total}")
    page.by_id("first").click()
    page.wait(lambda: page.text("ply") == f"move 0 of {total}")
    page.d.execute_script("const s = document.getElementById('slider'); s.value = 3;"
                          "s.dispatchEvent(new Event('change'))")
    page.wait(lambda: page.text("ply") == f"move 3 of {total}")
    assert len(page.d.find_elements(By.CSS_SELECTOR, "#board g.piece")) == 3
    page.shot("record-stepping")


def test_an_agent_thinks_without_freezing_the_page_and_stops(page):
    page.start("pente", options={"Board Size": "9x9"}, seats={1: "human", 2: "mcts:seconds=10"})  # the server's longest
    page.click_site("E5")
    page.wait(lambda: page.by_id("thinking").is_displayed())
    page.d.find_element(By.CSS_SELECTOR, '.tab[data-tab="description"]').click()  # the page answers
    page.wait(lambda: "(game" in page.text("desc-text"))
    page.shot("pente-thinking")
    page.by_id("stop").click()
    page.wait(lambda: page.by_id("paused").is_displayed())
    assert page.view()["line"] == ["E5"]


def test_a_wrong_description_shows_its_located_errors(page):
    page.start("alak")
    page.d.find_element(By.CSS_SELECTOR, "#paste-box summary").click()
    box = page.by_id("text")
    box.send_keys('(game "Broken" (players 2)\n  (equipment {(board (square 3)) (piece "Disc" Each)})\n'
                  '  (rules (play (move Ad (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))')
    page.by_id("start").click()
    page.wait(lambda: "unknown ludeme 'move Ad'" in page.text("errors"))
    assert "<text>:3:22:" in page.text("errors") and "did you mean 'move Add'" in page.text("errors")
    page.shot("description-error")
