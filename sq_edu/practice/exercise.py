"""One exercise, general enough for one generic lesson screen and one printed worksheet.

A generator (see `generators/`) builds an `Exercise` from level parameters and a seed. The
exercise carries what to show (prompt, hand or observation, options), every valid answer in a
canonical form (so the worked solution can list them all), escalating hints and the lines to
reveal after an answer. Checking lives in `checking.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from sq_edu.engine.cards import Card, is_number, sort_key
from sq_edu.engine.observation import Observation
from sq_edu.i18n.format import Percent
from sq_edu.i18n.words import Term
from sq_edu.practice.messages import Joined, Msg, Plain, card_name, msg

# Answer kinds: what the learner gives back.
CARDS = "cards"          # select cards from the hand; answer: sorted tuple of cards
EQUATION = "equation"    # type an equation such as "3 + 5 = 8"; answer: sorted tuple of its cards
NUMBER = "number"        # a whole number; answer: int
FRACTION = "fraction"    # "3/20" or "3 out of 20"; answer: Fraction (equal fractions accepted)
PERCENT = "percent"      # "15" or "15%"; answer: Fraction, accepted within PERCENT_TOLERANCE
CHOICE = "choice"        # one of `options`; answer: the option id
SEAT = "seat"            # one seat at the table; answer: seat number
KINDS: tuple[str, ...] = (CARDS, EQUATION, NUMBER, FRACTION, PERCENT, CHOICE, SEAT)
PERCENT_TOLERANCE = 1    # percentage points either side: children round in different ways


@dataclass(frozen=True)
class Option:
    """One choice of a CHOICE exercise."""

    id: str
    label: Msg | Term


@dataclass(frozen=True)
class Exercise:
    """Everything one question needs, built by a pure generator from (params, seed)."""

    lesson_id: str
    level: int
    seed: int
    skill: str
    kind: str
    prompt: Msg
    answers: tuple[object, ...]              # every valid answer, canonical form
    hand: tuple[Card, ...] = ()              # the hand to show or select from
    observation: Observation | None = None   # what the learner's seat may know
    options: tuple[Option, ...] = ()         # CHOICE
    seats: tuple[int, ...] = ()              # SEAT: the seats to choose from
    context: tuple[Msg, ...] = ()            # lines shown with the prompt (what happened so far)
    hints: tuple[Msg, ...] = ()              # nudge, strategy; the worked answer comes last
    reveal: tuple[Msg, ...] = ()             # shown after answering (tracker, simulation)
    rules: str = "official"
    tolerance: int = PERCENT_TOLERANCE       # PERCENT: percentage points either side
    extra: Mapping[str, object] = field(default_factory=dict)  # generator data for widgets
    traps: tuple[tuple[object, Msg], ...] = ()  # wrong answers a misconception gives, and why
    worked: tuple[Msg, ...] = ()             # the worked solution, step by step (last hint)
    guess: float | None = None               # chance of guessing it right (None: from the kind)

    @property
    def guess_chance(self) -> float:
        """How easily a guess is right: how much one right answer proves (see mastery)."""
        if self.guess is not None:
            return self.guess
        if self.kind == CHOICE and self.options:
            return len(self.answers) / len(self.options)
        if self.kind == SEAT and self.seats:
            return 1 / len(self.seats)
        if self.kind == PERCENT:  # a chance of a few percent, hit within the tolerance
            return min(1 / 3, (2 * self.tolerance + 1) / 30)
        return 1 / 10 if self.kind == NUMBER else 1 / 20

    @property
    def hint_count(self) -> int:
        """Hints available, the worked answer included."""
        return len(self.hints) + 1

    def hint(self, index: int) -> Msg:
        """Hint `index` (0-based); past the written hints comes the worked answer."""
        if index < len(self.hints):
            return self.hints[index]
        return worked_answer(self)

    def option_label(self, option_id: str) -> Msg | Term | None:
        return next((o.label for o in self.options if o.id == option_id), None)


def as_cards(answer: object) -> tuple[Card, ...]:
    """A card answer (a tuple or list of cards) as a tuple; anything else is a generator bug."""
    if not isinstance(answer, (tuple, list)):
        raise TypeError(f"a card answer is a tuple of cards, not {answer!r}")
    return tuple(answer)


def as_fraction(answer: object) -> Fraction:
    """A chance answer (a Fraction, an int or "a/b") as a Fraction."""
    if not isinstance(answer, (Fraction, int, str)):
        raise TypeError(f"a chance answer is a Fraction, not {answer!r}")
    return Fraction(answer)


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


def equation_text(cards: tuple[Card, ...]) -> str:
    """A discard written as a number sentence: "2 + 3 = 5" (the biggest card stands alone)."""
    numbers = sorted(int(c) for c in cards if is_number(c))
    if len(numbers) != len(cards) or len(numbers) < 3:
        return " & ".join(str(c) for c in cards)
    *addends, total = numbers
    return " + ".join(str(n) for n in addends) + f" = {total}"


def answer_msg(ex: Exercise, answer: object) -> Msg | Plain | Percent | Term:
    """One canonical answer in words."""
    if ex.kind in (CARDS, EQUATION):
        cards = as_cards(answer)
        if len(cards) == 2 and cards[0] == cards[1]:
            return msg("practice.answer_pair", card=Plain(card_name(cards[0])))
        if len(cards) == 1:
            return msg("practice.answer_single", card=cards[0])
        return Plain(equation_text(cards))
    if ex.kind == FRACTION and ex.extra.get("form") == "out_of":
        return msg("practice.answer_out_of", good=ex.extra["good"], total=ex.extra["total"])
    if ex.kind == FRACTION:
        value = as_fraction(answer)
        return Plain(f"{value.numerator}/{value.denominator}")
    if ex.kind == PERCENT:
        return Percent(as_fraction(answer), 0)
    if ex.kind == CHOICE:
        label = ex.option_label(str(answer))
        return label if label is not None else Plain(str(answer))
    if ex.kind == SEAT:
        return Term("common.player_n", {"n": int(answer) + 1})  # type: ignore[call-overload]
    return Plain(str(answer))


def percent_of(value: Fraction) -> int:
    """A probability as a whole percent, rounded half up (what a child gets by hand)."""
    return int(value * 100 + Fraction(1, 2))


def worked_answer(ex: Exercise) -> Msg:
    """The last hint: the worked solution in steps, then every valid answer in the form asked."""
    parts = tuple(answer_msg(ex, a) for a in ex.answers)
    key = "practice.hint_worked_one" if len(parts) == 1 else "practice.hint_worked_all"
    answer = Msg(key, {"answers": Joined(parts), "n": len(parts)})
    if not ex.worked:
        return answer
    steps = tuple(msg("practice.worked_step", n=n, step=step)
                  for n, step in enumerate(ex.worked, 1))
    return msg("practice.worked_solution", steps=Joined(steps), answer=answer)


Trap = tuple[object, Msg]


def traps(answers: tuple[object, ...], *found: Trap) -> tuple[Trap, ...]:
    """Misconception answers worth their own message: never a right answer, first one wins."""
    kept: list[Trap] = []
    for value, why in found:
        if value is None or value in answers or any(value == v for v, _ in kept):
            continue
        kept.append((value, why))
    return tuple(kept)


def typed_form(ex: Exercise, answer: object) -> object:
    """A canonical answer as a learner would give it (typed text, selected cards, option id).

    Tests, worksheets' answer keys and the lesson app's "show me" all go through this, so the
    answer list and the checker can never drift apart.
    """
    if ex.kind == CARDS:
        return list(as_cards(answer))
    if ex.kind == EQUATION:
        return equation_text(as_cards(answer))
    if ex.kind == FRACTION and ex.extra.get("form") == "out_of":
        return f"{ex.extra['good']} out of {ex.extra['total']}"
    if ex.kind == FRACTION:
        value = as_fraction(answer)
        return f"{value.numerator}/{value.denominator}"
    if ex.kind == PERCENT:
        return f"{percent_of(as_fraction(answer))}%"
    return answer
