"""Drawing the game app: the board, the choices offered, the prompts, the story and the
game-over panel (with team totals and why the game ended). `PlayApp` mixes this in; the game
flow and the wiring stay in app.py.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sq_edu.apps.play.over import game_over_html
from sq_edu.apps.play.words import narrate, who
from sq_edu.engine import Move, Observation
from sq_edu.engine.rules import PRESETS
from sq_edu.i18n import t
from sq_edu.widgets.controls import button as _button
from sq_edu.widgets.names import card_word, queen_name, short_name

HUMAN = 0
STORY_LINES = 10
COACH_LEVELS: tuple[str, ...] = ("off", "helper", "quiz", "detective")


class PlayBoard:
    """The drawing half of `PlayApp` (a mixin: it uses the app's widgets and game)."""

    # --- the board's choices -------------------------------------------------------------
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
            self._refresh_coach()  # first: the coach's question reaches the page soonest
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
        if not over and not mine:
            self.feedback.say("play.prompt_wait", "info",
                              who=who(obs.current_player, HUMAN, self.lang))
            self.next_button.focus()
        elif over:
            self.feedback.clear()  # the game-over panel says it all; no stale "your turn"
            self.play_again.focus()
        elif obs.pending is None and self._mode is None:
            if self.coach.coach.current is not None and self.coach.layout.display != "none":
                self.coach.focus_question()  # a question waits: keyboard users land on it
                return
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
                                              card=card_word(block[0].cards[0], self.lang))
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
        on = self.coach.coach.level != "off"
        self.coach.layout.display = "flex" if on else "none"
        if not on:
            self.coach.summary.layout.display = "none"
        if on:
            self.coach.turn(self.obs, self.legal())

    def _over_html(self, obs: Observation) -> str:
        return game_over_html(obs, self._story, self.lang)

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
        self.new_game_button.description = t("common.new_game", lang)
        self.play_again.description = t("common.new_game", lang)
        self.auto.description = t("play.auto", lang)
        for kind, button in self.act.items():
            button.description = t(f"play.act_{kind}", lang)
        self.answer_allow.description = t("play.answer_allow", lang)
        self.next_button.description = t("play.next", lang)
        self.skip_button.description = t("play.skip", lang)
        self._label_coach(self.coach_level.value)
        for control in (self.opponents, self.bot_choice, self.rules_choice, self.coach_level):
            control.style.description_width = "initial"
            control.layout.width = "auto"

    def _label_coach(self, level: str | None) -> None:
        """The coach level choice in the current language (setting it is not a parent's pick)."""
        self._labelling = True
        try:
            self.coach_level.options = [(t(f"play.coach_level_{k}", self.lang), k)
                                        for k in COACH_LEVELS]
            self.coach_level.value = level if level in COACH_LEVELS else "quiz"
            self.coach_level.description = t("play.coach_level", self.lang)
        finally:
            self._labelling = False
