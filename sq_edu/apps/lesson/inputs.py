"""The answer part of the lesson app: one input per answer kind, behind one small interface.

`AnswerInput.build(exercise, lang)` picks the right control (cards from the hand, an equation
builder, a text box, radio buttons, player buttons); `value()` hands the answer to
`sq_edu.practice.check`, `set(answer)` fills it in (tests, and "show me" after the worked
answer), `lock()` freezes it once the answer is right, `set_lang()` relabels it.
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.practice.exercise import (
    CARDS,
    CHOICE,
    EQUATION,
    FRACTION,
    NUMBER,
    PERCENT,
    SEAT,
    Exercise,
)
from sq_edu.widgets.controls import text_box
from sq_edu.widgets.equation import EquationBuilder
from sq_edu.widgets.hand import HandView

_PLACEHOLDERS = {NUMBER: "lesson_app.placeholder_number",
                 FRACTION: "lesson_app.placeholder_fraction",
                 PERCENT: "lesson_app.placeholder_percent"}


class AnswerInput(widgets.VBox):
    """The control the learner answers with; `kind` says which."""

    def __init__(self, ex: Exercise, lang: str = "en") -> None:
        self.ex = ex
        self.kind = ex.kind
        self.lang = normalize_lang(lang)
        self.hand: HandView | None = None
        self.builder: EquationBuilder | None = None
        self.text: widgets.Text | None = None
        self.choice: widgets.RadioButtons | None = None
        self.seat: widgets.ToggleButtons | None = None
        super().__init__([self._control()])
        self.add_class("sq-answer")
        self.add_class(f"sq-answer-{self.kind}")
        self.set_lang(self.lang)

    def _control(self) -> widgets.Widget:
        if self.kind == CARDS:
            self.hand = HandView(self.ex.hand, self.lang)
            self.hand.add_class("sq-answer-cards")
            return self.hand
        if self.kind == EQUATION:
            self.builder = EquationBuilder(self.ex.hand, self.lang, rules=self.ex.rules)
            self.builder.typed.add_class("sq-answer-text")
            return self.builder
        if self.kind == CHOICE:
            self.choice = widgets.RadioButtons(options=self._choice_options(), value=None,
                                               layout=widgets.Layout(width="auto"))
            self.choice.add_class("sq-answer-choice")
            if self.ex.extra.get("columns") == 2:   # pairs of short answers, a pair a row
                self.choice.add_class("sq-answer-columns-2")
            return self.choice
        if self.kind == SEAT:
            self.seat = widgets.ToggleButtons(options=self._seat_options(), value=None,
                                              style={"button_width": "auto"})
            self.seat.add_class("sq-answer-seat")
            return self.seat
        # Wide enough for the label and the longest hint ("например 3/20 или 3 из 20").
        self.text = text_box(layout=widgets.Layout(width="24em"))
        self.text.add_class("sq-answer-text")
        return self.text

    def _choice_options(self) -> list[tuple[str, str]]:
        return [(o.label.render(self.lang), o.id) for o in self.ex.options]

    def _seat_options(self) -> list[tuple[str, int]]:
        return [(t("common.player_n", self.lang, n=s + 1), s) for s in self.ex.seats]

    def value(self) -> object:
        """The answer as `check` reads it."""
        if self.hand is not None:
            return list(self.hand.selected_cards)
        if self.builder is not None:
            typed = self.builder.typed.value.strip()   # typed text wins; else the cards
            return typed or list(self.builder.hand.selected_cards)
        if self.choice is not None:
            return self.choice.value
        if self.seat is not None:
            return self.seat.value
        return self.text.value if self.text is not None else None

    def set(self, answer: object) -> None:
        """Fill in `answer` (a typed form: card list, text, option id, seat)."""
        if self.hand is not None:
            positions: list[int] = []
            for card in answer:  # type: ignore[attr-defined]  # a card exercise's typed form is a list of cards
                positions.append(next(i for i, c in enumerate(self.hand.hand)
                                      if c == card and i not in positions))
            self.hand.selected = positions
        elif self.builder is not None:
            self.builder.typed.value = str(answer)
        elif self.choice is not None:
            self.choice.value = str(answer)
        elif self.seat is not None:
            self.seat.value = int(answer)  # type: ignore[call-overload]  # a seat exercise's typed form is a seat number
        elif self.text is not None:
            value = answer
            if isinstance(value, Fraction):
                value = f"{value.numerator}/{value.denominator}"
            self.text.value = str(value)

    def drop_cards(self) -> None:
        """Put the picked cards back after a wrong answer, so the next try starts from a clean
        hand (the feedback line still says what those cards made); typed text stays."""
        for hand in (self.hand, self.builder.hand if self.builder is not None else None):
            if hand is not None:
                hand.clear()

    def lock(self, locked: bool = True) -> None:
        """No changes once the answer is right (the reveal stays true to what was given)."""
        if self.hand is not None:
            self.hand.disabled = locked
        if self.builder is not None:
            self.builder.hand.disabled = locked
            self.builder.typed.disabled = locked
            self.builder.check_button.disabled = locked
        for control in (self.text, self.choice, self.seat):
            if control is not None:
                control.disabled = locked

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        if self.hand is not None:
            self.hand.set_lang(self.lang)
        if self.builder is not None:
            self.builder.set_lang(self.lang)
        if self.choice is not None:
            kept = self.choice.value
            self.choice.options = self._choice_options()
            self.choice.value = kept
            self.choice.description = ""
        if self.seat is not None:
            kept_seat = self.seat.value
            self.seat.options = self._seat_options()
            self.seat.value = kept_seat
            self.seat.tooltips = [t("common.player_n", self.lang, n=s + 1)
                                  for s in self.ex.seats]
        if self.text is not None:
            self.text.placeholder = t(_PLACEHOLDERS.get(self.kind, "lesson_app.placeholder_number"),
                                      self.lang)
            self.text.description = t("lesson_app.your_answer", self.lang)
            self.text.style = {"description_width": "initial"}
