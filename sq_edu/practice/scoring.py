"""How much one answer proves: the score it moves, and the clean run a level asks for.

Every hint-free answer is evidence. How much a right answer proves depends on how easily it
could be guessed (`guess`: 1/3 for three options, 1/10 for a number from 1 to 10): the score
(0..100) rises by `gain(guess)` and falls by `loss(guess)`, the log-odds of "knows it" against
"guesses" (slip SLIP) scaled so that MASTERED means "a guesser gets here about once in a few
hundred tries". Answers given after a hint count for little and never past HINTED_CAP.
The skill's score (`skill_scored`) and a lesson level's (`scored`) move by these rules; what
opens a level lives in `level_record.py`, the learner's whole record in `mastery.py`.
"""

from __future__ import annotations

import math

MASTERED, PRACTISING = 80, 40
HINTED_GAIN, HINTED_CAP = 5, 60
SLIP = 0.1                       # a learner who knows it still slips one time in ten
EVIDENCE_TO_MASTER = 5.5         # log-odds a clean run must build to reach MASTERED
DEFAULT_GUESS = 1 / 3            # three options: the most guessable level there is
LEVEL_UP_STREAK = 5              # and never fewer clean answers in a row than this
GUESSER_ODDS = 1 / 3000          # and a guesser does as well less than once in 3000 tries
MOST_GUESSABLE = 0.9             # a level where a guess is right more often teaches nothing


def gain(guess: float) -> int:
    """Score for one clean right answer whose guess chance is `guess`."""
    g = min(max(float(guess), 0.01), 0.5)
    return math.ceil(MASTERED * math.log((1 - SLIP) / g) / EVIDENCE_TO_MASTER)


def loss(guess: float) -> int:
    """Score lost for one wrong answer: a slip is rare for someone who knows it."""
    g = min(max(float(guess), 0.01), 0.5)
    return math.ceil(MASTERED * -math.log(SLIP / (1 - g)) / EVIDENCE_TO_MASTER)


def guesser_tail(right: int, answered: int, guess: float) -> float:
    """The chance that pure guessing gets at least `right` of `answered` items right."""
    return sum(math.comb(answered, k) * guess**k * (1 - guess) ** (answered - k)
               for k in range(right, answered + 1))


def items_to_master(guess: float = DEFAULT_GUESS) -> int:
    """Clean answers in a row that open the next level (what the app shows as "x of n")."""
    g = min(max(float(guess), 0.01), MOST_GUESSABLE)
    unguessable = math.floor(math.log(GUESSER_ODDS) / math.log(g)) + 1
    return max(LEVEL_UP_STREAK, math.ceil(MASTERED / gain(guess)), unguessable)


def scored(score: int, correct: bool, clean: bool, guess: float) -> int:
    """A level's score (and a missed review's) after one answer: the full `gain` and `loss`."""
    if clean:
        return min(100, score + gain(guess))
    if correct:
        return max(score, min(HINTED_CAP, score + HINTED_GAIN))
    return max(0, score - loss(guess))


def skill_scored(score: int, correct: bool, clean: bool, guess: float) -> int:
    """The skill bar a child sees falls gently: one miss costs at most half of what one right
    answer earns, so it never wipes out a run of right answers (the level's own score, which
    opens levels, and a missed review still fall by the full `loss`)."""
    if correct:
        return scored(score, correct, clean, guess)
    return max(0, score - min(loss(guess), math.ceil(gain(guess) / 2)))
