"""`DungeonApp`: play Dungeon of Queens against three bots and keep the score sheet yourself.

The child sits at seat 0 ("You"); three `SensibleBot`s play the other seats. After every trick
(and the dealer's contract at the end of a hand) the game waits while the child writes the
taker's new score on the score sheet and checks it against the engine's answer; "Continue"
goes on either way. The sheet itself is widget-free (`sq_edu.practice.score_sheet.ScoreSheet`);
this app draws it, the table and the hand (`dungeon_app_views`). A third tab holds the scoring
lesson in the lesson app the page hands in (`lesson=LessonApp`, see `lesson_tab`).

Only seat 0's `DungeonObservation` is shown; other hands never reach the browser.

Stable hooks for browser tests (CSS classes; every control is a native button or input with a
text name, so it works with Tab / Enter / Space):

    sq-dungeon-app       the whole app             sq-language          English / Русский
    sq-dungeon-info      hand, dealer, contract    sq-dungeon-trump     the trump suit shown
    sq-trump-choice      box of trump buttons      sq-trump-<suit>      name that suit trump
    sq-dungeon-table     the trick on the table (role=list; "taken by" once complete)
    sq-dungeon-hand      your cards                sq-dungeon-card, sq-card-<code>  one card
                         (code like QH, 10S; disabled when not a legal play)
    sq-dungeon-story     what happened (role=log)  sq-dungeon-status    status line (role=status)
    sq-score-question    what to score now         sq-score-input       your answer (text)
    sq-score-check       check my score            sq-continue          go on
    sq-score-sheet       the sheet (table; rows sq-row-right / sq-row-wrong / sq-row-open)
    sq-next-hand         deal the next hand        sq-new-game          start again
    sq-dungeon-over      game-over line            sq-dungeon-lesson    the lesson tab content
    sq-dungeon-howto     the "How to play" tab (rules in short, with card pictures)
    sq-dungeon-rule      how to score, shown before the first score is asked
    sq-settings          "For grown-ups" (new game)  sq-sound  sounds on / off
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from sq_edu.apps.dungeon.hand import hand_cards
from sq_edu.apps.dungeon.howto import howto_html
from sq_edu.apps.dungeon.lesson_tab import LessonMaker, lesson_tab
from sq_edu.apps.dungeon.together import DungeonSeats
from sq_edu.apps.dungeon.views import (
    DungeonWords,
    info_text,
    over_html,
    sheet_html,
    story_html,
    table_html,
    trump_html,
)
from sq_edu.dungeon import (
    NAME_TRUMP,
    NEW_TRUMP,
    SUITS,
    Card,
    DungeonGame,
    Event,
    IllegalPlay,
    Move,
    SensibleBot,
)
from sq_edu.dungeon.cards import SUIT_SYMBOLS
from sq_edu.dungeon.words import suit_name
from sq_edu.engine import advance_bots
from sq_edu.i18n import normalize_lang, t
from sq_edu.practice.score_sheet import HUMAN, ScoreSheet, SheetRow, read_score
from sq_edu.widgets.card_row import CardRow
from sq_edu.widgets.controls import button as _button
from sq_edu.widgets.controls import html_box as _html
from sq_edu.widgets.controls import text_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.joy import Cheer, header_tools, relabel_folds, settings_fold
from sq_edu.widgets.language import LanguageToggle
from sq_edu.widgets.style import AppStyle

log = logging.getLogger(__name__)
PLAYERS, FIRST_DEALER = 4, 3  # a bot deals first, so the child leads the first trick
__all__ = ["HUMAN", "DungeonApp", "read_score"]


class DungeonApp(widgets.VBox):
    """The Dungeon of Queens dashboard. `DungeonApp(lang="ru", seed=7)` replays exactly."""

    def __init__(self, lang: str = "en", seed: int | None = None,
                 level: int | None = None, lesson: LessonMaker | None = None) -> None:
        self.lang = normalize_lang(lang)
        self._seeds = random.Random(seed)
        self.feedback = Feedback(self.lang)
        self.feedback.add_class("sq-dungeon-status")
        guard = guarded(lambda: self.feedback)

        self.title = _html("sq-dungeon-title")
        self.language = LanguageToggle(self.lang, feedback=self.feedback)
        self.language.on_change(guard(self.set_lang))
        self.info = _html("sq-dungeon-info")
        self.trump_label = _html("sq-dungeon-trump")
        self.trump_buttons = {s: _button(f"sq-trump-{s}") for s in SUITS}
        self.trump_box = widgets.HBox(list(self.trump_buttons.values()),
                                      layout=widgets.Layout(flex_flow="row wrap"))
        self.trump_box.add_class("sq-trump-choice")
        self.table = _html("sq-dungeon-table")
        self.hand_box = CardRow(item_class="sq-dungeon-card")
        self.hand_box.add_class("sq-dungeon-hand")
        self.hand_title = _html("sq-dungeon-hand-title")
        self.story = _html("sq-dungeon-story")
        self.rule = _html("sq-dungeon-rule")    # how to score, before the first score
        self.question = _html("sq-score-question")
        self.score_input = text_box(layout=widgets.Layout(width="16em"),
                                    style={"description_width": "initial"})
        self.score_input.add_class("sq-score-input")
        self.check_button = _button("sq-score-check", button_style="primary", icon="check")
        self.continue_button = _button("sq-continue", icon="arrow-right")
        self.score_box = widgets.HBox([self.score_input, self.check_button,
                                       self.continue_button],
                                      layout=widgets.Layout(flex_flow="row wrap"))
        self.sheet = _html("sq-score-sheet")
        self.next_hand_button = _button("sq-next-hand", button_style="success", icon="refresh")
        self.new_game_button = _button("sq-new-game", icon="refresh")
        self.over = _html("sq-dungeon-over")
        self.together = DungeonSeats(self.lang, self.feedback, guard,
                                     lambda _seats: self.new_game(), lambda: self._render())

        for suit, button in self.trump_buttons.items():
            button.on_click(guard(lambda _b, s=suit: self.name_trump(s)))
        self.check_button.on_click(guard(lambda _b: self.check_score(self.score_input.value)))
        self.continue_button.on_click(guard(lambda _b: self.continue_play()))
        self.next_hand_button.on_click(guard(lambda _b: self.next_hand()))
        self.new_game_button.on_click(guard(lambda _b: self.new_game()))
        self.hand_box.on_pick(guard(self.play_card))

        self.howto = _html("sq-dungeon-howto")
        self.lesson = lesson_tab(lesson, self.lang, seed, level)
        self.cheer = Cheer(self.lang)
        self.settings_toggle, settings = settings_fold(
            [self.new_game_button, self.together.open_button], self.lang, key="dungeon-settings")
        settings.remove_class("sq-fold-settings")
        settings.add_class("sq-fold-dungeon-settings")
        self.settings_toggle.name = "dungeon-settings"
        play = widgets.VBox([self.together, self.info, self.trump_label, self.trump_box,
                             self.table, self.hand_title, self.hand_box, self.rule,
                             self.question, self.score_box, self.feedback, self.story, self.sheet,
                             self.over, self.next_hand_button])
        lesson_tabs = [self.lesson] if self.lesson is not None else []
        self.tabs = widgets.Tab(children=[play, self.howto, *lesson_tabs])
        header = widgets.HBox([self.title, header_tools(self.language, self.cheer,
                                                        self.settings_toggle)],
                              layout=widgets.Layout(justify_content="space-between",
                                                    flex_flow="row wrap"))
        header.add_class("sq-app-header")
        super().__init__([AppStyle(), header, settings, self.tabs])
        self.add_class("sq-app")
        self.add_class("sq-dungeon-app")
        self.new_game()
        if level is not None and self.lesson is not None:   # a teacher's link: the lesson's tab
            self.tabs.selected_index = self.tabs.children.index(self.lesson)

    def join_class(self, code: str, fixed: bool = False) -> None:
        """The scoring lesson reports to the teacher's live view of class `code`."""
        if self.lesson is not None:
            self.lesson.join_class(code, fixed=fixed)

    # --- the score sheet's state, under the names tests use -----------------------------------
    @property
    def rows(self) -> list[SheetRow]:
        return self.score_sheet.rows

    @property
    def to_check(self) -> list[SheetRow]:
        return self.score_sheet.to_check

    @property
    def shown_scores(self) -> list[int]:
        return self.score_sheet.shown_scores

    @property
    def hand_done(self) -> bool:
        return self.score_sheet.hand_done

    # --- public API (buttons call these; tests and notebooks may too) ---------------------
    def new_game(self) -> None:
        seed = self._seeds.randrange(2**31)
        self.game = DungeonGame.new(PLAYERS, seed=seed, first_dealer=FIRST_DEALER)
        seats = self.together.seats
        self.bots = {s: SensibleBot(random.Random(seed + s)) for s in range(PLAYERS)
                     if (not seats[s].is_person if seats else s != HUMAN)}
        names = self.together.names
        self.score_sheet = ScoreSheet(PLAYERS, names=names)
        self.words = DungeonWords(self.lang, self.game, names)
        self.feedback.clear()
        self._advance()

    def play_card(self, card: Card | str) -> None:
        """The child plays `card`; a refused play is explained, nothing else changes."""
        self._play(Move.play(card), "play")

    def name_trump(self, suit: str) -> None:
        self._play(Move.trump(suit), "trump")

    def check_score(self, text: object) -> bool | None:
        """Check the child's score for the open sheet row; None if it cannot be read."""
        if not self.to_check:
            self.feedback.say("dungeon.app_nothing_to_check", "info")
            return None
        row = self.score_sheet.check(text)
        if row is None:
            self.feedback.say("dungeon.app_type_score", "bad")
            return None
        said = (t("dungeon.app_right", self.lang) if row.right
                else t("dungeon.app_wrong", self.lang, answer=row.after))
        self.feedback.show(f"{said} {row.working().render(self.lang)}",
                           "good" if row.right else "bad")
        if row.right:
            self.cheer.cheer("right")
        self._render()
        return row.right

    def continue_play(self) -> None:
        """Close the open sheet row (checked or not) and let the game go on."""
        self.score_sheet.close_row()
        self.score_input.value = ""
        self.feedback.clear()
        self._advance()

    def next_hand(self) -> None:
        if self.game.is_over or not self.score_sheet.start_hand():
            return
        self.feedback.clear()
        self._advance()

    def set_lang(self, lang: str) -> None:
        self.lang = self.words.lang = normalize_lang(lang)
        if self.language.value != self.lang:
            self.language.value = self.lang
        self.feedback.set_lang(self.lang)
        self.cheer.set_lang(self.lang)
        relabel_folds(self.lang, self.settings_toggle)
        if self.lesson is not None:
            self.lesson.set_lang(self.lang)
        self.together.set_lang(self.lang)
        self._render()

    # --- the game loop ----------------------------------------------------------------------
    def _my_turn(self, kind: str) -> bool:
        game = self.game
        if (self.score_sheet.waiting or game.is_over
                or game.current_player != self.together.viewer or self._passing):
            return False
        return (game.pending == "play") if kind == "play" else game.pending in (NAME_TRUMP,
                                                                                NEW_TRUMP)

    def _play(self, move: Move, kind: str) -> None:
        """The child's move; a refused one is explained and nothing else changes."""
        if not self._my_turn(kind):
            self.feedback.say("dungeon.app_wait", "info")
            return
        try:
            events = self.game.play(move, seat=self.together.viewer)
        except IllegalPlay as refused:
            self.feedback.show(refused.message(self.lang), "bad")
            self._render()
            return
        self.feedback.clear()
        self._absorb(events)
        self._advance()

    def _advance(self) -> None:
        """Bots move until the child must act: play, name trump, score, or start a hand."""
        advance_bots(self.game, self.bots, lambda _game: self.score_sheet.waiting,
                     each=self._absorb)
        self._render()

    def _absorb(self, events: Sequence[Event]) -> None:
        self.score_sheet.absorb(events, self.game.hand_log)

    # --- drawing ----------------------------------------------------------------------------
    @property
    def _passing(self) -> bool:
        """Another person's turn at a shared screen: the hand waits behind the pass screen."""
        game, sheet = self.game, self.score_sheet
        deciding = -1 if sheet.waiting or game.is_over else game.current_player
        return self.together.must_pass(deciding)

    def _render(self) -> None:
        words, sheet = self.words, self.score_sheet
        with self.hold_sync():
            self._draw_header()
            self.table.value = table_html(self.game, sheet.open_row, words)
            self._draw_hand()
            self._draw_question()
            self.sheet.value = sheet_html(sheet, words)
            self.story.value = story_html(sheet.story, words)

    def _draw_header(self) -> None:
        game, lang, who = self.game, self.lang, self.words.who
        self.title.value = f"<h2>{escape(t('apps.dungeon_title', lang))}</h2>"
        self.tabs.titles = (t("dungeon.app_tab_play", lang), t("dungeon_howto.tab", lang),
                            t("dungeon.app_tab_lesson", lang))[:len(self.tabs.children)]
        self.howto.value = howto_html(lang)
        self.info.value = info_text(game, self.hand_done, self.together.viewer, self.words)
        self.trump_label.value = trump_html(game.trump, lang)
        # Between hands there are no trumps yet: no "not named yet" left over from the hand.
        self.trump_label.layout.display = "none" if self.hand_done else ""
        choosing = self._my_turn("trump")
        self.trump_box.layout.display = "flex" if choosing else "none"
        for suit, button in self.trump_buttons.items():
            button.description = f"{SUIT_SYMBOLS[suit]} {suit_name(suit, lang)}"
            button.disabled = not choosing or (game.pending == NEW_TRUMP and suit == game.trump)
        if choosing:
            key = "app_name_trump" if game.pending == NAME_TRUMP else "app_new_trump"
            self.feedback.say(f"dungeon.{key}", "info")
        done = self.hand_done and not self.to_check
        self.next_hand_button.description = t("dungeon.app_next_hand", lang)
        self.next_hand_button.layout.display = "flex" if done and not game.is_over else "none"
        self.new_game_button.description = t("common.new_game", lang)
        self.over.value = (over_html(game.winners, who, lang)
                           if game.is_over and not self.to_check else "")

    def _draw_hand(self) -> None:
        self.hand_title.value = f"<b>{escape(t('widgets.hand_title', self.lang))}</b>"
        legal = ({m.card for m in self.game.legal_moves()} if self._my_turn("play") else set())
        cards = () if self._passing else self.game.hand(self.together.viewer)
        self.hand_box.show(hand_cards(cards, self.game.trump, legal, self.words),
                           t("widgets.hand_title", self.lang))
        # After a hand the child holds nothing: no empty "Your hand" left on the page.
        shown = "" if cards else "none"
        self.hand_title.layout.display = self.hand_box.layout.display = shown
        if self._my_turn("play") and not self.feedback.text:
            self.feedback.say("dungeon.app_your_turn", "info")

    def _draw_question(self) -> None:
        lang, row = self.lang, self.score_sheet.open_row
        self.check_button.description = t("common.check", lang)
        self.continue_button.description = t("dungeon.app_continue", lang)
        self.score_input.placeholder = t("dungeon.app_score_placeholder", lang)
        self.score_input.description = t("dungeon.app_score_label", lang)
        self.question.value = f"<b>{escape(row.question().render(lang))}</b>" if row else ""
        # The rule comes first: during the first trick and while the first hand is scored.
        first = self.game.hand_number == 1 and (row is None or row.trick is not None)
        rule = escape(t("dungeon_howto.points", lang))
        self.rule.value = (f'<p class="sq-rule-text">{rule}</p>'
                           if first and not self.hand_done else "")
        self.score_box.layout.display = "flex" if row else "none"
