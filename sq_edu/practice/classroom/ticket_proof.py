"""The teacher's page checks an exit ticket's work itself: every item is made again from its
lesson, level and seed (`generators.generate`, the same deal the child saw) and the child's
answer is judged by `checking.check`, the lesson page's own judge. The score a ticket shows is
what its answers earn: a forged "10/10" needs ten right answers to real items.

An item counts once (the first answer to a (level, seed)); an answer the judge cannot read is
left out, as the lesson page does not count it either. The level shown is at most one above
the highest level answered right on the ticket. Widget-free, browser-safe.
"""

from __future__ import annotations

from dataclasses import replace

from sq_edu.practice.checking import check
from sq_edu.practice.classroom.exit_ticket import SkillDay, Ticket, slip_name
from sq_edu.practice.generators import generate
from sq_edu.practice.lesson import load_lessons


def checked(ticket: Ticket) -> Ticket:
    """`ticket` with `skills` (and its level) as its items earn them."""
    lesson = load_lessons().lessons[ticket.lesson]
    levels = len(lesson.levels)
    seen: set[tuple[int, int]] = set()
    answers: dict[str, list[tuple[int, bool, str]]] = {}
    for item in ticket.items:
        if (item.level, item.seed) in seen or not 1 <= item.level <= levels:
            continue
        seen.add((item.level, item.seed))
        exercise = generate(lesson, item.level, item.seed)
        verdict = check(exercise, item.given())
        if verdict.understood:
            answers.setdefault(exercise.skill, []).append(
                (item.level, verdict.correct, verdict.misconception or ""))
    skills = []
    for skill, given in answers.items():
        run = 0
        for _level, right, _slip in given:
            run = run + 1 if right else 0
        slips = [slip for _level, _right, slip in given if slip]
        skills.append(SkillDay(skill, len(given), sum(right for _l, right, _s in given), run,
                               given[-1][0], slip_name(slips[-1]) if slips else ""))
    top = max((level for given in answers.values() for level, right, _s in given if right),
              default=0)
    level = max(1, min(ticket.level, top + 1, levels))
    return replace(ticket, skills=tuple(skills), level=level,
                   unlocked=max(level, min(ticket.unlocked, level + 1, levels)))
