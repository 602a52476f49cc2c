"""The game app's setup row: opponents, bot strength, rules, coach level, the bots' pace,
"New game", "all at once", and the way into a game of several people at one screen.
It holds the choices and their words only; `PlayApp` reads them when a game starts.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from sq_edu.engine.rules import PRESETS
from sq_edu.i18n import t
from sq_edu.practice.coach.coach import LEVELS
from sq_edu.practice.seats import BOT_KINDS
from sq_edu.widgets.controls import button


class SetupRow(widgets.HBox):
    """The grown-up choices of one game; `pace` is the bots' pace control (`BotPace.choice`)."""

    def __init__(self, lang: str, opponents: int, bots: str, rules: str, auto: bool,
                 pace: widgets.Dropdown) -> None:
        self.lang = lang
        self.people = False   # a game of named seats at one screen, not a child against bots
        self.title = widgets.HTML()
        self.opponents = widgets.Dropdown(options=[1, 2, 3, 4], value=opponents)
        self.opponents.add_class("sq-opponents")
        self.bot_choice = widgets.Dropdown(value=None, options=[])
        self.bot_choice.add_class("sq-bot-strength")
        self.rules_choice = widgets.Dropdown(value=None, options=[])
        self.rules_choice.add_class("sq-rules")
        self.coach_level = widgets.Dropdown(options=[], value=None)
        self.coach_level.add_class("sq-coach-level")
        self.new_game_button = button("sq-new-game", icon="refresh")
        self.auto = widgets.Checkbox(value=auto, indent=False)
        self.auto.add_class("sq-auto")
        self.together = button("sq-seat-setup-open", icon="users")
        # How many bots, on the child's first screen too (the same choice as `opponents`).
        self.bot_count = widgets.ToggleButtons(options=[1, 2, 3, 4], value=opponents)
        self.bot_count.add_class("sq-bot-count")
        self.bot_count.style.button_width = "3em"
        self.opponents.observe(lambda c: setattr(self.bot_count, "value", c.new), "value")
        self.pace = pace
        self.labelling = False   # True while options are relabelled (not a grown-up's pick)
        self._label_choices(bots if bots in BOT_KINDS else "greedy", rules)
        super().__init__([self.opponents, self.bot_choice, self.rules_choice, self.coach_level,
                          pace, self.new_game_button, self.auto, self.together],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center"))

    def _label_choices(self, bots: str, rules: str) -> None:
        lang = self.lang
        self.bot_choice.options = [(t(f"play.bot_{k}", lang), k) for k in BOT_KINDS]
        self.bot_choice.value = bots
        self.rules_choice.options = [(t(f"play.rules_{k}", lang), k) for k in PRESETS]
        self.rules_choice.value = rules if rules in PRESETS else "official"

    def on_bot_count(self, start: Callable[[], object]) -> None:
        """The child picks how many bots on the first screen: a new game with that many
        starts at once; a grown-up's pick in the panel only moves the buttons along."""

        def picked(change: dict[str, Any]) -> None:
            if change["new"] != self.opponents.value:
                self.opponents.value = change["new"]
                start()

        self.bot_count.observe(picked, "value")

    def label_coach(self, level: str | None) -> None:
        """The coach level choice in the current language, showing `level`."""
        self.labelling = True
        try:
            self.coach_level.options = [(t(f"play.coach_level_{k}", self.lang), k)
                                        for k in LEVELS]
            self.coach_level.value = level if level in LEVELS else "quiz"
            self.coach_level.description = t("play.coach_level", self.lang)
        finally:
            self.labelling = False

    def seat_people(self) -> None:
        """A game of named seats: the title says so, and the solo-only choices go (the
        seats carry their own names, bots and number)."""
        self.people = True
        for solo_only in (self.opponents, self.bot_choice, self.bot_count):
            solo_only.layout.display = "none"
        self.set_lang(self.lang)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        title = t("play.title_together" if self.people else "play.title", lang)
        self.title.value = f"<h2 class='sq-h'>{escape(title)}</h2>"
        self._label_choices(str(self.bot_choice.value), str(self.rules_choice.value))
        self.opponents.description = t("play.opponents", lang)
        self.bot_choice.description = t("play.bot_strength", lang)
        self.rules_choice.description = t("play.rules", lang)
        self.new_game_button.description = t("common.new_game", lang)
        self.auto.description = t("play.auto", lang)
        self.together.description = t("seats.setup_open", lang)
        self.bot_count.description = t("play.bot_count", lang)
        self.label_coach(self.coach_level.value)
        for control in (self.opponents, self.bot_choice, self.rules_choice, self.coach_level):
            control.style.description_width = "initial"
            control.layout.width = "auto"
