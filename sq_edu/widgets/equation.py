"""`EquationBuilder`: pick number cards and watch the equation build itself, or type one.

Picked cards are written biggest-alone-on-the-right ("3 + 7 = 10"), the only shape a discard
may have, and checked by the maths layer (`check_equation`), whose specific, kind message is
shown as it is: the widget adds no arithmetic of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

import ipywidgets as widgets
import traitlets

from sq_edu.engine.cards import Card, is_number
from sq_edu.engine.rules import Rules
from sq_edu.i18n import require_lang, t
from sq_edu.maths import Verdict, check_cards, check_equation
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.hand import HandView

VerdictHandler = Callable[[Verdict], None]


def equation_from_cards(cards: Iterable[int]) -> str:
    """"3 + 7 = 10" from {3, 7, 10}: the biggest alone on the right; a pair reads "4 = 4"."""
    numbers = sorted(int(c) for c in cards)
    if len(numbers) < 2:
        return " ".join(map(str, numbers))
    return " + ".join(map(str, numbers[:-1])) + f" = {numbers[-1]}"


class EquationBuilder(widgets.VBox):
    """HandView + live equation + typed input + one status line."""

    lang = traitlets.Unicode("en")

    def __init__(self, hand: Iterable[Card], lang: str = "en",
                 rules: str | Rules = "official", feedback: Feedback | None = None) -> None:
        """`hand`: card tokens; `lang`: "en" or "ru" (anything else is a ValueError);
        `rules`: a preset name or Rules (which equations count); `feedback`: the status line
        to write to (default: its own). `on_verdict(handler)` hears each checked answer."""
        lang = require_lang(lang)
        self.rules = Rules.coerce(rules)
        self.status = feedback or Feedback(lang)
        self.hand = HandView(hand, lang)
        self.title = widgets.HTML()
        self.equation = widgets.HTML()
        self.typed = widgets.Text(continuous_update=False,
                                  layout=widgets.Layout(width="16em"))
        self.typed.add_class("sq-equation-input")
        self.check_button = widgets.Button(icon="check")
        self.check_button.add_class("sq-equation-check")
        self.clear_button = widgets.Button(icon="eraser")
        self.clear_button.add_class("sq-equation-clear")
        super().__init__([self.title, self.hand, self.equation,
                          widgets.HBox([self.typed, self.check_button, self.clear_button]),
                          self.status])
        self.add_class("sq-equation-builder")
        self.verdict: Verdict | None = None
        self._handlers: list[VerdictHandler] = []
        guard = guarded(lambda: self.status)
        self.hand.observe(guard(lambda _c: self._on_cards()), "selected")
        self.typed.observe(guard(lambda _c: self._on_typed()), "value")
        self.check_button.on_click(guard(lambda _b: self._on_typed()))
        self.clear_button.on_click(guard(lambda _b: self.clear()))
        self.lang = lang
        self.observe(guard(lambda _c: self._relabel()), "lang")
        self._relabel()

    # --- public API -------------------------------------------------------------------------
    @property
    def equation_text(self) -> str:
        """The equation the picked cards make, as shown ("" when none are picked)."""
        numbers = [c for c in self.hand.selected_cards if is_number(c)]
        return equation_from_cards(numbers)  # type: ignore[arg-type]  # is_number keeps only the int cards

    def on_verdict(self, handler: VerdictHandler) -> None:
        """Lessons listen here: called with each new `Verdict`."""
        self._handlers.append(handler)

    def update(self, hand: Iterable[Card]) -> None:
        self.hand.set_hand(hand)
        self.clear()

    def clear(self) -> None:
        with self.hold_trait_notifications():
            self.hand.clear()
            self.typed.value = ""
        self.verdict = None
        self.equation.value = ""
        self.status.clear()

    def set_lang(self, lang: str) -> None:
        self.lang = require_lang(lang)

    # --- reacting ---------------------------------------------------------------------------
    def _on_cards(self) -> None:
        picked = self.hand.selected_cards
        if not picked:
            self.verdict = None
            self.equation.value = ""
            self.status.clear()
            return
        if not all(is_number(c) for c in picked):
            self.verdict = None
            self._show_equation("", None)
            self.status.say("maths.numbers_only", "bad")
            return
        if len(picked) < 2:
            self.verdict = None
            self._show_equation(str(picked[0]), None)
            self.status.say("widgets.equation_pick_more", "info")
            return
        self._judge(self.equation_text, check_cards(picked, self.hand.hand, self.rules))

    def _on_typed(self) -> None:
        text = self.typed.value.strip()
        if text:
            self._judge(text, check_equation(text, self.hand.hand, self.rules))

    def _judge(self, text: str, verdict: Verdict) -> None:
        self.verdict = verdict
        self._show_equation(text, verdict.ok)
        self.status.say("maths." + verdict.key, "good" if verdict.ok else "bad", **verdict.params)
        for handler in list(self._handlers):
            handler(verdict)

    def _show_equation(self, text: str, ok: bool | None) -> None:
        mark = {True: "✔", False: "✘", None: ""}[ok]
        style = {True: "#1B5E20", False: "#B71C1C", None: "#1F1F1F"}[ok]
        self.equation.value = (
            f'<div class="sq-equation" style="font-size:2.2em;font-weight:bold;color:{style};'
            f'min-height:1.3em">{escape(text)} <span aria-hidden="true">{mark}</span></div>')

    def _relabel(self) -> None:
        lang = self.lang
        self.title.value = (f"<h3 class='sq-h'>{escape(t('widgets.equation_title', lang))}</h3>"
                            f"<p>{escape(t('widgets.equation_help', lang))}</p>")
        self.typed.placeholder = t("widgets.equation_placeholder", lang)
        self.check_button.description = t("common.check", lang)
        self.clear_button.description = t("widgets.equation_clear", lang)
        self.hand.set_lang(lang)
        self.status.set_lang(lang)
