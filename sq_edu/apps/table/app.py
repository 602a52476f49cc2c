"""`TableApp`: play Sleeping Queens with classmates, each on their own device.

The lobby: a child types their name, then creates a table (2-5 seats; they get a short table
code to tell their classmates) or joins one with its code. The game is not in this kernel: the
table service of the class server holds it and sends this seat only what this seat may see.
A background thread waits on the service (a long poll), so another child's move appears here
as soon as it is made. The browser remembers the seat (`SeatMemory`): a reload sits back down.
The coach asks this child about their own game, and the answers count in their progress and
in the teacher's live view like any lesson answer, once the child's secret picture and number
(given in the lobby, or after a reload under the board: `LearnerRow`, the lesson's own gate)
open the record of that name. The seat is taken under that checked name; without the secret
(none given, or a wrong one) the child sits as a guest, "Anna (guest)" in every list, and
plays on, the answers kept in the page. One thread waits on the service for the page, and the
client keeps its connection (a page clicking "create" fast made a thread and a socket a click).

Stable hooks: `sq-table-app`, `sq-table-lobby`, `sq-table-name`, `sq-table-size`,
`sq-table-create`, `sq-table-code-input`, `sq-table-join`, `sq-table-code` (the code shown),
`sq-table-start`, `sq-status`, the secret (`sq-secret-picture`, `sq-secret`), the "keep my
answers" row after a reload or a wrong secret (`sq-learner`), and the board's (board.py).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from sq_edu.apps.shared.coach import CoachPanel
from sq_edu.apps.shared.learner import LearnerRow
from sq_edu.apps.shared.memory import SeatMemory
from sq_edu.engine import Move
from sq_edu.i18n import normalize_lang, t
from sq_edu.links import default_lang
from sq_edu.pages.tables.client import Refused, TableClient
from sq_edu.pages.tables.wire import move_to_wire, table_code
from sq_edu.practice.classroom.live import ClassTrace, server_class
from sq_edu.practice.coach.coach import default_level
from sq_edu.practice.learner_record import LearnerRecord
from sq_edu.practice.progress import default_progress_dir
from sq_edu.widgets.controls import button, text_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.joy import header_tools
from sq_edu.widgets.language import LanguageToggle
from sq_edu.widgets.secret_fields import SecretFields
from sq_edu.widgets.style import AppStyle

from .board import TableBoard
from .waiting import WaitingRoom

log = logging.getLogger(__name__)


class TableApp(widgets.VBox):
    """`TableApp(lang)`; `client` for tests (default: this class server's table service)."""

    def __init__(self, lang: str | None = "en", client: TableClient | None = None,
                 progress_dir: str | None = None) -> None:
        self.lang = default_lang() if lang is None else normalize_lang(lang)
        self.client = client or TableClient.from_env()
        self.feedback = Feedback(self.lang)
        self.feedback.add_class("sq-status")
        self._guard = guard = guarded(lambda: self.feedback)
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self.code = ""
        self.token = ""
        self.version = -1
        self.seat: int | None = None
        self._waiter: threading.Thread | None = None
        self.title = widgets.HTML()
        self.language = LanguageToggle(self.lang, feedback=self.feedback)
        self.language.on_change(self.set_lang)
        self.memory = SeatMemory()
        self.memory.observe(guard(lambda _c: self._remembered()), "kept")

        self.name = text_box(layout=widgets.Layout(width="14em"))
        self.name.add_class("sq-table-name")
        self.secret = SecretFields(self.lang)   # whose record the answers go to
        self.size = widgets.Dropdown(options=[2, 3, 4, 5], value=3)
        self.size.add_class("sq-table-size")
        self.create_button = button("sq-table-create", button_style="primary")
        self.code_input = text_box(layout=widgets.Layout(width="9em"))
        self.code_input.add_class("sq-table-code-input")
        self.join_button = button("sq-table-join", button_style="success")
        self.create_button.on_click(guard(lambda _b: self.create()))
        self.join_button.on_click(guard(lambda _b: self.join()))
        self.create_help, self.join_help = widgets.HTML(), widgets.HTML()
        self.lobby = widgets.VBox([
            self.name,
            widgets.VBox([self.create_help, widgets.HBox(
                [self.size, self.create_button], layout=widgets.Layout(flex_flow="row wrap"))]),
            widgets.VBox([self.join_help, widgets.HBox(
                [self.code_input, self.join_button],
                layout=widgets.Layout(flex_flow="row wrap"))]),
            self.secret])   # after "create" and "join": they stay on a phone's first screen
        self.lobby.add_class("sq-table-lobby")

        self.waiting = WaitingRoom(self.lang, guard(lambda _b: self._call("start")))

        self.board = TableBoard(self.lang, self.feedback, self.send_move, guard, self.back)
        folder = Path(progress_dir) if progress_dir is not None else None
        self.learner = LearnerRow(self.feedback, LearnerRecord(folder), self.lang,
                                  on_learner=lambda _p: self._show_part(bool(self.board.obs)))
        self.trace = ClassTrace(folder or default_progress_dir(), server_class())
        self.coach = CoachPanel(self.lang, feedback=self.feedback, level=default_level(None),
                                selected_cards=lambda: self.board.hand.selected_cards,
                                cards_checked=self._cards_checked, record=self._record)
        header = widgets.HBox([self.title, header_tools(self.language)])
        header.add_class("sq-app-header")
        # The coach below the board: the hand is the child's task, on the first screen.
        super().__init__([AppStyle(), self.memory, header, self.feedback, self.lobby,
                          self.waiting, self.board, self.coach, self.learner])
        self.add_class("sq-app")
        self.add_class("sq-table-app")
        self._relabel()
        self._show_part()
        if self.client is None:
            self.feedback.say("table.no_service", "bad")
            self.lobby.layout.display = "none"

    # --- the lobby ------------------------------------------------------------------------
    def create(self) -> None:
        name, checked, said = self._checked_name()
        answer = self._ask("create", name=name, size=int(self.size.value), checked=checked)
        if answer is not None:
            self._seated(answer["token"], answer["view"], guest_said=said)

    def join(self) -> None:
        code = table_code(self.code_input.value)
        if not code:
            self.feedback.say("table.prompt_code", "info")
            return
        name, checked, said = self._checked_name()
        answer = self._ask("join", code=code, name=name, checked=checked)
        if answer is not None:
            self._seated(answer["token"], answer["view"], guest_said=said)

    def _checked_name(self) -> tuple[str, bool, bool]:
        """The name to sit under, whether the learner's secret opened it (as a lesson page
        asks it: `LearnerRow.set_nickname`, the server's one guess counter), and whether the
        page already said why not (a wrong secret)."""
        name = self.name.value.strip()
        picture, pin = self.secret.take()
        progress = self.learner.progress
        if self.learner.learner.named and name.casefold() == progress.nickname.casefold():
            return progress.nickname, True, False
        if not name or (picture is None and not pin):
            return name, False, False
        if self.learner.set_nickname(name, picture, pin):
            return self.learner.progress.nickname, True, False
        return name, False, True

    def _remembered(self) -> None:
        """The browser remembered a seat: sit back down if the table is still there."""
        if self.seat is not None or not self.memory.kept or self.client is None:
            return
        try:
            kept = json.loads(self.memory.kept)
            code, token = str(kept["code"]), str(kept["token"])
        except (ValueError, KeyError, TypeError):
            self.memory.keep = ""
            return
        try:
            answer = self.client.call("state", code=code, token=token, since=-1)
        except Refused:
            self.memory.keep = ""   # the table is over and gone: back to the lobby
            return
        except OSError:
            log.warning("the table service did not answer", exc_info=True)
            return
        self.name.value = answer["view"]["seats"][answer["view"]["seat"]]["name"]
        self._seated(token, answer["view"])
        self.feedback.say("table.welcome_back", "good")

    def _seated(self, token: str, view: dict[str, Any], guest_said: bool = True) -> None:
        """Sit down (the learner was named before, if their secret opened the record; a
        reload asks for it again in the "keep my answers" row). A guest is told so once."""
        with self._lock:
            if view["code"] != self.code:
                self.version = -1   # another table's versions mean nothing here
            self.code, self.token, self.seat = view["code"], token, view["seat"]
            self.memory.keep = json.dumps({"code": self.code, "token": token})
            mine = view["seats"][self.seat]
            if mine["name"] and not self.learner.learner.named:
                self.learner.nickname.value = mine["name"]
            if mine.get("guest") and not guest_said:
                self.feedback.say("table.guest_note", "info")
            self.coach.coach.seat = self.seat
            self._show(view)
            if self._waiter is None or not self._waiter.is_alive():
                self._waiter = threading.Thread(target=self._wait_loop, name="sq-table-wait",
                                                daemon=True)
                self._waiter.start()

    # --- talking to the table -------------------------------------------------------------
    def _ask(self, verb: str, **data: Any) -> dict[str, Any] | None:
        """One request; a refusal is said kindly in the page and None returned."""
        if self.client is None:
            self.feedback.say("table.no_service", "bad")
            return None
        try:
            return self.client.call(verb, **data)
        except Refused as why:
            self.feedback.say(why.key, "bad")
        except OSError:
            log.warning("the table service did not answer %s", verb, exc_info=True)
            self.feedback.say("table.err_server", "bad")
        return None

    def _call(self, verb: str, **data: Any) -> bool:
        answer = self._ask(verb, code=self.code, token=self.token, **data)
        if answer is not None:
            with self._lock:
                self._show(answer["view"])
        return answer is not None

    def send_move(self, move: Move) -> None:
        """The child's move, made on the position this page shows."""
        before = self.board.obs
        point = self.coach.coach.before_move(before, move) if before is not None else None
        if self._call("move", move=move_to_wire(move), moves=int(self.board.view["moves"])):
            after = self.board.obs
            if after is not None and before is not None:
                events = list(after.events[len(before.events):])
                self.coach.coach.after_move(point, move, events, after)
            self.feedback.clear()
        elif point is not None and point in self.coach.coach.replay:
            self.coach.coach.replay.remove(point)

    def back(self) -> None:
        if self._call("back"):
            self.feedback.say("table.welcome_back", "good")

    def _wait_loop(self) -> None:
        """Wait for the table to change and show it; ends when the page's kernel ends."""
        client = self.client
        while client is not None and not self._stop.is_set():
            if not self.memory.page_open:   # nobody looks: let the seat go to a bot
                time.sleep(0.5)
                continue
            try:
                answer = client.call("state", timeout=40.0, code=self.code, token=self.token,
                                     since=self.version)
            except Refused as why:
                with self._lock:
                    self.feedback.say(why.key, "bad")
                    if why.status in (403, 404):
                        self.memory.keep = ""
                return
            except OSError:
                time.sleep(2.0)   # the server restarts: try again
                continue
            try:
                with self._lock:
                    if answer["view"]["version"] > self.version:
                        self._show(answer["view"])
            except Exception:   # a drawing error must not end the wait
                log.exception("could not show the table")
                time.sleep(1.0)

    def stop(self) -> None:
        self._stop.set()

    # --- drawing --------------------------------------------------------------------------
    def _show(self, view: dict[str, Any]) -> None:
        self.version = max(self.version, int(view["version"]))
        started = bool(view.get("started"))
        self.waiting.show(view)
        if started:
            self.board.show(view)
            self.coach.names = self.board.person_names()   # the coach calls Petya by name
            if self.coach.coach.level != "off" and (obs := self.board.obs) is not None:
                self.coach.turn(obs, self.board.legal)
        self._show_part(started)

    def _show_part(self, started: bool = False) -> None:
        seated = self.seat is not None
        self.lobby.layout.display = "none" if seated else "flex"
        self.waiting.layout.display = "flex" if seated and not started else "none"
        self.board.layout.display = "flex" if started else "none"
        self.coach.layout.display = "flex" if started and self.coach.coach.level != "off" \
            else "none"
        self.learner.layout.display = "none" if self.learner.learner.named or not seated \
            else "flex"

    def _t(self, key: str, **params: object) -> str:
        return escape(t(key, self.lang, **params))

    def _cards_checked(self, right: bool) -> None:
        """A right pick stays picked (one tap discards it); a wrong one is unpicked."""
        if not right:
            self.board.hand.clear()

    def _record(self, question: Any, verdict: Any) -> None:
        """A coach answer: into the child's progress and the teacher's live view."""
        self.learner.record(question, verdict)
        nickname = self.learner.progress.nickname
        if nickname and self.learner.learner.named:   # only a learner whose secret opened
            ex = question.exercise   # counted under the lesson the skill belongs to
            self.trace.answer(nickname, ex.lesson_id, ex.level, verdict.correct,
                              skill=ex.skill, misconception=verdict.misconception or "",
                              how="play")

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        if self.language.value != self.lang:
            self.language.value = self.lang
        for view in (self.feedback, self.coach, self.learner, self.secret):
            view.set_lang(self.lang)
        self.board.set_lang(self.lang)
        self.waiting.set_lang(self.lang)
        self._relabel()

    def _relabel(self) -> None:
        self.title.value = f"<h2 class='sq-h'>{self._t('table.title')}</h2>"
        self.name.description = t("table.your_name", self.lang)
        self.name.placeholder = t("table.name_placeholder", self.lang)
        self.name.style.description_width = "initial"
        self.size.description = t("table.size", self.lang)
        self.size.style.description_width = "initial"
        self.size.layout.width = "auto"
        self.create_button.description = t("table.create", self.lang)
        self.join_button.description = t("table.join", self.lang)
        self.code_input.placeholder = t("table.code_placeholder", self.lang)
        self.create_help.value = f"<h3 class='sq-h'>{self._t('table.create_help')}</h3>"
        self.join_help.value = f"<h3 class='sq-h'>{self._t('table.join_help')}</h3>"
