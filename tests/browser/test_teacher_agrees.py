"""Every screen says the same of a learner, in Chromium against a real class server
(`sq-edu serve --class 5b` with a class and a teacher password):

- the teacher's two views: a learner with 2 wrong answers of 2 is "Needs help: struggling" in
  the live table and "struggling 0 of 2 right at the first try" in the skill grid at the same
  moment (the table used to say "fine");
- the one rule of issue 38: a hint copier, a second-try corrector, a one-mistake learner and a
  child who only played show the same standing word on their lesson page ("My skills"), in the
  teacher's grid, in the teacher's report of that learner and in the class CSV the server
  streams, in English and Russian.

Screenshots (phone 390x844 and laptop 1280x800, both languages) in test-artifacts/
(teacher-agrees-*.png, standing-*.png).
"""

from __future__ import annotations

import csv
import http.cookiejar
import io
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.practice.classroom.live import ActivityLog
from sq_edu.practice.progress import Progress, ProgressStore
from sq_edu.server.server import VoilaServer
from tests.browser import test_diagnosis as diagnosis
from tests.browser.test_diagnosis import ARTIFACTS, LAPTOP, PHONE, open_page, sign_in
from tests.security.class_server import TEACHER_PASSWORD, class_server, log_in

pytestmark = pytest.mark.browser
WORDS = {"en": ("Needs help: struggling; 0 of 2 right at the first try", "struggling",
                "0 of 2 right at the first try"),
         "ru": ("Нужна помощь: трудности; с первой попытки верно 0 из 2", "трудности",
                "с первой попытки верно 0 из 2")}
LESSON, SKILL, SLIP = "card_detective", "counting_unseen", "lessons.det_trap_own_hand"
# nickname -> (the standing word in the page's CSS, the words in English, in Russian)
STANDING = {
    "Hana": ("learning", "learning", "изучение"),                          # copies the hints
    "Cody": ("struggling", "struggling", "трудности"),                   # fixes at 2nd try
    "Mo": ("struggling", "struggling: forgets the cards in own hand",      # one named mistake
           "трудности: забывает карты в своей руке"),
    "Pip": ("practising", "practising", "закрепление"),                    # only played
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[tuple[VoilaServer, Path, http.cookiejar.CookieJar]]:
    """The class server, its progress folder and the class password's cookie (logged in
    once: the server slows a device that logs in again and again)."""
    folder = tmp_path_factory.mktemp("agrees")
    server = class_server(folder, "agrees", pages_per_device=40)   # many pages, one device
    with server:
        status, jar = log_in(server)
        assert status == 200
        yield server, folder, jar


@pytest.fixture
def signed_in(browser: Any, served: tuple[VoilaServer, Path, http.cookiejar.CookieJar]
              ) -> Iterator[Any]:
    """New browser contexts that carry the class password's cookie."""
    server, _folder, jar = served
    contexts: list[Any] = []

    def context(**options: Any) -> Any:
        made = browser.new_context(locale="en-GB", **options)
        made.add_cookies([{"name": c.name, "value": c.value or "", "url": server.url}
                          for c in jar])
        contexts.append(made)
        return made

    yield context
    for made in contexts:
        made.close()


def teacher_page(context: Any, server: VoilaServer, lang: str) -> Any:
    return diagnosis.teacher_page(context, server, lang, TEACHER_PASSWORD)


def test_table_and_grid_say_the_same_of_a_learner(
        signed_in: Any, served: tuple[VoilaServer, Path, Any]) -> None:
    server, folder, _jar = served
    kim = ActivityLog(folder, "5b", "Kim")        # what Kim's lesson page writes
    for i in range(2):
        kim.answer("chances", 2, False, now=time.time() - 2 + i, skill="chance_count")
    phone = signed_in(**PHONE)
    for lang in ("en", "ru"):
        table_words, state, numbers = WORDS[lang]
        teacher = teacher_page(phone, server, lang)
        row = teacher.locator(".sq-class-table tbody tr", has_text="Kim")
        row.wait_for(timeout=30_000)
        assert table_words in row.inner_text()
        cell = teacher.locator(".sq-class-grid table.sq-grid tr", has_text="Kim") \
            .locator("td.sq-grid-struggling")
        cell.wait_for(timeout=30_000)
        assert state in cell.inner_text() and numbers in cell.inner_text()
        row.locator("td").last.scroll_into_view_if_needed()   # the "Needs help?" column
        teacher.screenshot(path=str(ARTIFACTS / f"teacher-agrees-phone-{lang}.png"))
        teacher.close()


def _four_learners(folder: Path) -> None:
    """What the four learners' pages write: each answer into their progress (the lesson's
    `Mastery.record`, or the game coach's with source="play") and into the class trace
    (`ActivityLog.answer`, saying how it was given), on card detective level 1."""
    now = time.time() - 100
    items: dict[str, list[tuple[bool, int, str, bool]]] = {   # right, hints, mistake, 2nd try
        "Hana": [(True, 3, "", True)] * 12,
        "Cody": [(False, 0, "", True), (False, 0, "", True), (True, 0, "", True)] * 4,
        "Mo": [(False, 0, SLIP, True), (True, 0, "", True)] * 6,
        "Pip": [(True, 0, "", True)] * 20,
    }
    for name, answers in items.items():
        progress = Progress(nickname=name)
        trace = ActivityLog(folder, "5b", name)
        play = name == "Pip"
        for n, (right, hints, slip, second) in enumerate(answers):
            at = now + n
            progress.mastery.record(LESSON, 1, SKILL, right, hints, 4, guess=0.1, slip=slip,
                                    source="play" if play else "drill")
            how = "play" if play else "help" if hints else "first"
            trace.answer(LESSON, 1, right, now=at, skill=SKILL, misconception=slip, how=how)
            if not right:
                trace.answer(LESSON, 1, second, now=at + 0.5, skill=SKILL, how="again")
        ProgressStore.for_learner(name, folder).save(progress)


def _csv_standings(page: Any, lang: str) -> dict[str, str]:
    """The server's class CSV, fetched with the teacher page's link: learner -> standing."""
    link = page.locator(".sq-guard-report a")
    link.wait_for(timeout=30_000)
    answer = page.request.get(page.evaluate("(a) => a.href", link.element_handle()))
    assert answer.status == 200
    rows = list(csv.reader(io.StringIO(answer.text().removeprefix("\ufeff"))))   # the BOM
    header = rows[0]
    who, skill, word = (header.index(page_word) for page_word in (
        {"en": "Nickname", "ru": "Ник"}[lang], {"en": "Skill", "ru": "Навык"}[lang],
        {"en": "Stage", "ru": "Этап"}[lang]))
    assert all(r[skill] != SKILL for r in rows[1:])      # the skill's title, not its id
    return {r[who]: r[word] for r in rows[1:]}


def test_four_learners_stand_the_same_on_every_screen(
        signed_in: Any, served: tuple[VoilaServer, Path, Any]) -> None:
    server, folder, _jar = served
    _four_learners(folder)
    ARTIFACTS.mkdir(exist_ok=True)
    laptop, phone = signed_in(**LAPTOP), signed_in(**PHONE)
    pages = [(name, phone, "phone") for name in STANDING] + [("Mo", laptop, "laptop")]
    for name, context, size in pages:   # the learner's own lesson page: "My skills"
        words = STANDING[name]
        page = open_page(context, f"{server.url}voila/render/card_detective.ipynb?"
                         "lang=en&class=5b", ".sq-lesson-app")
        sign_in(page, name)
        for lang, column in (("en", 1), ("ru", 2)):   # Russian: the page's own switch
            if lang == "ru":
                page.locator(".sq-language").first.get_by_role("button", name="Русский").click()
            mine = page.locator(f".sq-progress-box li.sq-skill-{words[0]}",
                                has_text=words[column])
            mine.wait_for(timeout=30_000)
            if name == "Mo":
                mine.scroll_into_view_if_needed()
                page.screenshot(path=str(ARTIFACTS / f"standing-my-skills-{size}-{lang}.png"))
        page.close()
    for lang, column in (("en", 1), ("ru", 2)):
        for context, size in ((laptop, "laptop"), (phone, "phone")):
            teacher = teacher_page(context, server, lang)
            grid = teacher.locator(".sq-class-grid table.sq-grid")
            grid.wait_for(timeout=30_000)
            for name, words in STANDING.items():   # the teacher's grid
                cell = grid.locator("tr", has_text=name).locator(f"td.sq-grid-{words[0]}")
                assert words[column] in cell.inner_text(), (name, lang, cell.inner_text())
            grid.scroll_into_view_if_needed()
            teacher.screenshot(path=str(ARTIFACTS / f"standing-grid-{size}-{lang}.png"))
            if size == "laptop":
                for name, words in STANDING.items():   # the report of one learner
                    teacher.locator(".sq-class-table button", has_text=name).first.click()
                    # the learner's own table: "Mo" alone would match "Most frequent mistake"
                    own = teacher.locator("td", has_text=re.compile(rf"^{name}$"))
                    report = teacher.locator(".sq-learner-skills table").filter(has=own)
                    report.wait_for(timeout=30_000)
                    assert words[column] in report.inner_text(), (name, lang)
                found = _csv_standings(teacher, lang)      # the CSV the server streams
                assert {n: found[n] for n in STANDING} == {
                    n: w[column] for n, w in STANDING.items()}
            teacher.close()
