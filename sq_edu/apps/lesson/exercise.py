"""What a lesson page draws of its exercise: the question, the clues, the answer control, the
hints, the feedback line, what the answer means and what is revealed after it.

It draws a widget-free `LessonSession` and never changes it; the app hands the session the
learner's answers and then asks this view to show the result.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sq_edu.apps.lesson.html import example_html, lines_html, paragraphs_html, reteach_html
from sq_edu.apps.lesson.inputs import AnswerInput
from sq_edu.apps.lesson.views import exercise_visuals, reveal_html, reveal_view
from sq_edu.i18n import t
from sq_edu.practice import Exercise, Judgement, Lesson
from sq_edu.practice.classroom.worksheet import deck_html
from sq_edu.practice.session import LessonSession
from sq_edu.widgets.controls import button, html_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.read_aloud import ReadAloud


class ExerciseView:
    """The exercise on screen, with its answer control, hints and after-answer reveal."""

    def __init__(self, lesson: Lesson, session: LessonSession, feedback: Feedback,
                 lang: str) -> None:
        self.lesson, self.session, self.feedback, self.lang = lesson, session, feedback, lang
        self.exercise_number = html_box("sq-exercise-number")
        self.prompt = html_box("sq-prompt")
        self.read_aloud = ReadAloud(lang=lang)
        self.example_box = html_box("sq-example")   # the level's worked example: teach first
        self.deck = html_box("sq-deck")             # what is in the deck (chances, detective)
        self.context = html_box("sq-context")
        self.visual = widgets.VBox()
        self.visual.add_class("sq-visual")
        self.answer_box = widgets.VBox()
        self.submit_button = button("sq-submit", button_style="primary", icon="check")
        self.hint_button = button("sq-hint", icon="lightbulb-o")
        self.next_button = button("sq-next-exercise", icon="arrow-right")
        self.actions = widgets.HBox([self.submit_button, self.hint_button, self.next_button],
                                    layout=widgets.Layout(flex_flow="row wrap"))
        self.actions.add_class("sq-actions")
        self.hints = html_box("sq-hints")
        self.interpretation = html_box("sq-interpretation")
        self.reveal = widgets.VBox()
        self.reveal.add_class("sq-reveal")
        self.reveal_lines = html_box("sq-reveal-lines")
        self.celebrate = html_box("sq-lesson-celebrate")   # a level done: stars
        self.answer: AnswerInput
        self.reveal_view: widgets.Widget | None = None
        self.wrong_tries = 0   # readable wrong answers to this exercise

    @property
    def exercise(self) -> Exercise:
        return self.session.exercise

    @property
    def typed_answer(self) -> bool:
        """The answer is typed (it goes right under the question), not picked from pictures."""
        return self.answer.text is not None

    def draw(self) -> None:
        """A new exercise: its answer control and visuals, nothing revealed yet."""
        self.answer = AnswerInput(self.exercise, self.lang)
        self.answer_box.children = [self.answer]
        self.visual.children = exercise_visuals(self.lesson, self.exercise, self.answer,
                                                 self.lang)
        self.reveal_view = None
        self.reveal.children = []
        self.wrong_tries = 0
        self.celebrate.value = ""
        self.submit_button.disabled = False
        self.next_button.button_style = ""
        self.feedback.clear()

    def solved(self) -> None:
        """A right answer: the cards fly off with a star (app.css), the answer is locked and
        the way on is "Next", highlighted, with the keyboard taken there."""
        self.answer.add_class("sq-solved")
        self.answer.lock()
        self.submit_button.disabled = True
        self.next_button.button_style = "success"
        self.next_button.focus()

    def answered(self, result: Judgement) -> None:
        """After each answer: the feedback line, and the reveal once the exercise is settled."""
        self.wrong_tries += result.understood and not result.correct
        self.reveal_when_settled()
        self.show_result()

    def reveal_when_settled(self) -> None:
        """What was really going on, once the exercise is settled: answered right, wrong twice,
        or worked out in the hints. Shown after one wrong answer, the card counter gave away
        the count asked (card detective's "not seen yet"), so the second try was copied; the
        first wrong answer gets only its feedback, which names the error."""
        session = self.session
        if self.reveal.children or not session.recorded:
            return
        if session.solved or self.wrong_tries >= 2 or not session.hints_left:
            self.show_reveal()

    def show_reveal(self) -> None:
        """What the chances were, what was in the deck (`reveal_when_settled` says when)."""
        self.reveal_view = reveal_view(self.exercise, self.lang, self.feedback)
        views = [self.reveal_view] if self.reveal_view is not None else []
        self.reveal.children = [self.reveal_lines, *views]
        self.draw_reveal()

    def draw_reveal(self) -> None:
        if self.reveal.children:
            self.reveal_lines.value = reveal_html(self.exercise, self.reveal_view is not None,
                                                  self.lang)

    def show_result(self) -> None:
        """The feedback line for the last answer, then what it means and any notes."""
        result = self.session.result
        if result is not None:
            tone = "good" if result.correct else "bad" if result.understood else "info"
            self.feedback.show(result.message.render(self.lang), tone)
        self.interpretation.value = (paragraphs_html(self.session.result_lines(), self.lang)
                                     + reteach_html(self.session, self.lang))

    def draw_hints(self) -> None:
        lang, session = self.lang, self.session
        self.hint_button.disabled = not session.hints_left
        self.hint_button.description = (
            t("lesson_app.hint", lang, n=session.hints_shown + 1,
              total=self.exercise.hint_count) if session.hints_left
            else t("lesson_app.no_more_hints", lang))
        self.hints.value = lines_html(session.hints, lang, t("practice.report_hints", lang),
                                      ordered=True, live=True)

    def set_lang(self, lang: str) -> None:
        """The answer control and the pictures in `lang`, the answer given kept."""
        self.lang = lang
        for part in (self.answer, self.reveal_view, *self.visual.children):
            if part is not None and hasattr(part, "set_lang"):
                part.set_lang(lang)

    def relabel(self) -> None:
        """Every text of the exercise in the view's language."""
        lang, ex, session = self.lang, self.exercise, self.session
        number = t("lesson_app.exercise_number", lang, n=session.index + 1)
        self.exercise_number.value = f"<p style='margin:2px 0;color:#444'>{escape(number)}</p>"
        self.prompt.value = (f"<h3 class='sq-h' style='font-size:1.3em;margin:6px 0'>"
                             f"{escape(ex.prompt.render(lang))}</h3>")
        self.read_aloud.say(ex.prompt.render(lang), lang)
        self.example_box.value = example_html(session, lang)
        self.deck.value = deck_html(lang) if ex.extra.get("deck") else ""
        self.context.value = lines_html(session.context_lines(), lang, role="log")
        self.submit_button.description = t("lesson_app.check", lang)
        self.next_button.description = t("lesson_app.next", lang)
        self.draw_hints()
        self.show_result()
        self.draw_reveal()
