"""The game-over panel of the Play app: who won, every player's queens as pictures, the child's
best moment, and a celebration (`sq-celebrate`) when the child wins.

Pure HTML from the seat-0 `Observation` and the events the child saw: a win is a moment to
show, not a list to read. The stars and the queens' turn-over are CSS animations, off under
`prefers-reduced-motion` (app.css).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from sq_edu.apps.play.words import end_reason, game_over_text, team_lines
from sq_edu.engine.cards import QUEEN_POINTS
from sq_edu.engine.observation import Event, Observation
from sq_edu.i18n import t
from sq_edu.widgets.joy import celebration_html
from sq_edu.widgets.names import queen_name
from sq_edu.widgets.queens import total_text
from sq_edu.widgets.svg import queen_face

HUMAN = 0
QUEEN_WIDTH = 56


def best_moment(events: Sequence[Event], lang: str, me: int = HUMAN) -> str:
    """The child's best moment of the game in one line: the richest queen woken or taken,
    else the biggest discard, else a kind word for having played to the end."""
    queens = [(QUEEN_POINTS.get(e.queen or "", 0), e.kind, e.queen) for e in events
              if e.seat == me and e.kind in ("wake", "steal") and e.queen]
    if queens:
        points, kind, queen = max(queens, key=lambda q: q[0])
        what = t(f"joy.best_{kind}", lang, queen=queen_name(queen or "", lang),
                 points=t("common.count_points", lang, n=points))
    else:
        biggest = max((len(e.cards) for e in events if e.seat == me and e.kind == "discard"),
                      default=0)
        what = (t("joy.best_discard", lang, cards=t("common.count_cards", lang, n=biggest))
                if biggest >= 3 else t("joy.best_try", lang))
    return t("joy.best_moment", lang, what=what)


def _queens_row(obs: Observation, seat: int, lang: str) -> str:
    faces = "".join(f'<span class="sq-over-queen">{queen_face(q, QUEEN_WIDTH, lang)}</span>'
                    for q in obs.awake[seat])
    return (f'<li class="sq-over-player"><b>{escape(total_text(obs, seat, lang))}</b>'
            f'<div class="sq-over-queens">{faces}</div></li>')


def game_over_html(obs: Observation, events: Sequence[Event], lang: str) -> str:
    """The whole panel: heading, winner (celebrated if it is the child), queens, best moment."""
    head = escape(t("play.game_over", lang))
    winner = game_over_text(obs.winners, HUMAN, lang) + " " + end_reason(obs, HUMAN, lang)
    top = (celebration_html(winner) if HUMAN in obs.winners
           else f"<p><b>{escape(winner)}</b></p>")
    players = "".join(_queens_row(obs, seat, lang) for seat in range(obs.players))
    teams = "".join(f"<li>{escape(line)}</li>" for line in team_lines(obs, HUMAN, lang))
    moment = escape(best_moment(events, lang))
    return (f'<div role="status" class="sq-over" style="font-size:1.15em"><h2>{head}</h2>{top}'
            f'<ul class="sq-over-players">{players}{teams}</ul>'
            f'<p class="sq-best-moment">{moment}</p></div>')
