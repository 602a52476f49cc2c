"""The door code's pages in real Chromium (390x844 touch phone and 1280x800 laptop, English
and Russian): the waiting page's field, used with the keyboard alone, and the teacher page
showing the code. Screenshots in test-artifacts/: door-waiting-{phone,laptop}-{en,ru}.png,
door-teacher-phone-en.png, door-teacher-laptop-ru.png."""

from __future__ import annotations

import http.cookiejar
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from class_server import ARTIFACTS, CLASS_PASSWORD, TEACHER_PASSWORD

from sq_edu.server.server import VoilaServer

SCREENS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1280, "height": 800}},
}
LESSON = "voila/render/queen_points.ipynb"


def _signed_in(context: Any, url: str, errors: list[str] | None = None) -> Any:
    """A page at `url` in `context`, past the class password's login form (its script
    errors go into `errors`)."""
    page = context.new_page()
    page.set_default_timeout(90_000)
    if errors is not None:
        page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    if "/login" in page.url:
        page.locator("#password").fill(CLASS_PASSWORD)
        page.locator("#password").press("Enter")
        page.wait_for_load_state()
    return page


def waiting_pages(server: VoilaServer, read_code: Any) -> dict[str, Any]:
    """The waiting page's field on every screen and language: its size (px), what Tab
    reaches first, and on the English laptop a code from `read_code()` typed and entered
    with the keyboard alone; what each showed."""
    from playwright.sync_api import sync_playwright

    seen: dict[str, Any] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for screen, options in SCREENS.items():
            for lang in ("en", "ru"):
                context = browser.new_context(**options)
                errors: list[str] = []
                page = _signed_in(context, f"{server.url}sq-edu/door?lang={lang}&next=/"
                                           f"{LESSON}%3Flang%3D{lang}", errors)
                field, button = page.locator("#door-code"), page.locator("form button")
                label = page.locator("label[for=door-code]").inner_text()
                boxes = [field.bounding_box(), button.bounding_box()]
                page.screenshot(path=str(ARTIFACTS / f"door-waiting-{screen}-{lang}.png"))
                page.locator("body").press("Tab")
                first = page.evaluate("document.activeElement.id")
                entered = ""
                if (screen, lang) == ("laptop", "en"):
                    page.keyboard.type(read_code())
                    page.keyboard.press("Enter")
                    page.wait_for_url(f"**/{LESSON}*")
                    page.locator(".jupyter-widgets").first.wait_for()
                    entered = page.url
                seen[f"{screen}-{lang}"] = {"label": label, "first": first, "entered": entered,
                                            "errors": errors,
                                            "sizes": [(b or {}).get("height", 0) for b in boxes],
                                            "right": max((b or {}).get("x", 0) + (b or {}).get(
                                                "width", 0) for b in boxes)}
                context.close()
        browser.close()
    return seen


def teacher_pages(server: VoilaServer) -> dict[str, str]:
    """The teacher page signed in, phone in English and laptop in Russian: the door box's
    text, with a screenshot of the locks-and-door section."""
    from playwright.sync_api import sync_playwright

    shown: dict[str, str] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for screen, lang in (("phone", "en"), ("laptop", "ru")):
            context = browser.new_context(**SCREENS[screen])
            page = _signed_in(context, f"{server.url}voila/render/teacher.ipynb?lang={lang}")
            box = page.locator(".sq-teacher-password input")
            box.fill(TEACHER_PASSWORD)
            box.press("Enter")
            door = page.locator(".sq-door")
            door.locator(".sq-door-code b").wait_for()
            door.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"door-teacher-{screen}-{lang}.png"))
            shown[f"{screen}-{lang}"] = door.inner_text()
            context.close()
        browser.close()
    return shown


def in_chromium(job: Any, *args: Any) -> Any:
    """Run `job` in a thread of its own (Playwright's sync API wants no running loop)."""
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(job, *args).result()


def login_cookie_only(jar: http.cookiejar.CookieJar) -> http.cookiejar.CookieJar:
    """A new device with the class password's cookie of `jar` (a script reuses it)."""
    fresh = http.cookiejar.CookieJar()
    for cookie in jar:
        if cookie.name.startswith("username"):
            fresh.set_cookie(cookie)
    return fresh
