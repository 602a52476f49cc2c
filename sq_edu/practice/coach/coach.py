"""The game coach without widgets: when to ask, what, checking the answer, and recording it.

The play app hands the coach the child's `Observation` at the start of each of the child's
turns; the coach decides which questions the moment calls for (see `situations`) and asks
them one at a time, waiting for the answer. Levels:

    off        nothing
    helper     shows the maths (tracker, discards, chances), never asks
    quiz       asks one question every PACE["quiz"] of the child's turns at most (never two
               in one turn)
    detective  asks the questions that matter this turn, at most DETECTIVE_MOST of them (a
               count and its chance), spaced like the quiz: it had asked on 70% of turns, up to
               five questions in one

Answers are judged by `sq_edu.practice.check` and recorded through `record` (the app wires it
to the learner's `Mastery` with `source="play"`). The coach also keeps, for the summary after
the game, every chance it predicted and what then happened (`replay`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sq_edu.engine.moves import Move
from sq_edu.engine.observation import Event, Observation
from sq_edu.practice.checking import Judgement, check
from sq_edu.practice.coach.questions import (
    ATTACK_DEFENCE,
    FORMS,
    SKILL_LESSON,
    Question,
    best_target,
    discard_question,
    holds_question,
    jester_seat_question,
    power_chance_computable,
    power_question,
    unseen_question,
)
from sq_edu.practice.mastery import Mastery
from sq_edu.practice.verdict import skill_standing

LEVELS: tuple[str, ...] = ("off", "helper", "quiz", "detective")
COACH_SKILLS: tuple[str, ...] = ("counting_unseen", "chance_holds", "chance_count",
                                 "jester_count", "sums_within_10")
Recorder = Callable[[Question, Judgement], None]


PACE: dict[str, int] = {"quiz": 3, "detective": 3}   # child's turns per question, at least
DETECTIVE_MOST = 2   # questions in one detective turn


def default_level(mastery: Mastery | None) -> str:
    """A new learner's coach follows their mastery: a quiz while the coach's skills are new or
    being learnt, a detective once some are practised, a helper when all are mastered."""
    if mastery is None:
        return "quiz"
    stages = [skill_standing(mastery, s).word for s in COACH_SKILLS]
    if all(s == "mastered" for s in stages):
        return "helper"
    if any(s in ("practising", "mastered") for s in stages):
        return "detective"
    return "quiz"


def chance_form(mastery: Mastery | None) -> str:
    """How chances are asked: in words until the chances drill is begun (answers in play do
    not count), then in the form of the level reached there (1: x out of y, 2: fraction,
    3 and up: percent)."""
    drilled = mastery is not None and any(
        r.attempts > r.play_attempts for s, r in mastery.skills.items()
        if SKILL_LESSON.get(s) == "chances")
    if mastery is None or not drilled or "chances" not in mastery.lessons:
        return "words"
    level = mastery.lessons["chances"].level
    return FORMS[min(max(level, 1), 3)]


def situations(obs: Observation, legal: list[Move], counts_changed: bool) -> list[str]:
    """The moments of this turn where the maths decides the move, most important first."""
    if obs.is_over or obs.current_player != obs.seat or obs.pending is not None:
        return []
    kinds = {m.kind for m in legal}
    found = []
    for kind, attack in (("steal", "knight"), ("sleep", "potion")):
        if kind in kinds:
            found.append(f"attack_{attack}")
    if "jester" in kinds:
        found.append("jester")
    if discard_question(obs) is not None:
        found.append("discard")
    if counts_changed:
        found.append("count")
    return found


def questions_for(situation: str, obs: Observation, legal: list[Move], form: str
                  ) -> list[Question]:
    """The questions of one situation, in the order they are asked."""
    if situation.startswith("attack_"):
        attack = situation.removeprefix("attack_")
        kind = "steal" if attack == "knight" else "sleep"
        targets = [(m.target, m.queen or "") for m in legal
                   if m.kind == kind and m.target is not None]
        target = best_target(obs, attack, targets)
        return [unseen_question(obs, ATTACK_DEFENCE[attack], "attack_unseen"),
                holds_question(obs, attack, target, form)]
    if situation == "jester":
        asked = [jester_seat_question(obs)]
        if power_chance_computable(obs):
            asked.append(power_question(obs, form))
        return asked
    if situation == "discard":
        found = discard_question(obs)
        return [found] if found is not None else []
    if situation == "count":
        return [unseen_question(obs, "king", "count")]
    return []


@dataclass
class Asked:
    """One question the child answered (or was shown), for the summary."""

    type: str
    skill: str
    correct: bool | None       # None: the child asked to be shown
    answer: object = None


@dataclass
class ChancePoint:
    """A chance before one of the child's moves, and whether it then happened."""

    what: str                  # "power" (a jester turned up a power card) or "block"
    chance: Fraction
    happened: bool
    turn: int


@dataclass
class Coach:
    """One game's coach for seat `seat`; `record` is called with every checked answer."""

    level: str = "quiz"
    form: str = "words"
    record: Recorder | None = None
    seat: int = 0
    current: Question | None = None
    queue: list[Question] = field(default_factory=list)
    history: list[Asked] = field(default_factory=list)
    replay: list[ChancePoint] = field(default_factory=list)
    best_discard: tuple[Any, ...] = ()
    retrying: bool = False     # the first answer was wrong: one more try, with a hint
    _counted: Counter[Any] | None = None
    _asked_turn: int = -1
    _last_types: list[str] = field(default_factory=list)
    # The child's turns between two questions: a question every PACE[level] turns at most,
    # and never two in one turn (the game comes first; the coach teaches, it does not quiz).
    pace: dict[str, int] = field(default_factory=lambda: dict(PACE))
    _turns: int = 0               # the child's turns seen this game
    _asked_at: int | None = None  # ... and the one of the last question
    # A right first answer earns a star (shown beside the child's name on the scoreboard);
    # a question the child played past is kept, to be answered after the game.
    stars: int = 0
    earned: bool = False          # the last answer earned a star
    skipped: list[Question] = field(default_factory=list)

    @property
    def asks(self) -> bool:
        return self.level in ("quiz", "detective")

    def set_level(self, level: str) -> None:
        if level not in LEVELS:
            raise ValueError(f"coach level {level!r}: one of {', '.join(LEVELS)}")
        self.level = level
        if not self.asks:
            self.current, self.queue = None, []

    def start_turn(self, obs: Observation, legal: list[Move]) -> Question | None:
        """The child's turn begins (or goes on): decide what to ask; the question to show."""
        from sq_edu.maths import unseen

        if obs.current_player != obs.seat or obs.pending is not None or obs.is_over:
            return self.current
        now = unseen(obs)
        changed = self._counted is not None and now["king"] != self._counted["king"]
        self._counted = now
        if obs.turn == self._asked_turn or not self.asks:
            return self.current
        self.put_aside()
        self._asked_turn = obs.turn
        self._turns += 1
        if self._asked_at is not None and self._turns - self._asked_at < self.pace.get(
                self.level, 1):
            self.queue, self.current = [], None   # not yet: the child plays
            return None
        found = situations(obs, legal, changed)
        if self.level == "quiz" and found:
            found = [self._pick_one(found)]
        asked = [q for s in found for q in questions_for(s, obs, legal, self.form)]
        if self.level == "quiz" and asked:
            asked = [self._attack_pick(asked)] if asked[0].type == "attack_unseen" else asked[:1]
        asked = asked[:DETECTIVE_MOST]
        if asked:
            self._asked_at = self._turns
        self.queue = asked
        self._next()
        return self.current

    def _pick_one(self, found: list[str]) -> str:
        """Quiz: one situation per turn, the most important one not asked last time."""
        fresh = [s for s in found if s not in self._last_types[-1:]]
        chosen = (fresh or found)[0]
        self._last_types.append(chosen)
        return chosen

    def _attack_pick(self, asked: list[Question]) -> Question:
        """Quiz asks one of the two attack questions: the count until it is answered right
        twice in this game, then the chance."""
        right = sum(1 for a in self.history if a.type == "attack_unseen" and a.correct)
        return asked[0] if right < 2 else asked[1]

    def answer(self, given: object) -> Judgement | None:
        """Judge the child's answer with the drills' checker. A first wrong answer is recorded
        and the same question stays for one more try (`retrying`: the app shows a hint); the
        question closes on a right answer or the second try, and the next one (detective)
        comes up. None when nothing is being asked."""
        question = self.current
        if question is None:
            return None
        verdict = check(question.exercise, given)
        if not verdict.understood:
            return verdict
        if not self.retrying and self.record is not None:
            self.record(question, verdict)     # the first try is the one that counts
        self.earned = verdict.correct and not self.retrying
        self.stars += int(self.earned)
        if not verdict.correct and not self.retrying:
            self.retrying = True
            return verdict
        self.history.append(Asked(question.type, question.exercise.skill, verdict.correct,
                                  verdict.answer))
        self._next()
        return verdict

    def show_me(self) -> Question | None:
        """The child asks to be shown: the question closes uncounted; returns it."""
        question = self.current
        if question is not None:
            self.history.append(Asked(question.type, question.exercise.skill, None))
            self._next()
        return question

    def put_aside(self) -> None:
        """The child played on (or the game ended) without answering: the question waits for
        the summary. A question already answered once (wrong) was counted, so it goes."""
        if self.current is not None and not self.retrying:
            self.skipped.append(self.current)
        self.current, self.queue = None, []
        self.retrying = False

    def answer_later(self, question: Question, given: object) -> Judgement:
        """A skipped question answered after the game: judged, recorded and starred as in
        play (one try: the worked answer follows a wrong one)."""
        verdict = check(question.exercise, given)
        if not verdict.understood:
            return verdict
        if self.record is not None:
            self.record(question, verdict)
        self.earned = verdict.correct
        self.stars += int(verdict.correct)
        self.skipped = [q for q in self.skipped if q is not question]
        self.history.append(Asked(question.type, question.exercise.skill, verdict.correct,
                                  verdict.answer))
        return verdict

    def _next(self) -> None:
        self.retrying = False
        self.current = self.queue.pop(0) if self.queue else None

    # --- what happened ----------------------------------------------------------------------
    def before_move(self, obs: Observation, move: Move) -> ChancePoint | None:
        """The child is about to attack or play a jester: note the chance now (from `obs`)."""
        from sq_edu.engine.cards import POWER_CARDS
        from sq_edu.maths import p_draw, p_holds

        if move.kind in ("steal", "sleep") and move.target is not None:
            defence = "dragon" if move.kind == "steal" else "wand"
            point = ChancePoint("block", p_holds(obs, move.target, defence), False, obs.turn)
        elif move.kind == "jester" and power_chance_computable(obs):
            point = ChancePoint("power", p_draw(obs, POWER_CARDS), False, obs.turn)
        else:
            return None
        self.replay.append(point)
        return point

    def after_move(self, point: ChancePoint | None, move: Move, events: list[Event],
                   obs: Observation) -> None:
        """What happened after the child's move (`obs`: the view after it): a block, a power
        card, the discard found; the king count restarts here, so only the bots' moves change
        it before the next turn."""
        from sq_edu.engine.cards import POWER_CARDS
        from sq_edu.maths import unseen

        self._counted = unseen(obs)

        if move.kind == "discard" and len(move.cards) > len(self.best_discard):
            self.best_discard = tuple(move.cards)
        if point is None:
            return
        if point.what == "block":
            point.happened = any(e.kind == "block" for e in events)
        else:
            shown = next((e.cards for e in events if e.kind == "jester_reveal"), ())
            point.happened = any(c in POWER_CARDS for c in shown)

    def right_wrong(self) -> tuple[int, int]:
        answered = [a for a in self.history if a.correct is not None]
        return sum(1 for a in answered if a.correct), len(answered)
