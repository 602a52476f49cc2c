"""The coach of one person at the table: their coach panel and where their answers go.

Every person gets one (at level "off" when they want no coach), so each learner's answers
reach their own progress and each gets a summary after the game. The coach's decisions
themselves live in `sq_edu.practice.coach`, below the widgets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from sq_edu.apps.play.table import PlayTable
from sq_edu.apps.shared.coach import CoachPanel
from sq_edu.apps.shared.learner import SavingRecorder, name_seat
from sq_edu.engine import IllegalMove, Move
from sq_edu.engine.observation import Event, Observation
from sq_edu.i18n import t
from sq_edu.practice import Progress
from sq_edu.practice.coach.coach import Recorder, chance_form, default_level
from sq_edu.practice.coach.talk import explain_bot_turn
from sq_edu.practice.learner_record import LearnerRecord
from sq_edu.practice.seats import Seat
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.hand import HandView


class SeatCoach:
    """`level` is the coach's level to start with; `chosen` says a grown-up picked it (else it
    follows the learner's mastery once they are named); answers go to `record`."""

    def __init__(self, lang: str, feedback: Feedback, hand: HandView, record: Recorder,
                 level: str, chosen: bool, cards_checked: Callable[[bool], None],
                 starred: Callable[[], None] = lambda: None) -> None:
        self.chosen = chosen
        self.panel = CoachPanel(lang, feedback=feedback, level=level, record=record,
                                selected_cards=lambda: hand.selected_cards,
                                cards_checked=cards_checked, starred=starred)

    @classmethod
    def asked(cls, lang: str, feedback: Feedback, hand: HandView, record: Recorder,
              level: str | None, cards_checked: Callable[[bool], None],
              starred: Callable[[], None] = lambda: None) -> SeatCoach:
        """The coach a page or seat asked for: a known level is a grown-up's choice; anything
        else (None, a typo) follows the learner's mastery, starting as for a new learner."""
        chosen = level in ("off", "helper", "quiz", "detective")
        return cls(lang, feedback, hand, record,
                   level if level is not None and chosen else default_level(None),
                   chosen, cards_checked, starred)

    @property
    def on(self) -> bool:
        return self.panel.coach.level != "off"

    def learner_known(self, progress: Progress) -> bool:
        """A learner named: chances in their form; the level follows their mastery unless a
        grown-up chose it. True when the level changed."""
        self.panel.coach.form = chance_form(progress.mastery)
        if self.chosen:
            return False
        level = default_level(progress.mastery)
        changed = level != self.panel.coach.level
        self.panel.set_level(level)
        return changed

    def choose_level(self, level: str) -> None:
        """A grown-up (or the child) picks the level; it stays for the next games."""
        self.chosen = True
        self.panel.set_level(level)

    def turn(self, obs: Observation, legal: list[Move]) -> None:
        """Show what the coach says now (hidden when the coach is off)."""
        self.panel.layout.display = "flex" if self.on else "none"
        if not self.on:
            self.panel.summary.layout.display = "none"
            return
        self.panel.turn(obs, legal)

    def bot_turn(self, table: PlayTable, seat: int, events: Sequence[Event]) -> None:
        """A counting bot's reasoning, told by this coach when it is on."""
        if not self.on:
            return
        viewer = table.viewer
        said = explain_bot_turn(table.observe(), seat, [e.seen_by(viewer) for e in events])
        if said is not None:
            self.panel.bots_said([said])

    def play(self, table: PlayTable, move: Move) -> list[Event]:
        """The person's move, with the chance it faced noted for the replay after the game."""
        coach = self.panel.coach
        point = coach.before_move(table.observe(), move)
        try:
            events = table.play(move)
        except IllegalMove:
            if point is not None:
                coach.replay.remove(point)
            raise
        coach.after_move(point, move, events, table.observe())
        return events

    def score_line(self, name: str, lang: str) -> str:
        """"Masha: 3 right out of 4." for the end of a game of several people."""
        right, answered = self.panel.coach.right_wrong()
        if not answered:
            return t("seats.summary_none", lang, name=name)
        return t("seats.summary_line", lang, name=name, right=right, total=answered)


def person_coaches(seats: Sequence[Seat], folder: Path | None, feedback: Feedback,
                   opened: LearnerRecord,
                   make: Callable[[SavingRecorder, str | None], SeatCoach],
                   ) -> tuple[dict[int, SeatCoach], list[str]]:
    """A coach for each person at one screen, their answers saved to the record of the name
    they sat under; the names whose record has a secret this page has not opened (`opened`)
    come back to be told, their answers kept on this screen only."""
    coaches: dict[int, SeatCoach] = {}
    not_kept: list[str] = []
    for i, seat in enumerate(seats):
        if seat.is_person:
            recorder = SavingRecorder(record := LearnerRecord(folder), feedback)
            coaches[i] = make(recorder, seat.coach)
            known = name_seat(record, seat.name, opened, not_kept)
            if known is not None:
                coaches[i].learner_known(known)
                recorder.save()
    return coaches, not_kept
