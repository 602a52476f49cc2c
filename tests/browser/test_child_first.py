"""Child first, on every dashboard, in both languages, on a phone (390x844, touch) and a laptop
(1280x800): the task is on the first screen, every control is big enough for a finger, nothing
is wider than the screen (a 360 px phone too), the grown-ups' settings hide behind one
`sq-settings` button, and no animation runs when the reader asks for reduced motion. Then:
stars when a level is done.

One browser page per screen size visits every dashboard once and switches its language in
place (no second load), so the whole sweep costs one page load per dashboard and size.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.server.server import dashboards as existing_dashboards
from sq_edu.server.server import notebooks_dir
from tests.support.child_first import (
    ANIMATIONS_JS,
    LAPTOP,
    PHONE,
    Screen,
    to_russian,
)
from tests.support.shots import shot

pytestmark = pytest.mark.browser

LESSON = {"task": ".sq-answer", "grown_ups": (".sq-level", ".sq-seed", ".sq-new-deal",
                                               ".sq-worksheet")}
PAGES: dict[str, dict[str, Any]] = {
    "index": {"task": ".sq-lesson-card", "grown_ups": (".sq-index-grownups .sq-teacher",)},
    "teacher": {"task": ".sq-class-lesson", "grown_ups": (".sq-worksheet-make",)},
    "play": {"task": ".sq-hand", "grown_ups": (".sq-opponents", ".sq-bot-strength",
                                               ".sq-rules", ".sq-coach-level", ".sq-auto",
                                               ".sq-new-game")},
    "dungeon": {"task": ".sq-dungeon-hand", "grown_ups": (".sq-fold-dungeon-settings "
                                                          ".sq-new-game",)},
}
NAMES = ["index", "teacher", *existing_dashboards()]
# The author's example notebook (docs/your_own_lesson.md): child first too (the task and hand
# first, the deal behind `sq-settings`); no language switch: its link's ?lang=ru is Russian.
EXAMPLE = "my_lesson"
EXAMPLE_SPEC = {"task": ".sq-hand", "grown_ups": (".sq-deal",)}

@pytest.fixture(scope="module")
def screens(browser: Any, voila_server: Any) -> Iterator[dict[str, Screen]]:
    made = {"phone": Screen(browser, voila_server.url, PHONE),
            "laptop": Screen(browser, voila_server.url, LAPTOP)}
    yield made
    for screen in made.values():
        screen.close()


def check_settings(page: Any, name: str, grown_ups: tuple[str, ...]) -> list[str]:
    """`sq-settings` is there, the grown-ups' controls exist but are hidden until it is
    pressed, and shown after (then folded again: the browser remembers it for every page)."""
    lines = []
    settings = page.locator(".sq-settings").first
    if not settings.is_visible():
        return [f"{name}: no visible .sq-settings"]
    for selector in grown_ups:
        control = page.locator(selector)
        if control.count() == 0:
            lines.append(f"{name}: {selector} is missing")
        elif control.first.is_visible():
            lines.append(f"{name}: {selector} shows before the settings are opened")
    button = settings.locator("button")
    button.click()
    page.locator(grown_ups[0]).first.wait_for(state="visible")
    assert button.get_attribute("aria-expanded") == "true"
    button.click()
    page.locator(grown_ups[0]).first.wait_for(state="hidden")
    return lines


def check_page(screen: Screen, name: str, spec: dict[str, Any], size: str) -> list[str]:
    """Every child-first check of one dashboard, in English then Russian."""
    page = screen.page
    screen.open(name, "seed=12")
    found = [f"{name} en: {line}" for line in screen.problems(spec["task"])]
    found += check_settings(page, name, spec["grown_ups"])
    if name == EXAMPLE:
        screen.open(name, "seed=12&lang=ru")
    else:
        to_russian(screen, name)
    found += [f"{name} ru: {line}" for line in screen.problems(spec["task"])]
    if size == "phone":   # the narrowest phones: nothing wider, even in Russian
        found += [f"{name} ru {line}" for line in screen.too_wide_when_narrow()]
    page.emulate_media(reduced_motion="reduce")
    running = page.evaluate(ANIMATIONS_JS)
    if running:
        found.append(f"{name}: animations run under reduced motion: {running}")
    page.emulate_media(reduced_motion="no-preference")
    return found


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_every_dashboard_is_child_first(screens: dict[str, Screen], size: str) -> None:
    screen, found = screens[size], []
    for name in NAMES:
        found += check_page(screen, name, PAGES.get(name, LESSON), size)
    if (notebooks_dir() / f"{EXAMPLE}.ipynb").is_file():
        found += check_page(screen, EXAMPLE, EXAMPLE_SPEC, size)
    assert not found, f"not child-first on a {size}:\n" + "\n".join(found)


# Chances 4 asks for a player and a round: ten answers at five players. Deal 13 is the
# tallest (five players, "turns up a 10"); on one column the answers ran to 959 px of 844.
JESTER_LEVEL = "level=4&seed=13"


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_who_wakes_a_queen_answers_and_check_are_on_the_first_screen(
        screens: dict[str, Screen], size: str) -> None:
    """Every player in two rounds of the count, in both languages: the answers and the Check
    button on the first screen, each answer big enough for a finger, nothing wider than a
    360 px phone. The right player in the wrong round is told which half is wrong."""
    screen, found = screens[size], []
    page = screen.open("chances", JESTER_LEVEL)
    twin = LessonApp("chances", "en", level=4, seed=13,
                     progress_dir=tempfile.mkdtemp(prefix="sq-twin-"))
    ex = twin.exercise
    assert len(ex.options) == 10
    for lang in ("en", "ru"):
        if lang == "ru":
            to_russian(screen, "chances")
        found += [f"{lang}: {line}" for line in screen.problems(".sq-answer")]
        found += [f"{lang}: {line}" for line in screen.problems(".sq-submit")]
        shot(page, f"chances-4-{size}-{lang}")
    if size == "phone":
        found += [f"ru {line}" for line in screen.too_wide_when_narrow()]
    assert not found, f"chances 4 not child-first on a {size}:\n" + "\n".join(found)
    wrong = next(o.id for o in ex.options
                 if o.id.split("-")[0] == ex.answers[0].split("-")[0] and o.id != ex.answers[0])
    index = [o.id for o in ex.options].index(wrong)
    page.locator(".sq-answer-choice input[type=radio]").nth(index).check()
    page.locator(".sq-submit").click()
    page.locator(".sq-feedback .sq-status-bad").wait_for()
    said = page.locator(".sq-lesson-app").inner_text()
    assert f"Игрок {ex.extra['seat'] + 1} — верно" in said.replace("\u00a0", " "), said
    page.locator(".sq-interpretation").first.scroll_into_view_if_needed()
    shot(page, f"chances-4-{size}-ru-wrong-round")
    assert not screen.console.errors, screen.console.errors


DUNGEON_NAMES = {"ru": ("пик", "треф", "бубён", "червей"), "en": ("spades", "clubs",
                                                                  "diamonds", "hearts")}


def test_dungeon_cards_are_faces_named_in_words_and_played_with_keys(
        screens: dict[str, Screen]) -> None:
    """The Dungeon's hand: card faces (SVG) on buttons named in words in the page's language
    (the name a screen reader hears), at least 44 px; a focused card is played with Enter
    (the trick then shows it as a face)."""
    screen = screens["phone"]
    page = screen.open("dungeon", "seed=3&lang=ru")
    for lang in ("ru", "en"):
        if lang == "en":
            page.locator(".sq-language").first.get_by_role("button", name="English").click()
            page.wait_for_function("() => document.querySelector('.sq-dungeon-hand button')"
                                   ".textContent.includes(' of ')")
        cards = page.locator(".sq-dungeon-hand button.sq-dungeon-card")
        assert cards.count() == 13
        for index in range(13):
            card = cards.nth(index)
            label = card.locator(".sq-card-row-name").text_content() or ""
            assert any(word in label for word in DUNGEON_NAMES[lang]), label
            assert page.get_by_role("button", name=label, exact=True).count() == 1  # its name
            assert card.locator("svg.sq-card-svg").count() == 1
            box = card.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, (label, box)
    first = page.locator(".sq-dungeon-hand button.sq-dungeon-card:not([disabled])").first
    played = first.get_attribute("data-key")
    first.focus()
    page.keyboard.press("Enter")
    page.locator(".sq-dungeon-table li.sq-trick-card").nth(3).wait_for()
    assert page.locator(".sq-dungeon-table li.sq-trick-card svg").count() == 4
    assert page.locator(f".sq-dungeon-hand button[data-key='{played}']").count() == 0
    assert not screen.console.errors, screen.console.errors


def _right_picks(twin: LessonApp) -> list[int]:
    """Hand positions of the first right answer (a card twice in the hand: both positions)."""
    hand, picks = list(twin.exercise.hand), []
    for card in twin.exercise.answers[0]:
        index = next(i for i, c in enumerate(hand) if c == card and i not in picks)
        picks.append(index)
    return picks


def tap_right_answer(page: Any, twin: LessonApp) -> None:
    """Tap the twin's right cards on the lesson page, then Check; wait for the verdict."""
    for index in _right_picks(twin):
        page.locator(f".sq-answer-cards button.sq-card[data-index='{index}']").tap()
    page.locator(".sq-answer-cards button[aria-pressed='true']").nth(
        len(twin.exercise.answers[0]) - 1).wait_for()
    page.locator(".sq-submit").tap()
    page.locator(".sq-feedback .sq-status-good").wait_for()


def test_a_level_done_is_celebrated_and_still_under_reduced_motion(
        screens: dict[str, Screen]) -> None:
    """Right answers until the level opens the next: the picked cards fly off and a star
    pops (animations run), then the celebration (`sq-celebrate`) with its stars. With
    reduced motion asked for, the same right answer moves nothing."""
    screen = screens["phone"]
    page = screen.open("equations", "level=2&seed=12")
    twin = LessonApp("equations", "en", level=2, seed=12,
                     progress_dir=tempfile.mkdtemp(prefix="sq-twin-"))
    celebrate = page.locator(".sq-lesson-app .sq-celebrate")
    for round_number in range(12):
        page.emulate_media(reduced_motion="reduce" if round_number == 0 else "no-preference")
        tap_right_answer(page, twin)
        running = page.evaluate(ANIMATIONS_JS)
        if round_number == 0:
            assert running == [], f"animations under reduced motion: {running}"
        else:
            assert running, "a right answer moved nothing"
        twin.answer.set(list(twin.exercise.answers[0]))
        outcome = twin.submit()
        assert outcome is not None and outcome.correct
        if twin.session.outcome is not None and twin.session.outcome.level_up:
            break
        page.locator(".sq-next-exercise").tap()
        twin.next_exercise()
        page.wait_for_function("() => !document.querySelector('.sq-submit').disabled")
    celebrate.wait_for()
    assert re.search(r"Level 2 done", celebrate.inner_text())
    assert page.locator(".sq-celebrate .sq-star").count() >= 3
    screen.settle()
    celebrate.scroll_into_view_if_needed()
    shot(page, "phone-celebrate", curated=True)
    assert not screen.console.errors, screen.console.errors
