"""Sounds in a real Chromium, counted where WebAudio makes them (every tone is one
`OscillatorNode.start`): a right answer plays a tune when sound is on, the sound button silences
it and is remembered, a class's link starts with sound off, and reduced motion leaves sound
alone (it turns off motion; the sound button is the control for sound: widgets/cheer.js)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

from sq_edu.apps.lesson import LessonApp
from tests.browser.test_child_first import tap_right_answer
from tests.support.browser import ConsoleLog, keep_offline, wait_rendered

pytestmark = pytest.mark.browser
LEVEL, SEED = 1, 4
COUNT_TONES = """
window.sqTones = 0;
if (window.OscillatorNode) {
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.sqTones += 1;
    return start.apply(this, args);
  };
}
"""
QUIET_JS = """quiet => new Promise(done => {
    const look = () => document.querySelector('#rendered_cells').innerHTML.length;
    let last = look(), since = performance.now();
    const tick = () => {
      const now = look();
      if (now !== last) { last = now; since = performance.now(); }
      if (performance.now() - since >= quiet) done(true); else requestAnimationFrame(tick);
    };
    tick();
})"""


class Lesson:
    """The equations lesson in its own browser context (its own remembered sound setting),
    with a twin in Python that knows each right answer."""

    def __init__(self, browser: Any, url: str, query: str = "") -> None:
        self.context = browser.new_context(viewport={"width": 390, "height": 844},
                                           has_touch=True, is_mobile=True)
        self.context.add_init_script(COUNT_TONES)
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.console = ConsoleLog().attach(self.page)
        keep_offline(self.page, url)
        self.twin = LessonApp("equations", "en", level=LEVEL, seed=SEED,
                              progress_dir=tempfile.mkdtemp(prefix="sq-twin-"))
        self.page.goto(f"{url}voila/render/equations.ipynb?lang=en&level={LEVEL}&seed={SEED}"
                       + query)
        wait_rendered(self.page, ".sq-lesson-app")
        self.sound = self.page.locator(".sq-sound-button")
        self.sound.wait_for()
        self.answered = 0

    @property
    def tones(self) -> int:
        return int(self.page.evaluate("window.sqTones"))

    def answer_right(self) -> None:
        """Pick the right cards and check them; wait for the verdict and a quiet page (the
        sound cue comes with the kernel's answer)."""
        page, twin = self.page, self.twin
        if self.answered:
            page.locator(".sq-next-exercise").tap()
            twin.next_exercise()
            page.wait_for_function("() => !document.querySelector('.sq-submit').disabled")
        tap_right_answer(page, twin)
        twin.answer.set(list(twin.exercise.answers[0]))
        assert twin.submit().correct
        self.answered += 1
        page.wait_for_function(QUIET_JS, arg=400)

    def close(self) -> None:
        assert not self.console.errors, self.console.errors
        self.context.close()


@pytest.fixture
def lessons(browser: Any, voila_server: Any) -> Iterator[list[Lesson]]:
    opened: list[Lesson] = []
    yield opened
    for lesson in opened:
        lesson.close()


def test_a_right_answer_sings_until_the_sound_button_silences_it(lessons, browser,
                                                                   voila_server) -> None:
    home = Lesson(browser, voila_server.url)
    lessons.append(home)
    page = home.page
    assert home.sound.get_attribute("aria-pressed") == "true"   # at home sound starts on
    home.answer_right()
    page.wait_for_function("() => window.sqTones >= 2")         # the "right" tune: 2 tones
    home.sound.tap()                                             # sound off
    assert home.sound.get_attribute("aria-pressed") == "false"
    before = home.tones
    home.answer_right()
    assert home.tones == before, "a tune played with the sound off"
    assert page.evaluate("localStorage.getItem('sq-sound')") == "off"
    page.reload()                                                # remembered in this browser
    wait_rendered(page, ".sq-lesson-app")
    assert home.sound.get_attribute("aria-pressed") == "false"
    home.sound.tap()                                             # on again: a short preview
    page.wait_for_function("n => window.sqTones >= n", arg=2)
    # Reduced motion turns motion off, not sound: the child keeps the tune of a right answer.
    page.emulate_media(reduced_motion="reduce")
    home.answered, home.twin = 0, LessonApp("equations", "en", level=LEVEL, seed=SEED,
                                            progress_dir=tempfile.mkdtemp(prefix="sq-twin-"))
    before = home.tones
    home.answer_right()
    page.wait_for_function("n => window.sqTones >= n + 2", arg=before)


def test_a_class_link_starts_with_the_sound_off(lessons, browser, voila_server) -> None:
    room = Lesson(browser, voila_server.url, "&class=sounds5b")
    lessons.append(room)
    assert room.sound.get_attribute("aria-pressed") == "false"
    room.answer_right()
    assert room.tones == 0, "a class's phones played a tune with no one asking"
    room.sound.tap()                                 # a child (or teacher) turns it on
    assert room.sound.get_attribute("aria-pressed") == "true"
    room.page.wait_for_function("() => window.sqTones >= 2")
