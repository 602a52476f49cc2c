"""The class game told from a view (the JSON a page gets): the question rebuilt from the class
seat's position, the moves to vote for, the spread of answers and the worked answer. Plain
functions returning text or HTML, shared by the three pages; no widget."""

from __future__ import annotations

from html import escape
from typing import Any

from sq_edu.engine.observation import Observation
from sq_edu.i18n import msg, t
from sq_edu.i18n.words import bot_name
from sq_edu.pages.tables.wire import move_from_wire, obs_from_wire
from sq_edu.practice.classgame.question import class_question, move_words
from sq_edu.practice.coach.questions import Question
from sq_edu.practice.exercise import worked_answer
from sq_edu.practice.messages import Cards, Tally
from sq_edu.practice.standing import mistake_name


def question_of(view: dict[str, Any]) -> Question | None:
    """The round's question, exactly as the server asks it (None: no game, or it is over)."""
    if not view.get("game") or view.get("phase") == "over":
        return None
    obs = obs_from_wire(view["obs"])
    coach = str(view.get("coach", "quiz"))
    return None if obs.is_over else class_question(obs, int(view["round"]), coach)


def position_words(obs: Observation, lang: str) -> list[str]:
    """What the class may know, in words: its hand, the discard pile by kind, cards shown
    from the bots' hands, their queens and hand sizes (all a question needs)."""
    lines = [t("classgame.hand_line", lang, cards=Cards(tuple(obs.hand)).render(lang)),
             msg("play.coach_later_pile", pile=Tally(tuple(obs.discard_pile))).render(lang)]
    for seat in range(1, obs.players):
        shown = obs.known_in_hands[seat] if seat < len(obs.known_in_hands) else ()
        if shown:
            lines.append(t("classgame.shown_line", lang, bot=bot_name(seat, lang),
                           cards=Cards(tuple(shown)).render(lang)))
        lines.append(bot_line(obs, seat, lang))
    return lines


def bot_line(obs: Observation, seat: int, lang: str) -> str:
    """A bot's queens and cards in hand, one line: in the position's words and on the board."""
    return t("classgame.bot_queens", lang, bot=bot_name(seat, lang),
             queens=len(obs.awake[seat]), cards=obs.hand_sizes[seat])


def choice_labels(view: dict[str, Any], lang: str) -> list[str]:
    return [move_words(move_from_wire(m)).render(lang) for m in view.get("choices", [])]


def worked_html(question: Question, lang: str) -> str:
    """The right answer with its worked steps and what the coach says after it."""
    lines = [worked_answer(question.exercise).render(lang)]
    lines += [m.render(lang) for m in question.after]
    return "".join(f"<p>{escape(line)}</p>" for line in lines)


def answer_labels(view: dict[str, Any], lang: str) -> dict[str, str]:
    """A choice question's answers are kept as option ids ("no_total"): their words."""
    question = question_of(view)
    if question is None:
        return {}
    return {str(o.id): o.label.render(lang) for o in question.exercise.options}


def spread_html(view: dict[str, Any], lang: str, names: bool) -> str:
    """How many answered, each answer and how many gave it, the named mistakes among the
    wrong ones (with who made them only when `names`: the teacher's own screen)."""
    if "spread" not in view:
        return ""
    total = max(1, int(view.get("answered", 0)))
    shown = answer_labels(view, lang)
    rows = "".join(
        f'<li><span class="sq-classgame-answer-text">{escape(shown.get(text, str(text)))}</span> '
        f'<span class="sq-classgame-bar" style="display:inline-block;height:0.8em;'
        f'width:{int(8 * n / total)}em;background:#7E57C2;border-radius:4px"></span> '
        f"{n}</li>" for text, n in view["spread"])
    counted = t("classgame.teacher_answered", lang, n=view.get("answered", 0),
                players=view.get("players", 0), right=view.get("right", 0))
    parts = [f"<p>{escape(counted)}</p>"] if names else []   # the projector counts above
    parts.append(f'<ul class="sq-classgame-spread-list">{rows}</ul>')
    who = view.get("who", {})
    for key, n in view.get("mistakes", []):
        line = t("classgame.teacher_mistake", lang, mistake=mistake_name(key, lang), n=n)
        if names:
            kids = ", ".join(sorted(k for k, a in who.items() if a["misconception"] == key))
            line += f" ({kids})"
        parts.append(f'<p class="sq-classgame-mistake">{escape(line)}</p>')
    return "".join(parts)
