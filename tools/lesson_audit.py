"""A sceptical teacher's audit of every lesson: 200 seeds per level, checked by script.

    .venv/bin/python tools/lesson_audit.py [--seeds 200] [--lesson chances]

For every lesson and level it prints the answer distribution (multiple choice: the share of each
answer; numbers: min, max and the share of the most common answer), impossible positions
(checked against the engine's rules: cat and dog queens together, a player who has already won,
an attack on a player without an awake queen), chance items within 5 points of a band boundary
of `sq_edu.maths.likelihood`, and answers shown in another form than the one asked.
`tests/practice/test_content.py` runs the same checks and fails on any problem.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository root must be importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sq_edu.engine.cards import QUEEN_POINTS
from sq_edu.engine.observation import Observation
from sq_edu.engine.rules import Rules
from sq_edu.maths.likelihood import LIKELY_ABOVE, UNLIKELY_BELOW, boundary_distance
from sq_edu.practice import Exercise, Lesson, check, generate, load_lessons, typed_form
from sq_edu.practice.exercise import CHOICE, EQUATION, FRACTION, NUMBER, PERCENT, SEAT
from sq_edu.practice.messages import Tally

SEEDS = 200
MARGIN = Fraction(1, 20)          # 5 percentage points
MAX_SHARE = Fraction(1, 2)        # no multiple-choice answer in more than half of the items
ATTACKS = ("detective.knight_block", "chances.holds_dragon")
NUMERIC = (NUMBER, FRACTION, PERCENT)
YOUNG_LESSONS = ("equations", "card_detective")  # read by 6-7 year olds
MAX_WORDS = 15
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5}


@dataclass
class LevelAudit:
    """What 200 seeds of one level showed."""

    lesson: str
    level: int
    title: str
    kind: str = ""
    answers: Counter = field(default_factory=Counter)
    correct_share: list[Fraction] = field(default_factory=list)  # CHOICE: right options / all
    options: set = field(default_factory=set)
    impossible: list[str] = field(default_factory=list)
    near_boundary: list[str] = field(default_factory=list)
    form: list[str] = field(default_factory=list)
    items: int = 0

    @property
    def problems(self) -> list[str]:
        return [*self.impossible, *self.near_boundary, *self.form, *self.balance()]

    def balance(self) -> list[str]:
        """Multiple choice: no answer above half of the items, every option sometimes right."""
        if self.kind != CHOICE or not self.items:
            return []
        found = [f"answer {a!r} in {n}/{self.items} items" for a, n in self.answers.items()
                 if Fraction(n, self.items) > MAX_SHARE]
        if self.correct_share and max(self.correct_share) > MAX_SHARE:
            found.append(f"up to {max(self.correct_share)} of the options are right")
        never = sorted(self.options - set(self.answers))
        if never and len(self.options) <= 6:
            found.append(f"options never right: {never}")
        return found


def rules_of(ex: Exercise) -> Rules:
    return Rules.preset(ex.rules)


def position_problems(ex: Exercise, gen: str) -> list[str]:
    """A shown position the rules could not produce (checked with the engine's Rules)."""
    found: list[str] = []
    obs = ex.observation
    rules = rules_of(ex)
    if isinstance(obs, Observation):
        found += observation_problems(obs, rules)
        target = ex.extra.get("target")
        if gen in ATTACKS and isinstance(target, int) and not obs.awake[target]:
            found.append(f"attack on player {target + 1}, who has no awake queen")
    queens = ex.extra.get("queens", ())
    if isinstance(queens, (tuple, list)) and queens and all(q in QUEEN_POINTS for q in queens):
        found += queen_problems(ex, queens, rules)
    return found


def observation_problems(obs: Observation, rules: Rules) -> list[str]:
    found = []
    win_points = rules.win_points(obs.players)
    for seat, awake in enumerate(obs.awake):
        if rules.cat_dog_feud and "cat" in awake and "dog" in awake:
            found.append(f"player {seat + 1} holds the cat and the dog queen")
        if not obs.is_over and (len(awake) >= rules.win_queens(obs.players) or (
                win_points is not None and obs.points[seat] >= win_points)):
            found.append(f"player {seat + 1} has already won")
    return found


def queen_problems(ex: Exercise, queens: tuple[str, ...], rules: Rules) -> list[str]:
    """Queen-points items: a learner's awake queens must be a hand the game allows."""
    found = []
    if rules.cat_dog_feud and "cat" in queens and "dog" in queens:
        found.append("the learner holds the cat and the dog queen")
    goal = ex.extra.get("goal")
    if isinstance(goal, int):
        players = int(ex.extra.get("players", 3 if goal == 50 else 4))  # type: ignore[call-overload]
        if len(queens) >= rules.win_queens(players):
            found.append(f"{len(queens)} queens already win at {players} players")
        elif len(queens) == rules.win_queens(players) - 1:
            found.append(f"with {len(queens)} queens at {players} players any queen wins")
        if sum(QUEEN_POINTS[q] for q in queens) >= goal:
            found.append(f"the learner already has {goal} points")
        for option in ex.options:
            if rules.cat_dog_feud and {option.id, *queens} >= {"cat", "dog"}:
                found.append(f"option {option.id} cannot be woken (cat and dog)")
    return found


def boundary_problems(ex: Exercise) -> list[str]:
    """Chances asked in words must lie 5 points or more from every band boundary."""
    chance = ex.extra.get("chance")
    if ex.kind != CHOICE or chance is None:
        return []
    chance = Fraction(chance)  # type: ignore[arg-type]
    near = []
    if 0 < chance < 1 and boundary_distance(chance) < MARGIN:
        near.append(f"{float(chance):.1%} is within 5 points of "
                    f"{float(UNLIKELY_BELOW):.0%}/{float(LIKELY_ABOVE):.0%}")
    own = _own_bucket_boundaries(ex)
    for edge in own:
        if abs(chance - edge) < MARGIN:
            near.append(f"{float(chance):.1%} is within 5 points of the lesson's {float(edge):.0%}")
    return near


def _own_bucket_boundaries(ex: Exercise) -> tuple[Fraction, ...]:
    """Older lessons had their own words-for-chances scale (20% / 50%); audit that too."""
    from sq_edu.practice.generators import chances

    if hasattr(chances, "bucket") and {o.id for o in ex.options} == set(chances.BUCKETS):
        return (Fraction(1, 5), Fraction(1, 2))
    return ()


def form_problems(ex: Exercise, title_en: str) -> list[str]:
    """Every canonical answer, typed as a learner would, is accepted; the worked answer speaks
    in the form the prompt asked for; the level title and the checking agree."""
    found = []
    for answer in ex.answers:
        if not check(ex, typed_form(ex, answer)).correct:
            found.append(f"own answer {typed_form(ex, answer)!r} is rejected")
    worked = ex.hint(ex.hint_count - 1).render("en")
    good, total = ex.extra.get("good"), ex.extra.get("total")
    asked_out_of = ex.kind == FRACTION and ex.prompt.key.endswith("out_of_prompt")
    if asked_out_of and total and f"{good} out of {total}" not in worked:
        found.append(f"asked 'x out of y', worked answer says {worked!r}")
    if ex.kind == PERCENT and "%" not in worked:
        found.append(f"asked a percent, worked answer says {worked!r}")
    found += _title_problems(ex, title_en)
    if ex.kind == NUMBER and ex.observation is not None and any(
            isinstance(v, Tally) for line in ex.context for v in line.params.values()):
        found.append("the discard tally hands over the count")
    if ex.lesson_id in YOUNG_LESSONS:
        words = sum(1 for w in ex.prompt.render("en").split() if any(c.isalnum() for c in w))
        if words > MAX_WORDS:
            found.append(f"prompt of {words} words for ages 6-7 (at most {MAX_WORDS})")
    return found


def _title_problems(ex: Exercise, title_en: str) -> list[str]:
    """"Three or more cards": every true equation of 3+ cards in the hand must be accepted."""
    words = title_en.lower().split()
    if ex.kind not in ("cards", EQUATION) or "more" not in words or "cards" not in words:
        return []
    least = next((_COUNT_WORDS[w] for w in words if w in _COUNT_WORDS), None)
    if least is None:
        return []
    from sq_edu.maths import find_discards

    found = []
    for d in find_discards(ex.hand):
        if d.kind == "equation" and d.size >= least and d.cards not in ex.answers:
            found.append(f"title {title_en!r} but the hand's {d.equation} is rejected")
    return found


def answer_label(ex: Exercise) -> object:
    if ex.kind == CHOICE and len(ex.answers) == 1:
        return ex.answers[0]
    if ex.kind == CHOICE:
        return "+".join(sorted(map(str, ex.answers)))
    if ex.kind == SEAT:  # where the answer sits relative to the jester's seat
        return (int(ex.answers[0]) - int(ex.extra.get("jester", 0))) % len(ex.seats)  # type: ignore[call-overload]
    if ex.kind in NUMERIC:
        value = Fraction(ex.answers[0])  # type: ignore[arg-type]
        return int(value) if value.denominator == 1 else value
    return len(ex.answers)  # cards / equation: how many valid discards the hand holds


def audit_level(lesson: Lesson, level: int, seeds: Iterable[int] = range(SEEDS),
                items: Iterable[Exercise] | None = None) -> LevelAudit:
    """The level's items of `seeds` checked (`items`: those items already generated)."""
    spec = lesson.level(level)
    audit = LevelAudit(lesson.id, level, spec.title.get("en"))
    seeds = list(seeds)
    made = items if items is not None else (generate(lesson, level, seed) for seed in seeds)
    for seed, ex in zip(seeds, made, strict=True):
        audit.items += 1
        audit.kind = ex.kind
        audit.answers[answer_label(ex)] += 1
        if ex.kind == CHOICE:
            audit.options |= {o.id for o in ex.options} if len(ex.answers) == 1 else set()
            audit.correct_share.append(Fraction(len(ex.answers), max(len(ex.options), 1)))
        tag = f"seed {seed}: "
        audit.impossible += [tag + p for p in position_problems(ex, spec.generator)]
        audit.near_boundary += [tag + p for p in boundary_problems(ex)]
        audit.form += [tag + p for p in form_problems(ex, audit.title)]
    return audit


def distribution(audit: LevelAudit) -> str:
    n = audit.items
    if audit.kind == CHOICE or audit.kind == SEAT:
        what = "answer" if audit.kind == CHOICE else "seats after the jester"
        shares = ", ".join(f"{a}: {c / n:.0%}" for a, c in audit.answers.most_common())
        line = f"{what}: {shares}"
        if audit.correct_share and max(audit.correct_share) < 1:
            mean = sum(audit.correct_share) / len(audit.correct_share)
            line += (f" | right options per item: mean {float(mean):.0%}, "
                     f"max {max(audit.correct_share)}")
        return line
    if audit.kind in NUMERIC:
        values = sorted(audit.answers, key=float)
        mode, count = audit.answers.most_common(1)[0]
        hist = " ".join(f"{v}:{audit.answers[v]}" for v in values[:24])
        more = " ..." if len(values) > 24 else ""
        return (f"min {_show(values[0])}, max {_show(values[-1])}, {len(values)} distinct, "
                f"mode {_show(mode)} in {count / n:.0%} | {hist}{more}")
    counts = ", ".join(f"{k} valid: {v / n:.0%}" for k, v in sorted(audit.answers.items()))
    return f"valid discards per hand: {counts}"


def _show(value: object) -> str:
    if isinstance(value, Fraction):
        return f"{value} ({float(value):.0%})"
    return str(value)


def report(audit: LevelAudit, examples: int = 3) -> list[str]:
    lines = [f"{audit.lesson} {audit.level} '{audit.title}' [{audit.kind}]",
             "  distribution: " + distribution(audit)]
    for name, found in (("impossible positions", audit.impossible),
                        ("near a band boundary", audit.near_boundary),
                        ("answer-form mismatches", audit.form),
                        ("answer balance", audit.balance())):
        share = f" ({len(found)}/{audit.items} items)" if name != "answer balance" else ""
        lines.append(f"  {name}: {len(found)}{share}")
        lines += [f"    - {p}" for p in found[:examples]]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=SEEDS)
    parser.add_argument("--lesson", default=None, help="one lesson id (default: all)")
    args = parser.parse_args(argv)
    lessons = load_lessons().lessons
    total = 0
    for lesson_id in sorted(lessons):
        if args.lesson and lesson_id != args.lesson:
            continue
        lesson = lessons[lesson_id]
        for level in range(1, len(lesson.levels) + 1):
            audit = audit_level(lesson, level, range(args.seeds))
            total += len(audit.problems)
            print("\n".join(report(audit)))
    print(f"\nproblems in all: {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
