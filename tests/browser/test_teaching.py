"""Lessons that teach, seen in Chromium: the read-aloud button speaks the prompt in the page's
language, a misconception gets its own message, each level opens with its worked example,
chances and detective items show what is in the deck; screenshots of the four lessons in EN
and RU."""

from __future__ import annotations

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.practice.checking import check

pytestmark = pytest.mark.browser

# Record what the page asks the speech synthesis to say instead of making a sound.
SPY = """
window.__spoken = [];
if (window.speechSynthesis) {
  window.speechSynthesis.speak = (u) => window.__spoken.push({text: u.text, lang: u.lang});
  window.speechSynthesis.cancel = () => {};
}
"""


@pytest.mark.parametrize(("lang", "voice"), [("en", "en-GB"), ("ru", "ru-RU")])
def test_read_aloud_speaks_the_prompt_in_the_page_language(dashboards, lang: str,
                                                           voice: str) -> None:
    dashboards.page.add_init_script(SPY)
    twin = LessonApp("card_detective", lang, level=1, seed=21)
    page = dashboards.open("card_detective", f"lang={lang}&level=1&seed=21")
    prompt = twin.exercise.prompt.render(lang)
    page.locator(".sq-prompt").filter(has_text=prompt).wait_for()
    page.locator(".sq-read-aloud button").click()
    page.wait_for_function("() => window.__spoken.length > 0")
    assert page.evaluate("() => window.__spoken") == [{"text": prompt, "lang": voice}]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_misconception_gets_its_own_message(dashboards, lang: str) -> None:
    twin = LessonApp("queen_points", lang, level=3, seed=14)
    ex = twin.exercise
    added = next(v for v, why in ex.traps if why.key == "lessons.qp_trap_added")
    said = check(ex, added).interpretation.render(lang)
    page = dashboards.open("queen_points", f"lang={lang}&level=3&seed=14")
    page.locator(".sq-example-box").wait_for()
    assert page.locator(".sq-example-box").count() == 1        # teach first: the example
    page.locator(".sq-answer-text input").fill(str(added))
    page.locator(".sq-submit").click()
    page.locator(".sq-interpretation").filter(has_text=said).wait_for()
    dashboards.screenshot(f"misconception-queen-points-{lang}", curated=True)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("name", "query"), [
    ("equations", "level=5&seed=3"), ("card_detective", "level=3&seed=8"),
    ("chances", "level=1&seed=4"), ("chances", "level=2&seed=4"),
    ("queen_points", "level=5&seed=2")])
def test_lesson_pages_teach_first(dashboards, lang: str, name: str, query: str) -> None:
    """The first question of a level comes after a worked example (and the deck, when the
    exercise counts cards)."""
    page = dashboards.open(name, f"lang={lang}&{query}")
    box = page.locator(".sq-example-box")
    box.wait_for()
    assert box.count() == 1 and box.inner_text().strip(), "no worked example shown first"
    twin = LessonApp(name, lang, **{k: int(v) for k, v in
                                    (p.split("=") for p in query.split("&"))})
    if twin.exercise.extra.get("deck"):
        page.locator(".sq-deck .deck").wait_for()
        assert page.locator(".sq-deck .deck").is_visible()
    level = query.split("&")[0].split("=")[1]
    dashboards.screenshot(f"teach-{name}-{level}-{lang}")
