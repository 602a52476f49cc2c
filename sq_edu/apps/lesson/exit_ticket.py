"""The child's exit ticket on a lesson page: a button, then a QR code and the same typed code.

A lesson page opened from a teacher's class link that carries a ticket key (`&tk=...`) gets an
"Exit ticket" button under the answer, for the teacher's end-of-lesson moment; when the child
masters the lesson's last level the ticket opens by itself. The ticket (nickname, lesson, level,
and each item answered in this page: its level, seed and the child's answer, which the
teacher's page checks again: `classroom.ticket_box.ticket_of`) is sealed with the class key and
drawn as a QR code by segno, in Python, in the page (no server, no network). The items of the
day are kept beside the learner's class activity (`classroom.ticket_items`), so a reloaded
page's ticket still carries everything answered today.

CSS hooks: `sq-exit-ticket-button` (button), `sq-exit-ticket` (the ticket: `svg` QR code and
`.sq-exit-ticket-code`, the typed code).
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from datetime import datetime
from os import PathLike
from typing import TYPE_CHECKING, Protocol

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.practice.classroom.exit_ticket import Item, Ticket, clean_key, encode, item_of
from sq_edu.practice.classroom.live import ClassTrace
from sq_edu.practice.classroom.ticket_box import ticket_of
from sq_edu.practice.classroom.ticket_items import kept_items
from sq_edu.practice.verdict import skill_standing
from sq_edu.widgets.controls import button, html_box
from sq_edu.widgets.guard import guarded

if TYPE_CHECKING:
    from sq_edu.apps.lesson.inputs import AnswerInput
    from sq_edu.practice.lesson import Lesson
    from sq_edu.practice.progress import Progress
    from sq_edu.practice.session import LessonSession
    from sq_edu.widgets.feedback import Feedback
    from sq_edu.widgets.language import LanguageToggle


class TicketHost(Protocol):
    """What the panel needs of the lesson page (a `LessonApp` is one): the parts, not the app,
    so this module does not import the app that offers it."""

    lang: str
    lesson: Lesson
    feedback: Feedback
    language: LanguageToggle
    trace: ClassTrace   # the panel swaps in a `TicketTrace` that keeps the day's answers

    @property
    def progress(self) -> Progress: ...

    @property
    def session(self) -> LessonSession: ...   # the item on the page (its level and seed)

    @property
    def answer(self) -> AnswerInput: ...      # the answer just given

log = logging.getLogger(__name__)
STYLE = """<style>
.sq-exit-ticket-card { border: 3px dashed #1d4ed8; border-radius: 12px; padding: 12px;
  background: #ffffff; color: #111827; max-width: 30em; }
.sq-exit-ticket-card h3 { margin: 0 0 6px 0; }
.sq-exit-ticket-card svg { display: block; width: min(72vw, 260px); height: auto; }
.sq-exit-ticket-code { font: bold 1.35rem/1.5 "DejaVu Sans Mono", monospace;
  letter-spacing: 0.06em; word-spacing: 0.3em; overflow-wrap: anywhere; margin: 6px 0; }
.sq-exit-ticket-card ul { margin: 4px 0; padding-left: 1.2em; }
</style>"""


def qr_svg(text: str, label: str) -> str:
    """The QR code of `text` as inline SVG (segno, pure Python), named for screen readers."""
    import segno

    code = segno.make(text, error="m", micro=False)
    svg = code.svg_inline(scale=6, border=4, dark="#000000", light="#ffffff")
    return (f'<div role="img" aria-label="{html.escape(label)}">{svg}</div>')


class TicketTrace(ClassTrace):
    """The class trace that also tells the panel after each answer."""

    def __init__(self, progress_dir: str | PathLike[str] | None, code: str,
                 on_answer: Callable[[], None]) -> None:
        super().__init__(progress_dir, code)
        self.on_answer = on_answer

    def answer(self, nickname: str, lesson: str, level: int, right: bool, skill: str = "",
               misconception: str = "", answered_at: int | None = None, how: str = "first",
               opened: bool = False) -> None:
        super().answer(nickname, lesson, level, right, skill, misconception, answered_at, how,
                       opened)
        self.on_answer()


class ExitTicketPanel(widgets.VBox):
    """The button and the ticket of one lesson page."""

    def __init__(self, app: TicketHost, key: str) -> None:
        self.app, self.key = app, clean_key(key)
        self.lang = normalize_lang(app.lang)
        self.button = button("sq-exit-ticket-button", icon="qrcode")
        self.view = html_box("sq-exit-ticket")
        self.shown_at_end = False
        self.items: list[tuple[str, Item]] = []   # (nickname, item): each item's first answer
        guard = guarded(lambda: app.feedback)
        self.button.on_click(guard(lambda _b: self.show()))
        app.trace = TicketTrace(app.trace.progress_dir, app.trace.code, guard(self._answered))
        app.language.on_change(guard(self.set_lang))
        super().__init__([self.button, self.view])
        self.add_class("sq-exit-ticket-panel")
        self.set_lang(self.lang)

    def _answered(self) -> None:
        """The item and the answer just given go on the ticket (the first answer to an item:
        the one that counts); the lesson's last level mastered: the ticket opens by itself,
        once."""
        exercise, nickname = self.app.session.exercise, self.app.progress.nickname
        item = item_of(exercise.level, exercise.seed, self.app.answer.value())
        if all((name, one.level, one.seed) != (nickname, item.level, item.seed)
               for name, one in self.items):
            self.items.append((nickname, item))
            kept = kept_items(self.app.trace.progress_dir, self.app.trace.code, nickname)
            if kept is not None:
                kept.add(self.app.lesson.id, item)
        lesson = self.app.lesson
        last = max((lv.number for lv in lesson.levels), default=1)
        if not self.shown_at_end and self.app.progress.mastery.level_mastered(lesson.id, last):
            self.shown_at_end = True
            self.show(done=True)
        elif self.view.value:
            self.show()   # an open ticket keeps up with the answers

    def ticket(self, now: datetime | None = None) -> Ticket:
        """The learner's ticket now: level reached and the day's items in this lesson (the
        kept ones, from earlier pages too, then this page's)."""
        nickname, lesson = self.app.progress.nickname, self.app.lesson.id
        kept = kept_items(self.app.trace.progress_dir, self.app.trace.code, nickname)
        items = kept.items(lesson) if kept is not None else []
        for name, item in self.items:
            if name == nickname and all((one.level, one.seed) != (item.level, item.seed)
                                        for one in items):
                items.append(item)
        return ticket_of(nickname, lesson, self.app.progress.mastery, items, now)

    def code(self, now: datetime | None = None) -> str:
        """The signed code of the ticket now ("" without a nickname or key)."""
        if not self.app.progress.nickname or not self.key:
            return ""
        return encode(self.ticket(now), self.key)

    def show(self, done: bool = False) -> None:
        lang, nickname = self.lang, self.app.progress.nickname
        if not nickname:
            self.view.value = ""
            self.app.feedback.say("exit_ticket.needs_nickname", "info")
            return
        lesson, ticket = self.app.lesson, self.ticket()
        code = encode(ticket, self.key)
        mastery = self.app.progress.mastery   # each skill's standing by the one rule
        lines = "".join(
            "<li>" + html.escape(t(
                "exit_ticket.with_standing", lang,
                line=t("exit_ticket.summary", lang, right=day.right, n=day.attempts,
                       skill=lesson.skill_title(day.skill, lang)),
                standing=skill_standing(mastery, day.skill, lesson).text(lang))) + "</li>"
            for day in ticket.skills)
        if not lines:
            lines = f"<li>{html.escape(t('exit_ticket.no_answers', lang))}</li>"
        label = t("exit_ticket.qr_label", lang, nickname=nickname,
                  lesson=lesson.title.get(lang), level=ticket.level)
        intro = t("exit_ticket.lesson_done" if done else "exit_ticket.show_teacher", lang)
        self.view.value = (
            f'{STYLE}<section class="sq-exit-ticket-card" aria-live="polite">'
            f"<h3>{html.escape(t('exit_ticket.title', lang))}: {html.escape(nickname)}</h3>"
            f"<p>{html.escape(intro)}</p>{qr_svg(code, label)}"
            f'<p>{html.escape(t("exit_ticket.code_label", lang))}: '
            f'<span class="sq-exit-ticket-code">{html.escape(code)}</span></p>'
            f"<ul>{lines}</ul></section>")

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.button.description = t("exit_ticket.button", self.lang)
        if self.view.value:
            self.show(self.shown_at_end)
