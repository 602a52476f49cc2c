"""A table of three classmates in Chromium, through a real class server.

Three browser contexts (three devices) sit at one table: one creates it and reads out the
code, two join with it, and they play the game to the end by clicking the board. Mid-game
one device closes (a bot plays its seat, the others go on), then opens again with the same
browser storage (the seat comes back); later the server is killed outright and started
again, and every page reloads at the very move the game was on. Every table deals the same
cards (`SQ_EDU_TABLE_SEED`): the deal of three plays out in about 30 moves whoever the bot
sits in for, against about 60 for a typical deal (CI time).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.practice.classroom.teacher_key import hash_password
from sq_edu.server.server import VoilaServer
from sq_edu.server.tables.service import SEED_ENV
from tests.support.browser import keep_offline, wait_rendered
from tests.support.child_first import LAPTOP, MEASURE_JS, NARROW, Screen, to_russian
from tests.support.shots import shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
PASSWORD = "owls-at-noon"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
MAX_DECISIONS = 400
# A short deal for three: with the seats choosing as `decide` does and a bot playing Olya's
# seat over any stretch of moves 6..21, the game ends after 25..28 moves (the median deal of
# three takes about 58), and never before the 18 or so the test plays before the end.
SHORT_DEAL = "281"


def log_in(teacher: Any) -> None:
    """The teacher page as it shows: the password, then "Open"."""
    wait_rendered(teacher, ".sq-teacher-login")
    teacher.locator(".sq-teacher-password input").fill(PASSWORD)
    teacher.locator("button.sq-teacher-open").click()


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    server = VoilaServer(log_path=ARTIFACTS / "voila-table.log")
    server.env.update(SQ_EDU_CLASS="5b", SQ_EDU_TEACHER_KEY=hash_password(PASSWORD),
                      SQ_EDU_PROGRESS_DIR=str(tmp_path_factory.mktemp("table-progress")),
                      SQ_EDU_TABLE_AWAY_SECONDS="3", SQ_EDU_TABLE_BEAT_SECONDS="1",
                      SQ_EDU_TABLE_BOT_SECONDS="0.2")
    server.env[SEED_ENV] = SHORT_DEAL
    with server:
        yield server


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_table_is_child_first(browser: Any, table_server: VoilaServer, size: str) -> None:
    """One page per size: the lobby (create and join on the first screen, every control big
    enough, nothing wider than the screen, also at 360 px in Russian), then a table of two
    with a bot: the hand on the first screen and the story telling the seats by their names."""
    screen = Screen(browser, table_server.url, PHONE if size == "phone" else LAPTOP)
    page, found = screen.page, []
    try:
        screen.open("table", "lang=en")
        for task in (".sq-table-create", ".sq-table-join"):
            found += [f"lobby en: {line}" for line in screen.problems(task)]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"table-lobby-{size}-en.png"))
        to_russian(screen, "table")
        for task in (".sq-table-create", ".sq-table-join"):
            found += [f"lobby ru: {line}" for line in screen.problems(task)]
        page.screenshot(path=str(ARTIFACTS / f"table-lobby-{size}-ru.png"))
        if size == "phone":
            page.set_viewport_size(NARROW)
            screen.settle()
            found += [f"lobby ru at 360 px: wider than the screen: {w}"
                      for w in page.evaluate(MEASURE_JS)["wide"]]
            page.set_viewport_size(PHONE["viewport"])
        name_with_secret(page, "Маша")
        page.locator(".sq-table-size select").select_option("2")
        page.locator("button.sq-table-create").click()   # one tap: the table is there
        page.locator(".sq-table-code-value").wait_for()
        screen.settle()
        found += [f"code ru: {line}" for line in screen.problems(".sq-table-start")]
        page.locator("button.sq-table-start").click()
        page.locator(".sq-table-seats li", has_text="Бот 2").wait_for()
        screen.settle()
        found += [f"board ru: {line}" for line in screen.problems(".sq-hand")]
        page.screenshot(path=str(ARTIFACTS / f"table-board-{size}-ru.png"))
        play_until([page], lambda: moves_seen(page) >= 3)
        story = page.locator(".sq-story")
        story.filter(has_text="Бот 2").wait_for()
        assert "Игрок" not in story.inner_text(), story.inner_text()
        totals = page.locator(".sq-awake-total").all_inner_texts()
        assert any("Бот 2" in line for line in totals), totals
        assert not found, f"the table is not child-first on a {size}:\n" + "\n".join(found)
    finally:
        screen.close()


def open_table(context: Any, server: VoilaServer, lang: str = "en") -> Any:
    page = context.new_page()
    page.set_default_timeout(60_000)
    keep_offline(page, server.url)
    page.goto(f"{server.url}voila/render/table.ipynb?lang={lang}")
    wait_rendered(page, ".sq-table-app")
    return page


def name_with_secret(page: Any, name: str, picture: int = 0, digits: str = "2581") -> None:
    """Type the seat's name and the learner's secret (a picture and 4 digits) in the lobby."""
    page.locator(".sq-table-name input").fill(name)
    page.locator(".sq-table-lobby .sq-secret-picture button").nth(picture).click()
    page.locator(".sq-table-lobby .sq-secret input").fill(digits)


def moves_seen(page: Any) -> int:
    return int(page.locator(".sq-table-seats [data-moves]").get_attribute("data-moves"))


def decide(page: Any) -> bool:
    """One decision on this page if it is this seat's; True when a move was sent (False if
    the page changed under the click: a bot or the idle timer decided first)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        return _decide(page)
    except PlaywrightTimeout:
        return False


def _decide(page: Any) -> bool:
    visible = page.locator(".sq-table-board button:visible")
    names = visible.evaluate_all("bs => bs.map(b => b.className)")
    if not names:
        return False
    before = moves_seen(page)
    quick = {"timeout": 5_000}
    if any("sq-answer-allow" in n for n in names):
        page.locator("button.sq-answer-allow").click(**quick)
    elif any("sq-keep-card" in n for n in names):
        page.locator("button.sq-keep-card").first.click(**quick)
    elif any("sq-slot-button" in n for n in names):
        page.locator("button.sq-slot-button:visible").first.click(**quick)
    elif any("sq-act-wake" in n for n in names):
        page.locator("button.sq-act-wake").click(**quick)
        page.locator("button.sq-slot-button:visible").first.click(**quick)
    elif any("sq-act-discard" in n for n in names):
        page.locator(".sq-hand .sq-card").first.click(**quick)
        page.locator("button.sq-act-discard").click(**quick)
    else:
        return False
    page.wait_for_function(
        "n => Number(document.querySelector('.sq-table-seats [data-moves]')"
        ".dataset.moves) > n", arg=before, timeout=20_000)
    return True


def play_until(pages: list[Any], done: Any) -> None:
    for _ in range(MAX_DECISIONS):
        if done():
            return
        if not any(decide(p) for p in pages):
            pages[0].wait_for_timeout(150)   # a bot or a classmate's page is deciding
    raise AssertionError("the game did not get there")


def kill_and_restart(server: VoilaServer) -> None:
    """The server dies at once (no clean shutdown) and is started again on its port."""
    assert server.pid is not None
    os.killpg(server.pid, signal.SIGKILL)
    server._process.wait(timeout=10)   # type: ignore[union-attr]
    server._process = None
    server.start()


def test_three_devices_play_a_table_to_the_end(browser: Any,
                                                table_server: VoilaServer) -> None:
    masha_ctx = browser.new_context(locale="en-GB", **PHONE)
    others = [browser.new_context(viewport={"width": 1000, "height": 900}) for _ in range(2)]
    contexts = [masha_ctx, *others]
    try:
        masha = open_table(masha_ctx, table_server)
        name_with_secret(masha, "Masha")
        masha.locator(".sq-table-size select").select_option("3")
        shot(masha, "table-lobby-en", curated=True)
        masha.locator("button.sq-table-create").click()
        code_text = masha.locator(".sq-table-code .sq-table-code-value")
        code_text.wait_for()
        shown = code_text.inner_text()
        code = shown.replace(" ", "")
        assert len(code) == 6 and " " in shown.strip(), shown
        shot(masha, "table-code-en", curated=True)

        pages = [masha]
        # typed as the lobby shows it ("D P A E E X"), and as a child might ("  d p a-e e x ")
        typed = (shown, f"  {shown[:5].lower()}-{shown[6:].lower()} ")
        for name, context, text in zip(("Petya", "Olya"), others, typed, strict=True):
            page = open_table(context, table_server)
            name_with_secret(page, name)
            page.locator(".sq-table-code-input input").fill(text)
            page.locator("button.sq-table-join").click()
            pages.append(page)
        for page in pages:   # the third join filled the table: the game starts everywhere
            page.locator(".sq-table-seats", has_text="Olya").wait_for()
        vova_ctx = browser.new_context(viewport={"width": 1000, "height": 900})
        contexts.append(vova_ctx)
        fourth = open_table(vova_ctx, table_server)   # a fourth child: the table is full
        name_with_secret(fourth, "Vova")
        fourth.locator(".sq-table-code-input input").fill(code)
        fourth.locator("button.sq-table-join").click()
        fourth.locator(".sq-status", has_text="This table is full").first.wait_for()
        vova_ctx.close()
        contexts.remove(vova_ctx)

        play_until(pages, lambda: moves_seen(masha) >= 6)
        shot(masha, "table-game-en", curated=True)
        olya_state = others[1].storage_state()
        others[1].close()                          # Olya's device goes away mid-game
        masha.locator(".sq-table-seats li", has_text="Olya").filter(
            has_text="a bot plays for now").wait_for(timeout=30_000)
        gone_at = moves_seen(masha)
        play_until(pages[:2], lambda: moves_seen(masha) >= gone_at + 6)

        others[1] = browser.new_context(viewport={"width": 1000, "height": 900},
                                        storage_state=olya_state)
        contexts[2] = others[1]
        olya = open_table(others[1], table_server)   # the same browser opens the page again
        olya.locator(".sq-status", has_text="Welcome back").first.wait_for()
        pages[2] = olya
        masha.wait_for_function("() => !/Olya[^\\n]*computer/.test("
                                "document.querySelector('.sq-table-seats').innerText)")

        play_until(pages, lambda: moves_seen(masha) >= gone_at + 12)
        at_kill = moves_seen(masha)
        kill_and_restart(table_server)
        for page in pages:
            page.reload()
            wait_rendered(page, ".sq-table-app")
            page.locator(".sq-table-board .sq-table-seats").wait_for()
            assert moves_seen(page) == at_kill, "the game resumes at the move it was on"

        play_until(pages, lambda: all(p.locator(".sq-game-over:visible").count()
                                      for p in pages))
        for page in pages:
            assert page.locator(".sq-game-over").inner_text().strip()
    finally:
        for context in contexts:
            context.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_lobby_and_the_teachers_list_of_tables(browser: Any, table_server: VoilaServer,
                                               lang: str) -> None:
    """A phone opens a table in Russian (or English); the teacher's live view lists it with
    who sits there and whose turn it is."""
    child_ctx = browser.new_context(locale="ru-RU" if lang == "ru" else "en-GB", **PHONE)
    try:
        child = open_table(child_ctx, table_server, lang)
        name_with_secret(child, "Маша" if lang == "ru" else "Sasha")
        child.locator(".sq-table-size select").select_option("2")
        if lang == "ru":
            shot(child, "table-lobby-ru", curated=True)
        child.locator("button.sq-table-create").click()
        code = child.locator(".sq-table-code-value").inner_text().replace(" ", "")
        if lang == "ru":
            shot(child, "table-code-ru", curated=True)
        child.locator("button.sq-table-start").click()   # the empty seat gets a bot
        child.locator(".sq-table-seats li", has_text="Бот 2" if lang == "ru"
                      else "Bot 2").wait_for()

        teacher = child_ctx.new_page()
        teacher.set_default_timeout(60_000)
        keep_offline(teacher, table_server.url)
        teacher.goto(f"{table_server.url}voila/render/teacher.ipynb?lang={lang}")
        log_in(teacher)
        row = teacher.locator(".sq-table-list tbody tr", has_text=code)
        row.wait_for(timeout=30_000)
        cells = row.locator("td").all_inner_texts()
        name = "Маша" if lang == "ru" else "Sasha"
        assert name in cells[1] and cells[2]   # who sits there, and whose turn it is
        row.scroll_into_view_if_needed()
        shot(teacher, f"table-teacher-list-{lang}", curated=True)
    finally:
        child_ctx.close()


def answer_table_coach(page: Any) -> bool:
    """Answer the coach's waiting question at the table with its own controls (right or
    wrong: either counts; a wrong first try gets one more); False when no question waits or
    the page moved on under the click."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if not page.locator(".sq-coach-show-me:visible").count():
        return False
    quick = {"timeout": 5_000}
    result = page.locator(".sq-coach-result")
    try:
        for _try in range(2):
            before = result.inner_text()
            if page.locator(".sq-coach-option:visible").count():
                page.locator(".sq-coach-option:visible").first.click(**quick)
            elif page.locator(".sq-coach-check-cards:visible").count():
                card = page.locator(".sq-table-board .sq-hand button[aria-pressed='false']")
                card.first.click(**quick)
                page.locator("button.sq-coach-check-cards").click(**quick)
            else:
                page.locator(".sq-coach-answer input").fill("60", **quick)
                page.locator("button.sq-coach-check").click(**quick)
            page.wait_for_function(
                "b => document.querySelector('.sq-coach-result').innerText !== b",
                arg=before, timeout=10_000)
            if not result.locator(".sq-coach-retry").count():
                return True
    except PlaywrightTimeout:
        return False
    return True


def play_and_answer(page: Any, wanted: int) -> int:
    """Play a table with a bot, answering the coach, until `wanted` answers were given."""
    answered = 0
    for _ in range(MAX_DECISIONS):
        if answered >= wanted or page.locator(".sq-game-over:visible").count():
            break
        if answer_table_coach(page):
            answered += 1
        elif not decide(page):
            page.wait_for_timeout(150)
    return answered


def live_answers(server: VoilaServer, nickname: str) -> int:
    from sq_edu.practice.classroom.live import class_rows

    rows = class_rows(server.env["SQ_EDU_PROGRESS_DIR"], "5b")
    return sum(r.recent for r in rows if r.nickname == nickname)


def test_a_wrong_secret_at_a_table_reaches_neither_the_record_nor_the_live_view(
        browser: Any, table_server: VoilaServer) -> None:
    """Ana answers the coach at a table: her file and the teacher's live view count it under
    her name. A classmate who sits down as "Ana" with the wrong picture plays on as a guest,
    "Ana (guest)" at the table and in the teacher's list of tables; neither Ana's file nor her
    row in the live view changes."""
    from sq_edu.practice.progress import ProgressStore

    def table_with_a_bot(context: Any, picture: int) -> Any:
        page = open_table(context, table_server)
        name_with_secret(page, "Ana", picture, "2581")
        page.locator(".sq-table-size select").select_option("2")
        page.locator("button.sq-table-create").click()
        page.locator("button.sq-table-start").click()
        page.locator(".sq-table-seats li", has_text="Bot 2").wait_for()
        return page

    contexts = [browser.new_context(viewport={"width": 1000, "height": 900}, locale="en-GB")]
    try:
        ana = table_with_a_bot(contexts[0], 14)              # the crown: Ana's own secret
        play_and_answer(ana, 2)
        store = ProgressStore.for_learner("Ana", Path(table_server.env["SQ_EDU_PROGRESS_DIR"]))
        answered = sum(r.play_attempts for r in store.load().mastery.skills.values())
        assert answered >= 1
        assert live_answers(table_server, "Ana") == answered

        teacher = contexts[0].new_page()
        teacher.set_default_timeout(60_000)
        keep_offline(teacher, table_server.url)
        teacher.goto(f"{table_server.url}voila/render/teacher.ipynb?lang=en")
        log_in(teacher)
        row = teacher.locator(".sq-class-table tbody tr", has_text="Ana")
        row.wait_for(timeout=30_000)
        assert row.locator("td").all_inner_texts()[3] == str(answered)
        before = store.path.read_bytes()

        contexts.append(browser.new_context(viewport={"width": 1000, "height": 900}))
        other = table_with_a_bot(contexts[1], 0)             # the star: not Ana's
        other.locator(".sq-status", has_text="not the secret of Ana").first.wait_for()
        assert other.locator(".sq-learner:visible").count() == 1   # "keep my answers" row
        # She sits as a guest, marked so at her table and in the teacher's list of tables.
        other.locator(".sq-table-seats li", has_text="Ana (guest)").wait_for()
        teacher.reload()
        log_in(teacher)
        tables = teacher.locator(".sq-table-list tbody")
        tables.locator("tr", has_text="Ana (guest)").wait_for(timeout=30_000)
        names = tables.locator("tr td:nth-child(2)").all_inner_texts()
        assert any("Ana" in n and "guest" not in n for n in names), names   # Ana's own
        assert play_and_answer(other, 2) >= 1                 # the game goes on, coached
        assert store.path.read_bytes() == before
        assert live_answers(table_server, "Ana") == answered
        teacher.reload()
        log_in(teacher)
        row = teacher.locator(".sq-class-table tbody tr", has_text="Ana")
        row.wait_for(timeout=30_000)
        assert row.locator("td").all_inner_texts()[3] == str(answered)
    finally:
        for context in contexts:
            context.close()
