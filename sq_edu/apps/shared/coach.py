"""The coach panel of the game apps (Play, Table): draws what `sq_edu.practice.coach.Coach` decides.

A question appears in a live region (screen readers announce it) with the controls its kind
needs: a text box and "Check" for numbers, fractions and percents, one button per choice or
player, or "Check my cards" for a discard picked in the hand. The card tracker stays hidden
until the child has answered or asked "Show me", so the counting is the child's. At level
"helper" the panel shows the maths and never asks; after the game it shows the summary and
the replay of the game's chances.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from sq_edu.apps.shared.answers import AnswerControls, choices_for
from sq_edu.apps.shared.chart import replay_svg
from sq_edu.apps.shared.later import LaterQuestions, answer_lines
from sq_edu.engine.moves import Move
from sq_edu.engine.observation import Observation
from sq_edu.i18n import normalize_lang, t
from sq_edu.maths import find_discards, p_draw, p_holds, unseen
from sq_edu.practice.checking import Judgement as Verdict
from sq_edu.practice.coach.coach import Coach, Recorder
from sq_edu.practice.coach.questions import Question
from sq_edu.practice.coach.talk import summary
from sq_edu.practice.coach.tip import move_tip
from sq_edu.practice.exercise import CARDS, CHOICE, SEAT, answer_msg
from sq_edu.practice.messages import Msg, discard_words, render_value
from sq_edu.widgets.chance import chance_word, percent
from sq_edu.widgets.controls import button, html_box
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.names import card_word, named_seats, player_name
from sq_edu.widgets.tracker import DeckTracker

ATTACKS: tuple[tuple[str, str], ...] = (("knight", "dragon"), ("potion", "wand"))
YOUNG_FORMS = ("words", "out_of")   # chances said in words or "x out of y", never as percent


class CoachPanel(widgets.VBox):
    """The coach for seat `obs.seat`; `selected_cards` reads the cards picked in the hand."""

    def __init__(self, lang: str = "en", feedback: object = None,
                 selected_cards: Callable[[], tuple] = tuple, level: str = "quiz",
                 cards_checked: Callable[[bool], None] = lambda _right: None,
                 record: Recorder | None = None,
                 starred: Callable[[], None] = lambda: None) -> None:
        """`record` hears every counted answer; `cards_checked(right)` after the cards picked
        in the hand were judged (the app keeps a right pick for a one-tap discard);
        `starred()` when an answer earned a star (the app shows it on the scoreboard)."""
        self.lang = normalize_lang(lang)
        self.coach = Coach(level=level, record=record)
        self._selected = selected_cards
        self._cards_checked = cards_checked
        self._obs: Observation | None = None
        self._verdict: Verdict | None = None
        self._shown: Question | None = None      # the question just answered or shown
        self._bot_lines: list[Msg] = []
        self.names: Sequence[str] | None = None   # the seats' names at a table of several people
        self._opening = False
        self._legal: list[Move] = []
        self._tip: Msg | None = None             # the reward of a right answer: a move tip
        self._starred = starred
        guard = guarded(lambda: feedback)
        self.question = html_box("sq-coach-question")
        self.show_me = button("sq-coach-show-me")
        self.answers = AnswerControls("coach", guard, self.answer, self._answer_cards,
                                      self.answer, more=[self.show_me])
        a = self.answers   # its widgets, under the names tests and the app use
        self.answer_text, self.check, self.check_cards = a.answer_text, a.check, a.check_cards
        self.options, self.typed, self.controls = a.options, a.typed, a.controls
        self.result = html_box("sq-coach-result")
        self.hints = html_box("sq-coach-hints")
        self.bots = html_box("sq-coach-bots")
        self.summary = html_box("sq-coach-summary")
        self.tracker: DeckTracker | None = None
        self.show_me.on_click(guard(lambda _b: self.reveal()))
        self._guard = guard
        self.later = LaterQuestions(self)
        # `summary` and `later` are not children: the app shows them in its game-over panel.
        self.tracker_box = widgets.Box()   # the counter, made with the first view of the game
        super().__init__([self.question, self.controls, self.result, self.tracker_box,
                          self.hints, self.bots])
        self.add_class("sq-coach")

    # --- what the app calls ---------------------------------------------------------------
    def new_game(self) -> None:
        old = self.coach
        self.coach = Coach(level=old.level, form=old.form, record=old.record)
        self._verdict, self._shown, self._bot_lines, self._tip = None, None, [], None
        self.later.new_game()
        if self.tracker is not None:
            self.tracker.hide()

    def set_level(self, level: str) -> None:
        self.coach.set_level(level)
        if self._obs is not None:
            self._draw()

    def turn(self, obs: Observation, legal: list[Move]) -> None:
        """A new view of the game: ask if it is the child's turn, and redraw."""
        self._obs, self._legal = obs, legal
        before = self.coach.current
        self.coach.start_turn(obs, legal)
        if self.coach.current is not None and self.coach.current is not before:
            self._verdict, self._shown, self._tip = None, None, None
            if self.tracker is not None:
                self.tracker.hide()
        self._draw()

    def blank(self) -> None:
        """Nothing of this seat's turn in the page's widget state: at a shared screen the
        next player could read a hidden widget's synced values (the question, its choices,
        the verdict, the counter). The coach keeps it all; `turn` draws it again."""
        self.question.value = self._question_html(None)
        self.answers.show(None, self.lang)
        self.answers.set_choices([])
        self.answer_text.value = ""
        self.show_me.layout.display = "none"
        self.result.value = self.hints.value = self.bots.value = ""
        if self.tracker is not None:
            self.tracker.blank()

    def bots_said(self, lines: list[Msg]) -> None:
        self._bot_lines = lines[-2:]

    def answer(self, given: object) -> Verdict | None:
        """Check the child's answer; a wrong or unreadable one is said kindly, not counted twice."""
        question = self.coach.current
        verdict = self.coach.answer(given)
        if verdict is None:
            return None
        self._verdict = verdict
        self._tip = None
        if self.coach.earned and verdict.correct and self._obs is not None:
            self._tip = move_tip(self._obs, self._legal)   # the reward: a tip for the move
            self._starred()
        if verdict.understood:
            # a wrong first try keeps the question (one more try, with a hint); the counter
            # stays closed either way: opening it is the child's "Show me"
            self._shown = question if not self.coach.retrying else None
            self.answer_text.value = ""
        self._draw()
        return verdict

    def _tracker_flipped(self, change: dict) -> None:
        """The counter opened while a question waits: that is "Show me" (the count is read,
        not done), so the question closes uncounted with its worked answer."""
        if change["new"] is False and self.coach.current is not None and not self._opening:
            self.reveal()

    def _open_tracker(self) -> None:
        """Show the counter because the coach says so (not the child's "show me")."""
        if self.tracker is None:
            return
        self._opening = True
        try:
            self.tracker.reveal()
        finally:
            self._opening = False

    def _answer_cards(self) -> None:
        """The cards picked in the hand are the answer; the app keeps a right pick (one tap
        discards it) and unpicks a wrong one."""
        verdict = self.answer(list(self._selected()))
        if verdict is not None and verdict.understood:
            self._cards_checked(verdict.correct)

    def reveal(self) -> None:
        """"Show me": the tracker, and the worked answer of the question (not counted)."""
        self._shown = self.coach.show_me()
        self._verdict = None
        self._open_tracker()
        self._draw()

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        if self.tracker is not None:
            self.tracker.set_lang(self.lang)
        if self._obs is not None:
            self._draw()

    def focus_question(self) -> None:
        """Keyboard users land on the answer when a question is waiting."""
        question = self.coach.current
        if question is None:
            return
        if question.exercise.kind in (CHOICE, SEAT) and self.options.children:
            self.options.children[0].focus()
        elif question.exercise.kind == CARDS:
            self.check_cards.focus()
        else:
            self.answer_text.focus()

    # --- drawing --------------------------------------------------------------------------
    def _draw(self) -> None:
        obs, lang = self._obs, self.lang
        if obs is None:
            return
        if self.tracker is None:
            self.tracker = DeckTracker(obs, lang, hidden=self.coach.asks)
            self.tracker_box.children = [self.tracker]
            self.tracker.observe(self._guard(self._tracker_flipped), "hidden")
        else:
            self.tracker.update(obs)
        self.tracker.layout.display = "none" if obs.is_over else "flex"
        if not self.coach.asks and self.coach.level == "helper":
            self._open_tracker()
        question = self.coach.current if not obs.is_over else None
        kind = question.exercise.kind if question is not None else None
        self.question.value = self._question_html(question)
        self.answers.show(kind, lang)
        self.show_me.layout.display = "flex" if question is not None else "none"
        self.answers.set_choices(choices_for(question.exercise, obs.seat, lang, self.names)
                                 if question is not None else [])
        self.result.value = self._result_html() if not obs.is_over else ""
        helper = self.coach.level == "helper" and not obs.is_over
        self.hints.layout.display = "flex" if helper else "none"
        self.hints.value = ("".join(f"<p>{escape(line)}</p>" for line in self.lines())
                            if helper else "")
        self.bots.value = self._bots_html()
        if obs.is_over:
            self.coach.put_aside()     # a question still waiting goes to the summary
        self.draw_summary(obs.is_over)
        self.later.draw(obs.is_over)
        self.show_me.description = t("play.coach_show_me", lang)
        self.answer_text.description_allow_html = False

    def _question_html(self, question: Question | None) -> str:
        # The live region is always in the page, so a screen reader announces each new question.
        text = ""
        if question is not None:
            title = escape(t("play.coach_question", self.lang))
            text = (f'<h3 class="sq-h">{title}</h3><p style="font-size:1.15em">'
                    f"{escape(self._say(question.exercise.prompt))}</p>")
        return f'<div role="status" aria-live="polite">{text}</div>'

    def _result_html(self) -> str:
        lang, parts = self.lang, []
        verdict, shown = self._verdict, self._shown
        tone = "info"
        if verdict is not None and self.coach.retrying and self.coach.current is not None:
            hint = self.coach.current.exercise.hints[:1]
            why = [self._say(verdict.interpretation)] if verdict.interpretation else []
            parts = [*why, t("smooth.try_again", lang), *(self._say(h) for h in hint)]
            body = "".join(f"<p>{escape(p)}</p>" for p in parts)
            return (f'<div class="sq-status sq-status-info sq-coach-retry" role="status">'
                    f"{body}</div>")
        if verdict is not None:
            tone = "good" if verdict.correct else ("bad" if verdict.understood else "info")
            parts.extend(answer_lines(verdict, lang, self.coach.earned))
        if shown is not None:
            if verdict is None:   # "Show me": the answer, in a sentence where there is one
                parts.append(t("play.coach_shown", lang))
                if not shown.after:
                    parts.extend(str(render_value(answer_msg(shown.exercise, a), lang))
                                 for a in shown.exercise.answers[:1])
            parts.extend(self._say(m) for m in shown.after)
        if not parts:
            return ""
        body = "".join(f"<p>{escape(p)}</p>" for p in parts)
        if self._tip is not None and verdict is not None and verdict.correct:
            title = escape(t("play.coach_tip_title", lang))
            body += (f'<p class="sq-coach-tip"><b>{title}:</b> '
                     f"{escape(self._say(self._tip))}</p>")
        return f'<div class="sq-status sq-status-{tone}" role="status">{body}</div>'

    def _say(self, message: Msg) -> str:
        """A coach message in the page's language, a person's seat called by its name."""
        return named_seats(message, self.names).render(self.lang)

    def _bots_html(self) -> str:
        if not self._bot_lines:
            return ""
        title = escape(t("play.coach_bots_title", self.lang))
        items = "".join(f"<li>{escape(m.render(self.lang))}</li>" for m in self._bot_lines)
        return f'<h3 class="sq-h">{title}</h3><ul>{items}</ul>'

    def draw_summary(self, over: bool) -> None:
        """The after-game summary (hidden during a game); redrawn when a waiting question is
        answered below it."""
        self.summary.value = self._summary_html() if over else ""
        self.summary.layout.display = "flex" if over else "none"

    def _summary_html(self) -> str:
        lang = self.lang
        done = summary(self.coach)
        title = escape(t("play.coach_sum_title", lang))
        items = "".join(f"<li>{escape(self._say(m))}</li>" for m in done.lines())
        return (f'<div role="status"><h3 class="sq-h">{title}</h3><ul>{items}</ul>'
                f"{replay_svg(self.coach.replay, lang)}</div>")

    def lines(self) -> list[str]:
        """The helper's maths as plain sentences (tests and screen readers read these)."""
        obs, lang = self._obs, self.lang
        if obs is None:
            return []
        found = find_discards(obs.hand, obs.rules)
        if found:
            lines = [t("play.coach_discards", lang) + " " + "; ".join(
                str(render_value(discard_words(d.equation), lang)) for d in found)]
        else:
            lines = [t("play.coach_no_discards", lang)]
        p = p_draw(obs, "king")
        left = unseen(obs)
        x, y = left["king"], sum(left.values())
        if not y or x * p.denominator != y * p.numerator:
            x, y = p.numerator, p.denominator
        young = self.coach.form in YOUNG_FORMS   # no percent before the lessons teach it
        lines.append(t("smooth.coach_king_young" if young else "play.coach_king", lang, x=x,
                       y=y, percent=percent(p, lang), word=t(chance_word(p), lang)))
        targets = [s for s in obs.opponents if obs.awake[s]]
        if not targets:
            lines.append(t("play.coach_no_attack", lang))
        for attack, defence in ATTACKS:
            for seat in targets:
                chance = p_holds(obs, seat, defence)
                key = "smooth.coach_block_young" if young else "play.coach_block"
                lines.append(t(key, lang, whom=player_name(seat, None, lang, self.names),
                               card=card_word(defence, lang), attack=card_word(attack, lang),
                               percent=percent(chance, lang), word=t(chance_word(chance), lang)))
        return lines

