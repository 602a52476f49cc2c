"""Calendar weeks, for the grown-ups' "practised this week" (`SkillRecord.week`).

A week starts on Monday, as a parent's and a school's week does. Days are `today_number`s
(`date.toordinal()`): day 1, 1 January of the year 1, was a Monday.
"""

from __future__ import annotations


def monday_of(day: int) -> int:
    """The Monday of `day`'s week (both `today_number`s)."""
    return day - (day - 1) % 7
