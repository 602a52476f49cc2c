"""The game-over panel of the game app: who won and why, every player's queens and points
(team totals in a team game), each learner's coach summary, and "New game"."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape

import ipywidgets as widgets

from sq_edu.apps.play.coaching import SeatCoach
from sq_edu.apps.play.seats import seat_name
from sq_edu.apps.play.words import end_reason, game_over_text, team_lines
from sq_edu.engine import Observation
from sq_edu.i18n import t
from sq_edu.practice.seats import Seat
from sq_edu.widgets.controls import button
from sq_edu.widgets.queens import total_text


def over_html(obs: Observation, lang: str) -> str:
    """The result as `obs.seat` sees it (a heading, the winner and why, the totals)."""
    me = obs.seat
    scores = "".join(f"<li>{escape(line)}</li>" for line in
                     [*(total_text(obs, s, lang) for s in range(obs.players)),
                      *team_lines(obs, me, lang)])
    head = escape(t("play.game_over", lang))
    winner = escape(game_over_text(obs.winners, me, lang) + " " + end_reason(obs, me, lang))
    return (f'<div role="status" style="font-size:1.15em"><h2>{head}</h2>'
            f"<p><b>{winner}</b></p><ul>{scores}</ul></div>")


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

    def draw(self, obs: Observation, coaches: Mapping[int, SeatCoach],
             seats: Sequence[Seat] | None, observe: Callable[[int], Observation]) -> None:
        """Show the result of a finished game (hide the panel otherwise) with each learner's
        coach summary under it (their coach drawn from `observe(seat)`), named when several
        people played (`seats` given)."""
        over = obs.is_over
        self.layout.display = "flex" if over else "none"
        self.text.value = over_html(obs, self.lang) if over else ""
        shown: list[widgets.Widget] = []
        for seat, seat_coach in coaches.items():
            seat_coach.panel.turn(observe(seat), [])
            if seats is not None:
                line = seat_coach.score_line(seat_name(seats, seat, self.lang), self.lang)
                shown.append(widgets.HTML(f"<h3 class='sq-h'>{escape(line)}</h3>"))
            if seat_coach.on:
                seat_coach.panel.summary.layout.display = "flex"
                shown.append(seat_coach.panel.summary)
        self.summaries.children = tuple(shown)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.play_again.description = t("common.new_game", lang)
