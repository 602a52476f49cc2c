"""The learners of `bench/load.py`: light clients and Chromium pages, and the teacher who
watches them (kept apart so the benchmark's driver stays short)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench._kernel_client import DashboardSession
from tests.support.browser import CHROMIUM_ARGS, ERROR_TEXTS, chromium_path

ROOT = Path(__file__).resolve().parents[1]
LOOP = ("sq-submit", "sq-hint", "sq-next-exercise")  # LessonApp's stable CSS hooks
WIDGET_OUTPUT = "application/vnd.jupyter.widget-view+json"
ANSWERS = ("7", "3 + 4 = 7", "1/4", "25", "2", "5 out of 20", "lots")
CLASS = "load"                 # the class the learners join; the teacher page shows it
TEACHER_PASSWORD = "load-bench-teacher"

@dataclass
class Outcome:
    """One learner's session."""

    name: str
    kind: str  # "light" or "browser"
    ok: bool = False
    kernel_id: str = ""
    render_seconds: float = 0.0
    requested: float = 0.0         # monotonic time of the page request
    interactive_seconds: float = 0.0   # request -> the app's widgets are there
    clicks: list[float] = field(default_factory=list)
    sent: list[float] = field(default_factory=list)   # monotonic send time of each click
    errors: list[str] = field(default_factory=list)


# --- one light learner --------------------------------------------------------------------
async def light_learner(url: str, notebook: str, outcome: Outcome, duration: float,
                        rng: random.Random, abandon: bool) -> None:
    page = DashboardSession(url, notebook, f"lang={rng.choice(['en', 'ru'])}&class={CLASS}")
    try:
        outcome.requested = time.monotonic()
        await page.open()
        outcome.kernel_id = page.kernel_id
        outcome.render_seconds = page.render_seconds
        if WIDGET_OUTPUT not in page.html:  # a browser would show an empty page
            outcome.errors.append("the page came without its app (no widget output in the HTML)")
        await page.load_widgets()
        outcome.interactive_seconds = time.monotonic() - outcome.requested
        if not page.states:
            outcome.errors.append("no widgets on the page")
        await _join(page, outcome.name)
        until = time.monotonic() + duration  # every learner gets the whole lesson loop
        step = 0
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(1.5, 4.0))  # a child reads and thinks
            for box in page.with_class("sq-answer-text"):
                await page.set_value(box, "value", rng.choice(ANSWERS))
            for hand in page.with_class("sq-answer-cards"):   # pick two cards, as a child does
                await page.set_value(hand, "selected", rng.sample(range(5), 2))
            targets = [m for css in LOOP[step % len(LOOP):] + LOOP for m in page.with_class(
                css, "ButtonModel") if not page.states[m]["state"].get("disabled")]
            targets = targets or list(page.buttons())
            if not targets:
                outcome.errors.append("no button to press")
                break
            outcome.sent.append(time.monotonic())
            reply = await page.click(targets[0])
            step += 1
            if not reply.finished:
                outcome.errors.append(f"click not answered within {reply.seconds:.0f} s")
                outcome.sent.pop()
                continue
            outcome.clicks.append(reply.seconds)
            for message in reply.messages:
                text = json.dumps(message["content"], ensure_ascii=False)
                if message["msg_type"] == "error" or any(t in text for t in ERROR_TEXTS):
                    outcome.errors.append(f"error after a click: {text[:200]}")
        if len(outcome.clicks) < duration / 8:
            outcome.errors.append(f"only {len(outcome.clicks)} clicks answered")
        outcome.ok = not outcome.errors
    except Exception as exc:  # the benchmark reports a failed session, it does not stop
        outcome.errors.append(f"{type(exc).__name__}: {exc}")
    finally:
        await page.close(shutdown=not abandon)


async def _join(page: DashboardSession, name: str) -> None:
    """Save a nickname, as a learner does first, so the teacher's live view lists them."""
    for box in page.with_class("sq-nickname"):
        await page.set_value(box, "value", name)
    for box in page.with_class("sq-secret-picture"):   # a new learner's secret picture
        await page.set_value(box, "index", 0)
    for box in page.with_class("sq-secret"):   # and number
        await page.set_value(box, "value", "1357")
    for button in page.with_class("sq-save-nickname", "ButtonModel"):
        await page.click(button)


# --- one learner in Chromium ------------------------------------------------------------
async def browser_learner(playwright: Any, url: str, notebook: str, outcome: Outcome,
                          duration: float, rng: random.Random) -> None:
    # One Chromium per learner, as in a classroom (no shared connection pool or cache).
    browser = await playwright.chromium.launch(executable_path=chromium_path(),
                                               args=list(CHROMIUM_ARGS))
    context = await browser.new_context(viewport={"width": 1200, "height": 900})
    page = await context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)

    async def offline(route: Any) -> None:
        if route.request.url.startswith(url):
            await route.continue_()
        else:
            await route.fulfill(status=200, body="", content_type="text/css")

    await page.route("**/*", offline)
    try:
        start = outcome.requested = time.monotonic()
        await page.goto(f"{url}voila/render/{notebook}.ipynb?class={CLASS}", timeout=300_000)
        await page.wait_for_selector("#rendered_cells .jupyter-widgets:visible", state="visible",
                                     timeout=300_000)
        outcome.render_seconds = outcome.interactive_seconds = time.monotonic() - start
        nickname = page.locator(".sq-nickname input")
        if await nickname.count():
            await nickname.first.fill(outcome.name)
            secret = page.locator(".sq-secret input")
            if await secret.count():
                await page.locator(".sq-secret-picture button").first.click()
                await secret.first.fill("1357")
            await page.locator("button.sq-save-nickname").first.click()
        config = await page.locator("#jupyter-config-data").first.text_content()
        outcome.kernel_id = str(json.loads(config or "{}").get("kernelId", ""))
        until = time.monotonic() + duration
        step = 0
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(1.5, 4.0))
            boxes = page.locator(".sq-answer-text input")
            if await boxes.count():
                await boxes.first.fill(rng.choice(ANSWERS))
            css = LOOP[step % len(LOOP)]
            button = page.locator(f"button.{css}:enabled")
            if not await button.count():
                button = page.locator("#rendered_cells button:enabled")
            clicked = time.monotonic()
            await button.first.click(timeout=60_000)
            outcome.sent.append(clicked)
            outcome.clicks.append(time.monotonic() - clicked)  # browser side only
            step += 1
        body = await page.locator("body").inner_text()
        problems += [f"page says {t!r}" for t in ERROR_TEXTS if t in body]
        outcome.errors += problems
        outcome.ok = not outcome.errors
    except Exception as exc:
        outcome.errors.append(f"{type(exc).__name__}: {str(exc)[:300]}")
        outcome.errors += problems[:5]
        try:  # what the learner saw, for the report
            shot = ROOT / "test-artifacts" / f"load-{outcome.name}.png"
            await page.screenshot(path=str(shot), full_page=True)
            body = (await page.locator("body").inner_text(timeout=5000))[:300]
            outcome.errors.append(f"page shows: {body!r} (screenshot {shot.name})")
        except Exception as shot_error:
            outcome.errors.append(f"no screenshot: {shot_error}")
    finally:
        # Closing the tab runs beforeunload, whose beacon asks Voila to shut the kernel down.
        with contextlib.suppress(Exception):
            await page.close(run_before_unload=True)
            await asyncio.sleep(1.0)
        await context.close()
        await browser.close()


async def teacher_screenshot(playwright: Any, url: str, path: Path, wait: float) -> str:
    """After `wait` seconds, the teacher opens the live class view; a screenshot of it."""
    await asyncio.sleep(wait)
    browser = await playwright.chromium.launch(executable_path=chromium_path(),
                                               args=list(CHROMIUM_ARGS))
    try:
        page = await browser.new_page(viewport={"width": 1280, "height": 1000})
        await page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
            url) else route.fulfill(status=200, body="", content_type="text/css"))
        await page.goto(f"{url}voila/render/teacher.ipynb", timeout=120_000)
        await page.locator(".sq-teacher-password input").fill(TEACHER_PASSWORD, timeout=120_000)
        await page.locator("button.sq-teacher-open").click()
        await page.locator(".sq-class-table tbody tr").first.wait_for(timeout=60_000)
        await asyncio.sleep(4.0)   # one more refresh of the table
        path.parent.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(path), full_page=False)
        return str(path)
    except Exception as exc:   # the benchmark reports it; the class goes on
        return f"no screenshot: {type(exc).__name__}: {str(exc)[:200]}"
    finally:
        await browser.close()


