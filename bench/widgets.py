"""Widget latency in the kernel: a card click (the selection message the browser sends) until
the widget state is updated, median and p95 over 200 clicks (target p95 < 30 ms); and the game
app's discard and next-move clicks until the whole app is redrawn, with the coach off (the
baseline) and on: a next-move click that starts the child's turn until the coach's question is
on the page (target p95 < 150 ms), in the same run. Then the same in Chromium against a real
Voila (`SQ_EDU_BENCH_BROWSER=0` skips it): from the click event to the first change of the page
(the play baseline) and to the coach's question on the page, in one page and one run."""

from __future__ import annotations

import contextlib
import os
import statistics
import time

from sq_edu.apps.play import PlayApp
from sq_edu.widgets import EquationBuilder, HandView

CLICKS = 200


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _time_clicks(widget: HandView, clicks: int, done: object) -> list[float]:
    """Toggle cards the way hand.js does (a `selected` state message) and time each one."""
    samples = []
    for k in range(clicks):
        i = k % len(widget.hand)
        selected = list(widget.selected)
        selected = [s for s in selected if s != i] if i in selected else [*selected, i]
        start = time.perf_counter()
        widget.set_state({"selected": selected})
        widget.get_state()
        done()  # type: ignore[operator]
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def _time_play_app(rounds: int, coach: str = "off"
                   ) -> tuple[list[float], list[float], list[float]]:
    """The game app: 'discard' click and 'next move' click, each until the app is redrawn;
    third, the next-move clicks after which the coach's question was shown."""
    app = PlayApp(seed=3, opponents=2, coach=coach)
    discards: list[float] = []
    nexts: list[float] = []
    asked: list[float] = []
    while len(discards) < rounds:
        if app.game.is_over:
            app.new_game()
        app.run_bots()
        if app.game.is_over:
            continue
        if app.game.pending:  # the child must answer first (a block, a bonus wake, ...)
            app.play(app.legal()[0])
            continue
        app.board.hand.toggle(0)
        start = time.perf_counter()
        app.board.act["discard"].click()
        discards.append((time.perf_counter() - start) * 1000)
        while not app.game.is_over and app.game.current_player != 0:
            before = app.coach.coach.current
            start = time.perf_counter()
            app.next_button.click()
            took = (time.perf_counter() - start) * 1000
            nexts.append(took)
            question = app.coach.coach.current
            if question is not None and question is not before and app.coach.question.value:
                asked.append(took)
    return discards, nexts, asked


def _rows(name: str, samples: list[float], target: str = "< 30") -> list[dict]:
    n = len(samples)
    return [{"benchmark": f"widgets: {name}, median of {n}",
             "value": round(statistics.median(samples), 3), "unit": "ms", "target": "-"},
            {"benchmark": f"widgets: {name}, p95 of {n}",
             "value": round(_p95(samples), 3), "unit": "ms", "target": target}]


def run(quick: bool = False) -> list[dict]:
    clicks = 40 if quick else CLICKS
    hand = HandView([3, 7, 10, "king", 4])
    builder = EquationBuilder([3, 7, 10, "king", 4])
    rows = []
    for name, widget, done in (
        ("hand card click -> state", hand, lambda: hand.summary),
        ("equation card click -> verdict shown", builder.hand,
         lambda: builder.get_state() and builder.status.value),
    ):
        _time_clicks(widget, 10, done)  # warm caches
        rows += _rows(name, _time_clicks(widget, clicks, done))
    rounds = 20 if quick else 100
    discards, nexts, _ = _time_play_app(rounds)
    rows += _rows("play app discard click -> redrawn (coach off)", discards)
    rows += _rows("play app next-move click -> redrawn (coach off)", nexts)
    for level in ("quiz", "detective"):
        discards, nexts, asked = _time_play_app(rounds, coach=level)
        rows += _rows(f"play app next-move click -> redrawn (coach {level})", nexts)
        rows += _rows(f"next-move click -> coach question shown ({level})", asked, "< 150")
    if os.environ.get("SQ_EDU_BENCH_BROWSER", "1") != "0":
        updated, asked = _browser_coach(5 if quick else 20)
        rows += _rows("Chromium: next-move click -> updated page (play baseline)", updated,
                      "-")
        rows += _rows("Chromium: next-move click -> coach question on the page", asked,
                      "< 150")
    return rows



# --- in Chromium: the same clicks, measured from the click to the updated page ---------------
_NEXT_CLICK = """
() => new Promise((resolve, reject) => {
  const app = document.querySelector('.sq-play-app');
  const next = [...app.querySelectorAll('.sq-next')].find(b => b.offsetParent !== null);
  const question = () => app.querySelector('.sq-coach-question').textContent.trim();
  if (!next) { reject(new Error('no Next button')); return; }
  const before = app.innerText, askedBefore = question();
  let start = null, changed = null;
  const observer = new MutationObserver(() => {
    if (start === null) return;
    const now = performance.now() - start;
    if (changed === null && app.innerText !== before) changed = now;
    const asked = question();
    if (asked && asked !== askedBefore) { observer.disconnect(); resolve([changed, now]); }
  });
  observer.observe(app, {childList: true, characterData: true, subtree: true,
                         attributes: true});
  document.addEventListener('click', () => { start = performance.now(); },
                            {capture: true, once: true});
  next.click();
  setTimeout(() => { observer.disconnect(); resolve([changed, null]); }, 3000);
})
"""


def _browser_coach(clicks: int) -> tuple[list[float], list[float]]:
    """Next-move clicks in a real page (coach quiz): to the first change of the page (the
    play baseline) and, when the click starts the child's turn with a question, to the
    question on the page; one server, one page, one run."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    from sq_edu.server.server import VoilaServer
    from tests.support.browser import keep_offline, launch_chromium, wait_rendered

    updated: list[float] = []
    asked: list[float] = []
    with sync_playwright() as playwright, VoilaServer() as server:
        browser = launch_chromium(playwright)
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        keep_offline(page, server.url)
        page.goto(f"{server.url}voila/render/play.ipynb?seed=3")
        wait_rendered(page, ".sq-play-app")
        app = page.locator(".sq-play-app")
        for _ in range(clicks * 20):
            if len(asked) >= clicks:
                break
            page.wait_for_timeout(150)
            if app.locator(".sq-next").is_visible():
                changed, question = page.evaluate(_NEXT_CLICK)
                if changed is not None:
                    updated.append(float(changed))
                if question is not None:
                    asked.append(float(question))
                continue
            for selector in (".sq-play-again", ".sq-coach-show-me", ".sq-answer-allow",
                             ".sq-keep-card", "button.sq-slot-button:not([disabled])",
                             ".sq-hand button[data-index='0']:not([aria-pressed=true])",
                             ".sq-act-discard"):
                target = app.locator(selector).first
                if app.locator(selector).count() and target.is_visible():
                    with contextlib.suppress(PlaywrightTimeout):   # redrawn under the click
                        target.click(timeout=2000)
                    break
        browser.close()
    return updated, asked


if __name__ == "__main__":
    for row in run():
        print(f"{row['benchmark']:<60} {row['value']:>9} {row['unit']:<3} {row['target']}")
