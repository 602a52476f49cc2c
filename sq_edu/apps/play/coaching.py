"""The coach's half of the game app: its widgets, its level, the learner who plays, and the
hooks around every move (the chance the child faced before an attack or a jester, what a
counting bot was thinking). `PlayApp` mixes this in; the coach's decisions themselves live in
`sq_edu.practice.coach`, below the widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import ipywidgets as widgets

from sq_edu.apps.play.board import COACH_LEVELS, HUMAN
from sq_edu.apps.play.coach import CoachPanel
from sq_edu.apps.play.learner import LearnerRow
from sq_edu.engine import IllegalMove, Move
from sq_edu.engine.observation import Event
from sq_edu.practice import Progress
from sq_edu.practice.coach.coach import chance_form, default_level
from sq_edu.practice.coach.talk import explain_bot_turn


class PlayCoaching:
    """The coach's wiring in `PlayApp` (a mixin: it uses the app's game, hand and feedback)."""

    def _build_coach(self, coach: str | None, progress_dir: str | Path | None) -> None:
        """`coach` chosen (a parent's pick, kept) or None: it follows the learner's mastery."""
        self._coach_chosen = coach in COACH_LEVELS
        level = coach if coach in COACH_LEVELS else default_level(None)
        self.coach_level = widgets.Dropdown(options=[], value=None)
        self.coach_level.add_class("sq-coach-level")
        self.coach = CoachPanel(self.lang, feedback=self.feedback, level=level,
                                selected_cards=lambda: self.hand.selected_cards,
                                clear_cards=lambda: self.hand.clear())
        self.learner = LearnerRow(self.feedback, self.lang,
                                  Path(progress_dir) if progress_dir is not None else None,
                                  on_learner=self._learner_known)
        self.coach.coach.record = self.learner.record

    def _bot_moved(self, events: Sequence[Event], refresh: bool = True) -> None:
        """A bot's move told; a counting bot's reasoning told by the coach (child's view)."""
        self._record(events, refresh=refresh)
        seat = events[0].seat if events else None
        if (seat is not None and self.bot_choice.value == "counting"
                and self.coach.coach.level != "off"):
            said = explain_bot_turn(self.obs, seat, [e.seen_by(HUMAN) for e in events])
            if said is not None:
                self.coach.bots_said([said])

    def _child_plays(self, move: Move) -> list[Event]:
        """The child's move, with the chance it faced noted for the replay after the game."""
        before = self.obs
        point = self.coach.coach.before_move(before, move)
        try:
            events = self.game.play(move, seat=HUMAN)
        except IllegalMove:
            if point is not None:
                self.coach.coach.replay.remove(point)
            raise
        self.coach.coach.after_move(point, move, events, self.obs)
        return events

    # --- the coach --------------------------------------------------------------------------
    def _coach_level_set(self) -> None:
        """A parent (or the child) picks the coach's level; it stays for the next games."""
        if self.coach_level.value is None or getattr(self, "_labelling", False):
            return
        self._coach_chosen = True
        self.coach.set_level(self.coach_level.value)
        self._refresh()

    def _learner_known(self, progress: Progress) -> None:
        """A learner named: chances in their form; the level follows their mastery unless set."""
        self.coach.coach.form = chance_form(progress.mastery)
        if not self._coach_chosen:
            self._label_coach(default_level(progress.mastery))
            self.coach.set_level(self.coach_level.value)
            self._refresh()
