"""Play on a phone as a family does: two people and a bot at one screen (the screen handed
over between the people, each learner's answers in their own progress), and a coached game
where the bots play by themselves and a checked discard takes one tap."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest

from sq_edu.i18n import t
from sq_edu.maths import find_discards
from sq_edu.practice.progress import ProgressStore
from tests.browser.test_play import (
    APP,
    QUESTION_TYPES,
    answer_coach,
    child_turn,
    click_and_wait,
    coach_waiting,
    hand_cards,
    open_settings,
    settle,
)

pytestmark = pytest.mark.browser
ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
MAX_STEPS = 900


@pytest.fixture
def phone(browser, voila_server):
    """A 390 x 844 touch page on the test server."""
    from tests.support.browser import keep_offline

    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB",
                                  has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    keep_offline(page, voila_server.url)
    try:
        yield page
    finally:
        context.close()


def _open(page, url: str, query: str) -> None:
    from tests.support.browser import wait_rendered

    page.goto(f"{url}voila/render/play.ipynb?{query}")
    wait_rendered(page, APP)


def _kind(page, lang: str) -> str:
    text = page.locator(f"{APP} .sq-coach-question").inner_text()
    return next(k for k, words in QUESTION_TYPES.items() if words[lang == "ru"] in text)


def _no_next_move(page) -> None:
    """The bots play by themselves: "Next move" is never there to be tapped."""
    assert not page.locator(f"{APP} .sq-next").is_visible()


def _discard_found(page) -> bool:
    """The hand on the page holds a discard of 3 or more number cards."""
    numbers = [c for c in hand_cards(page) if c != "power"]
    return any(d.size >= 3 for d in find_discards(numbers))


def _shot(page, name: str) -> None:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS_DIR / f"{name}.png"), full_page=False)


def _pass_over(page, passes: int, shoot) -> None:
    """The pass screen is up: nothing private shows; photographed in both languages once."""
    screen = page.locator(f"{APP} .sq-pass-screen")
    assert screen.is_visible()
    for private in (".sq-hand", ".sq-coach", ".sq-act-discard"):
        assert not page.locator(f"{APP} {private}").first.is_visible(), private
    if passes == 1 and shoot is not None:
        shoot("play-pass-screen-en")
        page.locator(f"{APP} .sq-language").get_by_role("button", name="Русский").click()
        page.locator(f"{APP} .sq-pass-ready", has_text="покажи мои карты").wait_for()
        shoot("play-pass-screen-ru")
        page.locator(f"{APP} .sq-language").get_by_role("button", name="English").click()
        page.locator(f"{APP} .sq-pass-ready", has_text="show my cards").wait_for()
    click_and_wait(page, page.locator(f"{APP} .sq-pass-ready"))


def play_hot_seat(page, names: tuple[str, str], shoot=None) -> tuple[int, int]:
    """Seat two people and a bot on the open play page (a Page or an iframe's Frame) and play
    to the end through the controls; the passes and coach answers it took."""
    open_settings(page)   # who plays is a grown-up's choice, behind "For grown-ups"
    page.locator(f"{APP} .sq-seat-setup-open").click()
    setup = page.locator(f"{APP} .sq-seat-setup")
    setup.wait_for(state="visible")
    for index, name in enumerate(names):
        setup.locator(".sq-seat-name input").nth(index).fill(name)
    click_and_wait(page, setup.locator(".sq-seat-start"))
    page.locator(f"{APP} .sq-pass-screen", has_text=names[0]).wait_for(state="visible")
    passes, answers = 0, 0
    for _ in range(MAX_STEPS):
        settle(page)
        if page.locator(f"{APP} .sq-game-over").is_visible():
            break
        _no_next_move(page)
        if page.locator(f"{APP} .sq-pass-screen").is_visible():
            passes += 1
            _pass_over(page, passes, shoot)
        elif coach_waiting(page):
            answer_coach(page, _kind(page, "en"), answers % 2 == 0, answers, "en")
            answers += 1
        else:
            child_turn(page)
    over = page.locator(f"{APP} .sq-game-over")
    assert over.is_visible() and passes >= 4 and answers >= 2, (passes, answers)
    for name in names:
        assert f"{name}:" in over.inner_text()
    return passes, answers


def test_two_people_and_a_bot_play_a_whole_game_at_one_phone(phone, voila_server) -> None:
    page, tag = phone, uuid.uuid4().hex[:6]
    names = (f"Mum {tag}", f"Masha {tag}")
    _open(page, voila_server.url, "seed=6&lang=en")
    play_hot_seat(page, names, shoot=lambda name: _shot(page, name))
    for name in names:
        store = ProgressStore.for_learner(name, Path(os.environ["SQ_EDU_PROGRESS_DIR"]))
        skills = store.load().mastery.skills
        assert sum(r.play_attempts for r in skills.values()) > 0, name
    _shot(page, "play-together-over-en")


def test_a_coached_game_on_a_phone_needs_no_next_move_and_one_tap_discards(
        phone, voila_server) -> None:
    page = phone
    _open(page, voila_server.url, "seed=3&lang=en")
    # the detective asks every question that matters, so a discard question comes up soon
    open_settings(page)
    page.locator(f"{APP} .sq-coach-level select").select_option(
        label=t("play.coach_level_detective", "en"))
    one_tap = False
    for _ in range(MAX_STEPS):
        settle(page)
        if page.locator(f"{APP} .sq-game-over").is_visible():
            break
        _no_next_move(page)
        if not coach_waiting(page):
            child_turn(page)
            continue
        settle(page, 500)
        if _kind(page, "en") == "discard" and not one_tap and _discard_found(page):
            tally = page.locator(f"{APP} .sq-deck-tracker table.sq-tally")
            shown = tally.count()   # open only if the child asked "Show me" this turn
            assert answer_coach(page, "discard", True, 0, "en")
            picked = page.locator(f"{APP} .sq-hand button[aria-pressed='true']")
            assert picked.count() >= 3            # the checked pick stays picked
            assert tally.count() == shown         # the answer did not open the counter
            click_and_wait(page, page.locator(f"{APP} .sq-act-discard"))   # one tap
            page.locator(f"{APP} .sq-story b", has_text="You discard").wait_for()
            one_tap = True
        else:   # the other questions are the coach tests' business: "Show me" moves on
            click_and_wait(page, page.locator(f"{APP} .sq-coach-show-me"))
    # A whole game with no "Next move" tap. The one-tap discard is checked whenever the
    # coach's discard question comes up with a discard the page's hand shows (not in every
    # game); tests/apps/play/test_play_pace.py checks it in every run, in the kernel.
    assert page.locator(f"{APP} .sq-game-over").is_visible()
    print("one-tap discard checked in the browser:", one_tap)
    _shot(page, "play-phone-coached-over-en")
