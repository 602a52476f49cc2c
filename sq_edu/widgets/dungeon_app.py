"""`DungeonApp`: play Dungeon of Queens against three bots and keep the score sheet yourself.

The child sits at seat 0 ("You"); three `SensibleBot`s play the other seats. After every trick
(and the dealer's contract at the end of a hand) the game waits while the child writes the
taker's new score on the score sheet and checks it against the engine's answer; "Continue"
goes on either way. A second tab holds the scoring lesson (the generic `LessonApp` once the
lesson is shipped, else a small exercise view over the same generators).

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
"""

from __future__ import annotations

import logging
import random
import re
from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

from sq_edu.dungeon import (
    NAME_TRUMP,
    NEW_TRUMP,
    SUITS,
    Card,
    DungeonGame,
    Event,
    HandRecord,
    IllegalPlay,
    Move,
    SensibleBot,
    TrickRecord,
)
from sq_edu.dungeon.cards import SUIT_SYMBOLS
from sq_edu.dungeon.rules import winning_play
from sq_edu.dungeon.words import card_name, message, suit_name
from sq_edu.engine import advance_bots
from sq_edu.i18n import normalize_lang, t
from sq_edu.practice import Lesson, check, exercise_seed, generate
from sq_edu.practice.checking import Judgement

from .controls import button as _button
from .controls import html_box as _html
from .feedback import Feedback
from .guard import guarded
from .language import LanguageToggle
from .lesson_app_inputs import AnswerInput
from .style import AppStyle

log = logging.getLogger(__name__)
HUMAN, PLAYERS, FIRST_DEALER = 0, 4, 3  # a bot deals first, so the child leads the first trick
STORY_LINES = 8
_RED = "#B71C1C"
_CELL = ' style="padding:2px 10px;border-bottom:1px solid #bbb;text-align:left"'
_NUMBER = re.compile(r"^\s*([-−–]?)\s*(\d{1,5})\s*$")


def read_score(text: object) -> int | None:
    """A typed score: "45", "-50", "− 50" (any minus sign a keyboard makes); None otherwise."""
    match = _NUMBER.match(str(text)) if isinstance(text, (str, int)) else None
    if not match:
        return None
    return -int(match.group(2)) if match.group(1) else int(match.group(2))


@dataclass
class SheetRow:
    """One line of the score sheet: a taken trick or a dealer's contract."""

    seat: int
    before: int
    after: int
    trick: TrickRecord | None = None
    hand: HandRecord | None = None
    answer: int | None = None      # the child's last checked answer

    @property
    def right(self) -> bool | None:
        return None if self.answer is None else self.answer == self.after


class DungeonApp(widgets.VBox):
    """The Dungeon of Queens dashboard. `DungeonApp(lang="ru", seed=7)` replays exactly."""

    def __init__(self, lang: str = "en", seed: int | None = None) -> None:
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
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("sq-dungeon-hand")
        self.hand_title = _html("sq-dungeon-hand-title")
        self.story = _html("sq-dungeon-story")
        self.question = _html("sq-score-question")
        self.score_input = widgets.Text(layout=widgets.Layout(width="16em"),
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

        for suit, button in self.trump_buttons.items():
            button.on_click(guard(lambda _b, s=suit: self.name_trump(s)))
        self.check_button.on_click(guard(lambda _b: self.check_score(self.score_input.value)))
        self.continue_button.on_click(guard(lambda _b: self.continue_play()))
        self.next_hand_button.on_click(guard(lambda _b: self.next_hand()))
        self.new_game_button.on_click(guard(lambda _b: self.new_game()))
        self._guard = guard

        self.lesson = scoring_view(self.lang)
        self.lesson.add_class("sq-dungeon-lesson")
        play = widgets.VBox([self.info, self.trump_label, self.trump_box, self.table,
                             self.hand_title, self.hand_box, self.question, self.score_box,
                             self.feedback, self.story, self.sheet, self.over,
                             widgets.HBox([self.next_hand_button, self.new_game_button])])
        self.tabs = widgets.Tab(children=[play, self.lesson])
        header = widgets.HBox([self.title, self.language],
                              layout=widgets.Layout(justify_content="space-between",
                                                    flex_flow="row wrap"))
        header.add_class("sq-app-header")
        super().__init__([AppStyle(), header, self.tabs])
        self.add_class("sq-app")
        self.add_class("sq-dungeon-app")
        self.new_game()

    # --- public API (buttons call these; tests and notebooks may too) ---------------------

    def new_game(self) -> None:
        seed = self._seeds.randrange(2**31)
        self.game = DungeonGame.new(PLAYERS, seed=seed, first_dealer=FIRST_DEALER)
        self.bots = {s: SensibleBot(random.Random(seed + s)) for s in range(1, PLAYERS)}
        self.rows: list[SheetRow] = []
        self.to_check: list[SheetRow] = []
        self.story_lines: list[tuple[str, dict]] = []
        self.shown_scores = [0] * PLAYERS
        self.hand_done = False
        self.feedback.clear()
        self._advance()

    def play_card(self, card: Card | str) -> None:
        """The child plays `card`; a refused play is explained, nothing else changes."""
        if not self._my_turn("play"):
            self.feedback.say("dungeon.app_wait", "info")
            return
        try:
            events = self.game.play(Move.play(card), seat=HUMAN)
        except IllegalPlay as refused:
            self.feedback.show(refused.message(self.lang), "bad")
            self._render()
            return
        self.feedback.clear()
        self._absorb(events)
        self._advance()

    def name_trump(self, suit: str) -> None:
        if not self._my_turn("trump"):
            self.feedback.say("dungeon.app_wait", "info")
            return
        try:
            events = self.game.play(Move.trump(suit), seat=HUMAN)
        except IllegalPlay as refused:
            self.feedback.show(refused.message(self.lang), "bad")
            return
        self.feedback.clear()
        self._absorb(events)
        self._advance()

    def check_score(self, text: object) -> bool | None:
        """Check the child's score for the open sheet row; None if it cannot be read."""
        if not self.to_check:
            self.feedback.say("dungeon.app_nothing_to_check", "info")
            return None
        value = read_score(text)
        if value is None:
            self.feedback.say("dungeon.app_type_score", "bad")
            return None
        row = self.to_check[0]
        row.answer = value
        if row.right:
            self.feedback.show(t("dungeon.app_right", self.lang) + " " + self._explain(row),
                               "good")
        else:
            self.feedback.show(t("dungeon.app_wrong", self.lang, answer=row.after) + " "
                               + self._explain(row), "bad")
        self._render()
        return row.right

    def continue_play(self) -> None:
        """Close the open sheet row (checked or not) and let the game go on."""
        if self.to_check:
            row = self.to_check.pop(0)
            self.shown_scores[row.seat] = row.after
        self.score_input.value = ""
        self.feedback.clear()
        self._advance()

    def next_hand(self) -> None:
        if self.to_check or not self.hand_done or self.game.is_over:
            return
        self.hand_done = False
        self.feedback.clear()
        self._advance()

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        if self.language.value != self.lang:
            self.language.value = self.lang
        self.feedback.set_lang(self.lang)
        if hasattr(self.lesson, "set_lang"):
            self.lesson.set_lang(self.lang)
        self._render()

    # --- the game loop ----------------------------------------------------------------------

    def _my_turn(self, kind: str) -> bool:
        game = self.game
        if self.to_check or self.hand_done or game.is_over or game.current_player != HUMAN:
            return False
        return (game.pending == "play") if kind == "play" else game.pending in (NAME_TRUMP,
                                                                                NEW_TRUMP)

    def _advance(self) -> None:
        """Bots move until the child must act: play, name trump, score, or start a hand."""
        advance_bots(self.game, self.bots, lambda _game: self.to_check or self.hand_done,
                     each=self._absorb)
        self._render()

    def _absorb(self, events: list[Event]) -> None:
        """Turn engine events into story lines and score-sheet rows to check."""
        for e in events:
            if e.kind == "play" and e.card is not None:
                self._tell("app_story_play", who=e.seat, card=e.card)
            elif e.kind == "trump":
                self._tell("app_story_trump", who=e.seat, suit=e.suit)
            elif e.kind == "trick" and e.trick is not None:
                self._tell("app_story_trick" if e.trick.queens else "app_story_trick_plain",
                           who=e.seat, n=e.trick.queens)
                self._add_row(SheetRow(e.trick.taker, e.trick.score.before,
                                       e.trick.score.after, trick=e.trick))
            elif e.kind == "contract" and e.seat is not None:
                hand = self.game.hand_log[-1]
                self._add_row(SheetRow(e.seat, hand.scores_after[e.seat] - hand.contract_points,
                                       hand.scores_after[e.seat], hand=hand))
                self.hand_done = True

    def _add_row(self, row: SheetRow) -> None:
        self.rows.append(row)
        self.to_check.append(row)

    def _tell(self, key: str, **params: object) -> None:
        self.story_lines = [*self.story_lines, (key, params)][-STORY_LINES:]

    # --- words ------------------------------------------------------------------------------

    def _who(self, seat: int | None) -> str:
        if seat == HUMAN:
            return t("dungeon.app_you", self.lang)
        return t("dungeon.app_bot", self.lang, number=seat)

    def _say(self, key: str, params: dict) -> str:
        shown = {k: (self._who(v) if k == "who" else v) for k, v in params.items()}
        return message(key, self.lang, **shown)

    def _card_text(self, card: Card) -> str:
        """"Q♥ queen of hearts", with "(trump)" on trumps: never colour alone."""
        text = f"{card} {card_name(card, self.lang)}"
        if card.suit == self.game.trump:
            text += f" ({t('dungeon.app_trump_mark', self.lang)})"
        return text

    def _explain(self, row: SheetRow) -> str:
        if row.hand is not None:
            key = "rule_contract_made" if row.hand.made else "rule_contract_missed"
            return message(key, self.lang, contract=row.hand.contract,
                           tricks=row.hand.dealer_tricks)
        s = row.trick.score  # type: ignore[union-attr]
        params: dict[str, object] = {"before": s.before, "after": s.after}
        if s.compared is not None:
            params["dropped"] = s.compared[1]
            if s.queens == 3:
                params["lowest"] = s.compared[0]
        return message(s.rule, self.lang, **params)

    # --- drawing ----------------------------------------------------------------------------

    def _render(self) -> None:
        with self.hold_sync():
            self._draw_header()
            self._draw_table()
            self._draw_hand()
            self._draw_question()
            self._draw_sheet()
            # role=log on a wrapper: on the <ul> it would strip the items' list semantics.
            self.story.value = ('<div role="log" aria-live="polite"><ul style="margin:0">'
                                + "".join(f"<li>{escape(self._say(k, p))}</li>"
                                          for k, p in self.story_lines) + "</ul></div>")

    def _draw_header(self) -> None:
        game, lang = self.game, self.lang
        self.title.value = f"<h2>{escape(t('dungeon.app_title', lang))}</h2>"
        self.tabs.titles = (t("dungeon.app_tab_play", lang), t("dungeon.app_tab_lesson", lang))
        if self.hand_done:
            hand = game.hand_log[-1]
            self.info.value = escape(t("dungeon.app_hand_over", lang, hand=hand.number,
                                       dealer=self._who(hand.dealer), contract=hand.contract,
                                       tricks=hand.dealer_tricks))
        else:
            self.info.value = escape(t("dungeon.app_info", lang, hand=game.hand_number,
                                       dealer=self._who(game.dealer), contract=game.contract,
                                       mine=game.tricks_taken[HUMAN]))
        trump = (f"{SUIT_SYMBOLS[game.trump]} {suit_name(game.trump, lang)}" if game.trump
                 else t("dungeon.app_no_trump", lang))
        self.trump_label.value = f"<b>{escape(t('dungeon.app_trump', lang, suit=trump))}</b>"
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
        self.new_game_button.description = t("dungeon.app_new_game", lang)
        if game.is_over and not self.to_check:
            names = ", ".join(self._who(s) for s in game.winners)
            self.over.value = (f"<h3>{escape(t('dungeon.app_game_over', lang, names=names))}"
                               "</h3>")
        else:
            self.over.value = ""

    def _draw_table(self) -> None:
        open_row = self.to_check[0] if self.to_check else None
        record = open_row.trick if open_row is not None else None
        plays = record.plays if record is not None else tuple(self.game.trick)
        trump = record.trump if record is not None else self.game.trump
        best = winning_play(plays, trump)[0] if plays and trump else None
        mark = t("dungeon.app_taking" if record is not None else "dungeon.app_winning",
                 self.lang)
        items = "".join(f"<li>{escape(self._who(s))}: {escape(self._card_text(c))}"
                        + (f" <b>← {escape(mark)}</b>" if s == best else "") + "</li>"
                        for s, c in plays)
        caption = t("dungeon.app_table", self.lang)
        if record is not None:
            caption = t("dungeon.app_taken_by", self.lang, who=self._who(record.taker))
        # An empty table says so: otherwise the caption seems to head the child's own cards.
        body = (f'<ul role="list" style="margin:0">{items}</ul>' if items else
                f'<p style="margin:2px 0">{escape(t("widgets.table_empty", self.lang))}</p>')
        self.table.value = f"<b>{escape(caption)}</b>{body}"

    def _draw_hand(self) -> None:
        self.hand_title.value = f"<b>{escape(t('widgets.hand_title', self.lang))}</b>"
        hand = self.game.hand(HUMAN)
        legal = ({m.card for m in self.game.legal_moves()} if self._my_turn("play") else set())
        buttons = []
        for card in hand:
            button = _button("sq-dungeon-card")
            button.add_class(f"sq-card-{card.code}")
            button.description = self._card_text(card)
            button.tooltip = card_name(card, self.lang)
            button.style.text_color = _RED if card.suit in ("hearts", "diamonds") else ""
            button.style.font_weight = "bold" if card.is_queen else ""
            button.disabled = card not in legal
            button.on_click(self._guard(lambda _b, c=card: self.play_card(c)))
            buttons.append(button)
        self.hand_box.children = buttons
        if self._my_turn("play") and not self.feedback.text:
            self.feedback.say("dungeon.app_your_turn", "info")

    def _draw_question(self) -> None:
        lang = self.lang
        self.check_button.description = t("dungeon.app_check", lang)
        self.continue_button.description = t("dungeon.app_continue", lang)
        self.score_input.placeholder = t("dungeon.app_score_placeholder", lang)
        self.score_input.description = t("dungeon.app_score_label", lang)
        if not self.to_check:
            self.question.value = ""
            self.score_box.layout.display = "none"
            return
        row = self.to_check[0]
        if row.hand is not None:
            text = t("dungeon.app_ask_contract", lang, who=self._who(row.seat),
                     contract=row.hand.contract, tricks=row.hand.dealer_tricks,
                     before=row.before)
        else:
            key = "app_ask_trick" if row.trick.queens else "app_ask_trick_plain"  # type: ignore[union-attr]
            text = t(f"dungeon.{key}", lang, who=self._who(row.seat),
                     n=row.trick.queens, before=row.before)  # type: ignore[union-attr]
        self.question.value = f"<b>{escape(text)}</b>"
        self.score_box.layout.display = "flex"

    def _draw_sheet(self) -> None:
        lang = self.lang
        heads = ("app_col_what", "app_col_who", "app_col_queens", "app_col_yours",
                 "app_col_score")
        head = "".join(f"<th scope=\"col\"{_CELL}>{escape(t('dungeon.' + h, lang))}</th>"
                       for h in heads)
        body = []
        for row in self.rows[-14:]:
            if row.hand is not None:
                what, queens = t("dungeon.app_row_contract", lang), "—"
            else:
                what = t("dungeon.app_row_trick", lang, number=row.trick.number)  # type: ignore[union-attr]
                queens = str(row.trick.queens)  # type: ignore[union-attr]
            closed = row not in self.to_check
            mark = {True: "✔", False: "✘", None: ""}[row.right]
            yours = "" if row.answer is None else f"{row.answer} {mark}"
            state = {True: "right", False: "wrong", None: "open"}[row.right]
            score = str(row.after) if closed or row.answer is not None else "?"
            cells = (what, self._who(row.seat), queens, yours, score)
            body.append(f'<tr class="sq-row-{state}">'
                        + "".join(f"<td{_CELL}>{escape(c)}</td>" for c in cells) + "</tr>")
        totals = " · ".join(f"{self._who(s)}: {v}" for s, v in enumerate(self.shown_scores))
        self.sheet.value = (f"<table role=\"table\" style=\"border-collapse:collapse\">"
                            f"<caption>{escape(t('dungeon.app_sheet', lang))}</caption>"
                            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody>"
                            f"</table><p><b>{escape(t('dungeon.app_totals', lang))}</b> "
                            f"{escape(totals)}</p>")


# --- the scoring lesson tab ---------------------------------------------------------------------

def scoring_view(lang: str = "en", seed: int = 1) -> widgets.Widget:
    """The generic LessonApp when the lesson is shipped with the others, else ScoringPractice."""
    from sq_edu.practice import load_lessons
    from sq_edu.practice.generators.dungeon import LESSON_ID, scoring_lesson

    if LESSON_ID in load_lessons().lessons:
        from .lesson_app import LessonApp

        return LessonApp(LESSON_ID, lang=lang, seed=seed)
    return ScoringPractice(scoring_lesson(), lang, seed)


class ScoringPractice(widgets.VBox):
    """A small lesson view over the scoring lesson: level, question, answer, hints, next.

    CSS hooks: sq-lesson-intro, sq-dungeon-level, sq-prompt, sq-context, sq-answer (the
    lesson app's answer controls), sq-submit, sq-hint, sq-next-exercise, sq-hints,
    sq-feedback.
    """

    def __init__(self, lesson: Lesson, lang: str = "en", seed: int = 1) -> None:
        self.lesson, self.lang, self.seed = lesson, normalize_lang(lang), seed
        self.index, self.hints_shown = 0, 0
        self.feedback = Feedback(self.lang)
        self.feedback.add_class("sq-feedback")
        guard = guarded(lambda: self.feedback)
        self.level_select = widgets.Dropdown(options=self._levels(), value=1)
        self.level_select.add_class("sq-dungeon-level")
        self.intro, self.prompt = _html("sq-lesson-intro"), _html("sq-prompt")
        self.context, self.hints = _html("sq-context"), _html("sq-hints")
        self.answer_box = widgets.VBox()
        self.submit_button = _button("sq-submit", button_style="primary", icon="check")
        self.hint_button = _button("sq-hint", icon="lightbulb-o")
        self.next_button = _button("sq-next-exercise", icon="arrow-right")
        self.level_select.observe(guard(lambda c: self.new_exercise(c["new"])), "value")
        self.submit_button.on_click(guard(lambda _b: self.submit()))
        self.hint_button.on_click(guard(lambda _b: self.show_hint()))
        self.next_button.on_click(guard(lambda _b: self.next_exercise()))
        super().__init__([self.intro, self.level_select, self.prompt, self.context,
                          self.answer_box,
                          widgets.HBox([self.submit_button, self.hint_button,
                                        self.next_button]),
                          self.feedback, self.hints])
        self.new_exercise(1)

    def _levels(self) -> list[tuple[str, int]]:
        return [(f"{lv.number}. {lv.title.get(self.lang)}", lv.number)
                for lv in self.lesson.levels]

    def new_exercise(self, level: int) -> None:
        self.level = int(level)
        self.exercise = generate(self.lesson, self.level, exercise_seed(self.seed, self.index))
        self.hints_shown = 0
        self.answer = AnswerInput(self.exercise, self.lang)
        self.answer_box.children = [self.answer]
        self.submit_button.disabled = False
        self.feedback.clear()
        self._draw()

    def next_exercise(self) -> None:
        self.index += 1
        self.new_exercise(self.level)

    def submit(self) -> Judgement:
        result = check(self.exercise, self.answer.value())
        self.feedback.show(" ".join(result.lines(self.lang)),
                           "good" if result.correct else "bad" if result.understood else "info")
        if result.correct:
            self.answer.lock()
            self.submit_button.disabled = True
            self.hints_shown = self.exercise.hint_count  # the working, as a reveal
        self._draw()
        return result

    def show_hint(self) -> None:
        self.hints_shown = min(self.hints_shown + 1, self.exercise.hint_count)
        self._draw()

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.feedback.set_lang(self.lang)
        self.answer.set_lang(self.lang)
        kept = self.level_select.value
        self.level_select.options = self._levels()
        self.level_select.value = kept
        self._draw()

    def _draw(self) -> None:
        ex, lang = self.exercise, self.lang
        self.intro.value = f"<p>{escape(self.lesson.intro.get(lang))}</p>"
        self.prompt.value = f"<h3>{escape(ex.prompt.render(lang))}</h3>"
        self.context.value = "<ul>" + "".join(f"<li>{escape(m.render(lang))}</li>"
                                              for m in ex.context) + "</ul>"
        shown = [ex.hint(i).render(lang) for i in range(self.hints_shown)]
        if self.submit_button.disabled:
            shown += [m.render(lang) for m in ex.reveal]
        self.hints.value = "<ol>" + "".join(f"<li>{escape(h)}</li>" for h in shown) + "</ol>"
        self.submit_button.description = t("dungeon.app_check", lang)
        self.hint_button.description = t("dungeon.app_hint", lang)
        self.next_button.description = t("dungeon.app_next_question", lang)
