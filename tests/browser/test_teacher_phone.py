"""The teacher's page on a phone (390x844, touch), in English and Russian, in real Chromium,
with a full class: eight learners (long names, both alphabets) whose answers fill the live
table, the skill grid, the common mistakes and their "Send practice" buttons; one learner's
skills opened, a progress file uploaded for the report, a new secret given, the worksheets
unfolded. Nothing may stick out sideways (the page no wider than the screen,
no element past the screen or a box that clips it) and every control is at least 44 px.
A tablet (768x1024) in Russian as well. Screenshots: test-artifacts/teacher-phone-{en,ru}.png,
teacher-tablet-ru.png, teacher-login-phone-{en,ru}.png.

And the password typed fast: a teacher who types it and presses Enter at once is judged on
every letter typed (ipywidgets holds a box's later changes back until the kernel answered the
first, but sent the "submit" of Enter at once: the kernel judged "o" for "owls-at-noon").
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.practice import Progress
from sq_edu.practice.classroom.live import ActivityLog
from sq_edu.practice.classroom.teacher_key import hash_password
from sq_edu.practice.progress import ProgressStore
from sq_edu.server.server import VoilaServer
from tests.browser.test_diagnosis import ARTIFACTS, PASSWORD, PHONE, open_page, teacher_page
from tests.browser.test_phone import CUT_OFF_JS
from tests.support.child_first import MEASURE_JS

pytestmark = pytest.mark.browser
SLIP = "mistakes.words_reversed"
LEARNERS = ("Александра Константинова", "Maximilian-Alexander", "Kim", "Боря", "Ana Maria",
            "Екатерина", "Jo", "Святослав Владимирович")


def fill_the_class(folder: Path) -> None:
    """What the learners' lesson pages would have written: answers right and wrong (three
    learners making the same named mistake), and one saved progress file to open."""
    now = time.time()
    for i, name in enumerate(LEARNERS):
        log = ActivityLog(folder, "5b", name)
        if i % 3 == 0:
            for k in range(3):
                log.answer("chances", 2, False, now=now - 40 + k, skill="chance_count",
                           misconception=SLIP)
        else:
            log.answer("equations", 1 + i % 4, True, now=now - 100 * i, skill="pairs")
            log.answer("queen_points", 3, i % 2 == 0, now=now - 50 * i, skill="queen_sum")
    progress = Progress(nickname=LEARNERS[0])
    progress.mastery.record("chances", 2, "chance_count", False, levels=7)
    progress.mastery.record("equations", 1, "pairs", True, levels=7)
    ProgressStore.for_learner(LEARNERS[0], folder).save(progress)


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[VoilaServer, Path]]:
    folder = tmp_path_factory.mktemp("teacher-phone")
    fill_the_class(folder)
    server = VoilaServer(log_path=ARTIFACTS / "voila-teacher-phone.log")
    server.env |= {"SQ_EDU_CLASS": "5b", "SQ_EDU_TEACHER_KEY": hash_password(PASSWORD),
                   "SQ_EDU_PROGRESS_DIR": str(folder)}
    with server:
        yield server, ProgressStore.for_learner(LEARNERS[0], folder).path


def problems(page: Any) -> list[str]:
    """Everything too small for a finger or past the screen, one line each."""
    measured = page.evaluate(MEASURE_JS)
    found = [f"small: {line}" for line in measured["small"]]
    found += [f"wide: {line}" for line in measured["wide"]]
    return found + [f"cut off: {line}" for line in page.evaluate(CUT_OFF_JS)]


# A tablet too, in Russian (the longer words): the tables are cards there as on a phone.
SIZES = {"phone": PHONE, "tablet": {**PHONE, "viewport": {"width": 768, "height": 1024}}}
NO_SIDEWAYS_JS = """() => [document.documentElement, document.body,
                          document.querySelector('#rendered_cells')]
    .filter(box => box && box.scrollWidth > box.clientWidth + 1)
    .map(box => `${box.tagName}#${box.id} is ${box.scrollWidth} px wide in ${box.clientWidth}`)"""


@pytest.mark.parametrize(("size", "lang"), [("phone", "en"), ("phone", "ru"), ("tablet", "ru")])
def test_the_whole_teacher_page_fits_a_phone(
        browser: Any, class_server: tuple[VoilaServer, Path], size: str, lang: str) -> None:
    server, progress_file = class_server
    width = SIZES[size]["viewport"]["width"]
    phone = browser.new_context(locale="en-GB", device_scale_factor=1, **SIZES[size])
    try:
        teacher = teacher_page(phone, server, lang)
        rows = teacher.locator(".sq-class-table tbody tr")
        rows.nth(len(LEARNERS) - 1).wait_for(timeout=30_000)
        teacher.locator(".sq-class-grid table.sq-grid-slips").wait_for(timeout=30_000)
        teacher.locator("button.sq-send-practice").first.wait_for()
        teacher.locator(".sq-class-table button.sq-learner-open",
                        has_text=LEARNERS[0]).click()
        teacher.locator(".sq-learner-skills h4").wait_for()
        with teacher.expect_file_chooser() as chooser:          # the upload report
            teacher.locator(".sq-report-upload").click()
        chooser.value.set_files(str(progress_file))
        teacher.locator(".sq-report-view td", has_text=LEARNERS[0]).first.wait_for()
        teacher.locator(".sq-guard-nickname input").fill(LEARNERS[0])   # a new secret
        teacher.locator("button.sq-guard-reset").click()
        teacher.locator(".sq-guard-secret div").first.wait_for()
        teacher.locator(".sq-settings button").click()           # the worksheets too
        teacher.locator(".sq-worksheet-make").wait_for()
        teacher.wait_for_timeout(500)   # late layout (fonts) before measuring
        said = teacher.evaluate("() => getComputedStyle(document.querySelector("
                                "'table.sq-class-table thead tr'), '::before').content")
        sort_by = {"en": '"Sort by:"', "ru": '"Сортировать по:"'}[lang]
        assert said == sort_by   # the headers stand apart, as sort buttons above the cards
        assert teacher.evaluate("() => document.documentElement.scrollWidth") <= width
        found = teacher.evaluate(NO_SIDEWAYS_JS) + problems(teacher)
        height = teacher.evaluate("() => document.querySelector('#rendered_cells')"
                                  ".scrollHeight")
        teacher.set_viewport_size({"width": width, "height": height + 40})
        ARTIFACTS.mkdir(exist_ok=True)
        teacher.screenshot(path=str(ARTIFACTS / f"teacher-{size}-{lang}.png"))
        assert not found, f"the teacher's page on a {size} ({lang}):\n" + "\n".join(found)
    finally:
        phone.close()


# Typing and Enter in one go, as fast as a browser can: each letter a keydown, the value, an
# input event and a keyup; then Enter's keydown, keypress and keyup. No wait anywhere.
TYPE_AND_ENTER_JS = """
(word) => {
  const input = document.querySelector('.sq-teacher-password input');
  input.focus();
  for (const ch of word) {
    input.dispatchEvent(new KeyboardEvent('keydown', {key: ch, bubbles: true}));
    input.value += ch;
    input.dispatchEvent(new InputEvent('input', {data: ch, inputType: 'insertText',
                                                 bubbles: true}));
    input.dispatchEvent(new KeyboardEvent('keyup', {key: ch, bubbles: true}));
  }
  const enter = {key: 'Enter', code: 'Enter', keyCode: 13, which: 13, bubbles: true,
                 cancelable: true};
  for (const kind of ['keydown', 'keypress', 'keyup'])
    input.dispatchEvent(new KeyboardEvent(kind, enter));
}
"""
WRONG = {"en": "not the teacher password", "ru": "Это не пароль учителя"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_password_typed_fast_and_entered_at_once_lets_the_teacher_in(
        browser: Any, class_server: tuple[VoilaServer, Path], lang: str) -> None:
    server, _file = class_server
    phone = browser.new_context(locale="en-GB", device_scale_factor=1, **PHONE)
    try:
        teacher = open_page(phone, f"{server.url}voila/render/teacher.ipynb?lang={lang}",
                            ".sq-teacher-login")
        assert not problems(teacher), problems(teacher)   # the login fits, 44 px targets
        box = teacher.locator(".sq-teacher-password input")
        assert box.get_attribute("type") == "password"
        label = teacher.locator(".sq-teacher-password label").inner_text()
        assert label == {"en": "Teacher password", "ru": "Пароль учителя"}[lang]
        assert teacher.get_by_label(label).count() == 1         # the label names the box
        teacher.screenshot(path=str(ARTIFACTS / f"teacher-login-phone-{lang}.png"))
        teacher.evaluate(TYPE_AND_ENTER_JS, PASSWORD)
        teacher.locator(f".sq-class-view table.sq-class-table, .sq-status:has-text('{WRONG[lang]}')"
                        ).first.wait_for()
        said = teacher.locator(".sq-status").first.inner_text()
        assert WRONG[lang] not in said, f"judged on a password missing letters: {said!r}"
        teacher.locator(".sq-class-view table.sq-class-table").wait_for()
        assert teacher.locator(".sq-teacher-login").count() == 0
        teacher.locator(".sq-class-code input").fill("6a")    # a class nobody is in yet
        teacher.locator("button.sq-class-show").click()
        teacher.locator(".sq-class-empty").wait_for()
        assert not teacher.locator("table.sq-class-table").is_visible()   # nor its headers
        teacher.close()
        # A wrong one, as fast: judged wrong, said so, and the box emptied.
        teacher = open_page(phone, f"{server.url}voila/render/teacher.ipynb?lang={lang}",
                            ".sq-teacher-login")
        teacher.evaluate(TYPE_AND_ENTER_JS, "owls-at-midnight")
        teacher.locator(".sq-status", has_text=WRONG[lang]).first.wait_for()
        teacher.wait_for_function(
            "() => document.querySelector('.sq-teacher-password input').value === ''")
        assert teacher.locator(".sq-class-view").count() == 0
    finally:
        phone.close()
