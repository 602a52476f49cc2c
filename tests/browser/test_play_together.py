"""Play on a phone as a family does: two people and a bot at one screen (the screen handed
over between the people, each learner's answers in their own progress), and a coached game
where the bots play by themselves and a checked discard takes one tap."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

import pytest

from sq_edu.i18n import t
from sq_edu.practice.progress import ProgressStore
from tests.browser.test_play import (
    APP,
    QUESTION_TYPES,
    answer_coach,
    child_turn,
    click_and_wait,
    coach_waiting,
    open_settings,
    pick_cards,
    settle,
)
from tests.support.shots import keep_for_docs, shot

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


def _shot(page, name: str) -> Path:
    return shot(page, name, full_page=False)


def _pass_over(page, passes: int, shoot) -> None:
    """The pass screen is up: nothing private shows; photographed in both languages once."""
    screen = page.locator(f"{APP} .sq-pass-screen")
    assert screen.is_visible()
    for private in (".sq-hand", ".sq-coach", ".sq-act-discard"):
        assert not page.locator(f"{APP} {private}").first.is_visible(), private
    # Hidden is not enough: the hand widget's synced cards (readable with the browser's
    # developer tools) are empty until the next person says they are ready.
    assert page.locator(f"{APP} .sq-hand .sq-card").count() == 0
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
    # issue 40: the grown-ups' panel ("New game") closes once the game starts
    assert not page.locator(f"{APP} .sq-new-game").is_visible()
    passes, answers, named_turns = 0, 0, 0
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
            status = page.locator(f"{APP} .sq-status").first.inner_text()
            if "your turn" in status.lower():   # issue 40: whose turn, by name
                assert any(f"{n}, your turn" in status for n in names), status
                named_turns += 1
            child_turn(page)
    over = page.locator(f"{APP} .sq-game-over")
    assert over.is_visible() and passes >= 4 and answers >= 2, (passes, answers)
    assert named_turns >= 2, named_turns
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


SYNC_JS = """([app, hand, question, story]) => {
  const a = document.querySelector(app);
  const names = [...a.querySelectorAll('.sq-hand .sq-card-name')]
      .map(n => n.textContent.replace(/^\\s*\\d+:\\s*/, ''));
  const asked = a.querySelector('.sq-coach-question').innerText.trim();
  const items = a.querySelectorAll('.sq-story li');
  const last = items.length ? items[items.length - 1].innerText.trim() : '';
  return JSON.stringify(names) === JSON.stringify(hand) && last === story
      && (question ? asked.includes(question) : asked === '');
}"""


def _same_as_twin(page, twin) -> None:
    """Wait until the page shows what the twin shows at the child's decision: the hand, the
    coach's question (or none) and the last line of the story; then until it is quiet."""
    question = twin.coach.coach.current
    want = [twin.board.hand.labels(), question.exercise.prompt.render("en") if question else "",
            twin.story_lines()[-1]]
    try:
        page.wait_for_function(SYNC_JS, arg=[APP, *want], timeout=30_000)
    except Exception as error:   # say how the page and the twin differ
        seen = page.locator(f"{APP} .sq-story").inner_text()
        raise AssertionError(f"the page left its twin: want {want}, page story {seen!r}"
                             ) from error
    settle(page)


def _child_does(page, action) -> bool:
    """Do the twin's `action` on the page with taps; True for a coach-checked discard."""
    kind, enabled = action[0], ":not([disabled])"

    def tap(selector: str) -> None:
        click_and_wait(page, page.locator(f"{APP} {selector}"), tap=True)

    if kind == "show_me":
        tap(".sq-coach-show-me")
    elif kind in ("block", "allow"):
        tap(f".sq-answer-{kind}")
    elif kind in ("slot", "wake"):
        if kind == "wake":
            page.locator(f"{APP} .sq-act-wake").tap()
        tap(f"button.sq-slot-{action[1] + 1}{enabled}")
    elif kind == "steal":
        page.locator(f"{APP} .sq-act-steal").tap()
        tap(f"button.sq-queen-{action[2]}{enabled}")
    elif kind == "discard":
        pick_cards(page, action[1], tap=True)
        tap(".sq-act-discard")
    else:   # the coach asks for a discard: pick it, check it, then ONE tap discards it
        tally = page.locator(f"{APP} .sq-deck-tracker table.sq-tally")
        shown = tally.count()
        pick_cards(page, action[1], tap=True)
        tap(".sq-coach-check-cards")
        page.locator(f"{APP} .sq-coach-result .sq-status-good").wait_for()
        picked = page.locator(f"{APP} .sq-hand button[aria-pressed='true']")
        assert picked.count() == len(action[1])   # the checked pick stays picked
        assert tally.count() == shown             # the answer did not open the counter
        page.locator(f"{APP} .sq-act-discard").tap()
        page.locator(f"{APP} .sq-story b", has_text="You discard").wait_for()
        return True
    return False


def test_a_coached_game_on_a_phone_needs_no_next_move_and_one_tap_discards(
        phone, voila_server) -> None:
    """A grown-up sets the game up as a teacher would (the deal number in the link; one easy
    bot and the detective coach in "For grown-ups"); the child then only taps: no "Next
    move", a discard the coach checked goes in one tap, and the win is celebrated. The deal
    is chosen so that this happens (tests/support/coached_game.py); a twin of the app in
    Python follows every step, so a page that plays differently fails at once."""
    from tests.support.coached_game import GAME, act, bots_move, next_action, twin

    page, game = phone, twin(GAME)
    _open(page, voila_server.url, f"seed={GAME.seed}&lang=en")
    open_settings(page)
    page.locator(f"{APP} .sq-opponents select").select_option(str(GAME.opponents))
    page.locator(f"{APP} .sq-bot-strength select").select_option(
        label=t(f"play.bot_{GAME.bots}", "en"))
    click_and_wait(page, page.locator(f"{APP} .sq-new-game"))
    page.locator(f"{APP} .sq-coach-level select").select_option(
        label=t(f"play.coach_level_{GAME.coach}", "en"))
    page.locator(f"{APP} .sq-settings button").click()   # folded: the child's screen again
    page.locator(f"{APP} .sq-opponents").wait_for(state="hidden")
    checked = 0
    for _ in range(MAX_STEPS):
        bots_move(game)
        if game.obs.is_over:
            break
        _same_as_twin(page, game)
        _no_next_move(page)
        action = next_action(game)
        checked += _child_does(page, action)
        act(game, action)
    assert game.obs.is_over and 0 in game.obs.winners
    assert checked >= 1
    celebrate = page.locator(f"{APP} .sq-game-over .sq-celebrate")
    celebrate.wait_for()
    assert "You win" in celebrate.inner_text() and celebrate.locator(".sq-star").count() >= 3
    _no_next_move(page)
    page.locator(f"{APP} .sq-language").get_by_role("button", name="Русский").click()
    celebrate.filter(has_text="Победа").wait_for()
    celebrate.scroll_into_view_if_needed()
    page.wait_for_function(   # the stars have risen: the picture shows them all
        "() => document.getAnimations().every(a => a.playState !== 'running')")
    keep_for_docs(_shot(page, "phone-play-celebrate-ru"))


STATE_JS = """async () => JSON.stringify(
    (await window.jupyterapp.widgetManager.get_state({drop_defaults: false})).state)"""


def _words(text: str) -> str:
    """The question's longest run of letters, digits and spaces (HTML escapes its quotes)."""
    import re

    return max(re.findall(r"[\w ]+", text), key=len).strip()


def test_the_pass_screen_leaves_no_question_in_the_widget_state(phone, voila_server) -> None:
    """Hidden is not enough for the coach either: once the screen is passed, the page's
    widget models (what the browser's developer tools read) hold neither the last player's
    question nor their cards, until the next player says they are ready."""
    page, tag = phone, uuid.uuid4().hex[:6]
    _open(page, voila_server.url, "seed=6&lang=en")
    open_settings(page)
    page.locator(f"{APP} .sq-seat-setup-open").click()
    setup = page.locator(f"{APP} .sq-seat-setup")
    setup.wait_for(state="visible")
    for index, name in enumerate((f"Dad {tag}", f"Sasha {tag}")):
        setup.locator(".sq-seat-name input").nth(index).fill(name)
    click_and_wait(page, setup.locator(".sq-seat-start"))
    asked = ""
    for _ in range(MAX_STEPS):
        settle(page)
        assert not page.locator(f"{APP} .sq-game-over").is_visible(), "no question was asked"
        if page.locator(f"{APP} .sq-pass-screen").is_visible():
            if asked:
                break
            click_and_wait(page, page.locator(f"{APP} .sq-pass-ready"))
        else:   # a question left unanswered: the player just moves on
            if coach_waiting(page):
                asked = _words(page.locator(f"{APP} .sq-coach-question").inner_text())
            child_turn(page)
    assert len(asked) >= 10, asked
    state = json.loads(page.evaluate(STATE_JS))
    holding = [(m["state"].get("_dom_classes"), m["state"].get("value"))
               for m in state.values() if asked in json.dumps(m, ensure_ascii=False)]
    assert not holding, holding
    hands = [m["state"]["cards"] for m in state.values() if "cards" in m["state"]]
    assert hands and not any(hands), hands
