"""The site installed and offline (lite/offline.py), and one learner in two tabs.

Offline: a lesson page is opened once, the service worker keeps the whole site in the background,
the network goes off, and every page of the site still opens; an answer given offline is still
there after a reload. Two tabs: the same learner answers in two pages of one browser, one after
the other and at the same time, and the stored progress holds every answer of both.
"""

from __future__ import annotations

import json
import struct
import tempfile
import time
from typing import Any
from urllib.parse import urlsplit

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.i18n import LANGS, t
from tests.site.test_site import (
    ARTIFACTS,
    KEPT_SNAPSHOT,
    LOAD_SECONDS,
    SITE,
    Site,
    name_learner,
    pick_right,
    site,
    site_url,
)
from tests.site.test_site_play import READ_DRIVE, _progress

pytestmark = pytest.mark.site
__all__ = ["site", "site_url"]   # the fixtures, shared with the site's main test

# The worker's cache (lite/pwa/service-worker.js): the precache.
PRECACHE = ("sq-edu-site",)
# What the worker itself loads or answers, never from its caches; the snapshot and the stored
# zips, which the page's loader keeps unpacked in its own (KEPT_SNAPSHOT), and the loader's
# brotli decoder that unpacks them (only needed to fetch them).
NOT_PRECACHED = ("service-worker.js", "workbox/", "sq-edu-lock", "static/pyodide/sq_edu.snapshot",
                 "static/pyodide/sq-site.zip", "static/pyodide/sq-stdlib.zip",
                 "static/pyodide/sq-edu.zip", "static/brotli/")
CACHED_URLS = f"""async () => {{
    const urls = [];
    for (const name of {list(PRECACHE)!r}) {{
        urls.push(...(await (await caches.open(name)).keys()).map(r => r.url));
    }}
    return urls;
}}"""


def wait_kept(site: Site) -> float:
    """Seconds from now until the page says the site is kept for offline use."""
    started = time.monotonic()
    site.page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.documentElement.dataset.sqOffline)",
        timeout=LOAD_SECONDS * 1000)
    assert site.page.evaluate("document.documentElement.dataset.sqOffline") == "ready"
    return time.monotonic() - started


def site_path(url: str, root: str) -> str:
    path = urlsplit(url).path[len(urlsplit(root).path):]
    return path + "index.html" if path.endswith("/") or not path else path


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def check_manifests(site: Site) -> None:
    """Each language's manifest has what Chromium needs to install the site, its icons load
    in their stated sizes, and every page links one."""
    for lang in LANGS:
        response = site.context.request.get(f"{site.url}sq-edu-{lang}.webmanifest")
        assert response.ok
        found = json.loads(response.body())
        assert found["name"] == t("common.app_name", lang)
        assert found["short_name"] == t("offline.app_short_name", lang)
        assert found["start_url"] == f"./index.html?lang={lang}"
        assert found["display"] == "standalone"
        assert found["theme_color"].startswith("#")
        sizes = set()
        for icon in found["icons"]:
            image = site.context.request.get(site.url + icon["src"])
            assert image.ok, icon["src"]
            width, height = png_size(image.body())
            assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
            sizes.add((icon["sizes"], icon["purpose"]))
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for page in SITE.glob("*.html"):   # the app page lives in a page's frame: not a page
        linked = 'rel="manifest"' in page.read_text(encoding="utf-8")
        assert linked == (page.name != "app.html"), page.name


def answered(frame: Any, twin: LessonApp) -> None:
    """Wait for the page's right-answer feedback; the twin answers too and moves on.
    (The solved state first: the nickname's welcome is a good status line too.)"""
    frame.locator(".sq-submit:disabled").wait_for()
    frame.locator(".sq-feedback .sq-status-good").wait_for()
    twin.answer.set(list(twin.exercise.answers[0]))
    outcome = twin.submit()
    assert outcome is not None and outcome.correct


def next_item(frame: Any, twin: LessonApp) -> None:
    frame.locator(".sq-next-exercise").click()
    twin.next_exercise()
    frame.locator(".sq-submit:not([disabled])").wait_for()


def twin_of(seed: int) -> LessonApp:
    return LessonApp("equations", "en", level=1, seed=seed,
                     progress_dir=tempfile.mkdtemp(prefix="sq-twin-"))


def test_every_page_opens_offline_and_keeps_an_answer(site: Site) -> None:
    site.open("equations.html?lang=en&level=1&seed=4")
    seconds = wait_kept(site)
    assert site.page.locator("#sq-offline-ready").inner_text() == t("offline.ready", "en")
    check_manifests(site)
    cached = {site_path(url.split("?")[0], site.url)
              for url in site.page.evaluate(CACHED_URLS)}
    fetched = {site_path(url.split("?")[0], site.url) for url in site.requested
               if url.startswith(site.url) and "/api/drive" not in url}
    missing = {p for p in fetched - cached if not p.startswith(NOT_PRECACHED)}
    assert site.page.evaluate(KEPT_SNAPSHOT), "the snapshot is not kept for offline use"
    assert not missing, f"fetched by the page but not kept for offline use: {sorted(missing)}"
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "site-offline.txt").write_text(
        f"precache filled in {seconds:.1f} s after the lesson was shown: {len(cached)} files\n",
        encoding="utf-8")
    # Said once, then gone: on a phone the line would keep the answer buttons off the screen.
    site.page.locator("#sq-offline-ready").wait_for(state="detached", timeout=25_000)

    failed: list[str] = []
    site.context.on("requestfailed", lambda request: failed.append(request.url))
    site.context.set_offline(True)
    pages = sorted(p.stem for p in SITE.glob("*.html") if p.name != "app.html")
    assert {"index", "equations", "play", "teacher"} <= set(pages)
    for name in pages:
        frame = site.open(f"{name}.html?lang=ru")
        if name == "index":
            assert frame.locator('.sq-site-lang[data-lang="ru"] .sq-lesson-card').count() > 0
        else:
            frame.locator(".sq-app").first.wait_for()
    site.page.set_viewport_size({"width": 390, "height": 844})
    for lang in LANGS:
        site.open(f"equations.html?lang={lang}&level=1&seed=4")
        site.page.screenshot(path=str(ARTIFACTS / f"site-offline-{lang}.png"))
    site.page.set_viewport_size({"width": 1200, "height": 900})

    twin = twin_of(4)
    frame = site.open("equations.html?lang=en&level=1&seed=4")
    name_learner(frame, "offlinefox")
    before = frame.locator(".sq-mastery").inner_text()
    pick_right(frame, twin)
    frame.locator(".sq-submit").click()
    answered(frame, twin)
    after = frame.locator(".sq-mastery").inner_text()
    assert after != before
    frame = site.open("equations.html?lang=en&level=1&seed=4")
    name_learner(frame, "offlinefox")
    assert frame.locator(".sq-mastery").inner_text() == after
    assert not failed, f"offline, these were not found: {sorted(set(failed))[:10]}"
    site.check()


def test_two_tabs_of_one_learner_lose_no_answer(site: Site) -> None:
    """Tab A and tab B, one nickname: an answer in each in turn, then twice both at once.
    Every save re-reads the file and adds its answers under a lock across tabs; without the
    lock the two read-merge-writes of the same moment overwrite each other."""
    tabs = [site.page, site.context.new_page()]
    twins = [twin_of(4), twin_of(7)]
    frames = []
    for tab, seed in zip(tabs, (4, 7), strict=True):
        tab.goto(f"{site.url}equations.html?lang=en&level=1&seed={seed}")
    for tab in tabs:
        tab.wait_for_selector("#loading", state="hidden", timeout=LOAD_SECONDS * 1000)
        frame = tab.frame_locator("#app")
        name_learner(frame, "twotabs")
        frames.append(frame)
    submits = 0
    for frame, twin in zip(frames, twins, strict=True):   # in turn
        pick_right(frame, twin)
        frame.locator(".sq-submit").click()
        answered(frame, twin)
        next_item(frame, twin)
        submits += 1
    for last in (False, True):   # at the same time, twice (the fifth answer opens level 2)
        for frame, twin in zip(frames, twins, strict=True):
            pick_right(frame, twin)
        for frame in frames:
            frame.locator(".sq-submit").click()
        for frame, twin in zip(frames, twins, strict=True):
            answered(frame, twin)
            if not last:
                next_item(frame, twin)
            submits += 1
    # each tab's save is done before its page shows the feedback
    skills = _progress(site.page.evaluate(READ_DRIVE), "twotabs")["mastery"]["skills"]
    assert sum(s["attempts"] for s in skills.values()) == submits
    site.check()
