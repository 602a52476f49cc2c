"""`AnswerControls`: the controls a coach question is answered with, made once for both the
coach in play (`coach.CoachPanel`) and the questions answered after the game
(`later.LaterQuestions`), so the two cannot drift apart.

A text box and "Check" for numbers, fractions and percents; "Check my cards" for a discard
picked in the hand; one button per choice or player. Hooks take the owner's prefix:
sq-<prefix>-answer, sq-<prefix>-check, sq-<prefix>-check-cards, sq-<prefix>-options and
sq-<prefix>-option (one per choice).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from sq_edu.apps.shared.words import who
from sq_edu.i18n import t
from sq_edu.practice.exercise import CARDS, CHOICE, SEAT, Exercise
from sq_edu.widgets.controls import button, text_box

TYPED = ("number", "fraction", "percent")
Guard = Callable[[Callable[..., object]], Callable[..., object]]


def choices_for(exercise: Exercise, seat: int, lang: str,
                names: Sequence[str] | None = None) -> list[tuple[object, str]]:
    """(value, label) of each answer button: the options of a choice, the players of a seat
    question (named as seen from `seat`, by their `names` at a table of several people:
    «Мама», not «Игрок 1»), none for the other kinds."""
    if exercise.kind == CHOICE:
        return [(o.id, o.label.render(lang)) for o in exercise.options]
    if exercise.kind == SEAT:
        return [(s, who(s, seat, lang, names)) for s in exercise.seats]
    return []


class AnswerControls:
    """The answer widgets of one question at a time; `controls` is the box to show."""

    def __init__(self, prefix: str, guard: Guard, on_text: Callable[[str], object],
                 on_cards: Callable[[], object], on_choice: Callable[[object], object],
                 more: Sequence[widgets.Widget] = ()) -> None:
        """`on_text(typed)`, `on_cards()` and `on_choice(value)` answer; `more` are further
        controls shown after the answer buttons (the coach's "Show me")."""
        self.prefix, self._guard, self._on_choice = prefix, guard, on_choice
        self.answer_text = text_box(layout=widgets.Layout(width="12em"))   # sent on leaving
        self.answer_text.add_class(f"sq-{prefix}-answer")
        self.check = button(f"sq-{prefix}-check", button_style="primary")
        self.check_cards = button(f"sq-{prefix}-check-cards", button_style="primary")
        self.options = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.options.add_class(f"sq-{prefix}-options")
        self.check.on_click(guard(lambda _b: on_text(self.answer_text.value)))
        self.check_cards.on_click(guard(lambda _b: on_cards()))
        self.typed = widgets.HBox([self.answer_text, self.check])
        self.controls = widgets.HBox([self.typed, self.check_cards, self.options, *more],
                                     layout=widgets.Layout(flex_flow="row wrap",
                                                           align_items="center"))

    def show(self, kind: str | None, lang: str) -> None:
        """Only the controls this kind of question needs, labelled in `lang`."""
        self.typed.layout.display = "flex" if kind in TYPED else "none"
        self.check_cards.layout.display = "flex" if kind == CARDS else "none"
        self.check.description = t("common.check", lang)
        self.check_cards.description = t("play.coach_check_cards", lang)
        self.answer_text.placeholder = t("play.coach_answer", lang)

    def set_choices(self, choices: list[tuple[object, str]]) -> None:
        """One button per (value, label); the old buttons are closed."""
        for old in self.options.children:
            old.close()
        made = []
        for value, label in choices:
            choice = button(f"sq-{self.prefix}-option", description=label)
            choice.on_click(self._guard(lambda _b, v=value: self._on_choice(v)))
            made.append(choice)
        self.options.children = made
        self.options.layout.display = "flex" if made else "none"
