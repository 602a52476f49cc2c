"""Pure HTML pieces of the lesson app: lists of messages, the mastery panel, worked examples.

Kept apart from the widget wiring so they are plain functions of data (easy to test, no
ipywidgets). Every text is escaped; a message list is rendered in the learner's language.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from sq_edu.i18n import t
from sq_edu.practice.examples import items_for_level
from sq_edu.practice.exercise import Exercise
from sq_edu.practice.lesson import Lesson
from sq_edu.practice.mastery import RETURN_AFTER, Mastery
from sq_edu.practice.messages import Msg
from sq_edu.practice.session import LessonSession
from sq_edu.practice.verdict import skill_standing


def lines_html(lines: Iterable[Msg], lang: str, title: str = "", ordered: bool = False,
               role: str = "", live: bool = False) -> str:
    """Messages as a list with an optional heading ("" when there is nothing to show)."""
    items = "".join(f"<li>{escape(m.render(lang))}</li>" for m in lines)
    if not items:
        return ""
    tag = "ol" if ordered else "ul"
    head = f"<h3 class='sq-h' style='margin:6px 0 2px'>{escape(title)}</h3>" if title else ""
    body = f"<{tag} style='margin:2px 0;font-size:1.08em'>{items}</{tag}>"
    # A role goes on a wrapper: on the list itself it would strip the items' list semantics.
    attrs = (f" role='{role}'" if role else "") + (" aria-live='polite'" if live else "")
    return f"<div{attrs}>{head}{body}</div>" if attrs else head + body


def paragraphs_html(lines: Iterable[Msg], lang: str) -> str:
    return "".join(f"<p style='font-size:1.1em;margin:2px 0'>{escape(m.render(lang))}</p>"
                   for m in lines)


BAR = {"new": 0, "struggling": 1, "learning": 2, "practising": 3, "mastered": 5}


def mastery_html(lesson: Lesson, mastery: Mastery, level: int, lang: str) -> str:
    """Each skill's standing (the one rule) with its first-try record, and how far the next
    level is (or, warming up after a step back, the way back)."""
    rows = []
    for skill in lesson.skills:
        standing = skill_standing(mastery, skill, lesson)
        filled = BAR[standing.word]   # the bar says what the word says, never more
        bar = "■" * filled + "□" * (5 - filled)
        name = lesson.skill_title(skill, lang)
        ev = mastery.evidence.get(skill)
        text = (t("lesson_app.mastery_row", lang, skill=name, stage=standing.text(lang),
                  right=ev.alone, n=ev.attempts) if ev is not None and ev.attempts
                else t("lesson_app.mastery_row_new", lang, skill=name,
                       stage=standing.text(lang)))
        rows.append(f"<li class='sq-skill-{standing.word}'><span aria-hidden='true'>{bar}"
                    f"</span> {escape(text)}</li>")
    record = mastery.lessons.get(lesson.id)
    levels = len(lesson.levels)
    if record is not None and record.warm_up_for > record.level == level:
        where = t("lesson_app.level_warm_up", lang, level=level, streak=record.streak,
                  needed=RETURN_AFTER, back=record.warm_up_for)
    elif level >= levels:
        where = t("lesson_app.level_top", lang, level=level, levels=levels)
    else:
        streak = record.streak if record is not None and record.level == level else 0
        where = t("lesson_app.level_progress", lang, level=level, levels=levels,
                  streak=streak, needed=items_for_level(lesson, level))
    return (f"<b>{escape(t('lesson_app.mastery_title', lang))}</b>"
            f"<ul style='list-style:none;padding-left:0;margin:2px 0'>{''.join(rows)}</ul>"
            f"<p>{escape(where)}</p>")


def _picture(ex: Exercise, lang: str) -> str:
    """The hand (or the learner's queens) of a worked example, drawn as in a question."""
    from sq_edu.apps.lesson.queens import example_queens_html
    from sq_edu.practice.classroom.worksheet import hand_html

    return hand_html(ex.hand[:10], lang) if ex.hand else example_queens_html(ex, lang)


def _box(css: str, colour: str, background: str, title: str, question: str, picture: str,
         *lines: str) -> str:
    paragraphs = "".join(f"<p style='margin:4px 0'>{escape(line)}</p>" for line in lines)
    return (f"<div class='{css}' role='note' style='border:2px solid {colour};"
            f"border-radius:8px;padding:6px 10px;margin:6px 0;background:{background}'>"
            f"<b>{escape(title)}</b><p style='margin:4px 0'>{escape(question)}</p>{picture}"
            f"{paragraphs}</div>")


def example_html(session: LessonSession, lang: str) -> str:
    """The level's worked example (picture + the steps) when the session shows it, else ""."""
    if not session.show_example:
        return ""
    question, worked = (m.render(lang) for m in session.example_lines())
    return _box("sq-example-box", "#2563eb", "#eff6ff", t("practice.example_title", lang),
                question, _picture(session.example, lang), worked)


def reteach_html(session: LessonSession, lang: str) -> str:
    """The targeted re-teach after the same error twice (another example showing that trap),
    in a box like the example's, else ""."""
    lines = session.reteach_lines()
    if not lines or session.reteach is None:
        return ""
    title, question, wrong, worked = (m.render(lang) for m in lines)
    return _box("sq-example-box sq-reteach", "#b45309", "#fffbeb", title, question,
                _picture(session.reteach, lang), wrong, worked)
