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

import re
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from sq_edu.i18n import t
from sq_edu.practice.classroom.diagnosis import NO_LEVEL
from sq_edu.practice.standing import WORDS, Standing
from sq_edu.server.tables.service import SEED_ENV as TABLE_SEED
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
    with pytest.MonkeyPatch.context() as env:
        env.setenv(TABLE_SEED, "3")   # one deal on which the coach asks both children
        with readme_class_server(folder, "--pages-per-device", "0") as (url, _log):
            yield url


def signed_in(context: Any, url: str, then: str) -> Any:
    """A child's first page in this browser: the class password typed once on the login
    page, then the page `then` (a path with its query) starts loading. Returns once the
    browser holds the class's cookie, not when the page's kernel has started: the test goes
    on meanwhile, and `wait_rendered` waits for the page where it is used."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    keep_offline(page, url)
    page.goto(f"{url}login?next={urllib.parse.quote(then)}")
    page.locator("#password").fill(readme_class_command()[0]["SQ_EDU_CLASS_PASSWORD"])
    page.locator("button[type=submit]").click()
    page.wait_for_url(lambda address: "/voila/render/" in address, wait_until="commit")
    return page


def opened(context: Any, url: str, then: str) -> Any:
    """Another page in a browser that has the class's cookie; loading, not yet rendered."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    keep_offline(page, url)
    page.goto(f"{url}{then.lstrip('/')}", wait_until="commit")
    return page


def answers_before_the_nickname(lena: Any) -> None:
    """Two wrong answers with no nickname saved, then the nickname and the secret."""
    wait_rendered(lena, ".sq-lesson-app")
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


def table_of_two(masha: Any, petya: Any) -> None:
    """Masha opens a table of two; Petya joins by the code as it shows; each answers the
    table's coach once."""
    wait_rendered(masha, ".sq-table-app")
    name_with_secret(masha, "Маша", picture=3, digits="1357")
    masha.locator(".sq-table-size select").select_option("2")
    masha.locator("button.sq-table-create").click()
    shown = masha.locator(".sq-table-code-value").inner_text()
    assert " " in shown.strip(), shown
    shot(masha, "journey-table-code-laptop-ru")
    wait_rendered(petya, ".sq-table-app")
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
    # The last move reaches the other page through its own kernel a beat later: wait for it.
    expect(petya.locator(".sq-table-seats [data-moves]")).to_have_attribute(
        "data-moves", str(moves_seen(masha)), timeout=30_000)
    assert moves_seen(masha) == moves_seen(petya) > 0
    shot(masha, "journey-table-game-laptop-ru")
    shot(petya, "journey-table-game-phone-en")
    masha.close()
    petya.close()


YOU_RU = re.compile(r"(?i)\b(ты|твой|тебя|тебе|тобой)\b")   # the board speaking to "you"


def hot_seat_in_russian(page: Any) -> None:
    """Two people and a bot at one screen, in Russian, until each has moved once (not to the
    end): the status, the scoreboard and the story call each seat by its name."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

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
        if passes >= 2 and moves >= 2:
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
    assert passes >= 2 and moves >= 2, (passes, moves)
    play.settle(page)
    status = page.locator(f"{play.APP} .sq-status").first.inner_text()
    assert "Player" not in status and "your turn" not in status, status
    board = "\n".join([*page.locator(f"{play.APP} .sq-awake-total").all_inner_texts(),
                       page.locator(f"{play.APP} .sq-story").inner_text()])
    assert not YOU_RU.search(board) and "Маша:" in board and "Петя:" in board, board
    page.close()


def teacher_sees_three(teacher: Any, lang: str, size: str) -> None:
    """The teacher's page lists Lena, Masha and Petya, each with a standing word."""
    wait_rendered(teacher, ".sq-teacher-login")
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
    for name in ("Маша", "Petya"):   # a table's coach has no lesson level: no "0"
        row = teacher.locator(".sq-class-table tbody tr", has_text=name)
        assert row.locator("td.sq-cell-level").inner_text().strip() == NO_LEVEL, name
    grid = teacher.locator(".sq-class-grid table.sq-grid tr", has_text="Lena")
    assert Standing("struggling").text(lang) in grid.inner_text()   # 0 of 2 right
    teacher.locator(".sq-connection-lost").wait_for(state="hidden")   # a busy kernel: it answers
    shot(teacher, f"journey-teacher-{size}-{lang}", full_page=True)
    teacher.locator(".sq-language").first.get_by_role("button", name="English").click()
    teacher.locator(".sq-class-table tbody tr", has_text="Lena").filter(
        has_text="Needs help: struggling").wait_for()
    shot(teacher, f"journey-teacher-{size}-en", full_page=True)
    teacher.close()


def grownups_page(page: Any) -> None:
    """On a class server the grown-ups' page shows no child and nothing to print: it points
    to the teacher's page. English on a phone, then switched in place to Russian."""
    wait_rendered(page, ".sq-grownups")
    for lang in ("en", "ru"):
        page.locator(".sq-grownups", has_text=t("grownups.class_server", lang)).wait_for()
        assert not page.locator(".sq-grownups-print").count()
        shot(page, f"journey-grownups-phone-{lang}")
        if lang == "en":
            page.locator(".sq-language-switch").click()
    page.set_viewport_size(LAPTOP["viewport"])
    shot(page, "journey-grownups-laptop-ru")
    page.close()


def test_a_class_day_from_the_readme_command(browser: Any, served: str) -> None:
    url = served
    lena_ctx = browser.new_context(locale="en-GB", **PHONE)
    masha_ctx = browser.new_context(locale="ru-RU", **LAPTOP)
    petya_ctx = browser.new_context(locale="en-GB", **PHONE)
    teacher_ctx = browser.new_context(locale="ru-RU", **LAPTOP)
    render = "/voila/render/"
    try:   # each page starts loading one step before it is used: its kernel starts meanwhile
        lena = signed_in(lena_ctx, url, f"{render}queen_points.ipynb?lang=en")
        masha = signed_in(masha_ctx, url, f"{render}table.ipynb?lang=ru")
        petya = signed_in(petya_ctx, url, f"{render}table.ipynb?lang=en")
        answers_before_the_nickname(lena)
        lena.close()
        at_home = opened(masha_ctx, url, f"{render}play.ipynb?lang=ru")
        table_of_two(masha, petya)
        teacher = signed_in(teacher_ctx, url, f"{render}teacher.ipynb?lang=ru")
        hot_seat_in_russian(at_home)
        grownups = opened(lena_ctx, url, f"{render}grownups.ipynb?lang=en")
        teacher_sees_three(teacher, "ru", "laptop")
        grownups_page(grownups)
    finally:
        for context in (lena_ctx, masha_ctx, petya_ctx, teacher_ctx):
            context.close()
