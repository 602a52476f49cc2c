"""A learner's level in one lesson: when the next level opens, and the warm-up after a step back.

- A lesson level opens only when the learner has *mastered* the current one: its own level
  score, counted from the moment the level was chosen, reaches MASTERED. A perfect learner
  needs at most 6 items (three options), never fewer than LEVEL_UP_STREAK clean ones in a row,
  3 in 4 of the level's answers must be right, and guessing must explain the record less than
  once in 3000 (GUESSER_ODDS), with the level's sampled guess chance (`Level.guess`).
- Items tell the level's named misconceptions apart (an item on which an error gives a wrong
  answer `tells` it). A level opens only once each named error has met a telling item answered
  right without help (`proved`), and the clean run that opens it holds a telling item of each
  error met: a learner right wherever one error does not bite does not open it on a lucky run.
- Three wrong answers in a row at a level (STUCK_AFTER): a step back to a short warm-up at the
  previous level, already mastered. RETURN_AFTER clean answers in a row there and the learner
  is back at the level stepped from, where the clean run that opens it starts again. The
  warm-up is not that level's evidence: its count of right answers and its most guessable item
  (3 in 4, the guesser's odds) go on from before the step back, so a lucky run after many
  misses is not mastery. Drilling a mastered level again until it "opens" a second time would
  only over-drill a child who slipped. At level 1 the step back is level 1 again with its
  worked example. Three misses in a row in the warm-up too: the warm-up level is the one to
  work on now, its record starting from those misses, and the step back repeats from there.
"""

from __future__ import annotations

from dataclasses import dataclass

from sq_edu.practice.scoring import GUESSER_ODDS, LEVEL_UP_STREAK, MASTERED, guesser_tail, scored

LEVEL_ACCURACY = 3 / 4           # right in 3 of 4 answers at the level (since it was chosen)
STUCK_AFTER = 3                  # wrong answers in a row before stepping back
RETURN_AFTER = 2                 # clean answers in a row in the warm-up before coming back

# What one answer moved: (the level opened, the level stepped back to, the level come back
# to after the warm-up), each None when it did not happen.
Moves = tuple[int | None, int | None, int | None]


@dataclass
class LessonRecord:
    """Where a learner stands in one lesson."""

    level: int = 1      # the level the learner is on (and may choose up to)
    unlocked: int = 1   # the highest level opened so far
    streak: int = 0     # hint-free correct answers in a row at this level
    score: int = 0      # evidence at this level since it was chosen (0..100)
    wrong: int = 0      # wrong answers in a row at this level
    answered: int = 0   # answers since the level was chosen or opened (replays excluded)
    right: int = 0      # ... of them right
    guess_milli: int = 0  # the most guessable of those items, in thousandths
    met: int = 0        # the level's named misconceptions (one bit each) its items have told
    met_level: int = 0  # ... at this level (kept while stepping back and coming again)
    told: int = 0       # ... those told by an item of the current clean run
    named: int = 0      # all the level's named misconceptions (one bit each)
    proved: int = 0     # ... those told by an item answered right without help at the level
    warm_up_for: int = 0  # warming up after a step back: the level to come back to (0: none)

    def restart(self, level: int, keep_record: bool = False) -> None:
        """At `level` now, with no evidence there yet. Stepping back keeps the count of right
        answers, so a lucky run after many misses is not taken for mastery."""
        self.level, self.streak, self.score, self.wrong = level, 0, 0, 0
        self.told = 0
        if level != self.met_level and not keep_record:   # not coming back to it: forget it
            self.met, self.met_level, self.proved = 0, level, 0
        if not keep_record:
            self.answered = self.right = self.guess_milli = self.warm_up_for = 0

    @property
    def mastered(self) -> bool:
        """The current level is mastered: enough evidence, a clean run to show it, and mostly
        right since the level was chosen (a lucky run after many guesses is not mastery). A
        warm-up masters nothing."""
        return (self.warm_up_for <= self.level and self.score >= MASTERED
                and self.streak >= LEVEL_UP_STREAK
                and (self.met_level != self.level or (self.told & self.met == self.met
                     and self.proved & self.named == self.named))
                and self.right >= LEVEL_ACCURACY * self.answered
                and guesser_tail(self.right, self.answered, self.guess_milli / 1000)
                < GUESSER_ODDS)

    def answer(self, clean: bool, correct: bool, levels: int, guess: float, tells: int = 0,
               named: int = 0) -> Moves:
        """Count one hint-free (`clean`) or helped answer at the current level of a lesson with
        `levels` levels; `tells` and `named` as in `Mastery.record`."""
        if self.warm_up_for > self.level:
            return self._warm_up(clean, correct, levels, guess)
        level = self.level
        self.answered += 1
        self.right += int(correct)
        self.guess_milli = max(self.guess_milli, _milli(guess))
        self.score = scored(self.score, correct, clean, guess)
        self._count_run(clean, correct)
        if self.met_level != level and not self.met:   # nothing met at the level stepped from
            self.met_level = level
        if self.met_level == level:
            self.met |= tells & named
            self.named, self.proved = named, self.proved | (tells & named if clean else 0)
            self.told = (self.told | tells) & named if clean else 0 if not correct else self.told
        if self.wrong >= STUCK_AFTER:
            return None, self._step_back(), None
        if self.mastered and clean and level < levels:
            self.restart(level + 1)
            self.unlocked = max(self.unlocked, level + 1)
            return level + 1, None, None
        return None, None, None

    def _count_run(self, clean: bool, correct: bool) -> None:
        """The runs both rules read: clean right answers (a helped right one neither adds nor
        breaks it) and wrong ones in a row."""
        self.streak = self.streak + 1 if clean else 0 if not correct else self.streak
        self.wrong = 0 if correct else self.wrong + 1

    def _step_back(self) -> int:
        """Stuck: warm up at the previous level (level 1: level 1 again)."""
        stuck = self.level
        back = max(1, stuck - 1)
        self.restart(back, keep_record=True)
        self.warm_up_for = stuck if back < stuck else 0
        return back

    def _warm_up(self, clean: bool, correct: bool, levels: int, guess: float) -> Moves:
        """An answer in the warm-up: a short clean run there brings the learner back."""
        self._count_run(clean, correct)
        if self.streak >= RETURN_AFTER:
            back, self.warm_up_for = min(self.warm_up_for, levels), 0
            self.restart(back, keep_record=True)
            return None, None, back
        if self.wrong >= STUCK_AFTER:   # the warm-up level needs work too
            self.warm_up_for = 0
            self.answered, self.right, self.guess_milli = self.wrong, 0, _milli(guess)
            return None, self._step_back(), None
        return None, None, None


def _milli(guess: float) -> int:
    return round(min(max(guess, 0.0), 1.0) * 1000)
