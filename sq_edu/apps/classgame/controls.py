"""`ClassGameControls`: the teacher's side of the class game, shown in the teacher's page once
the teacher password opened it (the page hands this class in: `TeacherApp(class_game=...)`).

The teacher picks the rules, the coach mode, how many bots (1-4) and a timer per round, and
starts the game; then follows the answers as they come (how many answered, the spread of
answers, the named mistakes among the wrong ones and who made them), shows the spread on the
projector (no names), reveals the right answer with its worked steps, and can pause, go on,
skip a question, close the round or end the game. When the votes tie, the tied moves show
as buttons (`sq-classgame-decide`) and the teacher picks one; the timer ending first (or
"Close the round") plays the coach's tip among them.

Stable hooks: `sq-classgame-start` (the start button), `sq-classgame-rules`,
`sq-classgame-coach`, `sq-classgame-bots`, `sq-classgame-timer`, `sq-classgame-spread` (the
answer spread), and the buttons `sq-classgame-pause`, `-resume`, `-skip`, `-close`,
`-reveal`, `-show-spread`, `-end`, and `sq-classgame-decide` (the tied moves' buttons).
"""

from __future__ import annotations

import logging
from html import escape
from typing import Any

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.pages.tables.client import Refused, TableClient
from sq_edu.widgets.controls import button, html_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded

from .follow import Follower, classgame_client
from .words import choice_labels, question_of, spread_html, worked_html

log = logging.getLogger(__name__)
VERBS = ("pause", "resume", "skip", "close", "reveal", "end")


class ClassGameControls(widgets.VBox):
    """`ClassGameControls(lang)`; `client` for tests."""

    def __init__(self, lang: str = "en", client: TableClient | None = None) -> None:
        self.lang = normalize_lang(lang)
        self.client = client or classgame_client()
        self.feedback = Feedback(self.lang)
        guard = guarded(lambda: self.feedback)
        self.view: dict[str, Any] = {}
        self.heading, self.help = widgets.HTML(), widgets.HTML()
        self.rules = widgets.Dropdown(options=[("kids", "kids")], value="kids")
        self.rules.add_class("sq-classgame-rules")
        self.coach = widgets.Dropdown(options=[("quiz", "quiz")], value="quiz")
        self.coach.add_class("sq-classgame-coach")
        self.bots = widgets.Dropdown(options=[1, 2, 3, 4], value=2)
        self.bots.add_class("sq-classgame-bots")
        self.timer = widgets.BoundedIntText(value=0, min=0, max=600, step=10,
                                            layout=widgets.Layout(width="auto"))
        self.timer.add_class("sq-classgame-timer")
        for control in (self.rules, self.coach, self.bots, self.timer):
            control.style.description_width = "initial"
            control.layout.width = "auto"
        self.start_button = button("sq-classgame-start", button_style="primary")
        self.start_button.on_click(guard(lambda _b: self.start()))
        self.buttons = {verb: button(f"sq-classgame-{verb}") for verb in VERBS}
        for verb, control in self.buttons.items():
            control.on_click(guard(lambda _b, verb=verb: self.act(verb)))
        self.show_spread = button("sq-classgame-show-spread", button_style="info")
        self.show_spread.on_click(guard(lambda _b: self.act(
            "spread", show=not self.view.get("show_spread"))))
        self.spread = html_box("sq-classgame-spread")
        self.tie_help = widgets.HTML()
        self.tie_buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", gap="6px"))
        self.tie_row = widgets.VBox([self.tie_help, self.tie_buttons])
        self.tie_row.add_class("sq-classgame-tie")
        self._tie_shown: tuple[object, ...] = ()
        self._guard = guard
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center", gap="6px")
        self.start_row = widgets.HBox([self.rules, self.coach, self.bots, self.timer,
                                       self.start_button], layout=wrap)
        self.action_row = widgets.HBox([*self.buttons.values(), self.show_spread],
                                       layout=widgets.Layout(flex_flow="row wrap", gap="6px"))
        super().__init__([self.heading, self.help, self.start_row, self.feedback,
                          self.action_row, self.tie_row, self.spread])
        self.add_class("sq-classgame-controls")
        self.set_lang(self.lang)
        self.follower: Follower | None = None
        if self.client is None:
            self.feedback.say("classgame.no_service", "bad")
            self.start_row.layout.display = "none"
        else:
            self.follower = Follower(self.client, lambda: {"role": "teacher"}, self.show)
            self.follower.start()

    def _ask(self, verb: str, **data: Any) -> None:
        if self.client is None or self.follower is None:
            return
        try:
            answer = self.client.call(verb, **data)
        except Refused as why:
            self.feedback.say(why.key, "bad")
            return
        except OSError:
            log.warning("the class game did not answer %s", verb, exc_info=True)
            self.feedback.say("table.err_server", "bad")
            return
        self.feedback.clear()
        self.follower.show(answer["view"])

    def start(self) -> None:
        self._ask("start", rules=self.rules.value, coach=self.coach.value,
                  bots=int(self.bots.value), timer=int(self.timer.value))

    def act(self, verb: str, **data: Any) -> None:
        self._ask(verb, **data)

    def show(self, view: dict[str, Any]) -> None:
        self.view = view
        self._draw()

    def _draw(self) -> None:
        view, lang = self.view, self.lang
        live = bool(view.get("game")) and view.get("phase") != "over"
        self.action_row.layout.display = "flex" if live else "none"
        self.buttons["pause"].layout.display = "none" if view.get("phase") == "paused" else ""
        self.buttons["resume"].layout.display = "" if view.get("phase") == "paused" else "none"
        self._draw_tie()
        shown = "hide" if view.get("show_spread") else "show"
        self.show_spread.description = t(f"classgame.teacher_{shown}_spread", lang)
        if not view.get("game"):
            self.spread.value = f"<p>{escape(t('classgame.teacher_no_game', lang))}</p>"
            return
        parts = []
        question = question_of(view)
        if question is not None:
            parts.append("<p><b>" + escape(t("classgame.teacher_question", lang,
                                               question=question.exercise.prompt.render(lang)))
                         + "</b></p>")
        elif view.get("phase") == "over":
            parts.append(f"<p><b>{escape(t('classgame.over', lang))}</b></p>")
        parts.append(spread_html(view, lang, names=True))
        labels = choice_labels(view, lang)
        if labels:
            votes = "".join(f"<li>{escape(label)} — {n}</li>" for label, n in zip(
                labels, view.get("votes", [0] * len(labels)), strict=False))
            parts.append(f"<p>{escape(t('classgame.teacher_votes', lang))}</p><ul>{votes}</ul>")
        if question is not None:
            opened = " open" if view.get("revealed") else ""
            parts.append(f'<details class="sq-classgame-worked"{opened}>'
                         f"<summary>{escape(t('classgame.right_answer', lang))}</summary>"
                         f"{worked_html(question, lang)}</details>")
        self.spread.value = "".join(parts)

    def _draw_tie(self) -> None:
        """The tied moves as buttons; the one played if the teacher does not pick (the coach's
        tip among them, else the first) is marked."""
        view, lang = self.view, self.lang
        tie = list(view.get("tie") or []) if view.get("phase") == "open" else []
        labels = choice_labels(view, lang)
        shown = (lang, view.get("round"), *tie)
        self.tie_row.layout.display = "flex" if tie else "none"
        if not tie or shown == self._tie_shown:
            return
        self._tie_shown = shown
        self.tie_help.value = f"<p><b>{escape(t('classgame.teacher_tie', lang))}</b></p>"
        buttons = []
        for index in tie:
            label = labels[index] if index < len(labels) else str(index + 1)
            if index == view.get("tie_default"):
                label = t("classgame.teacher_tip", lang, move=label)
            control = button("sq-classgame-decide", button_style="warning")
            control.description = label
            control.layout.width = "auto"
            control.on_click(self._guard(lambda _b, i=index: self.act("decide", choice=i)))
            buttons.append(control)
        self.tie_buttons.children = buttons

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        lang = self.lang
        self.feedback.set_lang(lang)
        self.heading.value = f"<h3 class='sq-h'>{escape(t('classgame.teacher_title', lang))}</h3>"
        self.help.value = f"<p>{escape(t('classgame.teacher_help', lang))}</p>"
        self.rules.description = t("classgame.teacher_rules", lang)
        rules, coach = self.rules.value, self.coach.value   # new labels keep the choice
        self.rules.options = [(t("classgame.teacher_rules_kids", lang), "kids"),
                              (t("play.rules_official", lang), "official")]
        self.rules.value = rules
        self.coach.description = t("play.coach_level", lang)
        self.coach.options = [(t("classgame.teacher_coach_quiz", lang), "quiz"),
                              (t("classgame.teacher_coach_detective", lang), "detective")]
        self.coach.value = coach
        self.bots.description = t("classgame.teacher_bots", lang)
        self.timer.description = t("classgame.teacher_timer", lang)
        self.start_button.description = t("classgame.teacher_start", lang)
        for verb, control in self.buttons.items():
            control.description = t(f"classgame.teacher_{verb}", lang)
        self.show_spread.description = t("classgame.teacher_show_spread", lang)
        if self.view:
            self._draw()
