"""The board of the game app: the hand, the buttons offering the shown person's legal moves,
the queens grid, the discard pile, the story, and the prompt saying what to do. It draws what
it is given (an observation and the legal moves) and hands each chosen move to `play`; the
game itself stays in `PlayApp`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import ipywidgets as widgets

from sq_edu.apps.shared.words import narrate, who
from sq_edu.engine import Move, Observation
from sq_edu.engine.observation import Event
from sq_edu.i18n import t
from sq_edu.widgets.controls import button as _button
from sq_edu.widgets.discard import DiscardPileView
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.hand import HandView
from sq_edu.widgets.names import card_word, named_player, queen_name, short_name
from sq_edu.widgets.queens import QueenGrid

if TYPE_CHECKING:
    from sq_edu.apps.play.coaching import SeatCoach

STORY_LINES = 10
F = TypeVar("F", bound=Callable[..., Any])


class Guard(Protocol):
    """`guarded(feedback)`: wraps a callback so an error is said kindly, keeping its type."""

    def __call__(self, fn: F, /) -> F: ...


class PlayBoard:
    """The child's side of the table for `obs`; `play(move)` and `discard()` act."""

    def __init__(self, obs: Observation, lang: str, feedback: Feedback, guard: Guard,
                 play: Callable[[Move], None], discard: Callable[[], None]) -> None:
        self.lang = lang
        self.feedback = feedback
        self._guard = guard
        self._play = play
        self.mode: str | None = None
        self.legal: list[Move] = []
        self._obs = obs
        self.grid = QueenGrid(obs, lang, feedback=feedback)
        self.discard_view = DiscardPileView(obs, lang)
        self.hand = HandView(obs.hand, lang)
        self.act = {kind: _button(f"sq-act-{kind}") for kind in
                    ("wake", "steal", "sleep", "jester", "discard", "cancel")}
        self.act["discard"].button_style = "primary"
        self.answer_block = _button("sq-answer-block", button_style="warning")
        self.answer_allow = _button("sq-answer-allow")
        self.keep_box = widgets.HBox()
        self.story = widgets.HTML()
        self.story.add_class("sq-story")
        self.actions = widgets.HBox([*self.act.values(), self.answer_block, self.answer_allow,
                                     self.keep_box], layout=widgets.Layout(flex_flow="row wrap"))
        for kind in ("wake", "steal", "sleep"):
            self.act[kind].on_click(guard(lambda _b, k=kind: self.enter(k)))
        self.act["cancel"].on_click(guard(lambda _b: self.enter(None)))
        self.act["jester"].on_click(guard(lambda _b: self.play_kind("jester")))
        self.act["discard"].on_click(guard(lambda _b: discard()))
        self.answer_block.on_click(guard(lambda _b: self.play_kind("block")))
        self.answer_allow.on_click(guard(lambda _b: self.play_kind("allow")))
        self.grid.on_slot(guard(self._slot_picked))
        self.grid.on_queen(guard(self._queen_picked))
        self._label()

    # --- choosing ---------------------------------------------------------------------------
    def enter(self, mode: str | None) -> None:
        """Wake, steal or sleep picked: the grid offers the slots or queens (None: cancel)."""
        self.mode = mode
        self.draw(self._obs, self.legal, hide_hand=False)

    def play_kind(self, kind: str) -> None:
        moves = [m for m in self.legal if m.kind == kind]
        if moves:
            self._play(moves[0])

    def _slot_picked(self, slot: int) -> None:
        for move in self.legal:
            if move.slot == slot and (move.kind == "choose"
                                      or (move.kind == "wake" and self.mode == "wake")):
                self._play(move)
                return

    def _queen_picked(self, seat: int, queen: str) -> None:
        kind = {"steal": "steal", "sleep": "sleep"}.get(self.mode or "")
        for move in self.legal:
            if move.kind == kind and move.target == seat and move.queen == queen:
                self._play(move)
                return

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, obs: Observation, legal: list[Move], hide_hand: bool,
             coaches: Mapping[int, SeatCoach] | None = None) -> None:
        """Draw `obs`; `legal` are the moves offered now ([] while others decide); `coaches`:
        each person's coach, whose stars shine beside their names (None: keep them)."""
        if coaches is not None:
            self.show_stars(coaches)
        self._obs = obs
        self.legal = legal
        mine = bool(legal)
        self.grid.update(obs)
        self.discard_view.update(obs)
        # A hidden hand holds no cards: `display: none` hides the widget, not its synced
        # `cards`, which a browser's developer tools read (the pass screen of a shared one).
        shown = () if hide_hand else tuple(obs.hand)
        if tuple(self.hand.hand) != shown:
            self.hand.set_hand(shown)
        self.hand.layout.display = "none" if hide_hand else "flex"
        self.actions.layout.display = "flex" if mine else "none"
        self.hand.disabled = not (mine and obs.pending is None)
        self._show_choices(legal, obs if mine else None)

    def _show_choices(self, legal: list[Move], obs: Observation | None) -> None:
        """Offer exactly the legal moves as buttons, and say what to do."""
        kinds = {m.kind for m in legal}
        pending = obs.pending if obs is not None else None
        normal = obs is not None and pending is None
        for kind in ("wake", "steal", "sleep", "jester"):
            self.act[kind].layout.display = "flex" if normal and kind in kinds else "none"
        self.act["discard"].layout.display = "flex" if normal else "none"
        self.act["cancel"].layout.display = "flex" if normal and self.mode else "none"
        block = [m for m in legal if m.kind == "block"]
        self.answer_block.layout.display = "flex" if block else "none"
        self.answer_allow.layout.display = "flex" if "allow" in kinds else "none"
        if block:
            self.answer_block.description = t("play.answer_block", self.lang,
                                              card=card_word(block[0].cards[0], self.lang))
        keeps = [m for m in legal if m.kind == "choose" and m.cards]
        for old in self.keep_box.children:
            old.close()
        self.keep_box.children = [self._keep_button(m) for m in keeps]
        if obs is None:
            return
        slots = [m.slot for m in legal if m.slot is not None and (
            m.kind == "choose" or (self.mode == "wake" and m.kind == "wake"))]
        if slots:
            self.grid.choose_slots(slots)
            self.grid.slot_buttons[slots[0]].focus()  # keyboard users land on the choice
        if self.mode in ("steal", "sleep"):
            self.grid.choose_queens((m.target, m.queen) for m in legal
                                    if m.kind == self.mode and m.target is not None
                                    and m.queen is not None)
            first = next(iter(self.grid.queen_buttons.values()), None)
            if first is not None:
                first.focus()
        if block:
            self.answer_block.focus()
        key, params = self._prompt_key(pending), self._prompt_params(legal, obs)
        if self.names is not None and key == "play.prompt_your_turn":   # whose turn, by name
            key, params = "play.prompt_turn_named", {"who": named_player(
                self.names[obs.seat], self.lang)}
        self.feedback.say(key, "info", **params)

    def show_stars(self, coaches: Mapping[int, SeatCoach]) -> None:
        """The stars each person's right answers to their coach earned, on the scoreboard."""
        self.grid.set_stars({seat: c.panel.coach.stars for seat, c in coaches.items()})

    @property
    def names(self) -> Sequence[str] | None:
        """The seats' names at a table of several people (None: one child against bots); the
        scoreboard says them too ("Masha: 2 queens", not "Player 2")."""
        return self.grid.names

    @names.setter
    def names(self, names: Sequence[str] | None) -> None:
        self.grid.names = None if names is None else [str(name) for name in names]

    def cards_checked(self, right: bool) -> None:
        """The coach judged the cards picked in the hand: a right pick stays picked, so one
        tap on "Discard" plays it; a wrong one is unpicked."""
        if right:
            self.act["discard"].focus()
        else:
            self.hand.clear()

    def focus_first_action(self) -> None:
        """The child's turn: keyboard focus on the first thing to do."""
        shown = [b for b in self.act.values() if b.layout.display != "none"]
        if shown:
            shown[0].focus()

    def _prompt_key(self, pending: str | None) -> str:
        if pending in ("rose", "jester_wake"):
            return "play.prompt_bonus_wake" if pending == "rose" else "play.prompt_pick_slot_wake"
        if pending in ("potion_slot", "catdog_slot"):
            return "play.prompt_pick_slot_empty"
        if pending == "block":
            return "play.prompt_block"
        if pending == "jester_pick":
            return "play.prompt_keep"
        return {"wake": "play.prompt_pick_slot_wake", "steal": "play.prompt_pick_queen_steal",
                "sleep": "play.prompt_pick_queen_sleep"}.get(self.mode or "",
                                                             "play.prompt_your_turn")

    def _prompt_params(self, legal: list[Move], obs: Observation) -> dict[str, object]:
        answer = next((m for m in legal if m.kind in ("block", "allow")), None)
        if answer is None:
            return {}
        return {"who": who(answer.target, obs.seat, self.lang),
                "queen": queen_name(answer.queen or "", self.lang)}

    def _keep_button(self, move: Move) -> widgets.Button:
        button = _button("sq-keep-card", button_style="info",
                         description=t("play.keep_card", self.lang,
                                       card=short_name(move.cards[0], self.lang)))
        button.on_click(self._guard(lambda _b, m=move: self._keep(m)))
        return button

    def _keep(self, move: Move) -> None:
        if move in self.legal:
            self._play(move)

    @property
    def shared(self) -> bool:
        """Several people share this screen: no seat is "You", each is called by its name
        (on the scoreboard and in the story); one child against bots keeps "You"."""
        return self.grid.shared

    @shared.setter
    def shared(self, shared: bool) -> None:
        self.grid.shared = shared

    def tell(self, story: Sequence[tuple[bool, Event]], me: int) -> list[tuple[bool, str]]:
        """(newest?, sentence) for each event of `story` a child reads, as seat `me`'s screen
        says it."""
        teller = None if self.shared else me
        told = [(new, narrate(e, teller, self.lang, self.names)) for new, e in story]
        return [(new, line) for new, line in told if line]

    def render_story(self, story: Sequence[tuple[bool, Event]], me: int) -> None:
        """The last lines of what happened, the newest move in bold (role=log)."""
        lines = self.tell(story, me)[-STORY_LINES:]
        items = "".join(f"<li>{'<b>' if new else ''}{escape(line)}{'</b>' if new else ''}</li>"
                        for new, line in lines)
        title = escape(t("play.story_title", self.lang))
        # role=log on a wrapper: on the <ol> itself it would strip the items' list semantics.
        self.story.value = (f'<h3 class="sq-h">{title}</h3><div role="log" aria-live="polite" '
                            f'aria-label="{title}"><ol style="font-size:1.05em;'
                            f'padding-left:2.2em">{items}</ol></div>')

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        for view in (self.grid, self.discard_view, self.hand):
            view.set_lang(lang)
        self._label()

    def _label(self) -> None:
        lang = self.lang
        for kind, button in self.act.items():
            button.description = t(f"play.act_{kind}", lang)
        self.answer_allow.description = t("play.answer_allow", lang)
