"""`LessonApp`: the one generic lesson dashboard, driven by a lesson file.

`LessonApp("equations", lang="ru", level=2, seed=12, progress_path="me.json")` shows the
lesson's levels, a deal number (a whole class types the same one and gets the same exercises),
the exercise with the widget kit (HandView, EquationBuilder, DiscardPileView; DeckTracker and
ChanceView are revealed after the answer), an answer control, escalating hints up to the worked
answer, a feedback line that says what the answer means, the learner's mastery per skill, and
progress export / import (Binder forgets its disk). Every callback runs through `guarded`.
The state of the lesson (exercise, level, deal, hints, what was counted) is a widget-free
`sq_edu.practice.session.LessonSession`; the app only draws it and hands it the answers.

Without `progress_path`, progress is kept in the progress folder (`progress_dir`, by default
`default_progress_dir()`: $SQ_EDU_PROGRESS_DIR or the XDG data folder), one file per nickname;
until a nickname is saved it lives in memory and the panel says so.

Stable hooks for browser tests (CSS classes; every control is a native button, input, select
or radio group, so it has a text name and works with Tab / Enter / Space / arrow keys):

    sq-lesson-app       the whole app              sq-language       English / Русский toggle
    sq-lesson-title     lesson title (h2)          sq-lesson-intro   lesson introduction
    sq-level            level select               sq-seed           deal number (int input)
    sq-new-deal         start the deal again       sq-exercise-number  "Exercise 3"
    sq-prompt           the question (h3)          sq-context        what happened so far (list)
    sq-read-aloud       speaks the question        sq-example        the level's worked example
    sq-deck             what is in the deck (chances and detective items)
    sq-visual           hand / discard pile shown  sq-answer, sq-answer-<kind>  answer control
    sq-queen-pictures   the queens of a queens.* question (faces, names and points)
    sq-answer-cards     selectable hand (HandView .sq-card buttons, aria-pressed)
    sq-answer-text      text input (number, fraction, percent, typed equation)
    sq-answer-choice    radio group                sq-answer-seat    player buttons
    sq-submit           check my answer            sq-hint           next hint
    sq-next-exercise    next exercise              sq-hints          hints shown (ordered list)
    sq-feedback         status line (role=status, aria-live=polite; class sq-status-good/bad)
    sq-interpretation   what the answer means      sq-reveal         after-answer reveal
    sq-mastery          skills and level progress  sq-nickname       nickname input
    sq-save-nickname    save nickname              sq-export         download link (a[download])
    sq-import           progress upload (input type=file, .json)
    sq-progress-box     the "My progress" panel (progress.ProgressPanel)
    sq-progress-notice  where progress is kept, or that it could not be saved (role=status)
    sq-worksheet        make a printable worksheet for this level and deal
    sq-worksheet-link   its download link (a[download], an HTML page with the answer key)
    sq-settings         "For grown-ups": the one button that shows level, deal and worksheet
    sq-intro-toggle     "How it works": the folded introduction and worked example
    sq-sound            sounds on / off            sq-lesson-celebrate  a level done (sq-celebrate)
"""

from __future__ import annotations

from html import escape
from os import PathLike

import ipywidgets as widgets

from sq_edu.apps.lesson.class_name import NicknameFirst
from sq_edu.apps.lesson.exercise import ExerciseView
from sq_edu.apps.lesson.inputs import AnswerInput
from sq_edu.apps.lesson.progress import ProgressPanel
from sq_edu.apps.lesson.settings import WORKSHEET_EXERCISES, LessonSettings
from sq_edu.apps.lesson.suggested import SuggestedPractice
from sq_edu.apps.lesson.views import PanelRecorder, progress_folder
from sq_edu.i18n import normalize_lang, t
from sq_edu.practice import Progress, ProgressStore, get_lesson
from sq_edu.practice.checking import Judgement
from sq_edu.practice.classroom.live import ClassTrace
from sq_edu.practice.session import LessonSession
from sq_edu.practice.verdict import skill_opened
from sq_edu.widgets.controls import html_box as _html
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.joy import Cheer, celebration_html, header_tools, intro_fold, relabel_folds
from sq_edu.widgets.language import LanguageToggle
from sq_edu.widgets.style import AppStyle

__all__ = ["WORKSHEET_EXERCISES", "LessonApp"]


def _from_session(name: str) -> property:
    return property(lambda app: getattr(app.session, name), doc=f"The session's `{name}`.")


class LessonApp(widgets.VBox):
    """The lesson dashboard; see the module docstring for its parts and CSS hooks.

    Its parts are objects of their own: `settings` (the grown-ups' controls, a
    `LessonSettings`), `view` (the exercise drawn, an `ExerciseView`), `panel` (the learner's
    progress, a `ProgressPanel`). Their widgets are also reachable under the app's own names
    (`app.level_select`, `app.prompt`, `app.submit_button`...), which tests and notebooks use.
    """

    def __init__(self, lesson_id: str, lang: str = "en", level: int | None = None,
                 seed: int | None = None, progress_path: str | PathLike[str] | None = None,
                 progress_dir: str | PathLike[str] | None = None) -> None:
        self.lesson = get_lesson(lesson_id)
        self.lang = normalize_lang(lang)
        self.feedback = Feedback(self.lang)
        self.feedback.add_class("sq-feedback")
        guard = guarded(lambda: self.feedback)
        store = ProgressStore(progress_path) if progress_path is not None else None
        folder = progress_folder(progress_dir) if store is None else None
        self.panel = ProgressPanel(self.lesson, store, self.feedback, self.lang,
                                   on_import=lambda _p: self.session.progress_replaced(),
                                   folder=folder, on_learner=self._learner_joined)
        self.session = LessonSession(self.lesson, PanelRecorder(self.panel), level, seed)
        self.trace = ClassTrace(folder, "")  # `join_class` names the class
        self.suggested = SuggestedPractice()   # practice the teacher sent this learner
        self.nickname_first = NicknameFirst(self.panel)   # class mode: who, before the task
        self.settings = LessonSettings(self.lesson, self.lang, self.level, self.seed)
        self.view = ExerciseView(self.lesson, self.session, self.feedback, self.lang)

        self.title = _html("sq-lesson-title")
        self.language = LanguageToggle(self.lang, self.feedback)
        self.language.on_change(guard(self.set_lang))
        self.intro = _html("sq-lesson-intro")
        self.cheer = Cheer(self.lang)
        s, v, p = self.settings, self.view, self.panel
        # The parts' controls, under the names tests and notebooks use.
        self.level_select, self.seed_box, self.new_deal = s.level_select, s.seed_box, s.new_deal
        self.worksheet_button, self.worksheet_link = s.worksheet_button, s.worksheet_link
        self.settings_toggle = s.toggle
        self.exercise_number, self.prompt, self.read_aloud = (v.exercise_number, v.prompt,
                                                              v.read_aloud)
        self.example_box, self.deck, self.context, self.visual = (v.example_box, v.deck,
                                                                  v.context, v.visual)
        self.answer_box, self.hints, self.interpretation = (v.answer_box, v.hints,
                                                            v.interpretation)
        self.submit_button, self.hint_button, self.next_button = (v.submit_button,
                                                                  v.hint_button, v.next_button)
        self.reveal, self.reveal_lines, self.celebrate = v.reveal, v.reveal_lines, v.celebrate
        self.mastery, self.nickname = p.mastery, p.nickname
        self.save_nickname, self.export, self.upload = p.save_nickname, p.export, p.upload

        s.on_level(guard(self._level_chosen))
        self.seed_box.observe(guard(lambda c: self.set_seed(c["new"])), "value")
        self.new_deal.on_click(guard(lambda _b: self.set_seed(self.seed_box.value, force=True)))
        self.submit_button.on_click(guard(lambda _b: self.submit()))
        self.hint_button.on_click(guard(lambda _b: self.show_hint()))
        self.next_button.on_click(guard(lambda _b: self.next_exercise()))
        self.worksheet_button.on_click(guard(lambda _b: self.make_worksheet()))
        # After the panel's own handler: the learner, now named, shows up in the class view.
        self.save_nickname.on_click(guard(lambda _b: self._visit()))

        # Child first: the task and the hand on the first screen; the grown-ups' settings
        # behind one button, the introduction and worked example folded under the task.
        self.intro_toggle, intro = intro_fold([self.intro, self.example_box], self.lang,
                                              key=self.lesson.id)
        header = widgets.HBox([self.title, header_tools(self.language, self.cheer,
                                                        self.settings_toggle)],
                              layout=widgets.Layout(justify_content="space-between",
                                                    flex_flow="row wrap"))
        header.add_class("sq-app-header")
        self._parts = {
            "top": [AppStyle(), header, self.suggested, self.suggested.bringer, s.box,
                    self.nickname_first, self.exercise_number, self.prompt, self.read_aloud],
            "clues": [self.context, self.deck, self.visual],
            "answer": [self.answer_box, v.actions, self.feedback, self.celebrate],
            "after": [self.interpretation, self.hints, self.reveal, self.intro_toggle, intro,
                      self.panel]}
        super().__init__()
        self.add_class("sq-app")
        self.add_class("sq-lesson-app")
        self._draw_exercise()
        if store is not None and store.problem is not None:
            self.feedback.show(store.problem.render(self.lang), "bad")

    # The session's state, read-only under the names tests and notebooks use.
    exercise = _from_session("exercise")
    level = _from_session("level")
    seed = _from_session("seed")
    index = _from_session("index")
    solved = _from_session("solved")
    recorded = _from_session("recorded")
    result = _from_session("result")

    @property
    def answer(self) -> AnswerInput:
        """The answer control of the exercise on screen (a new one each exercise)."""
        return self.view.answer

    @property
    def reveal_view(self) -> widgets.Widget | None:
        """The picture revealed after the answer (a deck tracker or chances), if any."""
        return self.view.reveal_view

    @property
    def progress(self) -> Progress:
        """The learner's progress (owned by the panel, which saves it)."""
        return self.panel.progress

    @property
    def store(self) -> ProgressStore | None:
        """Where the progress is saved; None while a nickname is awaited."""
        return self.panel.store

    # --- public API -------------------------------------------------------------------------
    def submit(self) -> Judgement | None:
        """Check the answer given; the first readable answer counts towards mastery."""
        if self.session.solved:
            self.feedback.say("lesson_app.already_solved", "info")
            return self.session.result
        counted_before = self.session.recorded
        result = self.session.submit(self.answer.value())
        if result.understood:   # every answer reaches the teacher, with the error it shows
            ex = self.session.exercise
            self.trace.answer(self.progress.nickname, self.lesson.id, self.session.level,
                              result.correct, skill=ex.skill,
                              misconception=result.misconception or "", answered_at=ex.level,
                              how=self.session.how, opened=skill_opened(
                                  self.progress.mastery, ex.skill, self.lesson))
        if self.session.recorded and not counted_before:
            self._cheer_outcome()
            self.settings.show_level(self.level)
        if result.correct:
            self.cheer.cheer("right")
            self.view.solved()
        elif result.understood:
            self.answer.drop_cards()
        self.view.answered(result)
        return result

    def _cheer_outcome(self) -> None:
        """A level done is celebrated; the worked example of the level moved to is opened."""
        outcome = self.session.outcome
        if outcome is None:
            return
        if outcome.level_up is not None:
            self.celebrate.value = celebration_html(
                t("joy.level_done", self.lang, n=outcome.level_up - 1))
            self.cheer.cheer("win")
        if outcome.level_up or outcome.step_back or outcome.back_to:   # levels count from 1
            self.intro_toggle.expanded = True

    def show_hint(self) -> None:
        """The next hint: a nudge, a strategy, then the worked answer with every valid one."""
        self.session.show_hint()
        self.view.draw_hints()
        self.view.reveal_when_settled()

    def next_exercise(self) -> None:
        """The next exercise of the deal (or a due review of an older skill)."""
        self.session.next_exercise()
        self._draw_exercise()

    def set_level(self, level: int) -> None:
        self.session.set_level(level)
        self.settings.show_level(self.level)
        self._draw_exercise()
        self._visit()

    def set_seed(self, seed: int, force: bool = False) -> None:
        if self.session.set_seed(seed, force):
            self._draw_exercise()

    def set_lang(self, lang: str) -> None:
        """Everything in the other language, the current exercise and answer kept."""
        self.lang = normalize_lang(lang)
        if self.language.value != self.lang:
            self.language.value = self.lang
        self.feedback.set_lang(self.lang)
        self.cheer.set_lang(self.lang)
        self.suggested.draw(self.lang)
        relabel_folds(self.lang, self.settings_toggle, self.intro_toggle)
        self.view.set_lang(self.lang)
        self._relabel()

    def set_nickname(self, text: str) -> None:
        self.panel.set_nickname(text)
        self._visit()

    @property
    def fixed(self) -> bool:
        """The class link fixed the level and deal (a test)."""
        return self.session.fixed

    def join_class(self, code: str, fixed: bool = False) -> None:
        """Work in class `code` (the teacher's live view shows this learner there); `fixed`
        keeps the learner on this level and deal, as in a test."""
        self.trace.code = code
        self.nickname_first.ask(bool(code))
        self.session.fixed = fixed
        self.settings.fix(fixed)

    def offer_exit_tickets(self, key: str) -> widgets.Widget:
        """The class's exit ticket (its button, then the ticket) under the answer; `key` is
        the class's ticket key from the teacher's link."""
        from sq_edu.apps.lesson.exit_ticket import ExitTicketPanel

        panel = ExitTicketPanel(self, key)
        self._parts["answer"].append(panel)
        self._place_answer()
        return panel

    def prefill_nickname(self, text: str) -> None:
        """The nickname typed on the index, ready in the box (saved with the child's secret)."""
        self.nickname.value = self.nickname.value.strip() or text

    def _visit(self) -> None:
        self.nickname_first.done()
        self.trace.visit(self.progress.nickname, self.lesson.id, self.session.level)
        if self.trace.code or self.suggested.suggestion is not None:   # class mode only
            self.suggested.update(self.trace.progress_dir, self.trace.code,
                                  self.progress.nickname, self.lesson.id, self.session.level,
                                  self.lang)

    def make_worksheet(self, count: int = WORKSHEET_EXERCISES) -> str:
        """A printable page for this level and deal (same deal, same sheet), as a download."""
        return self.settings.worksheet(self.level, self.seed, count)

    def export_bytes(self) -> bytes:
        return self.panel.export_bytes()

    def import_bytes(self, data: bytes) -> bool:
        """Take uploaded progress; a friendly message (never a traceback) if it is not ours."""
        return self.panel.import_bytes(data)

    def _learner_joined(self, _progress: Progress) -> None:
        """A returning learner carries on at the level they had reached."""
        if self.session.learner_changed():
            self.settings.show_level(self.level)
            self._draw_exercise()

    def _level_chosen(self, level: int) -> None:
        self.set_level(level)
        self.intro_toggle.expanded = True   # a new level: its worked example

    # --- drawing ----------------------------------------------------------------------------
    def _draw_exercise(self) -> None:
        """A new exercise on screen, its answer in place, every text in the language now."""
        self.view.draw()
        self._place_answer()
        self._relabel()

    def _place_answer(self) -> None:
        """The answer right under the question when it is typed (the clues follow, as on a
        worksheet), so it is on the first screen; after the pictures when it is picked from
        them (the hand, the cards of a chance question)."""
        parts = self._parts
        middle = (parts["answer"] + parts["clues"] if self.view.typed_answer
                  else parts["clues"] + parts["answer"])
        children = tuple(parts["top"] + middle + parts["after"])
        # ipywidgets' `children` trait carries no type mypy can follow through Box.
        if tuple(self.children) != children:  # type: ignore[has-type]
            self.children = children

    def _relabel(self) -> None:
        lang = self.lang
        self.title.value = (f"<h2 class='sq-h' style='margin:4px 0'>"
                            f"{escape(self.lesson.title.get(lang))}</h2>")
        self.intro.value = f"<p style='font-size:1.1em'>{escape(self.lesson.intro.get(lang))}</p>"
        self.settings.relabel(lang, self.level)
        self.view.relabel()
        self.panel.level = self.level
        self.panel.set_lang(lang)
        self.nickname_first.set_lang(lang)
