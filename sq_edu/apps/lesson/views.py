"""The lesson app's parts around the exercise: what to look at before answering, what is
revealed after, and where the learner's answers are kept (the progress panel)."""

from __future__ import annotations

import logging
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, cast

import ipywidgets as widgets

from sq_edu.apps.lesson.html import lines_html
from sq_edu.apps.lesson.inputs import AnswerInput
from sq_edu.apps.lesson.progress import ProgressPanel
from sq_edu.apps.lesson.queens import QueenPictures, queens_of
from sq_edu.i18n import Msg, t
from sq_edu.practice import Exercise, Lesson
from sq_edu.practice.exercise import FRACTION, PERCENT
from sq_edu.practice.mastery import Mastery, Outcome
from sq_edu.practice.progress import default_progress_dir
from sq_edu.practice.session import Attempt
from sq_edu.widgets.chance import ChanceView
from sq_edu.widgets.discard import DiscardPileView
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.hand import HandView
from sq_edu.widgets.tracker import DeckTracker

if TYPE_CHECKING:
    from sq_edu.engine.cards import Card

log = logging.getLogger(__name__)
# Reveal lines a DeckTracker or ChanceView already shows (the ChanceView simulates on request).
_SHOWN_BY_WIDGETS = frozenset({"practice.tracker_line", "lessons.ch_simulated"})


def progress_folder(chosen: str | PathLike[str] | None) -> Path | None:
    """The folder of learners' files; None (memory only) if no home folder can be found."""
    if chosen is not None:
        return Path(chosen)
    try:
        return default_progress_dir()
    except (RuntimeError, KeyError, OSError):   # Path.home() without HOME or passwd entry
        log.warning("no progress folder: progress is kept in memory only", exc_info=True)
        return None


class PanelRecorder:
    """A session's answers go to the progress panel, which owns the learner's file."""

    def __init__(self, panel: ProgressPanel) -> None:
        self.panel = panel

    @property
    def mastery(self) -> Mastery:
        return self.panel.progress.mastery

    def record(self, a: Attempt) -> Outcome:
        return self.panel.record(a.lesson_id, a.level, a.skill, a.correct, a.hints, a.levels,
                                 a.guess, a.replay, tells=a.tells, named=a.named, slip=a.slip)

    def save(self, level: int) -> Msg | None:
        self.panel.level = level
        return self.panel.save()


def exercise_visuals(lesson: Lesson, ex: Exercise, answer: AnswerInput,
                     lang: str) -> list[widgets.Widget]:
    """What to look at before answering: the table (never the tracker: that is the answer)."""
    shown: list[widgets.Widget] = []
    if lesson.level(ex.level).generator.startswith("queens."):
        have, choices = queens_of(ex)
        if have or choices:
            shown.append(QueenPictures(have, choices, lang))
    if ex.hand and answer.hand is None and answer.builder is None:
        hand = HandView(ex.hand, lang, card_width=64, title_key=(
            "practice.pile_title" if ex.extra.get("pile") else "widgets.hand_title"))
        hand.disabled = True
        shown.append(hand)
    if ex.observation is not None:
        shown.append(DiscardPileView(ex.observation, lang, card_width=40))
    return shown


def reveal_view(ex: Exercise, lang: str, feedback: Feedback) -> widgets.Widget | None:
    """After the answer: the chance simulator for a chance question, else the card tracker."""
    if ex.observation is None:
        return None
    if ex.kind in (FRACTION, PERCENT) and "card" in ex.extra:
        card = cast("Card | str | tuple[Card, ...]", ex.extra["card"])  # a token, a group
        what = ex.extra.get("what")   # a group of cards ("number cards") has its own label
        return ChanceView(ex.observation, card, what_key=what if isinstance(what, str) else None,
                          lang=lang, runs=1000, seed=ex.seed, feedback=feedback)
    return DeckTracker(ex.observation, lang, hidden=False, feedback=feedback)


def reveal_html(ex: Exercise, with_view: bool, lang: str) -> str:
    """The exercise's reveal lines, less those the revealed widget shows itself."""
    lines = ex.reveal
    if with_view:
        lines = tuple(m for m in lines if m.key not in _SHOWN_BY_WIDGETS)
    return lines_html(lines, lang, t("lesson_app.reveal_title", lang))
