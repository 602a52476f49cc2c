"""Where the parts of the game app sit on the page: the header, the grown-ups' setup row, the
seat setup and nickname rows (behind the "For grown-ups" button), then the child's side
(status, pass screen, game-over panel, hand, buttons, coach, what the bots did) beside the
queens. On a wide screen the two columns
sit side by side, so nothing needs scrolling; on a narrow one the queens wrap below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from sq_edu.widgets.joy import header_tools
from sq_edu.widgets.style import AppStyle

if TYPE_CHECKING:
    from sq_edu.apps.play.app import PlayApp


def page_parts(app: PlayApp) -> list[widgets.Widget]:
    """The app's children, top to bottom."""
    board = app.board
    # Child first: the hand and its buttons right under the status line, the coach after them.
    left = widgets.VBox([app.feedback, app.pass_screen, app.over, board.hand, board.actions,
                         app.bot_bar, app.setup.bot_count, app.coach_box, board.story,
                         board.discard_view])
    left.add_class("sq-play-left")
    right = widgets.VBox([board.grid])
    right.add_class("sq-play-right")
    main = widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap"))
    main.add_class("sq-play-main")
    header = widgets.HBox([app.setup.title,
                           header_tools(app.language, app.cheer, app.settings_toggle)])
    header.add_class("sq-app-header")
    return [AppStyle(), header, app.settings, app.seat_setup, main]
