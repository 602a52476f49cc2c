"""The game-over panel of the game app: who won and why (a celebration, `sq-celebrate`, when
the shown person wins), every player's queens as pictures, the shown person's best moment, each
learner's coach summary (named when several people played), and "New game".

The stars and the queens' turn-over are CSS animations, off under `prefers-reduced-motion`
(app.css): a win is a moment to show, not a list to read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape

import ipywidgets as widgets

from sq_edu.apps.play.coaching import SeatCoach
from sq_edu.apps.shared.seats import seat_name
from sq_edu.apps.shared.words import end_reason, game_over_text, team_lines
from sq_edu.engine.cards import QUEEN_POINTS
from sq_edu.engine.observation import Event, Observation
from sq_edu.i18n import t
from sq_edu.practice.seats import Seat
from sq_edu.widgets.controls import button
from sq_edu.widgets.joy import celebration_html
from sq_edu.widgets.names import queen_name
from sq_edu.widgets.queens import total_text
from sq_edu.widgets.svg import queen_face

QUEEN_WIDTH = 56


def best_moment(events: Sequence[Event], lang: str, me: int = 0,
                kept: Sequence[str] | None = None) -> str:
    """The child's best moment of the game in one line: the richest queen woken or taken,
    else the biggest discard, else a kind word for having played to the end.

    `kept`: the queens the child holds at the end. A queen woken and then lost is said as lost
    (with what guards her), so the line never praises a queen the child's row does not show."""
    queens = [(QUEEN_POINTS.get(e.queen or "", 0), e.kind, e.queen) for e in events
              if e.seat == me and e.kind in ("wake", "steal") and e.queen]
    held = [q for q in queens if kept is None or q[2] in kept]
    if queens:
        points, kind, queen = max(held or queens, key=lambda q: q[0])
        what = t(f"joy.best_{kind}" if held else "joy.best_lost", lang,
                 queen=queen_name(queen or "", lang),
                 points=t("common.count_points", lang, n=points))
    else:
        biggest = max((len(e.cards) for e in events if e.seat == me and e.kind == "discard"),
                      default=0)
        what = (t("joy.best_discard", lang, cards=t("common.count_cards", lang, n=biggest))
                if biggest >= 3 else t("joy.best_try", lang))
    return t("joy.best_moment", lang, what=what)


def _queens_row(obs: Observation, seat: int, lang: str, names: Sequence[str] | None,
                you: bool) -> str:
    faces = "".join(f'<span class="sq-over-queen">{queen_face(q, QUEEN_WIDTH, lang)}</span>'
                    for q in obs.awake[seat])
    return (f'<li class="sq-over-player"><b>{escape(total_text(obs, seat, lang, names, you))}</b>'
            f'<div class="sq-over-queens">{faces}</div></li>')


def game_over_html(obs: Observation, events: Sequence[Event], lang: str,
                   names: Sequence[str] | None = None, shared: bool = False) -> str:
    """The whole panel as `obs.seat` sees it: heading, winner (celebrated if it is that seat),
    queens, best moment. `names`: the seats' names (several people, or one with bots);
    `shared`: several people at this screen, so no seat is "you" and no one's best moment."""
    me = None if shared else obs.seat
    head = escape(t("play.game_over", lang))
    winner = (game_over_text(obs.winners, me, lang, names) + " "
              + end_reason(obs, me, lang, names))
    top = (celebration_html(winner) if me in obs.winners
           else f"<p><b>{escape(winner)}</b></p>")
    players = "".join(_queens_row(obs, seat, lang, names, not shared)
                      for seat in range(obs.players))
    teams = "".join(f"<li>{escape(line)}</li>" for line in team_lines(obs, me, lang, names))
    best = "" if shared else best_moment(events, lang, obs.seat, obs.awake[obs.seat])
    moment = f'<p class="sq-best-moment">{escape(best)}</p>' if best else ""
    return (f'<div role="status" class="sq-over" style="font-size:1.15em"><h2>{head}</h2>{top}'
            f'<ul class="sq-over-players">{players}{teams}</ul>{moment}</div>')


class GameOver(widgets.VBox):
    """Hidden until the game ends; `again()` starts a new one."""

    def __init__(self, lang: str, again: Callable[[], None]) -> None:
        self.lang = lang
        self.text = widgets.HTML()
        self.summaries = widgets.VBox()
        self.play_again = button("sq-play-again", icon="refresh", button_style="success")
        self.play_again.on_click(lambda _b: again())
        super().__init__([self.text, self.summaries, self.play_again],
                         layout=widgets.Layout(align_items="flex-start"))
        self.add_class("sq-game-over")
        self.set_lang(lang)

    def draw(self, obs: Observation, events: Sequence[Event], coaches: Mapping[int, SeatCoach],
             seats: Sequence[Seat] | None, observe: Callable[[int], Observation],
             names: Sequence[str] | None = None, shared: bool = False) -> None:
        """Show the result of a finished game (hide the panel otherwise; `events` as the shown
        person saw them, for their best moment) with each learner's
        coach summary under it (their coach drawn from `observe(seat)`), named when several
        people played (`seats` given)."""
        over = obs.is_over
        self.layout.display = "flex" if over else "none"
        self.text.value = game_over_html(obs, events, self.lang, names, shared) if over else ""
        shown: list[widgets.Widget] = []
        for seat, seat_coach in coaches.items():
            seat_coach.panel.turn(observe(seat), [])
            if seats is not None:
                line = seat_coach.score_line(seat_name(seats, seat, self.lang), self.lang)
                shown.append(widgets.HTML(f"<h3 class='sq-h'>{escape(line)}</h3>"))
            if seat_coach.on:
                seat_coach.panel.summary.layout.display = "flex"
                shown.extend((seat_coach.panel.summary, seat_coach.panel.later))
        self.summaries.children = tuple(shown)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.play_again.description = t("common.new_game", lang)
