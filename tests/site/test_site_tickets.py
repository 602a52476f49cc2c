"""Exit tickets on the serverless site, in Chromium with a fake camera.

The teacher's page (its own browser) makes the class link; a child opens it in another browser
at phone size, answers, and shows the exit ticket; the teacher's page reads its QR code from the
camera (Chromium's fake camera plays a video of that QR code, written here as Y4M), shows the
learner in the class table, counts the same ticket typed again once, and names the group of a
mistyped code; a ticket made with the key from the link counts only what its answers earn,
one dated ahead of the teacher's clock and a copy under another name are refused. The
screenshots go to test-artifacts/ (docs/site.md shows copies).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.i18n import t
from sq_edu.practice.classroom.exit_ticket import key_in_query
from tests.site.test_site import ARTIFACTS, Site, name_learner, pick_right, site_url
from tests.support.browser import CHROMIUM_ARGS, chromium_path

pytestmark = pytest.mark.site
__all__ = ["site_url"]
WIDTH, HEIGHT, MODULE = 640, 480, 6
LEVEL, SEED = 1, 1   # the teacher page's first settings


def y4m(matrix: list[list[int]] | None, path: Path, frames: int = 3) -> None:
    """A Y4M video (4:2:0; a text header, then raw frames) of a QR code's modules, black on
    white in the middle of the picture: what Chromium's fake camera plays in a loop."""
    luma = bytearray([235]) * (WIDTH * HEIGHT)
    if matrix is not None:
        size = len(matrix) * MODULE
        left, top = (WIDTH - size) // 2, (HEIGHT - size) // 2
        for r, row in enumerate(matrix):
            for c, dark in enumerate(row):
                if dark:
                    for y in range(top + r * MODULE, top + (r + 1) * MODULE):
                        start = y * WIDTH + left + c * MODULE
                        luma[start:start + MODULE] = bytes([16]) * MODULE
    chroma = bytes([128]) * (WIDTH // 2 * HEIGHT // 2)
    frame = b"FRAME\n" + bytes(luma) + chroma + chroma
    header = f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + frame * frames)


def qr_matrix(text: str) -> list[list[int]]:
    import segno

    code = segno.make(text, error="m", micro=False)
    return [[int(bool(m)) for m in row] for row in code.matrix]


@pytest.fixture(scope="module")
def camera_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("camera") / "camera.y4m"
    y4m(None, path)   # a blank picture until the ticket is known
    return path


@pytest.fixture(scope="module")
def camera_browser(playwright_session: Any, camera_file: Path) -> Iterator[Any]:
    path = chromium_path()
    args = [*CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={camera_file}"]
    chromium = playwright_session.chromium.launch(executable_path=path, args=args)
    yield chromium
    chromium.close()


def made_up_tickets(desk: Any, status: Any, code: str, key: str) -> None:
    """What a child holding the key from the link can make, typed into the teacher's page: a
    "level 9, 10 answers" ticket of wrong answers counts 0 right at level 1, a ticket dated
    ten years ahead is refused, and Mila's answers under another name are refused as a copy."""
    import base64
    from dataclasses import replace
    from urllib.parse import unquote

    from sq_edu.practice import load_lessons
    from sq_edu.practice.classroom.exit_ticket import decode, encode, item_of
    from sq_edu.practice.generators import generate
    from tests.apps.lesson.test_lesson_app import wrong_answer

    real = decode(code, key)
    lesson = load_lessons().lessons["equations"]
    wrong = tuple(item_of(1, seed, wrong_answer(generate(lesson, 1, seed)))
                  for seed in range(100, 110))
    typed = desk.locator(".sq-ticket-code input")
    for ticket, said in (
            (replace(real, nickname="Anna", level=9, unlocked=9, items=wrong),
             t("exit_ticket.added", "en", nickname="Anna")),
            (replace(real, day=real.day + 3650), t("exit_ticket.from_future", "en")),
            (replace(real, nickname="Boris"), t("exit_ticket.copied", "en", nickname="Mila"))):
        typed.fill(encode(ticket, key))
        desk.locator(".sq-ticket-add").click()
        status.filter(has_text=said).wait_for()
    href = desk.locator(".sq-ticket-csv a").get_attribute("href") or ""
    table = base64.b64decode(unquote(href.split(",", 1)[1])).decode("utf-8")
    assert ",Anna,equations,1,pairs,10,0," in table, table
    assert "Boris" not in table
    assert ",Mila,equations,1,pairs,1,1," in table, table


def test_ticket_scanned_by_camera_counted_once_forgery_refused(
        camera_browser: Any, browser: Any, site_url: str, camera_file: Path) -> None:
    teacher = Site(camera_browser, site_url, viewport={"width": 1280, "height": 800},
                   permissions=["camera"])
    child = Site(browser, site_url, viewport={"width": 390, "height": 844}, is_mobile=True,
                 has_touch=True)   # the child's own phone
    try:
        desk = teacher.open("teacher.html?lang=en&class=5b")
        # No server here: the teacher is pointed at the tickets, not at `sq-edu serve`.
        live_off = desk.locator(".sq-live-off").inner_text()
        assert t("classroom.live_off_site", "en") in live_off and "sq-edu serve" not in live_off
        url_box = desk.locator(".sq-class-url input")
        url_box.wait_for()
        link = ""
        for _ in range(100):
            link = url_box.input_value()
            if link:
                break
            teacher.page.wait_for_timeout(100)
        assert "/equations.html?" in link and "&tk=" in link, link
        query = link.split("?", 1)[1]
        assert f"level={LEVEL}&seed={SEED}" in query

        twin = LessonApp("equations", "en", level=LEVEL, seed=SEED)   # the link's deal
        frame = child.open("equations.html?" + query)
        name_learner(frame, "Mila")
        pick_right(frame, twin)
        frame.locator(".sq-submit").click()
        frame.locator(".sq-feedback .sq-status-good").wait_for()
        button = frame.locator(".sq-exit-ticket-button")
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44
        # The app takes the keyboard to "Next" after a right answer; from there, the keyboard
        # reaches the ticket's button (a native button: Space presses it).
        frame.locator(".sq-next-exercise:focus").wait_for()
        button.press(" ")
        code_box = frame.locator(".sq-exit-ticket-code")
        code_box.wait_for()
        frame.locator(".sq-exit-ticket svg").wait_for()
        code = code_box.inner_text().strip()
        assert t("exit_ticket.summary", "en", skill="Pairs", right=1, n=1) in (
            frame.locator(".sq-exit-ticket").inner_text())
        card = frame.locator(".sq-exit-ticket-card")
        card.evaluate("card => card.scrollIntoView({block: 'start'})")
        child.page.screenshot(path=str(ARTIFACTS / "site-ticket-phone-en.png"))
        frame.locator(".sq-language button", has_text="Русский").click()
        frame.locator(".sq-exit-ticket").filter(has_text=t("exit_ticket.title", "ru")).wait_for()
        card.evaluate("card => card.scrollIntoView({block: 'start'})")
        child.page.screenshot(path=str(ARTIFACTS / "site-ticket-phone-ru.png"))

        y4m(qr_matrix(code), camera_file)
        desk.locator(".sq-qr-camera-button").click()
        grid = desk.locator(".sq-ticket-grid")
        grid.filter(has_text="Mila").wait_for(timeout=60_000)
        status = desk.locator(".sq-ticket-status")
        assert t("exit_ticket.added", "en", nickname="Mila") in status.inner_text()
        assert "1" in grid.inner_text() and desk.locator(".sq-ticket-csv a").count() == 1
        desk.locator(".sq-qr-camera-button").click()   # the camera off again

        typed = desk.locator(".sq-ticket-code input")
        typed.fill(code.lower().replace("-", " "))
        desk.locator(".sq-ticket-add").click()
        status.filter(has_text=t("exit_ticket.again", "en", nickname="Mila")).wait_for()
        assert t("exit_ticket.count", "en", n=1) in grid.inner_text()

        middle = len(code) // 2 + (code[len(code) // 2] == "-")
        forged = code[:middle] + ("Z" if code[middle] != "Z" else "Y") + code[middle + 1:]
        typed.fill(forged)   # one character changed: the teacher is told which group to check
        desk.locator(".sq-ticket-add").click()
        group = code[:middle].count("-") + 1
        typo = {"group": group, "chars": forged.split("-")[group - 1]}
        status.filter(has_text=t("exit_ticket.typo", "en", **typo)).wait_for()
        assert t("exit_ticket.count", "en", n=1) in grid.inner_text()
        desk.locator(".sq-ticket-section").scroll_into_view_if_needed()
        teacher.page.screenshot(path=str(ARTIFACTS / "site-ticket-teacher-en.png"))
        desk.locator(".sq-language button", has_text="Русский").click()
        status.filter(has_text=t("exit_ticket.typo", "ru", **typo)).wait_for()
        desk.locator(".sq-ticket-section").scroll_into_view_if_needed()
        teacher.page.screenshot(path=str(ARTIFACTS / "site-ticket-teacher-ru.png"))
        desk.locator(".sq-language button", has_text="English").click()
        status.filter(has_text=t("exit_ticket.typo", "en", **typo)).wait_for()
        made_up_tickets(desk, status, code, key_in_query(query))
        child.check()
        teacher.check()
    finally:
        teacher.context.close()
        child.context.close()


def test_a_reloaded_lesson_page_keeps_the_days_items_on_the_ticket(browser: Any,
                                                                   site_url: str) -> None:
    """The child answers, the page is reloaded (a new Python in the browser), the child says
    who they are again: the ticket still carries the answer given before the reload (kept in
    the browser's storage beside the learner's progress), not "no answers yet"."""
    from sq_edu.practice.classroom.exit_ticket import KEY_PARAM, decode, new_key

    key = new_key()
    query = f"lang=en&class=5b&level={LEVEL}&seed={SEED}&{KEY_PARAM}={key}"
    child = Site(browser, site_url, viewport={"width": 390, "height": 844}, is_mobile=True,
                 has_touch=True)
    try:
        frame = child.open("equations.html?" + query)
        name_learner(frame, "Lida")
        pick_right(frame, LessonApp("equations", "en", level=LEVEL, seed=SEED))
        frame.locator(".sq-submit").click()
        # Python has taken the answer (the name's greeting is already a good-tone line: it
        # alone would let the reload below come before the click reaches Python)
        frame.locator(".sq-submit:disabled").wait_for()
        frame.locator(".sq-feedback .sq-status-good").wait_for()
        frame = child.open("equations.html?" + query)   # the reload
        name_learner(frame, "Lida")
        frame.locator(".sq-exit-ticket-button").click()
        code_box = frame.locator(".sq-exit-ticket-code")
        code_box.wait_for()
        ticket = decode(code_box.inner_text().strip(), key)
        assert len(ticket.items) == 1, ticket
        assert t("exit_ticket.summary", "en", skill="Pairs", right=1, n=1) in (
            frame.locator(".sq-exit-ticket").inner_text())
        child.check()
    finally:
        child.context.close()
