"""Issue 40's journey, end to end, through the README's class command and real Chromium.

One class server, started with the README's "Teach a class" line as written (the teacher
password typed at its prompt). Each child is a browser context of its own and types the class
password once. Lena (English, phone) answers twice before she saves a nickname: both answers
reach the teacher under it. Masha (Russian, laptop) opens a table of two and reads out its
code; Petya (English, phone) types it as shown, spaces and all, and both answer the table's
coach. Masha then starts a game at one screen in Russian, two people and a bot, for a few
moves. The teacher's page (Russian) lists the three with their standing words, and the
grown-ups' page says where a class's summaries are.

Screenshots (test-artifacts/journey-*.png) at phone (390x844, touch) and laptop (1280x800).
Every context comes from one address, so the one option beyond the README's is
`--pages-per-device 0` (a class behind one shared address, as `sq-edu serve --help` says).
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest

from sq_edu.i18n import t
from sq_edu.practice.standing import WORDS, Standing
from tests.browser import test_play as play
from tests.browser.test_table import PHONE, answer_table_coach, decide, moves_seen, name_with_secret
from tests.support.browser import keep_offline, wait_rendered
from tests.support.child_first import LAPTOP
from tests.support.shots import shot
from tests.test_readme_class import TEACHER_WORD, readme_class_command, readme_class_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("journey") / "progress"
    with readme_class_server(folder, "--pages-per-device", "0") as (url, _log):
        yield url


def signed_in(context: Any, url: str, then: str, selector: str) -> Any:
    """A child's first page in this browser: the class password on the login page, then
    the page `then` (a path with its query)."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    keep_offline(page, url)
    page.goto(f"{url}login?next={urllib.parse.quote(then)}")
    page.locator("#password").fill(readme_class_command()[0]["SQ_EDU_CLASS_PASSWORD"])
    page.locator("button[type=submit]").click()
    wait_rendered(page, selector)
    return page


def answers_before_the_nickname(lena: Any) -> None:
    """Two wrong answers with no nickname saved, then the nickname and the secret."""
    first = lena.locator(".sq-class-nickname")
    first.wait_for(state="visible")
    shot(lena, "journey-nickname-first-phone-en")
    for n in range(2):
        lena.locator(".sq-answer-text input").fill("999")
        lena.locator("button.sq-submit").click()
        lena.locator(".sq-feedback .sq-status-bad").first.wait_for()
        if n == 0:
            lena.locator("button.sq-next-exercise").click()
            lena.wait_for_function("() => !document.querySelector('.sq-feedback .sq-status-bad')")
    first.locator(".sq-nickname input").fill("Lena")
    first.locator(".sq-secret-picture button").first.click()
    first.locator(".sq-secret input").fill("2468")
    first.locator("button.sq-save-nickname").click()
    lena.locator(".sq-feedback", has_text="Lena").first.wait_for()
    shot(lena, "journey-lena-saved-phone-en")


def table_of_two(masha_ctx: Any, petya_ctx: Any, url: str) -> None:
    """Masha opens a table of two; Petya joins by the code as it shows; each answers the
    table's coach once."""
    masha = signed_in(masha_ctx, url, "/voila/render/table.ipynb?lang=ru", ".sq-table-app")
    name_with_secret(masha, "Маша", picture=3, digits="1357")
    masha.locator(".sq-table-size select").select_option("2")
    masha.locator("button.sq-table-create").click()
    shown = masha.locator(".sq-table-code-value").inner_text()
    assert " " in shown.strip(), shown
    shot(masha, "journey-table-code-laptop-ru")
    petya = signed_in(petya_ctx, url, "/voila/render/table.ipynb?lang=en", ".sq-table-app")
    name_with_secret(petya, "Petya", picture=5, digits="8642")
    petya.locator(".sq-table-code-input input").fill(shown)
    petya.locator("button.sq-table-join").click()
    for page in (masha, petya):
        page.locator(".sq-table-seats", has_text="Petya").wait_for()
    masha.locator(".sq-table-seats", has_text="Маша").wait_for()
    answered = {0: 0, 1: 0}
    for _ in range(200):
        if all(answered.values()):
            break
        acted = False
        for seat, page in enumerate((masha, petya)):
            if answer_table_coach(page):
                answered[seat] += 1
                acted = True
            elif decide(page):
                acted = True
        if not acted:
            masha.wait_for_timeout(150)
    assert all(answered.values()), f"the coach asked not both of them: {answered}"
    assert moves_seen(masha) == moves_seen(petya) > 0
    shot(masha, "journey-table-game-laptop-ru")
    shot(petya, "journey-table-game-phone-en")
    masha.close()
    petya.close()


def hot_seat_in_russian(context: Any, url: str) -> None:
    """Two people and a bot at one screen, in Russian, for a few handovers (not to the end)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = context.new_page()
    page.set_default_timeout(60_000)
    keep_offline(page, url)
    page.goto(f"{url}voila/render/play.ipynb?lang=ru")
    wait_rendered(page, play.APP)
    play.open_settings(page)
    page.locator(f"{play.APP} .sq-seat-setup-open").click()
    setup = page.locator(f"{play.APP} .sq-seat-setup")
    setup.wait_for(state="visible")
    for index, name in enumerate(("Маша", "Петя")):
        setup.locator(".sq-seat-name input").nth(index).fill(name)
    play.click_and_wait(page, setup.locator(".sq-seat-start"))
    page.locator(f"{play.APP} .sq-pass-screen", has_text="Маша").wait_for(state="visible")
    shot(page, "journey-hot-seat-pass-laptop-ru")
    passes, moves = 0, 0
    for _ in range(80):
        if passes >= 3:
            break
        play.settle(page)
        if page.locator(f"{play.APP} .sq-pass-screen").is_visible():
            passes += 1
            play.click_and_wait(page, page.locator(f"{play.APP} .sq-pass-ready"))
            if passes == 1:
                play.settle(page)
                shot(page, "journey-hot-seat-hand-laptop-ru", full_page=True)
        elif play.coach_waiting(page):
            text = page.locator(f"{play.APP} .sq-coach-question").inner_text()
            kind = next(k for k, words in play.QUESTION_TYPES.items() if words[1] in text)
            play.answer_coach(page, kind, True, moves, "ru")
        else:
            try:   # a coach's question may come up under the click: then it is answered next
                moves += play.child_turn(page) in ("discard", "wake", "keep", "slot")
            except PlaywrightTimeout:
                continue
    assert passes >= 3 and moves >= 2, (passes, moves)
    status = page.locator(f"{play.APP} .sq-status").first.inner_text()
    assert "Player" not in status and "your turn" not in status, status
    page.close()


def teacher_sees_three(context: Any, url: str, lang: str, size: str) -> None:
    """The teacher's page lists Lena, Masha and Petya, each with a standing word."""
    teacher = signed_in(context, url, f"/voila/render/teacher.ipynb?lang={lang}",
                        ".sq-teacher-login")
    teacher.locator(".sq-teacher-password input").fill(TEACHER_WORD)
    teacher.locator(".sq-teacher-password input").press("Enter")
    lena = teacher.locator(".sq-class-table tbody tr", has_text="Lena")
    lena.wait_for(timeout=30_000)
    cells = lena.locator("td").all_inner_texts()
    assert cells[3] == "2", cells   # both answers given before the nickname, under it
    words = [Standing(word).text(lang) for word in WORDS]
    for name in ("Lena", "Маша", "Petya"):
        teacher.locator(".sq-class-table tbody tr", has_text=name).wait_for(timeout=30_000)
        cell = teacher.locator(".sq-class-grid table.sq-grid tr", has_text=name) \
            .locator("td[class*='sq-grid-']").first
        cell.wait_for(timeout=30_000)
        said = cell.inner_text()
        assert any(said.startswith(word) for word in words), (name, said)
    grid = teacher.locator(".sq-class-grid table.sq-grid tr", has_text="Lena")
    assert Standing("struggling").text(lang) in grid.inner_text()   # 0 of 2 right
    shot(teacher, f"journey-teacher-{size}-{lang}", full_page=True)
    teacher.locator(".sq-language").first.get_by_role("button", name="English").click()
    teacher.locator(".sq-class-table tbody tr", has_text="Lena").filter(
        has_text="Needs help: struggling").wait_for()
    shot(teacher, f"journey-teacher-{size}-en", full_page=True)
    teacher.close()


def grownups_page(context: Any, url: str, lang: str, size: str) -> None:
    """On a class server the grown-ups' page shows no child: it points to the teacher's."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    keep_offline(page, url)
    page.goto(f"{url}voila/render/grownups.ipynb?lang={lang}")
    wait_rendered(page, ".sq-grownups")
    page.locator(".sq-grownups", has_text=t("grownups.class_server", lang)).wait_for()
    shot(page, f"journey-grownups-{size}-{lang}")
    page.close()


def test_a_class_day_from_the_readme_command(browser: Any, served: str) -> None:
    url = served
    lena_ctx = browser.new_context(locale="en-GB", **PHONE)
    masha_ctx = browser.new_context(locale="ru-RU", **LAPTOP)
    petya_ctx = browser.new_context(locale="en-GB", **PHONE)
    teacher_ctx = browser.new_context(locale="ru-RU", **LAPTOP)
    try:
        lena = signed_in(lena_ctx, url, "/voila/render/queen_points.ipynb?lang=en",
                         ".sq-lesson-app")
        answers_before_the_nickname(lena)
        lena.close()
        table_of_two(masha_ctx, petya_ctx, url)
        hot_seat_in_russian(masha_ctx, url)
        teacher_sees_three(teacher_ctx, url, "ru", "laptop")
        grownups_page(lena_ctx, url, "en", "phone")
        grownups_page(teacher_ctx, url, "ru", "laptop")
    finally:
        for context in (lena_ctx, masha_ctx, petya_ctx, teacher_ctx):
            context.close()
