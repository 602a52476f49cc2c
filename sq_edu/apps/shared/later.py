"""The questions left without an answer, after the game: each with its position told in
words, answered like a coach answer in play (judged, recorded, a star when right, the worked
answer when wrong). One question at a time, in the order they were asked.

Hooks: sq-coach-later (the section), sq-later-question, sq-later-answer / sq-later-check
(typed answers), sq-later-option (a choice or a player), sq-later-check-cards (cards picked in
the hand shown with the question), sq-later-result (the verdict, role=status).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Protocol

import ipywidgets as widgets

from sq_edu.apps.shared.answers import AnswerControls, Guard, choices_for
from sq_edu.i18n import t
from sq_edu.practice.checking import Judgement
from sq_edu.practice.coach.coach import Coach
from sq_edu.practice.coach.questions import Question
from sq_edu.practice.coach.tip import position_lines
from sq_edu.practice.exercise import CARDS, SEAT
from sq_edu.widgets.controls import html_box
from sq_edu.widgets.hand import HandView


class LaterHost(Protocol):
    """What the skipped questions need of the coach panel (a `CoachPanel` is one): its
    language, its coach (a new one each game), its callback guard, its star and its summary
    (redrawn when a question is answered after the game)."""

    lang: str
    coach: Coach
    _guard: Guard
    _starred: Callable[[], None]

    def draw_summary(self, over: bool) -> None: ...


def answer_lines(verdict: Judgement, lang: str, earned: bool) -> list[str]:
    """What an answer to the coach gets, in play and after it: a star for a right first
    answer, "not quite" and the worked answer (shown with it) for a wrong one."""
    parts = verdict.lines(lang)
    if verdict.understood and not verdict.correct:   # one try counted: say the answer
        parts[0] = t("play.coach_not_quite", lang)
    elif verdict.correct and earned:
        parts[0] = t("play.coach_star", lang)
    return parts


class LaterQuestions(widgets.VBox):
    """The panel's skipped questions, shown under the summary once the game is over."""

    def __init__(self, panel: LaterHost) -> None:
        self.panel = panel
        self.heading = html_box("sq-later-question")
        self.hand: HandView | None = None
        self.hand_box = widgets.Box()
        self.result = html_box("sq-later-result")
        # The same answer controls as the coach's in play (`answers.AnswerControls`).
        self.answers = AnswerControls(
            "later", panel._guard, self.answer,
            lambda: self.answer(list(self.hand.selected_cards) if self.hand is not None else []),
            self.answer)
        a = self.answers
        self.answer_text, self.check, self.check_cards = a.answer_text, a.check, a.check_cards
        self.options, self.typed, self.controls = a.options, a.typed, a.controls
        self._verdict: Judgement | None = None
        self._answered: Question | None = None    # the question the verdict is about
        self._earned = False
        self._drawn: Question | None = None
        self._options_for: tuple[Question | None, str] = (None, "")
        super().__init__([self.result, self.heading, self.hand_box, self.controls])
        self.add_class("sq-coach-later")
        self.layout.display = "none"

    @property
    def waiting(self) -> list[Question]:
        return self.panel.coach.skipped

    def new_game(self) -> None:
        self._verdict, self._answered, self._drawn = None, None, None
        self._options_for = (None, "")
        self.layout.display = "none"

    def answer(self, given: object) -> Judgement | None:
        """Answer the first waiting question; a wrong or unclear one is said kindly."""
        if not self.waiting:
            return None
        question = self.waiting[0]
        verdict = self.panel.coach.answer_later(question, given)
        self._verdict = verdict
        if verdict.understood:
            self._answered, self._earned = question, self.panel.coach.earned
            self.answer_text.value = ""
            if verdict.correct:
                self.panel._starred()
        self.panel.draw_summary(True)   # the answer counts in the summary above at once
        self.draw(True)
        return verdict

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, over: bool) -> None:
        shown = over and (bool(self.waiting) or self._answered is not None)
        self.layout.display = "flex" if shown else "none"
        if not shown:
            return
        lang = self.panel.lang
        self.result.value = self._result_html(lang)
        question = self.waiting[0] if self.waiting else None
        if question is None:
            self.heading.value = f"<p><b>{escape(t('play.coach_later_done', lang))}</b></p>"
            self.controls.layout.display = "none"
            self.hand_box.children = []
            self._drawn = None
            return
        count = t("play.coach_later_count", lang, i=1, n=len(self.waiting))
        seen = question.exercise.observation
        place = "".join(f"<li>{escape(m.render(lang))}</li>"
                        for m in (position_lines(seen) if seen is not None else []))
        prompt = escape(question.exercise.prompt.render(lang))
        self.heading.value = (
            f'<h3 class="sq-h">{escape(t("play.coach_later_title", lang))}</h3>'
            f"<p>{escape(t('play.coach_later_intro', lang))}</p>"
            f"<p><b>{escape(count)}</b></p><ul>{place}</ul>"
            f'<p style="font-size:1.15em">{prompt}</p>')
        self.controls.layout.display = "flex"
        self.answers.show(question.exercise.kind, lang)
        if question is not self._drawn:
            self._drawn = question
            self._draw_hand(question)
        elif self.hand is not None:
            self.hand.set_lang(lang)
        if (question, lang) != self._options_for:   # new question or language: new labels
            self._options_for = (question, lang)
            self._draw_options(question)

    def _draw_hand(self, question: Question) -> None:
        if self.hand is not None:
            self.hand.close()
            self.hand = None
        if question.exercise.kind == CARDS and question.exercise.observation is not None:
            self.hand = HandView(question.exercise.observation.hand, self.panel.lang)
            self.hand_box.children = [self.hand]
        else:
            self.hand_box.children = []

    def _draw_options(self, question: Question) -> None:
        ex, seen = question.exercise, question.exercise.observation
        unseated = ex.kind == SEAT and seen is None     # players named from nobody's seat
        self.answers.set_choices([] if unseated else choices_for(
            ex, seen.seat if seen is not None else 0, self.panel.lang))

    def _result_html(self, lang: str) -> str:
        verdict = self._verdict
        if verdict is None:
            return ""
        if not verdict.understood:
            body = "".join(f"<p>{escape(p)}</p>" for p in verdict.lines(lang))
            return f'<div class="sq-status sq-status-info" role="status">{body}</div>'
        parts = answer_lines(verdict, lang, self._earned)
        if self._answered is not None:
            parts.extend(m.render(lang) for m in self._answered.after)
        tone = "good" if verdict.correct else "bad"
        body = "".join(f"<p>{escape(p)}</p>" for p in parts)
        return f'<div class="sq-status sq-status-{tone}" role="status">{body}</div>'
