"""The serverless site (`make site`) in Chromium, served by a plain static file server.

No Voila and no kernel on a server: every page runs its dashboard in the browser (Pyodide). The
test fails on any request to a host other than the static server and on any console error, plays
one exercise, reloads, and finds the learner's progress kept in the browser.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.i18n import t
from sq_edu.links import dashboards
from sq_edu.pages.titles import page_titles
from tests.support.browser import ConsoleLog
from tests.support.child_first import MEASURE_JS, PHONE

pytestmark = pytest.mark.site
ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
ARTIFACTS = ROOT / "test-artifacts"
LOAD_SECONDS = 300  # a cold Pyodide start on a loaded 2-core machine; bench/site.py measures it
LEVEL, SEED = 1, 4


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *_args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    if not (SITE / "index.html").is_file():
        message = "site/ is not built (make site)"
        if os.environ.get("SQ_EDU_REQUIRE_SITE") == "1":
            pytest.fail(f"{message}, and SQ_EDU_REQUIRE_SITE=1 forbids skipping the site test")
        pytest.skip(message)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


class Site:
    """One browser context on the site: every request and console error is recorded."""

    def __init__(self, browser: Any, url: str, **context: Any) -> None:
        self.url = url
        self.context = browser.new_context(**{"viewport": {"width": 1200, "height": 900},
                                              **context})
        self.foreign: list[str] = []
        self.requested: list[str] = []
        self.context.on("request", self._request)
        self.page = self.context.new_page()
        self.console = ConsoleLog().attach(self.page)
        self.unsynced = 0   # pages whose Python started without /drive (the progress)

    def _request(self, request: Any) -> None:
        if request.headers.get("x-sq-precache"):   # the offline precache, not a page
            return
        self.requested.append(request.url)
        if not request.url.startswith((self.url, "blob:", "data:")):
            self.foreign.append(request.url)

    def open(self, path: str) -> Any:
        self.page.goto(self.url + path)
        if path.startswith("index"):
            return self.page
        self.page.wait_for_selector("#loading", state="hidden", timeout=LOAD_SECONDS * 1000)
        # a first screen drawn before Python (lite/first_screen.py): wait for Python's app
        self.app().wait_for_function("() => window.sqPythonReady !== false",
                                     timeout=LOAD_SECONDS * 1000)
        assert self.page.locator("#message").inner_text() != t("site.failed", "en")
        self.unsynced += not self.app().evaluate("() => window.sqKeptHere === true")
        return self.page.frame_locator("#app")

    def app(self) -> Any:
        """The app page's frame (app.html), to run script in."""
        return self.page.locator("#app").element_handle().content_frame()

    def python(self, code: str) -> str:
        """What `code` prints, run in the open page's Python (its worker)."""
        return str(self.app().evaluate("(code) => window.sqPython(code)", code))

    def check(self) -> None:
        assert not self.unsynced, "a page's Python started without the progress storage"
        assert not self.foreign, f"requests to other hosts: {self.foreign[:5]}"
        assert not self.console.errors, f"console errors: {self.console.errors[:5]}"


def name_learner(frame: Any, nickname: str, secret: str = "2468") -> None:
    """Save a nickname on a lesson page, with the secret picture (the first) and digits."""
    frame.locator(".sq-nickname input").fill(nickname)
    frame.locator(".sq-secret-picture button").first.click()
    frame.locator(".sq-secret input").fill(secret)
    frame.locator(".sq-save-nickname").click()
    frame.locator(".sq-feedback").filter(has_text=nickname).wait_for()


def pick_right(frame: Any, twin: LessonApp, send: bool = False) -> None:
    """Select the twin's right answer (the same deal, computed in Python) on the page;
    `send`: the click event without Playwright's wait for a steady element (a paused clock)."""
    left = list(twin.exercise.hand)
    cards = frame.locator(".sq-answer-cards button[data-index]")
    for card in twin.exercise.answers[0]:
        index = left.index(card)
        left[index] = None
        if send:
            cards.nth(index).dispatch_event("click")
        else:
            cards.nth(index).click()


@pytest.fixture
def site(browser: Any, site_url: str) -> Iterator[Site]:
    session = Site(browser, site_url)
    yield session
    session.context.close()


def test_index_lists_every_lesson_in_the_asked_language(site: Site) -> None:
    page = site.open("index.html?lang=ru")
    cards = page.locator('.sq-site-lang[data-lang="ru"] .sq-lesson-card')
    assert cards.count() == len(dashboards())
    first = cards.first.locator("a")
    assert first.get_attribute("href") == f"{dashboards()[0]}.html?lang=ru"
    assert page.locator('.sq-site-lang[data-lang="en"]').is_hidden()
    assert page.title() == t("common.app_name", "ru")
    site.check()


def test_equations_answered_then_kept_after_a_reload(site: Site) -> None:
    twin = LessonApp("equations", "en", level=LEVEL, seed=SEED)  # the same deal, in Python
    frame = site.open(f"equations.html?level={LEVEL}&seed={SEED}")
    name_learner(frame, "sitefox")
    before = frame.locator(".sq-mastery").inner_text()
    pick_right(frame, twin)
    frame.locator(".sq-submit").click()
    frame.locator(".sq-submit:disabled").wait_for()
    frame.locator(".sq-feedback .sq-status-good").wait_for()
    after = frame.locator(".sq-mastery").inner_text()
    assert after != before
    assert site.page.locator("#kept").inner_text() == t(
        "site.kept_here", "en", download=t("lesson_app.download", "en"))
    site.page.screenshot(path=str(ARTIFACTS / "site-equations.png"))

    frame = site.open(f"equations.html?level={LEVEL}&seed={SEED}")
    assert frame.locator(".sq-mastery").inner_text() == before  # a new visitor until named
    name_learner(frame, "sitefox")
    assert frame.locator(".sq-mastery").inner_text() == after
    site.check()


def test_every_reload_keeps_the_progress_storage(site: Site) -> None:
    """A page's Python reaches /drive (the progress) only through the site's service worker: the
    first page waits for it to be active before the app starts (lite/page.html), and every
    reload finds it (JupyterLite's kernel once started without it on 3 of 4 reloads)."""
    for _ in range(3):
        frame = site.open("equations.html?level=1&seed=2")
        frame.locator(".sq-nickname input").wait_for()
    site.check()


def test_a_page_opened_as_a_file_says_it_needs_a_web_address(browser: Any,
                                                              site_url: str) -> None:
    """Browsers refuse the app's module worker and its scripts from file://: say so at once, in
    the page's language, rather than loading for three minutes and then failing."""
    page = browser.new_page()
    try:
        page.goto((SITE / "equations.html").as_uri() + "?lang=ru")
        message = page.locator("#message")
        assert message.inner_text() == t("site.needs_web_address", "ru")
        assert page.locator("#loading progress").is_hidden()
        assert page.locator("#app").get_attribute("src") is None
    finally:
        page.close()


def test_without_a_service_worker_the_page_says_progress_is_not_kept(browser: Any,
                                                                    site_url: str) -> None:
    """A browser that runs no service worker (some private modes) has no way to /drive: the
    lesson still runs, with progress in memory, and the bar says it will not be kept instead of
    promising it is."""
    session = Site(browser, site_url, service_workers="block")
    try:
        frame = session.open("equations.html?lang=ru&level=1&seed=4")
        name_learner(frame, "memoryfox")
        words = t("site.not_kept", "ru", download=t("lesson_app.download", "ru"))
        assert session.page.locator("#kept").inner_text() == words
        assert session.unsynced == 1
        assert not session.foreign, session.foreign
    finally:
        session.context.close()


def test_play_runs_in_the_browser(site: Site) -> None:
    frame = site.open("play.html?lang=ru&seed=3")
    frame.locator(".sq-play-app").wait_for()
    assert frame.locator(".sq-play-app .sq-card").count() >= 5  # the child's hand
    # no download link in the game: the bar does not send the child looking for one
    assert site.page.locator("#kept").inner_text() == t("site.kept_here_short", "ru")
    site.page.screenshot(path=str(ARTIFACTS / "site-play-ru.png"))
    site.check()


def test_simulation_runs_without_numpy(site: Site) -> None:
    """The pure-Python simulation path, as the chances lesson's "try it" button uses it."""
    code = ("from sq_edu.engine import Game\n"
            "from sq_edu.maths import simulate_draws\n"
            "import importlib.util\n"
            "obs = Game.new(players=2, seed=1).observe(0)\n"
            "sim = simulate_draws(obs, ('king',), 2000, seed=1)\n"
            "print('numpy' if importlib.util.find_spec('numpy') else 'no numpy',"
            " sim.n, abs(sim.estimate - float(sim.exact)) < 0.05)")
    site.open("chances.html?level=1&seed=1")
    assert site.python(code).split() == ["no", "numpy", "2000", "True"]
    site.check()


def test_anywidget_gives_a_slow_phone_time_to_load_a_widgets_script(site_url: str) -> None:
    """anywidget's front end rejects a model whose script is not bound within 2 s: a page error,
    and Python's later messages to that widget dropped. A page's first burst of widgets on a
    slow phone (or a loaded CI: Chromium at 10x CPU throttling, 7 models on the play page)
    takes longer; the site's bundle gives it a minute (lite/app/bundle.mjs)."""
    script = (SITE / "sq-app.js").read_text(encoding="utf-8")
    assert "[anywidget] Failed to initialize model." in script   # still anywidget's runtime
    assert "AbortSignal.timeout(2e3)" not in script


def test_the_app_page_runs_only_its_own_pages_code(site: Site, browser: Any) -> None:
    """app.html runs the code a dashboard page of the site hands it, nothing else: opened on its
    own (a link) or framed by another site with code of its own, no Python starts at all. The
    learners' progress stays in the store the site has always used (`sq-edu-progress`)."""
    site.page.goto(site.url + "app.html?code=print(1)")
    other = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(SITE)))
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        # another origin (localhost, not 127.0.0.1): a page of its own (a 404 will do)
        site.page.goto(f"http://localhost:{other.server_address[1]}/not-the-site.html")
        site.page.evaluate(
            """(src) => { window.sqPage = {cells: ["print('SQ' + '-RAN')"]};
                          const f = document.createElement("iframe"); f.id = "app";
                          document.body.appendChild(f); f.src = src; }""",
            site.url + "app.html")
        site.page.wait_for_timeout(5000)   # a worker would be asked for within a second
    finally:
        other.shutdown()
        other.server_close()
    workers = [url for url in site.requested if "sq-python.js" in url or ".snapshot" in url]
    assert not workers, f"Python started for a page that is not the site's own: {workers}"
    frame = site.open("equations.html?level=1&seed=1")
    name_learner(frame, "storefox")
    stores = site.page.evaluate("async () => (await indexedDB.databases()).map(d => d.name)")
    assert "sq-edu-progress" in stores


def bare_python(site: Site, code: str) -> str:
    """What `code` prints in a page's Python that ran nothing else: the app page framed by the
    site's index with no cells (the restored snapshot as it is)."""
    site.page.goto(site.url + "index.html")
    site.page.evaluate("""() => { window.sqPage = {cells: []};
                                  const f = document.createElement("iframe"); f.id = "app";
                                  document.body.appendChild(f); f.src = "app.html"; }""")
    site.page.wait_for_function("() => document.getElementById('app').contentWindow.sqPython",
                                timeout=LOAD_SECONDS * 1000)
    return str(site.page.evaluate(
        "(code) => document.getElementById('app').contentWindow.sqPython(code)", code))


def test_python_starts_from_the_build_snapshot(site: Site) -> None:
    """The fast start (lite/snapshot.py) is really taken, not its fallback: the page's Python
    carries the snapshot's mark, no wheel is fetched (the packages are zips), and each
    page gets its own random numbers, not the snapshot's. The lesson pages were built once in
    the snapshot (lite/warm.py): the catalogue is parsed, and none of those widgets, comms or
    page settings is left in it."""
    code = ("import random, sys\n"
            "print('restored', hasattr(sys, '_sq_edu_snapshot'), random.random())")
    warm = ("import os, comm\n"
            "from ipywidgets.widgets import widget\n"
            "from sq_edu.i18n import catalog\n"
            "print('warm', catalog.cache_info().currsize, len(widget._instances),\n"
            "      len(comm.get_comm_manager().comms), 'QUERY_STRING' in os.environ,\n"
            "      'SQ_EDU_PROGRESS_DIR' in os.environ, os.path.exists('/tmp/sq-edu-warm'))")
    assert bare_python(site, warm).split() == ["warm", "1", "0", "0", "False", "False",
                                               "False"]
    first = bare_python(site, code).split()
    site.page.wait_for_function(KEPT_SNAPSHOT, polling=200, timeout=60_000)
    names = ("sq_edu.snapshot", "sq_edu.snapshot.br")
    before = [[url.rsplit("/", 1)[-1] for url in site.requested].count(name) for name in names]
    second = bare_python(site, code).split()
    assert first[:2] == second[:2] == ["restored", "True"]
    assert first[2] != second[2]
    fetched = [url.rsplit("/", 1)[-1] for url in site.requested]
    # Only the first page fetches the snapshot: the second reads the kept copy. On a host with
    # no precompressed files (this one) the plain name (an empty file) is asked, then the
    # brotli copy as a file, unpacked by the loader's decoder. (The service worker may fetch a
    # file again: counts are doubled, or not.)
    assert before[0] > 0 and before[1] > 0, "the first page did not fetch the snapshot"
    assert [fetched.count(name) for name in names] == before, "the second page fetched it"
    assert not [name for name in fetched if name.endswith(".whl")], "a wheel was fetched"
    assert "sq-edu.zip" in fetched   # sq_edu's files, unpacked by the loader
    assert "brotli_dec_wasm_bg.wasm" in fetched   # the decoder, for this plain host
    site.check()


def test_the_zips_hold_only_what_the_snapshot_has_not_imported(site: Site) -> None:
    """lite/warm.py leaves the sources of the modules in the snapshot out of the zips a page
    gets: the modules it has not imported still import from them (zipimport reads the zips at
    the offsets the restored Python knows), from the standard library and the packages' zip."""
    code = ("import sys, zipfile\n"
            "stdlib = next(p for p in sys.path if p.endswith('.zip') and 'python' in p)\n"
            "names = set(zipfile.ZipFile(stdlib).namelist())\n"
            "packages = set(zipfile.ZipFile('/lib/sq-site.zip').namelist())\n"
            "fresh = [m for m in ('difflib', 'shlex', 'graphlib', 'colorsys')\n"
            "         if m not in sys.modules]\n"
            "for name in fresh:\n"
            "    __import__(name)\n"
            "import difflib, shlex\n"
            "print('json/__init__.py' in names, 'difflib.py' in names,\n"
            "      'ipywidgets/__init__.py' in packages, len(fresh),\n"
            "      shlex.split('a b')[1], difflib.SequenceMatcher(None, 'ab', 'ab').ratio())")
    assert bare_python(site, code).split() == ["False", "True", "False", "4", "b", "1.0"]
    site.check()


class PrecompressedHandler(QuietHandler):
    """A host that serves the build's `.br` copy for an empty file (nginx brotli_static,
    Caddy `precompressed`, Apache with docs/site.md's rules)."""

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path)
        brotli = path + ".br"
        if (os.path.isfile(path) and os.path.getsize(path) == 0 and os.path.isfile(brotli)
                and "br" in self.headers.get("Accept-Encoding", "")):
            body = open(brotli, "rb")   # noqa: SIM115 (the handler closes it)
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Encoding", "br")
            self.send_header("Content-Length", str(os.fstat(body.fileno()).st_size))
            self.end_headers()
            return body
        return super().send_head()


def test_a_host_with_precompressed_copies_sends_them_for_the_plain_names(browser: Any) -> None:
    """Such a host sends the snapshot and the zips as brotli for their plain names, unpacked
    by the browser: the page asks for no `.br` file and never loads the loader's decoder."""
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 partial(PrecompressedHandler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    session = Site(browser, f"http://127.0.0.1:{server.server_address[1]}/")
    try:
        code = "import sys; print('restored', hasattr(sys, '_sq_edu_snapshot'))"
        assert bare_python(session, code).split() == ["restored", "True"]
        fetched = [url.rsplit("/", 1)[-1] for url in session.requested]
        assert "sq_edu.snapshot" in fetched and "sq-stdlib.zip" in fetched
        assert not [name for name in fetched if name.endswith(".br")], fetched
        assert not [name for name in fetched if "brotli_dec_wasm" in name]
        session.check()
    finally:
        session.context.close()
        server.shutdown()
        server.server_close()


def test_without_the_snapshot_python_starts_the_plain_way(site: Site) -> None:
    """The loader's fallback (lite/sq-pyodide.mjs): with no snapshot (a host that lost it, a
    browser that cannot unpack it) Python still starts, from Pyodide's own standard library
    and the wheels, which the offline precache leaves out (lite/offline.py) for this start."""
    site.context.route("**/static/pyodide/sq_edu.snapshot*",
                       lambda route: route.fulfill(status=404, body=""))
    code = "import sys, sq_edu.pages.page\nprint('plain', hasattr(sys, '_sq_edu_snapshot'))"
    site.open("equations.html?level=1&seed=1")
    assert site.python(code).split()[:2] == ["plain", "False"]
    fetched = {url.rsplit("/", 1)[-1] for url in site.requested}
    assert "python_stdlib.zip" in fetched
    assert any(name.startswith("ipywidgets-") and name.endswith(".whl") for name in fetched)
    assert not site.foreign, f"requests to other hosts: {site.foreign[:5]}"


# The unzipped snapshot is in the browser's Cache Storage (sq-pyodide.mjs keeps it there).
KEPT_SNAPSHOT = """async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith("sq_edu-snapshot-") && (await (await caches.open(name)).keys()).length)
      return true;
  }
  return false;
}"""


@pytest.mark.parametrize("name", ["card_detective", "chances", "queen_points", "dungeon",
                                  "teacher"])
def test_every_other_dashboard_opens_in_the_browser(site: Site, name: str) -> None:
    frame = site.open(f"{name}.html?lang=ru")
    app = frame.locator(".sq-app").first
    app.wait_for()
    assert app.inner_text().strip()
    download = frame.locator(".sq-export-link").count() > 0
    bar = site.page.locator("#kept").inner_text()
    if name == "teacher":
        assert bar == t("site.teacher_here", "ru")
    else:
        assert bar == (t("site.kept_here", "ru", download=t("lesson_app.download", "ru"))
                       if download else t("site.kept_here_short", "ru"))
    # The page and the app inside it speak Russian, under the app's Russian name.
    assert site.page.evaluate("document.documentElement.lang") == "ru"
    assert site.page.title() == page_titles(name)["ru"]
    assert frame.locator("html").get_attribute("lang") == "ru"
    site.check()


def test_on_a_phone_the_bar_leaves_the_task_on_the_first_screen(browser: Any,
                                                                 site_url: str) -> None:
    """390 x 844, touch, Russian (the longest words): the bar at the foot of the page wraps
    but never lies over the app, the child's task and hand are above it on the first screen,
    and the bar's link and every control of the app are big enough for a finger."""
    context = browser.new_context(locale="ru-RU", device_scale_factor=1, **PHONE)
    try:
        page = context.new_page()
        page.goto(f"{site_url}equations.html?lang=ru&level={LEVEL}&seed={SEED}")
        page.wait_for_selector("#loading", state="hidden", timeout=LOAD_SECONDS * 1000)
        frame = page.frame_locator("#app")
        frame.locator(".sq-answer-cards button[data-index]").first.wait_for()
        bar = page.locator("#bar").bounding_box()
        app = page.locator("#app").bounding_box()
        assert bar is not None and app is not None
        assert app["y"] + app["height"] <= bar["y"] + 0.5, (app, bar)   # the app above the bar
        assert bar["y"] + bar["height"] <= PHONE["viewport"]["height"] + 0.5   # bar on screen
        # issue 40: «Проверить ответ» and «Подсказка» were under the bar on the first screen
        for task in (".sq-answer", ".sq-answer-cards", ".sq-submit", ".sq-hint"):
            box = frame.locator(task).first.bounding_box()
            assert box is not None and box["y"] >= 0, task
            assert box["y"] + box["height"] <= bar["y"], f"{task} ends under the bar: {box}"
        back = page.locator("#back").bounding_box()
        assert back is not None and back["height"] >= 44 and back["width"] >= 44, back
        inner = page.locator("#app").element_handle().content_frame()
        inside = inner.evaluate(MEASURE_JS, ".sq-app")
        assert not inside["small"], f"too small to tap: {inside['small']}"
        assert not inside["wide"], f"wider than the screen: {inside['wide']}"
        page.screenshot(path=str(ARTIFACTS / "site-phone-equations-ru.png"))
    finally:
        context.close()
