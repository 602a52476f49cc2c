"""`TableBoard`: one seat's view of a table game, drawn from what the table service sent
(an observation and, on this seat's decision, its legal moves). It reuses the widget kit
(hand, queen grid, discard pile) and the game app's words; it never holds a `Game`.

Stable hooks: `sq-table-board`, `sq-table-seats` (who sits where, whose turn, who is a bot),
`sq-table-back` ("I'm back" after a bot played for you), the game app's `sq-hand`,
`sq-act-*`, `sq-answer-*`, `sq-keep-card`, `sq-slot-<n>`, `sq-queen-<name>`, `sq-story`,
`sq-game-over`.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from sq_edu.apps.shared.words import game_over_text, narrate
from sq_edu.engine import Move, Observation
from sq_edu.engine.cards import sort_key
from sq_edu.i18n import t
from sq_edu.pages.tables.seat_names import seat_name
from sq_edu.pages.tables.wire import move_from_wire, obs_from_wire
from sq_edu.widgets.controls import button
from sq_edu.widgets.discard import DiscardPileView
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.hand import HandView
from sq_edu.widgets.names import card_word, short_name
from sq_edu.widgets.queens import QueenGrid, total_text

STORY_LINES = 8
ACTIONS = ("wake", "steal", "sleep", "jester", "discard", "cancel")


class TableBoard(widgets.VBox):
    """The board; `send(move)` is how a picked move leaves (the app sends it to the table)."""

    def __init__(self, lang: str, feedback: Feedback, send: Callable[[Move], None],
                 guard: Callable, back: Callable[[], None]) -> None:
        self.lang = lang
        self.feedback = feedback
        self._send_move = send
        self._guard = guard
        self.view: dict[str, Any] = {}
        self.obs: Observation | None = None
        self.legal: list[Move] = []
        self.mode: str | None = None
        self.seats = widgets.HTML()
        self.seats.add_class("sq-table-seats")
        self.back_button = button("sq-table-back", button_style="warning")
        self.back_button.on_click(guard(lambda _b: back()))
        self.hand = HandView((), lang)
        self.act = {kind: button(f"sq-act-{kind}") for kind in ACTIONS}
        self.act["discard"].button_style = "primary"
        self.answer_block = button("sq-answer-block", button_style="warning")
        self.answer_allow = button("sq-answer-allow")
        self.keep_box = widgets.HBox()
        self.story = widgets.HTML()
        self.story.add_class("sq-story")
        self.over = widgets.HTML()
        self.over.add_class("sq-game-over")
        self.grid: QueenGrid | None = None
        self.discard_view = DiscardPileView(None, lang)
        for kind in ("wake", "steal", "sleep"):
            self.act[kind].on_click(guard(lambda _b, k=kind: self._enter(k)))
        self.act["cancel"].on_click(guard(lambda _b: self._enter(None)))
        self.act["jester"].on_click(guard(lambda _b: self._play_kind("jester")))
        self.act["discard"].on_click(guard(lambda _b: self._discard()))
        self.answer_block.on_click(guard(lambda _b: self._play_kind("block")))
        self.answer_allow.on_click(guard(lambda _b: self._play_kind("allow")))
        self.actions = widgets.HBox([*self.act.values(), self.answer_block, self.answer_allow,
                                     self.keep_box], layout=widgets.Layout(flex_flow="row wrap"))
        self.left = widgets.VBox([self.seats, self.back_button, self.over, self.hand,
                                  self.actions, self.story, self.discard_view])
        self.left.add_class("sq-play-left")
        self.right = widgets.VBox()
        self.right.add_class("sq-play-right")
        super().__init__([widgets.HBox([self.left, self.right],
                                       layout=widgets.Layout(flex_flow="row wrap"))])
        self.add_class("sq-table-board")

    # --- showing a view -----------------------------------------------------------------------
    def show(self, view: dict[str, Any]) -> None:
        """Draw what the table service sent for this seat."""
        self.view = view
        obs = obs_from_wire(view["obs"])
        self.legal = [move_from_wire(m) for m in view.get("legal", [])]
        if self.obs is None or self.obs.hand != obs.hand:
            self.hand.set_hand(obs.hand)
        self.obs = obs
        if not self.legal:
            self.mode = None
        if self.grid is None:
            self.grid = QueenGrid(obs, self.lang, feedback=self.feedback)
            self.grid.on_slot(self._guard(self._slot_picked))
            self.grid.on_queen(self._guard(self._queen_picked))
            self.right.children = [self.grid]
        self.draw()

    def draw(self) -> None:
        obs = self.obs
        if obs is None or self.grid is None:
            return
        with self.hold_trait_notifications():
            self.grid.names = self.seat_names()
            self.grid.update(obs)
            self.discard_view.update(obs)
            mine = self.view["seats"][obs.seat]
            self.back_button.layout.display = "flex" if mine.get("idle") else "none"
            self.back_button.description = t("table.back", self.lang)
            self._draw_actions(obs)
            self._draw_story(obs)
            self.over.layout.display = "flex" if obs.is_over else "none"
            self.over.value = self._over_html(obs) if obs.is_over else ""
            self.hand.disabled = not self.legal
            # Last: a page (or a test) that sees the new move count sees the rest drawn too.
            self.seats.value = self._seats_html(obs)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.hand.set_lang(lang)
        self.discard_view.set_lang(lang)
        if self.grid is not None:
            self.grid.set_lang(lang)
        self.draw()

    def name_of(self, seat: int) -> str:
        seats = self.view.get("seats", [])
        return seat_name(seats[seat] if 0 <= seat < len(seats) else {}, seat, self.lang)

    def seat_names(self) -> list[str]:
        """What every seat is called: the child's name, or "Bot 3" for a bot's seat."""
        return [self.name_of(seat) for seat in range(len(self.view.get("seats", [])))]

    def person_names(self) -> list[str]:
        """The children's own names by seat ("" for a bot): how the coach calls a seat."""
        return [str(seat.get("name") or "") for seat in self.view.get("seats", [])]

    def _seats_html(self, obs: Observation) -> str:
        rows = []
        for seat, info in enumerate(self.view["seats"]):
            name = escape(self.name_of(seat))
            if seat == obs.seat:
                name = f"<b>{name} ({escape(t('table.you', self.lang))})</b>"
            notes = []
            if info["kind"] == "person" and info["bot"]:
                notes.append(t("table.bot_plays_for", self.lang))
            turn = not obs.is_over and obs.current_player == seat
            if turn:
                notes.append(t("table.their_turn", self.lang))
            note = f" <i>{escape(', '.join(notes))}</i>" if notes else ""
            mark = "&#9654; " if turn else ""
            line = escape(t("table.seat_line", self.lang, n=seat + 1, name="\x00",
                            points=obs.points[seat])).replace("\x00", name)
            rows.append(f"<li>{mark}{line}{note}</li>")
        title = escape(t("table.seats_title", self.lang, code=self.view.get("code", "")))
        return (f'<div role="status" aria-live="polite" data-moves="{self.view["moves"]}">'
                f'<h3 class="sq-h">{title}</h3>'
                f'<ul style="font-size:1.1em">{"".join(rows)}</ul></div>')

    def _draw_actions(self, obs: Observation) -> None:
        legal = self.legal
        kinds = {m.kind for m in legal}
        normal = bool(legal) and obs.pending is None
        for kind in ("wake", "steal", "sleep", "jester"):
            self.act[kind].layout.display = "flex" if normal and kind in kinds else "none"
            self.act[kind].description = t(f"play.act_{kind}", self.lang)
        self.act["discard"].layout.display = "flex" if normal else "none"
        self.act["discard"].description = t("play.act_discard", self.lang)
        self.act["cancel"].layout.display = "flex" if normal and self.mode else "none"
        self.act["cancel"].description = t("play.act_cancel", self.lang)
        block = [m for m in legal if m.kind == "block"]
        self.answer_block.layout.display = "flex" if block else "none"
        if block:
            self.answer_block.description = t("play.answer_block", self.lang,
                                              card=card_word(block[0].cards[0], self.lang))
        self.answer_allow.layout.display = "flex" if "allow" in kinds else "none"
        self.answer_allow.description = t("play.answer_allow", self.lang)
        for old in self.keep_box.children:
            old.close()
        self.keep_box.children = [self._keep_button(m) for m in legal
                                  if m.kind == "choose" and m.cards]
        slots = [m.slot for m in legal if m.slot is not None and (
            m.kind == "choose" or (self.mode == "wake" and m.kind == "wake"))]
        if slots and self.grid is not None:
            self.grid.choose_slots(slots)
        if self.mode in ("steal", "sleep") and self.grid is not None:
            self.grid.choose_queens((m.target, m.queen) for m in legal
                                    if m.kind == self.mode and m.target is not None
                                    and m.queen is not None)

    def _keep_button(self, move: Move) -> widgets.Button:
        keep = button("sq-keep-card", button_style="info", description=t(
            "play.keep_card", self.lang, card=short_name(move.cards[0], self.lang)))
        keep.on_click(self._guard(lambda _b, m=move: self._send_move(m)))
        return keep

    def _draw_story(self, obs: Observation) -> None:
        names = self.seat_names()
        lines = [line for line in (narrate(e, obs.seat, self.lang, names) for e in obs.events)
                 if line][-STORY_LINES:]
        title = escape(t("play.story_title", self.lang))
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        self.story.value = (f'<h3 class="sq-h">{title}</h3><div role="log" aria-live="polite" '
                            f'aria-label="{title}"><ol style="font-size:1.05em">{items}</ol>'
                            "</div>")

    def _over_html(self, obs: Observation) -> str:
        names = self.seat_names()
        scores = "".join(f"<li>{escape(total_text(obs, s, self.lang, names))}</li>"
                         for s in range(obs.players))
        head = escape(t("play.game_over", self.lang))
        winner = escape(game_over_text(obs.winners, obs.seat, self.lang, names))
        return (f'<div role="status" style="font-size:1.15em"><h2>{head}</h2>'
                f"<p><b>{winner}</b></p><ul>{scores}</ul></div>")

    # --- the child's choices ------------------------------------------------------------------
    def _enter(self, mode: str | None) -> None:
        self.mode = mode
        self.draw()
        if mode is not None:
            what = "slot_wake" if mode == "wake" else f"queen_{mode}"
            self.feedback.say(f"play.prompt_pick_{what}", "info")

    def _play_kind(self, kind: str) -> None:
        moves = [m for m in self.legal if m.kind == kind]
        if moves:
            self._send_move(moves[0])

    def _slot_picked(self, slot: int) -> None:
        for move in self.legal:
            if move.slot == slot and (move.kind == "choose"
                                      or (move.kind == "wake" and self.mode == "wake")):
                self._send_move(move)
                return

    def _queen_picked(self, seat: int, queen: str) -> None:
        for move in self.legal:
            if move.kind == self.mode and move.target == seat and move.queen == queen:
                self._send_move(move)
                return

    def _discard(self) -> None:
        cards = tuple(sorted(self.hand.selected_cards, key=sort_key))
        if not cards:
            self.feedback.say("play.prompt_pick_cards", "info")
            return
        move = Move("discard", cards)
        if move not in self.legal:
            self.feedback.say("table.err_illegal", "bad")
            return
        self._send_move(move)
