"""`ClassGameApp`: a child's device in the class game: the question, then the vote.

The child names themself with their nickname and secret (`LearnerRow`, the lesson's own gate)
and is in the class game under that nickname; a reload or a late arrival is the same: name
yourself and you sit back in, your answer of this round kept. The browser keeps the seat the
class game gave (`SeatMemory`, as the table page does), so a reload sits back in at once. At
the class's turn the page shows the class's position in words, the coach's question (a number
to type or a choice) and, once answered, the moves to vote for; the vote may change until the
round closes. An answer is judged here as in a lesson and goes into the child's record and the
teacher's live view (skill and misconception) only when the class game took it as this child's
first answer of the round, so an answer sent twice is counted once. The tap itself is kept in
the browser (`Outbox`) until the class game has it, so a dropped connection loses none.

Stable hooks: `sq-classgame-app`, `sq-classgame-question` (with `sq-classgame-input` or
`sq-classgame-options`, and `sq-classgame-answer`), `sq-classgame-vote` (radio buttons),
`sq-classgame-status`, `sq-classgame-kept` (said while a tap waits), and the learner row's
`sq-nickname`, `sq-secret`, `sq-save-nickname`.
"""

from __future__ import annotations

import hashlib
import json
import logging
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from sq_edu.apps.shared.learner import LearnerRow
from sq_edu.apps.shared.memory import SeatMemory
from sq_edu.i18n import normalize_lang, t
from sq_edu.links import default_lang
from sq_edu.pages.tables.client import Refused, TableClient
from sq_edu.pages.tables.wire import obs_from_wire
from sq_edu.practice.classgame.question import judge
from sq_edu.practice.classroom.live import ClassTrace, server_class
from sq_edu.practice.exercise import CHOICE
from sq_edu.practice.learner_record import LearnerRecord
from sq_edu.practice.progress import default_progress_dir
from sq_edu.widgets.controls import button, html_box, text_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.joy import header_tools
from sq_edu.widgets.language import LanguageToggle
from sq_edu.widgets.style import AppStyle

from .countdown import Countdown
from .follow import Follower, classgame_client
from .outbox import Outbox, Sent
from .words import choice_labels, position_words, question_of

log = logging.getLogger(__name__)


class ClassGameApp(widgets.VBox):
    """`ClassGameApp(lang)`; `client` and `progress_dir` for tests."""

    def __init__(self, lang: str | None = "en", client: TableClient | None = None,
                 progress_dir: str | None = None) -> None:
        self.lang = default_lang() if lang is None else normalize_lang(lang)
        self.client = client or classgame_client()
        self.feedback = Feedback(self.lang)
        self.feedback.add_class("sq-status")
        guard = guarded(lambda: self.feedback)
        self.view: dict[str, Any] = {}
        self.title = widgets.HTML()
        self.language = LanguageToggle(self.lang, feedback=self.feedback)
        self.language.on_change(self.set_lang)
        folder = Path(progress_dir) if progress_dir is not None else None
        self.help = html_box("sq-classgame-help")
        self.learner = LearnerRow(self.feedback, LearnerRecord(folder), self.lang,
                                  on_learner=guard(lambda _p: self.join()))
        self.trace = ClassTrace(folder or default_progress_dir(), server_class())
        self.memory = SeatMemory("sq-edu-classgame-seat")
        self.memory.observe(guard(lambda _c: self._remembered()), "kept")
        self.status = html_box("sq-classgame-status")
        self.countdown = Countdown()
        self.position = html_box("sq-classgame-position")
        self.prompt = html_box("sq-classgame-prompt")
        self.number = text_box(layout=widgets.Layout(width="100%", max_width="22em"))
        self.number.add_class("sq-classgame-input")
        self.options = widgets.RadioButtons(options=[], index=None,
                                            layout=widgets.Layout(width="auto"))
        self.options.add_class("sq-classgame-options")
        # The tap is kept in the browser (Outbox) and handed in from there, so an answer or
        # vote given while the connection is down is sent when it is back.
        self.answer_button = button("sq-classgame-answer", button_style="primary")
        self.outbox = Outbox(guard(self._deliver))
        self.question = widgets.VBox([self.prompt, self.number, self.options,
                                      self.answer_button])
        self.question.add_class("sq-classgame-question")
        self.vote_help = widgets.HTML()
        self.vote = widgets.RadioButtons(options=[], index=None,
                                         layout=widgets.Layout(width="auto"))
        self.vote.add_class("sq-classgame-vote")
        self.vote_box = widgets.VBox([self.vote_help, self.vote])
        self.game_box = widgets.VBox([self.status, self.outbox, self.countdown, self.question,
                                      self.vote_box, self.position])
        header = widgets.HBox([self.title, header_tools(self.language)])
        header.add_class("sq-app-header")
        super().__init__([AppStyle(), self.memory, header, self.feedback, self.help, self.learner,
                          self.game_box])
        self.add_class("sq-app")
        self.add_class("sq-classgame-app")
        self.follower: Follower | None = None
        self._relabel()
        self.game_box.layout.display = "none"
        if self.client is None:
            self.feedback.say("classgame.no_service", "bad")
            self.learner.layout.display = "none"

    @property
    def nickname(self) -> str:
        return self.learner.progress.nickname if self.learner.learner.named else ""

    # --- talking to the class game ----------------------------------------------------------
    def _ask(self, verb: str, kept: bool = False, **data: Any) -> dict[str, Any] | None:
        """The class game's answer (None: refused, said). Unreached, it is said, or for an
        item the browser keeps (`kept`) the OSError goes up: the browser sends it again."""
        if self.client is None:
            return None
        try:
            return self.client.call(verb, name=self.nickname, **data)
        except Refused as why:
            self.feedback.say(why.key, "bad")
        except OSError as lost:
            if kept:   # expected on a bad connection: the browser keeps it and tries again
                log.warning("the class game did not answer %s: %s", verb, lost)
                raise
            log.warning("the class game did not answer %s", verb, exc_info=True)
            self.feedback.say("table.err_server", "bad")
        return None

    def _here(self) -> str:
        """The question this page shows, as the browser tags what it keeps: the child, the
        round and the class's position (another game's round 1 is another question)."""
        view = self.view
        if not view.get("game"):
            return ""
        position = json.dumps(view.get("obs"), sort_keys=True).encode()
        return f"{self.nickname}|{view.get('round')}|{hashlib.sha256(position).hexdigest()[:16]}"

    def _deliver(self, item: Sent) -> bool:
        """An answer or vote the browser kept: False while it cannot reach the class game
        (not seated yet after a reload, or no answer from the server), else True."""
        if not self.nickname or not self.view:
            return False
        here = self._here()
        if item.at != here:   # kept past its round: not given to another question
            if item.at.split("|")[0] == self.nickname:
                self.feedback.say("classgame.err_closed", "info")
            return True
        try:
            if item.kind == "vote":
                self.send_vote(item.choice, kept=True)
            else:
                self.send_answer(self._picked(item), kept=True)
        except OSError:
            return False
        return True

    def _picked(self, item: Sent) -> object:
        """What the child answered: the typed text, or the id of the option picked."""
        question = question_of(self.view)
        if question is None or question.exercise.kind != CHOICE:
            return item.text.strip()
        options = question.exercise.options
        return options[item.choice].id if 0 <= item.choice < len(options) else None

    def join(self) -> None:
        """Named: into the class game (again after a reload: the same child)."""
        if not self.nickname or self.client is None:
            return
        self.learner.layout.display = "none"
        self.help.layout.display = "none"
        self.game_box.layout.display = "flex"
        if self.follower is None:
            self.follower = Follower(self.client, self._asking, self.show)
        answer = self._ask("join")
        if answer is not None:
            self.memory.keep = json.dumps({"name": self.nickname, "seat": answer["seat"]})
            self.follower.show(answer["view"])
        else:
            self._show_state()
        self.follower.start()

    def _remembered(self) -> None:
        """The browser kept a seat: the class game knows it, so this is the child who named
        themself with their secret before the reload; their record opens again."""
        if self.nickname or not self.memory.kept or self.client is None:
            return
        try:
            kept = json.loads(self.memory.kept)
            name, seat = str(kept["name"]), str(kept["seat"])
        except (ValueError, KeyError, TypeError):
            self.memory.keep = ""
            return
        try:
            self.client.call("rejoin", name=name, seat=seat)
        except Refused:
            self.memory.keep = ""   # a new game, or the seat is not this class game's
            return
        except OSError:
            log.warning("the class game did not answer rejoin", exc_info=True)
            return
        self.learner.learner.name(name)   # the seat proves the secret was given
        self.learner.nickname.value = self.nickname
        self.learner.set_lang(self.lang)
        self.join()
        self.feedback.say("classgame.welcome_back", "good", name=self.nickname)

    def _asking(self) -> dict[str, Any]:
        """Who waits, and the stage this page shows (a classmate's answer does not wake it)."""
        view = self.view
        at = ([view.get("round"), view.get("phase"), view.get("revealed"),
               bool(view.get("tie"))] if view else None)
        return {"role": "child", "name": self.nickname, "at": at}

    def send_answer(self, text: object = "", kept: bool = False) -> None:
        """Judge and hand in the answer (`text`, or what the page's fields hold)."""
        question = question_of(self.view)
        if question is None:
            return
        ex = question.exercise
        if text == "":
            text = self.options.value if ex.kind == CHOICE else self.number.value.strip()
        if text in (None, ""):
            self.feedback.say("classgame.err_bad_request", "info")
            return
        verdict = judge(question, text)
        if not verdict.understood:   # as a lesson says it: "Type a whole number"
            self.feedback.show(verdict.message.render(self.lang), "info")
            return
        answer = self._ask("answer", kept, round=self.view["round"], text=text)
        if answer is None or self.follower is None:
            return
        result = answer["result"]
        if not result.get("again"):   # the class game's first answer of this child: counted
            self._record(question, verdict)
        self.feedback.clear()
        self.follower.show(answer["view"])

    def send_vote(self, index: int | None, kept: bool = False) -> None:
        if index is None or index < 0 or not self.view or self.follower is None:
            return
        answer = self._ask("vote", kept, round=self.view["round"], choice=int(index))
        if answer is not None:
            self.feedback.say("classgame.voted", "good")
            self.follower.show(answer["view"])

    def _record(self, question: Any, verdict: Any) -> None:
        """Into the child's progress and the teacher's live view, as a coach answer is."""
        self.learner.record(question, verdict)
        ex = question.exercise
        self.trace.answer(self.nickname, ex.lesson_id, ex.level, verdict.correct,
                          skill=ex.skill, misconception=verdict.misconception or "", how="play")

    # --- drawing ----------------------------------------------------------------------------
    def show(self, view: dict[str, Any]) -> None:
        round_changed = view.get("round") != self.view.get("round") or \
            view.get("game") != self.view.get("game")
        if round_changed and self.view:   # a new round: the old round's line is done
            self.feedback.clear()
        self.view = view
        if round_changed:
            self.number.value = ""
            self.options.index = None
            self.vote.index = None
        self._show_state()
        self.countdown.show(view.get("left"), self.lang)
        self.outbox.at = self._here() if view.get("phase") == "open" else ""

    def _show_state(self) -> None:
        view, lang = self.view, self.lang
        question = question_of(view)
        mine = view.get("mine") or {}
        answered = mine.get("answer")
        open_round = view.get("phase") == "open" and question is not None
        if not view.get("game"):
            status = t("classgame.err_no_game", lang)
        elif view.get("phase") == "over":
            status = t("classgame.over", lang)
        elif view.get("phase") == "paused":
            status = t("classgame.paused", lang)
        elif view.get("tie"):
            status = t("classgame.tie", lang)
        else:
            status = t("classgame.round", lang, n=int(view["round"]) + 1)
            if answered:
                status += " " + t("classgame.answered", lang, answer=answered["text"])
        self.status.value = f'<p role="status" aria-live="polite"><b>{escape(status)}</b></p>'
        asking = open_round and not answered and not view.get("revealed")
        self.question.layout.display = "flex" if asking else "none"
        if question is not None:
            ex = question.exercise
            self.prompt.value = (f'<p class="sq-classgame-prompt-text" style="font-size:1.2em">'
                                 f"{escape(ex.prompt.render(lang))}</p>")
            choice = ex.kind == CHOICE
            options = [(o.label.render(lang), o.id) for o in ex.options]
            if choice and list(self.options.options) != options:
                self.options.options, self.options.index = options, None
            self.options.layout.display = "flex" if choice else "none"
            self.number.layout.display = "none" if choice else "flex"
            obs = obs_from_wire(view["obs"])
            lines = "".join(f"<li>{escape(line)}</li>" for line in position_words(obs, lang))
            self.position.value = f'<ul class="sq-classgame-lines">{lines}</ul>'
        else:
            self.position.value = ""
        labels = choice_labels(view, lang)
        may_vote = bool(answered) or bool(view.get("revealed"))
        voting = open_round and not view.get("tie") and may_vote and bool(labels)
        if voting and list(self.vote.options) != labels:
            self.vote.options = labels
            self.vote.index = mine.get("vote")
        self.vote_box.layout.display = "flex" if voting else "none"

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        if self.language.value != self.lang:
            self.language.value = self.lang
        for view in (self.feedback, self.learner):
            view.set_lang(self.lang)
        self._relabel()
        self.countdown.relabel(self.lang)
        if self.view:
            self.vote.options = []
            self.options.options = []
            self._show_state()

    def _relabel(self) -> None:
        self.title.value = f"<h2 class='sq-h'>{escape(t('classgame.title', self.lang))}</h2>"
        self.help.value = f"<p>{escape(t('classgame.join_help', self.lang))}</p>"
        self.answer_button.description = t("classgame.answer", self.lang)
        self.outbox.kept_text = t("classgame.kept", self.lang)
        self.number.description = t("play.coach_answer", self.lang)
        self.number.style.description_width = "initial"
        vote_help = escape(t("classgame.vote_help", self.lang))
        self.vote_help.value = f"<h3 class='sq-h'>{vote_help}</h3>"
