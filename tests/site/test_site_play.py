"""Two people and a bot play a whole hot-seat game on the static site (no server): the pass
screen hides the hand, the bots play by themselves in Pyodide, and both learners' progress
files in the browser's storage gain coach answers."""

from __future__ import annotations

import base64
import json
import uuid
from typing import Any

import pytest

from sq_edu.practice.progress import learner_file_name
from tests.browser.test_play import APP, MAX_CLICKS, child_turn, open_settings, settle
from tests.browser.test_play_together import play_hot_seat
from tests.site.test_site import ARTIFACTS, Site, site, site_url

pytestmark = pytest.mark.site
__all__ = ["site", "site_url"]   # the fixtures, shared with the site's main test

# Every file JupyterLite keeps in the browser's storage (IndexedDB), by path.
READ_DRIVE = """async () => {
    const ask = request => new Promise(ok => { request.onsuccess = () => ok(request.result); });
    const found = {};
    const named = (await indexedDB.databases()).map(d => d.name);
    // the site names its storage (lite/build.py: contentsStorageName "sq-edu-progress")
    const ours = n => n.startsWith("JupyterLite Storage") || n.startsWith("sq-edu-progress");
    for (const dbName of named.filter(ours)) {
      const db = await ask(indexedDB.open(dbName));
      for (const name of db.objectStoreNames) {
        const store = db.transaction(name).objectStore(name);
        for (const key of await ask(store.getAllKeys())) {
            if (!String(key).includes("progress/")) continue;
            const value = await ask(store.get(key));
            found[String(key)] = typeof value === "string" ? value : JSON.stringify(value);
        }
      }
    }
    return found;
}"""


def _progress(drive: dict[str, str], name: str) -> dict[str, Any]:
    """The learner's progress file read from the storage's record of it."""
    path = next(k for k in drive if k.endswith("progress/" + learner_file_name(name)))
    record = drive[path]
    model = json.loads(record)       # JupyterLite's file model: {format, content, ...}
    content = model["content"]
    if model.get("format") == "base64":
        content = base64.b64decode(content).decode("utf-8")
    return json.loads(content) if isinstance(content, str) else content


def test_a_hot_seat_game_is_played_to_the_end_on_the_site(site: Site) -> None:
    tag = uuid.uuid4().hex[:6]
    names = (f"Mum {tag}", f"Masha {tag}")
    site.open("play.html?lang=en&seed=6")
    frame = site.page.locator("#app").element_handle().content_frame()
    frame.locator(".sq-play-app").wait_for()
    play_hot_seat(frame, names)
    site.page.screenshot(path=str(ARTIFACTS / "site-play-together-over.png"))
    drive = site.page.evaluate(READ_DRIVE)
    for name in names:
        skills = _progress(drive, name)["mastery"]["skills"]
        assert sum(s["play_attempts"] for s in skills.values()) > 0, name
    site.check()


def test_a_game_against_the_bots_is_played_to_the_end_on_the_site(site: Site) -> None:
    """The bots move on timers (sq_edu/apps/play/pace.py): in the page's worker each of their
    moves reaches the page on its own, with no click of the child's to carry it."""
    site.open("play.html?lang=en&seed=3")
    frame = site.app()
    frame.locator(APP).wait_for()
    open_settings(frame)
    frame.locator(f"{APP} .sq-auto input[type=checkbox]").check()
    frame.locator(f"{APP} .sq-settings button").click()   # folded again: the child's screen
    frame.locator(f"{APP} .sq-auto").wait_for(state="hidden")
    pressed: dict[str, int] = {}
    for _ in range(MAX_CLICKS):
        settle(frame)
        if frame.locator(f"{APP} .sq-game-over").is_visible():
            break
        what = child_turn(frame)
        pressed[what] = pressed.get(what, 0) + 1
    over = frame.locator(f"{APP} .sq-game-over")
    assert over.is_visible(), f"no game over after {pressed}"
    assert "Game over!" in over.inner_text()
    assert pressed.get("discard", 0) + pressed.get("wake", 0) >= 3, pressed
    site.check()
