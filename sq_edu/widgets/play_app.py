"""`PlayApp`: a whole game of Sleeping Queens against 1 to 4 bots, for a child at seat 0.

The app owns the `Game` in the kernel but shows only seat 0's `Observation` (hidden cards never
reach the browser). The child acts with the hand, the action buttons and the slot / queen
buttons of the `QueenGrid`; bots move one at a time on "Next move" (or all at once with the
"auto" box), each move told in a sentence. A coach panel shows the maths that helps now.

Stable hooks for browser tests (CSS classes on the widgets; every control is a real button,
checkbox or select, so it is keyboard operable and has a text name):

    sq-play-app       the whole app            sq-language      English / Русский toggle
    sq-opponents      number of bots (select)  sq-bot-strength  bot strength (select)
    sq-rules          rule preset (select)     sq-new-game      start a new game
    sq-auto           bots move at once        sq-status        the status line (role=status)
    sq-hand / .sq-card  the hand, aria-pressed card buttons
    sq-act-wake  sq-act-steal  sq-act-sleep  sq-act-jester  sq-act-discard  sq-act-cancel
    sq-slot-button, sq-slot-<1..12>            slot choice buttons of the queen grid
    sq-queen-button, sq-queen-<name>           awake-queen choice buttons
    sq-answer-block  sq-answer-allow           answer an attack on your queen
    sq-keep-card                               royal court: keep one revealed card
    sq-next  sq-skip                           advance the bots
    sq-story          what happened (role=log) sq-coach-toggle / sq-coach   the coach
    sq-game-over      the game-over panel      sq-play-again    new game from that panel
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from sq_edu.bots import CountingBot, GreedyBot, RandomBot
from sq_edu.engine import Game, IllegalMove, Move, Observation, Rules, advance_bots
from sq_edu.engine.cards import sort_key
from sq_edu.engine.observation import Event
from sq_edu.engine.rules import PRESETS
from sq_edu.i18n import normalize_lang, t
from sq_edu.links import default_lang

from .controls import button as _button
from .discard import DiscardPileView
from .feedback import Feedback
from .guard import guarded
from .hand import HandView
from .language import LanguageToggle
from .names import queen_name, short_name
from .play_coach import CoachPanel
from .play_words import game_over_text, narrate, who
from .queens import QueenGrid, total_text
from .style import AppStyle

HUMAN = 0
STORY_LINES = 10
MAX_BOT_STEPS = 2000  # a safety cap for "skip": no real game needs that many decisions


def available_bots() -> dict[str, Callable[[random.Random], object]]:
    """Bot strengths offered, easiest first; each is built with its own seeded RNG."""
    return {"random": RandomBot, "greedy": GreedyBot, "counting": CountingBot}


class PlayApp(widgets.VBox):
    """The game app. `PlayApp(lang="ru", seed=7)` is reproducible game after game."""

    def __init__(self, lang: str | None = "en", seed: int | None = None, opponents: int = 2,
                 bots: str = "greedy", rules: str = "official", auto: bool = False) -> None:
        """`lang=None` takes the server's default language (`sq-edu serve --lang`)."""
        self.lang = default_lang() if lang is None else normalize_lang(lang)
        self._seeds = random.Random(seed)
        self._kinds = available_bots()
        self.feedback = Feedback(self.lang)
        self.feedback.add_class("sq-status")
        guard = guarded(lambda: self.feedback)
        self._guard = guard

        self.title = widgets.HTML()
        self.language = LanguageToggle(self.lang, feedback=self.feedback)
        self.language.on_change(self.set_lang)
        self.opponents = widgets.Dropdown(options=[1, 2, 3, 4], value=opponents)
        self.opponents.add_class("sq-opponents")
        self.bot_choice = widgets.Dropdown(value=None, options=[])
        self.bot_choice.add_class("sq-bot-strength")
        self.rules_choice = widgets.Dropdown(value=None, options=[])
        self.rules_choice.add_class("sq-rules")
        self._label_choices(bots if bots in self._kinds else "greedy", rules)
        self.new_game_button = _button("sq-new-game", icon="refresh")
        self.auto = widgets.Checkbox(value=auto, indent=False)
        self.auto.add_class("sq-auto")

        self.game = Game.new(players=opponents + 1, seed=0, rules="official")  # replaced below
        obs = self.game.observe(HUMAN)
        self.grid = QueenGrid(obs, self.lang, feedback=self.feedback)
        self.discard_view = DiscardPileView(obs, self.lang)
        self.hand = HandView(obs.hand, self.lang)
        self.act = {kind: _button(f"sq-act-{kind}") for kind in
                    ("wake", "steal", "sleep", "jester", "discard", "cancel")}
        self.act["discard"].button_style = "primary"
        self.answer_block = _button("sq-answer-block", button_style="warning")
        self.answer_allow = _button("sq-answer-allow")
        self.keep_box = widgets.HBox()
        self.next_button = _button("sq-next", icon="play", button_style="primary")
        self.skip_button = _button("sq-skip", icon="fast-forward")
        self.story = widgets.HTML()
        self.story.add_class("sq-story")
        self.coach_toggle = widgets.ToggleButton(value=False, icon="lightbulb-o")
        self.coach_toggle.add_class("sq-coach-toggle")
        self.coach = CoachPanel(self.lang, feedback=self.feedback)
        self.over_text = widgets.HTML()
        self.play_again = _button("sq-play-again", icon="refresh", button_style="success")
        self.over_box = widgets.VBox([self.over_text, self.play_again],
                                     layout=widgets.Layout(align_items="flex-start"))
        self.over_box.add_class("sq-game-over")

        self.new_game_button.on_click(guard(lambda _b: self.new_game()))
        self.play_again.on_click(guard(lambda _b: self.new_game()))
        self.act["wake"].on_click(guard(lambda _b: self._enter("wake")))
        self.act["steal"].on_click(guard(lambda _b: self._enter("steal")))
        self.act["sleep"].on_click(guard(lambda _b: self._enter("sleep")))
        self.act["cancel"].on_click(guard(lambda _b: self._enter(None)))
        self.act["jester"].on_click(guard(lambda _b: self._play_kind("jester")))
        self.act["discard"].on_click(guard(lambda _b: self.discard_selected()))
        self.answer_block.on_click(guard(lambda _b: self._play_kind("block")))
        self.answer_allow.on_click(guard(lambda _b: self._play_kind("allow")))
        self.next_button.on_click(guard(lambda _b: self.next_move()))
        self.skip_button.on_click(guard(lambda _b: self.run_bots()))
        self.grid.on_slot(guard(self._slot_picked))
        self.grid.on_queen(guard(self._queen_picked))
        self.coach_toggle.observe(guard(lambda _c: self._refresh_coach()), "value")

        self.actions = widgets.HBox([*self.act.values(), self.answer_block, self.answer_allow,
                                     self.keep_box], layout=widgets.Layout(flex_flow="row wrap"))
        self.bot_bar = widgets.HBox([self.next_button, self.skip_button])
        setup = widgets.HBox([self.opponents, self.bot_choice, self.rules_choice,
                              self.new_game_button, self.auto],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        # On a wide screen the child's side (hand, buttons, what the bots did) sits beside the
        # queens, so nothing needs scrolling; on a narrow one the queens wrap below.
        left = widgets.VBox([self.feedback, self.over_box, self.hand, self.actions,
                             self.bot_bar, self.story, self.discard_view, self.coach_toggle,
                             self.coach])
        left.add_class("sq-play-left")
        right = widgets.VBox([self.grid])
        right.add_class("sq-play-right")
        board = widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap"))
        board.add_class("sq-play-main")
        header = widgets.HBox([self.title, self.language])
        header.add_class("sq-app-header")
        super().__init__([AppStyle(), header, setup, board])
        self.add_class("sq-app")
        self.add_class("sq-play-app")
        self._mode: str | None = None
        self._story: list[Event] = []
        self._last_action = 0
        self._bots: dict[int, object] = {}
        self._relabel()
        self.new_game()

    # --- game flow --------------------------------------------------------------------------
    @property
    def obs(self) -> Observation:
        return self.game.observe(HUMAN)

    def new_game(self) -> None:
        """Start a game with the chosen opponents, bots and rules."""
        rules = Rules.preset(self.rules_choice.value)
        if rules.teams and self.opponents.value != 3:
            self.opponents.value = 3
        seed = self._seeds.randrange(2**31)
        players = int(self.opponents.value) + 1
        self.game = Game.new(players=players, seed=seed, rules=rules)
        make = self._kinds[self.bot_choice.value]
        self._bots = {s: make(random.Random(seed + s)) for s in range(1, players)}
        self._story = [e.seen_by(HUMAN) for e in self.game.events]
        self._last_action = 0
        self._mode = None
        self.feedback.clear()
        self._after_move()
        if rules.teams:
            self.feedback.say("play.teams_need_four", "info")

    def legal(self) -> list[Move]:
        """The child's legal moves now ([] while a bot decides or after the game)."""
        if self.game.is_over or self.game.current_player != HUMAN:
            return []
        return self.game.legal_moves()

    def play(self, move: Move) -> None:
        """Play the child's move, tell it, and let the bots go if 'auto' is ticked."""
        self._record(self.game.play(move, seat=HUMAN))
        self.hand.clear()  # picked cards are gone; a new hand may hold the same cards
        self._mode = None
        self._after_move()

    def next_move(self) -> None:
        """One bot decision (the "Next move" button)."""
        if advance_bots(self.game, self._bots, limit=1, each=self._record):
            self._refresh()

    def run_bots(self) -> None:
        """Bots move until it is the child's decision or the game ends ("Skip")."""
        advance_bots(self.game, self._bots, limit=MAX_BOT_STEPS,
                     each=lambda events: self._record(events, refresh=False))
        self._refresh()

    def discard_selected(self) -> None:
        """Discard the picked cards, or say kindly why not (the engine's own reason)."""
        cards = tuple(sorted(self.hand.selected_cards, key=sort_key))
        if not cards:
            self.feedback.say("play.prompt_pick_cards", "info")
            return
        try:
            events = self.game.play(Move("discard", cards), seat=HUMAN)
        except IllegalMove as why:
            self.feedback.show(why.text(self.lang), "bad")
            return
        self._record(events)
        self.hand.clear()  # the drawn cards may equal the thrown ones: start unpicked
        self._mode = None
        self._after_move()

    def story_lines(self) -> list[str]:
        """Everything told so far, in the current language."""
        lines = (narrate(e, HUMAN, self.lang) for e in self._story)
        return [line for line in lines if line]

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        if self.language.value != self.lang:
            self.language.value = self.lang
        for view in (self.feedback, self.grid, self.discard_view, self.hand, self.coach):
            view.set_lang(self.lang)
        self._relabel()
        self._refresh()

    # --- reacting ---------------------------------------------------------------------------
    def _record(self, events: Sequence[Event], refresh: bool = True) -> None:
        self._last_action = len(self._story)
        self._story.extend(e.seen_by(HUMAN) for e in events)
        if refresh:
            self._render_story()

    def _after_move(self) -> None:
        if self.auto.value:
            self.run_bots()
        else:
            self._refresh()

    def _enter(self, mode: str | None) -> None:
        self._mode = mode
        self._refresh()

    def _play_kind(self, kind: str) -> None:
        moves = [m for m in self.legal() if m.kind == kind]
        if moves:
            self.play(moves[0])

    def _slot_picked(self, slot: int) -> None:
        for move in self.legal():
            if move.slot == slot and (move.kind == "choose"
                                      or (move.kind == "wake" and self._mode == "wake")):
                self.play(move)
                return

    def _queen_picked(self, seat: int, queen: str) -> None:
        kind = {"steal": "steal", "sleep": "sleep"}.get(self._mode or "")
        for move in self.legal():
            if move.kind == kind and move.target == seat and move.queen == queen:
                self.play(move)
                return

    def _keep(self, move: Move) -> None:
        if move in self.legal():
            self.play(move)

    # --- drawing ----------------------------------------------------------------------------
    def _refresh(self) -> None:
        obs = self.obs
        over = obs.is_over
        with self.hold_trait_notifications():
            self.grid.update(obs)
            self.discard_view.update(obs)
            if tuple(self.hand.hand) != tuple(obs.hand):
                self.hand.set_hand(obs.hand)
            self.over_box.layout.display = "flex" if over else "none"
            self.over_text.value = self._over_html(obs) if over else ""
            mine = not over and obs.current_player == HUMAN
            self.bot_bar.layout.display = "none" if over or mine else "flex"
            self.actions.layout.display = "flex" if mine else "none"
            self.hand.disabled = not (mine and obs.pending is None)
            self._show_choices(obs if mine else None)
            self._render_story()
            self._refresh_coach()
        if not over and not mine:
            self.feedback.say("play.prompt_wait", "info",
                              who=who(obs.current_player, HUMAN, self.lang))
            self.next_button.focus()
        elif over:
            self.feedback.clear()  # the game-over panel says it all; no stale "your turn"
            self.play_again.focus()
        elif obs.pending is None and self._mode is None:
            shown = [b for b in self.act.values() if b.layout.display != "none"]
            shown[0].focus()  # the child's turn: keyboard focus on the first thing to do

    def _show_choices(self, obs: Observation | None) -> None:
        """Offer exactly the child's legal moves as buttons, and say what to do."""
        legal = self.legal() if obs is not None else []
        kinds = {m.kind for m in legal}
        pending = obs.pending if obs is not None else None
        normal = obs is not None and pending is None
        for kind in ("wake", "steal", "sleep", "jester"):
            self.act[kind].layout.display = "flex" if normal and kind in kinds else "none"
        self.act["discard"].layout.display = "flex" if normal else "none"
        self.act["cancel"].layout.display = "flex" if normal and self._mode else "none"
        block = [m for m in legal if m.kind == "block"]
        self.answer_block.layout.display = "flex" if block else "none"
        self.answer_allow.layout.display = "flex" if "allow" in kinds else "none"
        if block:
            self.answer_block.description = t("play.answer_block", self.lang,
                                              card=short_name(block[0].cards[0], self.lang))
        keeps = [m for m in legal if m.kind == "choose" and m.cards]
        for old in self.keep_box.children:
            old.close()
        self.keep_box.children = [self._keep_button(m) for m in keeps]
        if obs is None:
            return
        slots = [m.slot for m in legal if m.slot is not None and (
            m.kind == "choose" or (self._mode == "wake" and m.kind == "wake"))]
        if slots:
            self.grid.choose_slots(slots)
            self.grid.slot_buttons[slots[0]].focus()  # keyboard users land on the choice
        if self._mode in ("steal", "sleep"):
            self.grid.choose_queens((m.target, m.queen) for m in legal
                                    if m.kind == self._mode and m.target is not None
                                    and m.queen is not None)
            first = next(iter(self.grid.queen_buttons.values()), None)
            if first is not None:
                first.focus()
        if block:
            self.answer_block.focus()
        self.feedback.say(self._prompt_key(pending), "info", **self._prompt_params(legal))

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
                "sleep": "play.prompt_pick_queen_sleep"}.get(self._mode or "",
                                                             "play.prompt_your_turn")

    def _prompt_params(self, legal: list[Move]) -> dict[str, object]:
        answer = next((m for m in legal if m.kind in ("block", "allow")), None)
        if answer is None:
            return {}
        return {"who": who(answer.target, HUMAN, self.lang),
                "queen": queen_name(answer.queen or "", self.lang)}

    def _keep_button(self, move: Move) -> widgets.Button:
        button = _button("sq-keep-card", button_style="info",
                         description=t("play.keep_card", self.lang,
                                       card=short_name(move.cards[0], self.lang)))
        button.on_click(self._guard(lambda _b, m=move: self._keep(m)))
        return button

    def _render_story(self) -> None:
        told = [(i >= self._last_action, narrate(e, HUMAN, self.lang))
                for i, e in enumerate(self._story)]
        lines = [(new, line) for new, line in told if line][-STORY_LINES:]
        items = "".join(f"<li>{'<b>' if new else ''}{escape(line)}{'</b>' if new else ''}</li>"
                        for new, line in lines)
        title = escape(t("play.story_title", self.lang))
        # role=log on a wrapper: on the <ol> itself it would strip the items' list semantics.
        self.story.value = (f'<h3 class="sq-h">{title}</h3><div role="log" aria-live="polite" '
                            f'aria-label="{title}"><ol style="font-size:1.05em;'
                            f'padding-left:2.2em">{items}</ol></div>')

    def _refresh_coach(self) -> None:
        open_ = bool(self.coach_toggle.value)
        self.coach.layout.display = "flex" if open_ else "none"
        if open_:
            self.coach.update(self.obs)

    def _over_html(self, obs: Observation) -> str:
        scores = "".join(f"<li>{escape(total_text(obs, s, self.lang))}</li>"
                         for s in range(obs.players))
        head = escape(t("play.game_over", self.lang))
        winner = escape(game_over_text(obs.winners, HUMAN, self.lang))
        return (f'<div role="status" style="font-size:1.15em"><h2>{head}</h2>'
                f"<p><b>{winner}</b></p><ul>{scores}</ul></div>")

    def _label_choices(self, bots: str, rules: str) -> None:
        lang = self.lang
        self.bot_choice.options = [(t(f"play.bot_{k}", lang), k) for k in self._kinds]
        self.bot_choice.value = bots
        self.rules_choice.options = [(t(f"play.rules_{k}", lang), k) for k in PRESETS]
        self.rules_choice.value = rules if rules in PRESETS else "official"

    def _relabel(self) -> None:
        lang = self.lang
        self.title.value = f"<h2 class='sq-h'>{escape(t('play.title', lang))}</h2>"
        self._label_choices(self.bot_choice.value, self.rules_choice.value)
        self.opponents.description = t("play.opponents", lang)
        self.bot_choice.description = t("play.bot_strength", lang)
        self.rules_choice.description = t("play.rules", lang)
        self.new_game_button.description = t("play.new_game", lang)
        self.play_again.description = t("play.new_game", lang)
        self.auto.description = t("play.auto", lang)
        for kind, button in self.act.items():
            button.description = t(f"play.act_{kind}", lang)
        self.answer_allow.description = t("play.answer_allow", lang)
        self.next_button.description = t("play.next", lang)
        self.skip_button.description = t("play.skip", lang)
        self.coach_toggle.description = t("play.coach", lang)
        for control in (self.opponents, self.bot_choice, self.rules_choice):
            control.style.description_width = "initial"
            control.layout.width = "auto"
