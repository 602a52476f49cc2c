"""The teacher's two views of a learner agree, in Chromium on a phone (390x844, touch): a
learner with 2 wrong answers of 2 is "Needs help: struggling, 0 of 2 right" in the live table
and "struggling 0 of 2 right" in the skill grid at the same moment (the table used to say
"fine"). English and Russian; screenshots in test-artifacts/teacher-agrees-phone-*.png.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.practice.classroom.live import ActivityLog
from sq_edu.practice.classroom.teacher_key import hash_password
from sq_edu.server.server import VoilaServer
from tests.browser.test_diagnosis import ARTIFACTS, PASSWORD, PHONE, teacher_page

pytestmark = pytest.mark.browser
WORDS = {"en": ("Needs help: struggling, 0 of 2 right", "struggling", "0 of 2 right"),
         "ru": ("Нужна помощь: затрудняется, верно 0 из 2", "затрудняется", "верно 0 из 2")}


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[VoilaServer, Path]]:
    folder = tmp_path_factory.mktemp("agrees")
    server = VoilaServer(log_path=ARTIFACTS / "voila-agrees.log")
    server.env |= {"SQ_EDU_CLASS": "5b", "SQ_EDU_TEACHER_KEY": hash_password(PASSWORD),
                   "SQ_EDU_PROGRESS_DIR": str(folder)}
    with server:
        yield server, folder


def test_table_and_grid_say_the_same_of_a_learner(
        browser: Any, class_server: tuple[VoilaServer, Path]) -> None:
    server, folder = class_server
    kim = ActivityLog(folder, "5b", "Kim")        # what Kim's lesson page writes
    for i in range(2):
        kim.answer("chances", 2, False, now=time.time() - 2 + i, skill="chance_count")
    phone = browser.new_context(locale="en-GB", **PHONE)
    try:
        for lang in ("en", "ru"):
            table_words, state, numbers = WORDS[lang]
            teacher = teacher_page(phone, server, lang)
            row = teacher.locator(".sq-class-table tbody tr", has_text="Kim")
            row.wait_for(timeout=30_000)
            assert table_words in row.inner_text()
            cell = teacher.locator(".sq-class-grid table.sq-grid td.sq-grid-struggling")
            cell.wait_for(timeout=30_000)
            assert state in cell.inner_text() and numbers in cell.inner_text()
            row.locator("td").last.scroll_into_view_if_needed()   # the "Needs help?" column
            teacher.screenshot(path=str(ARTIFACTS / f"teacher-agrees-phone-{lang}.png"))
            teacher.close()
    finally:
        phone.close()
