"""`PlayApp`: a whole game of Sleeping Queens: one child against 1 to 4 bots, or 2-5 seats at
one screen, each a person or a bot ("Play together").

The app owns the `Game` in the kernel (`PlayTable`), showing only the shown person's
`Observation`. Between two people's turns a "Pass to Masha" panel hides the hand until she
taps. Bots move after a short pause (a setting; "Next move" to step), each move told. A coach
per person shows the maths that helps now; answers go to that person's progress.

Stable hooks for browser tests (CSS classes; each control a real, named, keyboard-usable one):

    sq-play-app       the whole app            sq-language      English / Русский toggle
    sq-opponents      number of bots (select)  sq-bot-strength  bot strength (select)
    sq-rules          rule preset (select)     sq-new-game      start a new game
    sq-auto           bots move at once        sq-status        the status line (role=status)
    sq-pace           the bots' pace (select)  sq-seat-setup-open  play together at one screen
    sq-seat-setup     choosing the seats       sq-pass-screen / sq-pass-ready  hand the screen over
    sq-hand / .sq-card  the hand, aria-pressed card buttons
    sq-act-wake  sq-act-steal  sq-act-sleep  sq-act-jester  sq-act-discard  sq-act-cancel
    sq-slot-button, sq-slot-<1..12>            slot choice buttons of the queen grid
    sq-queen-button, sq-queen-<name>           awake-queen choice buttons
    sq-answer-block  sq-answer-allow           answer an attack on your queen
    sq-keep-card  royal court: keep one revealed card    sq-next  sq-skip  advance the bots
    sq-story          what happened (role=log) sq-coach         the coach panel
    sq-coach-level    coach level (select)     sq-coach-question the question (live region)
    sq-coach-answer / sq-coach-check           typed answer    sq-coach-option  a choice
    sq-coach-check-cards                       check the cards picked in the hand
    sq-coach-show-me  show the tracker and the worked answer   sq-coach-result  the verdict
    sq-nickname / sq-save-nickname  sq-secret-picture / sq-secret  who plays (their secret)
    sq-coach-summary  after the game           sq-bot-count     how many bots (first screen)
    sq-game-over      the game-over panel      sq-play-again    new game from that panel
    sq-celebrate      the child's win          sq-over-player / sq-over-queen  queens as pictures
    sq-best-moment    the child's best moment  sq-sound         sounds on / off
    sq-settings       "For grown-ups": opponents, bots, rules, coach, auto, who plays
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import ipywidgets as widgets

from sq_edu.apps.play.board import PlayBoard
from sq_edu.apps.play.cheering import StoryCheer
from sq_edu.apps.play.coaching import SeatCoach, person_coaches
from sq_edu.apps.play.over import GameOver
from sq_edu.apps.play.pace import BotPace
from sq_edu.apps.play.setup import SetupRow
from sq_edu.apps.play.table import MAX_BOT_STEPS, PlayTable, available_bots
from sq_edu.apps.shared.coach import CoachPanel
from sq_edu.apps.shared.learner import LearnerRow, SavingRecorder, not_kept_key
from sq_edu.apps.shared.seats import PassScreen, SeatSetup, seat_name
from sq_edu.apps.shared.words import who
from sq_edu.engine import Game, IllegalMove, Move, Observation, Rules
from sq_edu.engine.cards import sort_key
from sq_edu.engine.observation import Event
from sq_edu.i18n import normalize_lang, t
from sq_edu.i18n.words import Word
from sq_edu.links import default_lang
from sq_edu.practice import Progress
from sq_edu.practice.learner_record import LearnerRecord
from sq_edu.practice.seats import Seat, solo
from sq_edu.widgets.controls import button as _button
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.joy import Cheer, header_tools, relabel_folds, settings_fold
from sq_edu.widgets.language import LanguageToggle
from sq_edu.widgets.style import AppStyle

__all__ = ["MAX_BOT_STEPS", "PlayApp", "available_bots"]


class PlayApp(widgets.VBox):
    """The game app. `PlayApp(lang="ru", seed=7)` is reproducible game after game."""

    def __init__(self, lang: str | None = "en", seed: int | None = None, opponents: int = 2,
                 bots: str = "greedy", rules: str = "official", auto: bool = False,
                 coach: str | None = None, progress_dir: str | Path | None = None,
                 pace: str = "normal") -> None:
        """`lang=None` takes the server's default language (`sq-edu serve --lang`). `coach`: off,
        helper, quiz or detective; None follows the learner's mastery (a quiz for a new one).
        `progress_dir`: where learners' files go (default: the progress folder). `pace`:
        slow, normal, fast, or step (bots wait for "Next move")."""
        self.lang = default_lang() if lang is None else normalize_lang(lang)
        self._seeds = random.Random(seed)
        self._folder = Path(progress_dir) if progress_dir is not None else None
        self.feedback = Feedback(self.lang)
        self.feedback.add_class("sq-status")
        self._guard = guard = guarded(lambda: self.feedback)
        self.language = LanguageToggle(self.lang, feedback=self.feedback)
        self.language.on_change(self.set_lang)
        self.pace = BotPace(self.lang, guard(self.next_move), pace)
        self.setup = SetupRow(self.lang, opponents, bots, rules, auto, self.pace.choice)
        self.table = PlayTable(solo(opponents), Rules.preset("official"), 0)  # replaced below
        self.board = PlayBoard(self.table.observe(), self.lang, self.feedback, guard,
                               self.play, self.discard_selected)
        record = LearnerRecord(self._folder)
        self.learner = LearnerRow(self.feedback, record, self.lang, on_learner=self._learner_known)
        self._solo = self._seat_coach(self.learner.record, coach)
        self.coaches: dict[int, SeatCoach] = {0: self._solo}
        self.seat_setup = SeatSetup(self.lang, self.feedback, guard(self.play_together),
                                    guard(lambda: self._show_setup(False)))
        self.seat_setup.layout.display = "none"
        self.pass_screen = PassScreen(self.lang, self.ready, guard)
        self.over = GameOver(self.lang, guard(lambda: self.new_game()))
        self.next_button = _button("sq-next", icon="play", button_style="primary")
        self.skip_button = _button("sq-skip", icon="fast-forward")
        self.bot_bar = widgets.HBox([self.next_button, self.skip_button])
        self.coach_box = widgets.VBox([self._solo.panel])
        self.cheer = Cheer(self.lang)
        self._story_cheer = StoryCheer(self.cheer)
        # Child first: the grown-ups' choices (bots, rules, coach, who plays) behind one button.
        self.settings_toggle, self.settings = settings_fold([self.setup, self.learner], self.lang)
        self._seats: list[Seat] | None = None   # None: one child against bots
        self._wire()
        super().__init__(self._page_parts())
        self.add_class("sq-app")
        self.add_class("sq-play-app")
        self._relabel()
        self.new_game()

    def _page_parts(self) -> list[widgets.Widget]:
        """Top to bottom: the header, the grown-ups' setup row, the seat setup and nickname
        rows, then the child's side (status, pass screen, game-over panel, hand, buttons, coach,
        what the bots did) beside the queens: side by side on a wide screen, so nothing needs
        scrolling; on a narrow one the queens wrap below."""
        board = self.board
        left = widgets.VBox([self.feedback, self.pass_screen, self.over, board.hand,
                             board.actions, self.bot_bar, self.setup.bot_count,
                             self.coach_box, board.story, board.discard_view])
        left.add_class("sq-play-left")
        right = widgets.VBox([board.grid])
        right.add_class("sq-play-right")
        main = widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap"))
        main.add_class("sq-play-main")
        header = widgets.HBox([self.setup.title,
                               header_tools(self.language, self.cheer, self.settings_toggle)])
        header.add_class("sq-app-header")
        return [AppStyle(), header, self.settings, self.seat_setup, main]

    def _seat_coach(self, record: SavingRecorder, level: str | None) -> SeatCoach:
        board = self.board
        return SeatCoach.asked(self.lang, self.feedback, board.hand, record, level,
                               board.cards_checked, lambda: board.show_stars(self.coaches))

    def _wire(self) -> None:
        guard, setup = self._guard, self.setup
        setup.new_game_button.on_click(guard(lambda _b: self.new_game()))
        setup.on_bot_count(guard(self.new_game))
        setup.together.on_click(guard(lambda _b: self._show_setup(True)))
        setup.coach_level.observe(guard(lambda _c: self._coach_level_set()), "value")
        self.next_button.on_click(guard(lambda _b: self.next_move()))
        self.skip_button.on_click(guard(lambda _b: self.run_bots()))

    # --- game flow --------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def obs(self) -> Observation:
        return self.table.observe()

    @property
    def coach(self) -> CoachPanel:
        """The shown person's coach panel."""
        return self.coaches[self.table.viewer].panel

    def new_game(self) -> None:
        """Start a game with the chosen opponents, bots and rules (or the same seats)."""
        setup = self.setup
        rules = Rules.preset(str(setup.rules_choice.value))
        if self._seats is None:
            if rules.teams and setup.opponents.value != 3:
                setup.opponents.value = 3
            seats = solo(int(setup.opponents.value), str(setup.bot_choice.value))
        else:
            seats = self._seats
        self.pace.stop()
        self._story_cheer.reset()
        self.table = PlayTable(seats, rules, self._seeds.randrange(2**31))
        self.board.shared = self.table.together
        self.board.mode = None
        for seat_coach in self.coaches.values():
            seat_coach.panel.new_game()
        self.feedback.clear()
        self._after_move()
        if rules.teams:
            self.feedback.say("play.teams_need_four", "info")

    def play_together(self, seats: Sequence[Seat]) -> None:
        """Start a game of `seats` (checked) at this screen, each person with their coach."""
        self._seats = list(seats)
        self.coaches, not_kept = person_coaches(self._seats, self._folder, self.feedback,
                                                self.learner.learner, self._seat_coach)
        self._show_setup(False)
        self.settings_toggle.expanded = False   # the game is on: the hand, not "New game", on top
        self._name_seats()
        self.learner.layout.display = "none"   # each seat names its own learner
        self.setup.seat_people()
        self.new_game()
        if not_kept:
            self.feedback.say(not_kept_key(not_kept), "info", names=", ".join(not_kept))

    def _name_seats(self) -> None:
        """The seats' names on the board and the coaches' buttons, in the page's language."""
        if self._seats is not None:
            self.board.names = [seat_name(self._seats, i, self.lang)
                                for i in range(len(self._seats))]
            for seat_coach in self.coaches.values():
                seat_coach.panel.names = self.board.names

    def legal(self) -> list[Move]:
        """The shown person's legal moves now ([] while others decide or after the game)."""
        return self.table.legal()

    def ready(self) -> None:
        """The person whose turn it is has the screen ("I am Masha: show my cards")."""
        self.table.ready()
        self._refresh()

    def play(self, move: Move) -> None:
        """Play the shown person's move, tell it, and let the bots go."""
        self.coaches[self.table.viewer].play(self.table, move)
        self.board.hand.clear()  # picked cards are gone; a new hand may hold the same cards
        self.board.mode = None
        self._after_move()

    def next_move(self) -> None:
        """One bot decision (the pace's timer, or the "Next move" button)."""
        self.pace.stop()
        if self.table.bot_steps(1, self._bot_moved):
            self._after_bot()

    def run_bots(self) -> None:
        """Bots move until it is a person's decision or the game ends ("Skip")."""
        self.pace.stop()
        self.table.bot_steps(MAX_BOT_STEPS, lambda _events: None)
        self._refresh()

    def discard_selected(self) -> None:
        """Discard the picked cards, or say kindly why not (the engine's own reason)."""
        cards = tuple(sorted(self.board.hand.selected_cards, key=sort_key))
        if not cards:
            self.feedback.say("play.prompt_pick_cards", "info")
            return
        try:
            self.coaches[self.table.viewer].play(self.table, Move("discard", cards))
        except IllegalMove as why:
            self.feedback.show(why.text(self.lang), "bad")
            return
        self.board.hand.clear()  # the drawn cards may equal the thrown ones: start unpicked
        self.board.mode = None
        self._after_move()

    def story_lines(self) -> list[str]:
        """Everything told so far, in the current language."""
        return [line for _new, line in self.board.tell(self.table.story(), self.table.viewer)]

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        if self.language.value != self.lang:
            self.language.value = self.lang
        self.feedback.set_lang(self.lang)
        self.learner.set_lang(self.lang)
        self.seat_setup.set_lang(self.lang)
        self.pass_screen.set_lang(self.lang)
        self.over.set_lang(self.lang)
        for seat_coach in self.coaches.values():
            seat_coach.panel.set_lang(self.lang)
        self.board.set_lang(self.lang)
        self.pace.set_lang(self.lang)
        self.cheer.set_lang(self.lang)
        relabel_folds(self.lang, self.settings_toggle)
        self._relabel()
        self._name_seats()   # "Bot 3" becomes «Бот 3» mid-game
        self._refresh()

    # --- reacting ---------------------------------------------------------------------------
    def _after_move(self) -> None:
        if self.setup.auto.value:
            self.run_bots()
        else:
            self._after_bot()

    def _after_bot(self) -> None:
        """Redraw, and start the pause before the next bot move if a bot decides now."""
        if self.table.bots_turn:
            self.pace.wait()
        self._refresh()

    def _bot_moved(self, events: Sequence[Event]) -> None:
        """A counting bot's reasoning told by the coach (one child against bots only)."""
        seat = events[0].seat if events else None
        if seat is not None and not self.table.together and (
                self.setup.bot_choice.value == "counting"):
            self.coaches[self.table.viewer].bot_turn(self.table, seat, events)

    def _coach_level_set(self) -> None:
        """A parent (or the child) picks the shown person's coach level; it stays."""
        if self.setup.coach_level.value is None or self.setup.labelling:
            return
        self.coaches[self.table.viewer].choose_level(str(self.setup.coach_level.value))
        self._refresh()

    def _learner_known(self, progress: Progress) -> None:
        if self._solo.learner_known(progress):
            self.setup.label_coach(self._solo.panel.coach.level)
            self._refresh()

    def _show_setup(self, on: bool) -> None:
        self.seat_setup.layout.display = "flex" if on else "none"

    def _who(self, seat: int) -> Word:
        seats = self._seats
        return who(seat, self.table.viewer, self.lang) if seats is None else seat_name(
            seats, seat, self.lang)

    def _relabel(self) -> None:
        self.setup.set_lang(self.lang)
        self.setup.label_coach(self.coach.coach.level)
        self.next_button.description = t("play.next", self.lang)
        self.skip_button.description = t("play.skip", self.lang)

    def _refresh(self) -> None:
        table, obs = self.table, self.table.observe()
        over, passing = obs.is_over, table.must_pass
        legal = table.legal()
        seat_coach = self.coaches[table.viewer]
        with self.hold_trait_notifications():
            for seat, coach in self.coaches.items():   # only the one on show holds a turn
                if passing or seat != table.viewer:
                    coach.panel.blank()
            self.coach_box.layout.display = "none" if passing else "flex"   # before the pass
            self.coach_box.children = [seat_coach.panel]   # screen: never both on the page
            self.pass_screen.show(self._who(table.deciding) if passing else None)
            if not passing:
                seat_coach.turn(obs, legal)   # first: the question reaches the page soonest
            self.board.draw(obs, legal, table.hand_hidden, self.coaches)
            story = table.story()   # every event as this screen may tell it: built once
            self.board.render_story(story, table.viewer)
            moved = table.together or table.played(story)
            self.setup.bot_count.layout.display = "none" if moved and not over else "flex"
            self._story_cheer.hear(story, table.viewer)
            self.over.draw(obs, [e for _new, e in story] if over else [],
                           self.coaches if over else {}, self._seats, self.table.game.observe,
                           self.board.names, self.board.shared)
            bots = table.bots_turn
            self.bot_bar.layout.display = "flex" if bots else "none"
            self.next_button.layout.display = "none" if self.pace.waiting else "flex"
            level = seat_coach.panel.coach.level
            if self.setup.coach_level.value != level:   # the shown person's; no churn else
                self.setup.label_coach(level)
        self._say_and_focus(obs, passing, bool(legal))

    def _say_and_focus(self, obs: Observation, passing: bool, mine: bool) -> None:
        if passing:
            self.feedback.clear()
        elif obs.is_over:
            self.feedback.clear()  # the game-over panel says it all; no stale "your turn"
            self.over.play_again.focus()
        elif not mine:
            key = "smooth.bots_playing" if self.pace.waiting else "play.prompt_wait"
            self.feedback.say(key, "info", who=self._who(obs.current_player))
            if not self.pace.waiting:
                self.next_button.focus()
        elif obs.pending is None and self.board.mode is None:
            panel = self.coach
            if panel.coach.current is not None and panel.layout.display != "none":
                panel.focus_question()  # a question waits: keyboard users land on it
                return
            self.board.focus_first_action()
