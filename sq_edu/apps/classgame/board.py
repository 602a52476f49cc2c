"""The projector's picture of the class game, as HTML from a view: made for a board seen from
the back of a room (1920 x 1080 and 1280 x 720), so everything is sized in `vw`, big.

It shows the class's hand, the class's queens and the sleeping ones, the discard pile, whose
turn it is, how many answered and voted, the class streak; the spread of answers (never a
name) when the teacher shows it, the right answer with its worked steps once revealed, a
celebration when a queen wakes for the class, and at the end the class's stars, its longest
streak and the skill it got better at. No child is named or ranked.
"""

from __future__ import annotations

from html import escape
from typing import Any

from sq_edu.engine.cards import QUEEN_POINTS
from sq_edu.i18n import t
from sq_edu.i18n.words import bot_name
from sq_edu.pages.tables.wire import move_from_wire, obs_from_wire
from sq_edu.practice.classgame.question import move_words
from sq_edu.practice.classroom.report import skill_title
from sq_edu.widgets.joy import celebration_html
from sq_edu.widgets.names import card_name, queen_name
from sq_edu.widgets.svg import back_face, card_face, queen_face

from .words import bot_line, question_of, spread_html, worked_html

CLASS_SEAT = 0


def _card(svg: str, label: str, width: str) -> str:
    """A card face as wide as `width` (a share of the screen), named for a screen reader."""
    fitted = svg.replace("<svg ", '<svg style="width:100%;height:auto" ', 1)
    return (f'<span role="img" aria-label="{escape(label)}" style="display:inline-block;'
            f'width:{width};margin:0 0.3vw">{fitted}</span>')


def _p(text: str, size: str = "1.6vw", css: str = "") -> str:
    return (f'<p class="{css}" style="font-size:{size};margin:0.4vw 0;line-height:1.25">'
            f"{escape(text)}</p>")


def projector_html(view: dict[str, Any], lang: str) -> str:
    """The whole projector page for `view` (the projector's: no names in it)."""
    if not view.get("game"):
        return _p(t("classgame.err_no_game", lang), "2.4vw")
    obs = obs_from_wire(view["obs"])
    if view.get("phase") == "over" or obs.is_over:
        return end_html(view, lang)
    left = []
    hand = "".join(_card(card_face(c, width=120, lang=lang), card_name(c, lang), "8.2vw")
                   for c in obs.hand)
    left.append(f'<section aria-label="{escape(t("classgame.class_hand", lang))}">'
                + _p(t("classgame.class_hand", lang), "1.8vw") + f"<div>{hand}</div></section>")
    queens = "".join(_card(queen_face(q, width=120, lang=lang),
                           f"{queen_name(q, lang)}, {QUEEN_POINTS[q]}", "5.5vw")
                     for q in obs.awake[CLASS_SEAT])
    sleeping = sum(1 for s in obs.slots if s is not None)
    asleep = "".join(_card(back_face(60, queen=True, lang=lang), t("widgets.card_back", lang),
                           "2.6vw") for _ in range(sleeping))
    top = obs.discard_pile[-1] if obs.discard_pile else None
    pile = (_card(card_face(top, width=120, lang=lang), card_name(top, lang), "5.5vw")
            if top is not None else "")
    left.append(
        f'<section>{_p(t("classgame.class_queens", lang, n=len(obs.awake[CLASS_SEAT])), "1.8vw")}'
        f'<div>{queens}</div><div style="max-width:40vw">{asleep}</div></section>'
        '<div style="display:flex;gap:3vw;align-items:flex-start">'
        f'<section style="white-space:nowrap">'
        f'{_p(t("classgame.discard_top", lang, n=len(obs.discard_pile)), "1.8vw")}'
        f"<div>{pile}</div></section>"
        f"<section>{_bots_html(obs, lang)}</section></div>")
    # Two columns: the class's cards on the left, the round on the right (one screen, 16:9).
    return (_turn_html(view, lang)
            + '<div style="display:flex;gap:2vw;align-items:flex-start">'
            f'<div style="flex:0 0 46vw">{"".join(left)}</div>'
            f'<div style="flex:1 1 0;min-width:0">{_round_html(view, lang)}</div></div>')


def _turn_html(view: dict[str, Any], lang: str) -> str:
    obs = obs_from_wire(view["obs"])
    if view.get("phase") == "paused":
        line = t("classgame.paused", lang)
    elif obs.current_player == CLASS_SEAT:
        line = t("classgame.turn_class", lang)
    else:
        line = t("classgame.turn_bot", lang, bot=bot_name(obs.current_player, lang))
    streak = t("classgame.streak", lang, n=view.get("streak", 0))
    return (f'<div role="status" aria-live="polite" class="sq-classgame-turn" '
            f'style="display:flex;justify-content:space-between;gap:2vw;flex-wrap:wrap;'
            f'background:#EDE7F6;border-radius:1vw;padding:0.6vw 1.2vw;margin-bottom:0.8vw">'
            f'<span style="font-size:1.8vw;font-weight:bold">{escape(line)}</span>'
            f'<span class="sq-classgame-streak" style="font-size:1.8vw;white-space:nowrap">'
            f"★ {escape(streak)}</span></div>")


def _bots_html(obs: Any, lang: str) -> str:
    lines = [bot_line(obs, seat, lang) for seat in range(1, obs.players)]
    return "".join(_p(line, "1.3vw") for line in lines)   # one line each, also in Russian


def _round_html(view: dict[str, Any], lang: str) -> str:
    """The question, the count of answers, the spread (no names), the revealed answer, the
    last round, and the celebration when a queen woke."""
    parts = []
    last = view.get("last")
    if last and last.get("woke"):
        parts.append(f'<div style="font-size:1.6vw">'
                     f'{celebration_html(t("classgame.queen_woke", lang))}</div>')
    question = question_of(view)
    if question is not None:
        parts.append(_p(t("classgame.round", lang, n=int(view["round"]) + 1) + ": "
                        + question.exercise.prompt.render(lang), "1.9vw",
                        "sq-classgame-projector-question"))
        parts.append(_p(t("classgame.answered_count", lang, answered=view.get("answered", 0),
                          players=view.get("players", 0), voted=view.get("voted", 0)),
                        "1.7vw", "sq-classgame-count"))
    if view.get("tie") and question is not None:
        parts.append(_p(t("classgame.tie", lang), "1.9vw", "sq-classgame-tie-line"))
    if view.get("show_spread"):
        parts.append(f'<div class="sq-classgame-projector-spread" style="font-size:1.6vw">'
                     f'{_p(t("classgame.spread_title", lang), "1.8vw")}'
                     f"{spread_html(view, lang, names=False)}</div>")
    if view.get("revealed") and question is not None:
        parts.append(f'<div class="sq-classgame-reveal" style="font-size:1.6vw;'
                     f'background:#E8F5E9;border-radius:1vw;padding:0.4vw 1vw">'
                     f'{_p(t("classgame.right_answer", lang), "1.8vw")}'
                     f"{worked_html(question, lang)}</div>")
    if last and last.get("move"):
        move = move_words(move_from_wire(last["move"])).render(lang)
        parts.append(_p(t("classgame.last_move", lang, right=last["right"],
                          counted=last["counted"], move=move), "1.4vw", "sq-classgame-last"))
    return "".join(parts)


def end_html(view: dict[str, Any], lang: str) -> str:
    """The end screen: who won, the class's stars, its longest streak, its most improved
    skill; no child's name."""
    obs = obs_from_wire(view["obs"])
    winners = obs.winners
    if CLASS_SEAT in winners or not winners:
        top = celebration_html(t("classgame.end_won", lang)) if winners else ""
    else:
        top = _p(t("classgame.end_lost", lang, n=winners[0]), "2.6vw")
    stars = "★" * int(view.get("stars", 1)) + "☆" * (3 - int(view.get("stars", 1)))
    lines = [t("classgame.end_stars", lang, stars=stars),
             t("classgame.end_best_streak", lang, n=view.get("best_streak", 0))]
    if view.get("most_improved"):
        lines.append(t("classgame.end_improved", lang,
                       skill=skill_title(view["most_improved"], lang)))
    queens = "".join(_card(queen_face(q, width=120, lang=lang),
                           f"{queen_name(q, lang)}, {QUEEN_POINTS[q]}", "6vw")
                     for q in obs.awake[CLASS_SEAT])
    return (f'<div class="sq-classgame-end" style="text-align:center;font-size:2.4vw">{top}'
            + "".join(_p(line, "2.6vw") for line in lines) + f"<div>{queens}</div></div>")
