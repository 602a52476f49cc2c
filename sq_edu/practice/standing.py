"""One rule for a learner's standing on a skill, the word every screen shows.

"Mastered" used to mean three things on three screens: the teacher's grid counted any five
right tries in a row (second tries and answers copied from the worked answer included), the
learner's "My skills" said "mastered" for a skill only ever answered to the game's coach, and a
child who made one named mistake on every first try and fixed it on the second showed
"practising". Now every screen asks `standing_of` about the same `Evidence`:

- Only a first try with no help is an independent answer. A hint or the worked answer before
  it, or a second try, is *help*: counted in `helped`, never as a right answer alone.
- "struggling": the same named mistake on REPEATED of the last WINDOW first tries (named, the
  teacher sees which), the last STUCK_WRONG first tries all wrong, or most of the last WINDOW
  first tries wrong. Whatever the second try.
- "mastered": a lesson level of the skill opened the next one (the lesson's own strict rule,
  `Mastery`), so answers to the coach or a high score alone never make it.
- "practising": at least half of the last WINDOW items right alone; else "learning" (right,
  but mostly with help).
- "new": nothing answered yet.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sq_edu.i18n import t

WINDOW = 6          # the latest items the rule looks at
REPEATED = 3        # the same named mistake this often among them: struggling with it
STUCK_WRONG = 3     # this many wrong first tries in a row: struggling
# The stages, shown as `practice.mastery_<word>` on every page that names one (the child's
# skills, the teacher's grid, the report and its CSV, the grown-ups' page), in one form per
# language: Russian names the stage with a noun («начало, изучение, закрепление, мастерство,
# трудности»: no person, no gender, it fits «Сейчас: …» and «трудности: <ошибка>»); English
# with a participle ("starting, learning, practising, mastered, struggling").
WORDS: tuple[str, ...] = ("new", "learning", "practising", "struggling", "mastered")
RIGHT, HELPED, WRONG = "+", "h", "-"   # one mark per item; "-<key>": that named mistake
_KEY = re.compile(r"[a-z0-9_.]{1,80}\Z")          # a misconception key ("cards.forgets_hand")
_MARK = re.compile(r"(\+|h|-|-[a-z0-9_.]{1,80})\Z")


@dataclass(frozen=True)
class Standing:
    """The verdict on one skill: a word of WORDS and, when struggling, the mistake's key."""

    word: str
    mistake: str = ""

    def text(self, lang: str) -> str:
        """The word as a learner or teacher reads it ("struggling: forgets the dragons")."""
        word = t(f"practice.mastery_{self.word}", lang)
        if not self.mistake:
            return word
        return t("practice.standing_with_mistake", lang, standing=word,
                 mistake=mistake_name(self.mistake, lang))


def mistake_name(key: str, lang: str) -> str:
    """A named misconception in the teacher's words ("counts only the discard pile")."""
    return t(f"mistakes.name_{key.replace('.', '_')}", lang)


@dataclass
class Evidence:
    """What one learner showed on one skill, item by item (a second try is not a new item)."""

    attempts: int = 0     # items answered
    alone: int = 0        # ... right at the first try with no help
    helped: int = 0       # ... where help was used: a hint, the worked answer, a second try
    played: int = 0       # ... asked by the game's coach
    marks: list[str] = field(default_factory=list)        # the last WINDOW items, oldest first
    mistakes: dict[str, int] = field(default_factory=dict)  # named mistakes on first tries

    def add(self, right: bool, *, helped: bool = False, slip: str = "",
            play: bool = False) -> None:
        """The first try at an item: right alone, right with help, or wrong (and which
        named mistake it showed, "" for none)."""
        self.attempts += 1
        self.played += int(play)
        self.alone += int(right and not helped)
        self.helped += int(helped)
        if slip and not right:
            self.mistakes[slip] = self.mistakes.get(slip, 0) + 1
        mark = (HELPED if helped else RIGHT) if right else WRONG + (slip if slip else "")
        self.marks = [*self.marks, mark][-WINDOW:]

    def again(self, right: bool) -> None:
        """A later try at the same item: put right, it is help used, never a right alone."""
        if right and self.marks and self.marks[-1].startswith(WRONG):
            self.helped += 1

    def top_mistake(self) -> tuple[str, int]:
        """The most frequent named mistake and how often it was made ("", 0 for none)."""
        if not self.mistakes:
            return "", 0
        key = max(sorted(self.mistakes), key=lambda k: self.mistakes[k])
        return key, self.mistakes[key]

    def to_dict(self) -> dict[str, Any]:
        return {"attempts": self.attempts, "alone": self.alone, "helped": self.helped,
                "played": self.played, "marks": list(self.marks),
                "mistakes": dict(sorted(self.mistakes.items()))}

    @classmethod
    def from_dict(cls, data: object) -> Evidence:
        """Strict: anything but the shape `to_dict` writes raises ValueError."""
        if not isinstance(data, Mapping) or set(data) - set(cls().to_dict()):
            raise ValueError("evidence is a table of known fields")
        counts = [data.get(k, 0) for k in ("attempts", "alone", "helped", "played")]
        marks, mistakes = data.get("marks", []), data.get("mistakes", {})
        if not all(_whole(n) for n in counts) or not isinstance(marks, list) \
                or not isinstance(mistakes, Mapping):
            raise ValueError("evidence has the wrong types")
        if not all(isinstance(m, str) and _MARK.match(m) for m in marks) or not all(
                isinstance(k, str) and _KEY.match(k) and _whole(n) for k, n in mistakes.items()):
            raise ValueError("evidence marks and mistakes have the wrong types")
        attempts, alone, helped, played = counts
        return cls(attempts, alone, helped, played, list(marks)[-WINDOW:], dict(mistakes))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9


def standing_of(evidence: Evidence, opened: bool = False) -> Standing:
    """The one rule (see the module docstring). `opened`: a lesson level of this skill has
    opened the next one for this learner."""
    if not evidence.attempts:
        return Standing("new")
    marks = evidence.marks
    named = Counter(m[1:] for m in marks if m.startswith(WRONG) and len(m) > 1)
    if named:
        key, count = min(named.items(), key=lambda kv: (-kv[1], -_last(marks, kv[0])))
        if count >= REPEATED:
            return Standing("struggling", key)
    wrong = [m.startswith(WRONG) for m in marks]
    if (len(wrong) >= STUCK_WRONG and all(wrong[-STUCK_WRONG:])) \
            or (len(wrong) >= 2 and 2 * sum(wrong) > len(wrong)):
        return Standing("struggling")
    if opened:
        return Standing("mastered")
    if 2 * marks.count(RIGHT) >= len(marks):
        return Standing("practising")
    return Standing("learning")


def _last(marks: list[str], key: str) -> int:
    """Where a named mistake was last made (a tie goes to the latest one)."""
    return max(i for i, m in enumerate(marks) if m == WRONG + key)
