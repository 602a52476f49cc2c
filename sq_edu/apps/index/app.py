"""The dashboard index: one card per lesson that exists, a language switch, the teacher link.

Only dashboards whose notebook is on disk are listed, so a half-finished lesson never shows up as
a broken link. Links are relative (`equations.ipynb?lang=ru`) so the same page works under
`sq-edu serve` (`/voila/render/index.ipynb`) and on Binder (`.../voila/render/notebooks/...`).
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from sq_edu.apps.index.carry import NicknameCarry
from sq_edu.i18n import LANGS, normalize_lang, t
from sq_edu.links import PageParams, dashboards, notebooks_dir, page_of_lesson
from sq_edu.practice import load_lessons
from sq_edu.widgets.joy import header_tools, relabel_folds, settings_fold
from sq_edu.widgets.style import AppStyle

# Small pictures drawn for the index (no copyrighted art).
_CARD = '<rect x="{x}" y="{y}" width="22" height="32" rx="3" fill="#fff" stroke="#333"/>'
PICTURES: dict[str, str] = {
    "equations": (
        _CARD.format(x=4, y=16) + _CARD.format(x=36, y=16)
        + '<text x="15" y="38" font-size="16" text-anchor="middle">3</text>'
        + '<text x="32" y="38" font-size="14" text-anchor="middle">+</text>'
        + '<text x="47" y="38" font-size="16" text-anchor="middle">7</text>'
        + '<text x="32" y="62" font-size="11" text-anchor="middle">= 10</text>'
    ),
    "card_detective": (
        _CARD.format(x=6, y=10)
        + '<circle cx="38" cy="34" r="13" fill="#dbeafe" stroke="#333" stroke-width="3"/>'
        + '<line x1="47" y1="44" x2="60" y2="58" stroke="#333" stroke-width="5"/>'
        + '<text x="38" y="39" font-size="13" text-anchor="middle">?</text>'
    ),
    "chances": (
        '<circle cx="32" cy="32" r="24" fill="#fde68a" stroke="#333" stroke-width="2"/>'
        + '<path d="M32 32 L32 8 A24 24 0 0 1 55 38 Z" fill="#2563eb" stroke="#333"/>'
        + '<text x="22" y="46" font-size="11" text-anchor="middle">1/4</text>'
    ),
    "queen_points": (
        '<path d="M8 44 L12 16 L24 30 L32 10 L40 30 L52 16 L56 44 Z" fill="#facc15" '
        'stroke="#333" stroke-width="2"/>'
        + '<text x="32" y="60" font-size="13" text-anchor="middle">40</text>'
    ),
    "play": (
        '<g transform="rotate(-15 32 40)">' + _CARD.format(x=10, y=14) + "</g>"
        + _CARD.format(x=21, y=12)
        + '<g transform="rotate(15 32 40)">' + _CARD.format(x=32, y=14) + "</g>"
        + '<text x="43" y="36" font-size="14" text-anchor="middle">♛</text>'
    ),
    "dungeon": (
        '<path d="M12 58 L12 22 L32 8 L52 22 L52 58 Z" fill="#a8a29e" stroke="#333" '
        'stroke-width="2"/>'
        + '<path d="M24 58 L24 38 A8 8 0 0 1 40 38 L40 58 Z" fill="#44403c"/>'
    ),
}

STYLE = """
<style>
.sq-index { max-width: 60rem; color: #1f2937; font-size: 1rem; }
.sq-index h1 { font-size: 1.8rem; margin: 0.2em 0; }
.sq-index h2 { font-size: 1.3rem; margin: 0.8em 0 0.3em; }
.sq-index .sq-cards { display: grid; gap: 0.8rem; list-style: none; padding: 0; margin: 0;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
.sq-index .sq-lesson-card > * { display: flex; gap: 0.7rem; align-items: flex-start;
  padding: 0.7rem; border: 2px solid #6b7280; border-radius: 0.6rem; color: #1f2937;
  text-decoration: none; background: #ffffff; }
.sq-index .sq-lesson-card a:hover, .sq-index .sq-lesson-card a:focus {
  border-color: #1d4ed8; outline: 3px solid #1d4ed8; outline-offset: 2px; }
.sq-index .sq-lesson-card svg { flex: none; }
.sq-index .sq-lesson-card div strong { color: #1f2937; text-decoration: none; }
.sq-index .sq-lesson-card strong { display: block; font-size: 1.1rem; color: #1d4ed8;
  text-decoration: underline; }
.sq-index .sq-teacher { margin-top: 1rem; }
.sq-index .sq-teacher a { color: #1d4ed8; }
.sq-index .sq-notes { color: #7c2d12; }
.sq-index .sq-due-review { display: block; margin-top: 0.3em; color: #7c2d12; font-weight: bold; }
</style>
"""


def picture(name: str) -> str:
    """The lesson's picture as inline SVG; decorative, as the card's title already names it."""
    body = PICTURES.get(name, _CARD.format(x=21, y=16))
    return (
        '<svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false" '
        f'font-family="sans-serif">{body}</svg>'
    )


class IndexApp(widgets.VBox):
    """The front page of the dashboards, redrawn in place when the language changes."""

    lang = traitlets.Unicode("en", help="page language, one of sq_edu.i18n.LANGS")

    def __init__(
        self,
        lang: str | None = None,
        notes: Iterable[str] = (),
        folder: Path | None = None,
        alone: bool = False,
        progress_dir: Path | None = None,
    ) -> None:
        """`lang` "en" or "ru"; `notes` are apps.* message keys about a refused link setting;
        `folder` holds the dashboard notebooks (default: the installed ones); `progress_dir`
        is where learners' progress files are (for "time to review"); `alone` says the page
        is served by itself (`voila index.ipynb`: the page asks
        `sq_edu.pages.params.served_alone()`), where lesson links cannot open, so the cards
        are not links and the page names the command that serves them all."""
        super().__init__()
        self.alone = alone
        self.add_class("sq-app")
        self.add_class("sq-index-app")
        self._folder = folder or notebooks_dir()
        self._notes = tuple(notes)
        loaded = load_lessons()
        self._lesson_files = loaded.lessons  # their titles, as the lessons show them
        # A lesson whose file is broken is not offered (its page could only say so).
        broken = {page_of_lesson(Path(error.file).stem) for error in loaded.errors}
        self.lessons: list[str] = [name for name in dashboards(self._folder)
                                   if name not in broken]
        self.has_teacher = (self._folder / "teacher.ipynb").is_file()
        self.has_grownups = (self._folder / "grownups.ipynb").is_file()
        # Tables of classmates need the class server's table service (`--class NAME`).
        self.has_tables = (bool(os.environ.get("SQ_EDU_TABLES_URL"))
                           and (self._folder / "table.ipynb").is_file())
        self.header = widgets.HTML()
        self.switch = widgets.Button(layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.switch.add_class("sq-language-switch")
        self.switch.on_click(self._on_switch)
        self.body = widgets.HTML()
        # "Due for review": a child types their nickname and sees which lessons to revisit.
        self._progress_dir = progress_dir
        self.due: dict[str, list[str]] = {}
        self.nickname = widgets.Text(layout=widgets.Layout(width="14em"), continuous_update=False)
        self.nickname.add_class("sq-index-nickname")
        self.show_due = widgets.Button()
        self.show_due.add_class("sq-index-show-due")
        self.show_due.on_click(lambda _b: self.load_learner(self.nickname.value))
        self.nickname.observe(lambda c: self.load_learner(c["new"]), "value")
        learner_row = widgets.HBox([self.nickname, self.show_due])
        # The shared look of every app: title row with the language switch on the right.
        self.header.layout = widgets.Layout(flex="1 1 auto")
        # The grown-ups' way to the teacher page sits behind one button, out of a child's way.
        self.grownups = widgets.HTML()
        self.grownups.add_class("sq-index-grownups")
        self.settings_toggle, settings = settings_fold([self.grownups], normalize_lang(lang))
        title_row = widgets.HBox([self.header, header_tools(self.switch, self.settings_toggle)])
        title_row.add_class("sq-app-header")
        self.children = (AppStyle(), NicknameCarry(), title_row, settings, learner_row,
                         self.body)
        self.lang = normalize_lang(lang)
        self._render()

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: dict[str, Any]) -> str:
        return normalize_lang(proposal["value"])

    @traitlets.observe("lang")
    def _lang_changed(self, _change: dict[str, Any]) -> None:
        self._render()

    def _on_switch(self, _button: widgets.Button) -> None:
        """Flip between the two languages (the button names the one it switches to)."""
        self.lang = LANGS[(LANGS.index(self.lang) + 1) % len(LANGS)]

    def load_learner(self, nickname: str) -> None:
        """Show the reviews due today for the learner with this nickname (nothing if none)."""
        from sq_edu.practice import ProgressStore

        try:
            store = ProgressStore.for_learner(nickname, self._progress_dir)
            progress = store.load() if store.path.exists() else None
        except (ValueError, OSError, RuntimeError, KeyError):
            progress = None
        self.due = progress.mastery.due_by_lesson(self._lesson_files) if progress else {}
        self._render()

    def link(self, name: str, nickname: str = "") -> str:
        """Relative link to a dashboard that keeps the chosen language (and, for a lesson,
        the nickname typed here, so the child does not type it twice)."""
        return f"{name}.ipynb?{PageParams(self.lang, nickname=nickname.strip()).to_query()}"

    def _render(self) -> None:
        lang = self.lang
        keys = (*self._notes, "index_alone") if self.alone else self._notes
        notes = "".join(
            f'<p class="sq-notes" role="status">{html.escape(t(f"apps.{key}", lang))}</p>'
            for key in keys
        )
        title = html.escape(t("common.app_name", lang))
        intro = html.escape(t("apps.index_intro", lang))
        self.header.value = (
            f'{STYLE}<div class="sq-index" lang="{lang}"><h1>{title}</h1><p>{intro}</p>'
            f"{notes}</div>"
        )
        self.switch.description = t(f"widgets.language_{'ru' if lang == 'en' else 'en'}", lang)
        self.nickname.description = t("practice.index_nickname", lang)
        self.nickname.style = {"description_width": "initial"}
        self.show_due.description = t("practice.index_show_due", lang)
        self.switch.tooltip = t("apps.switch_language_hint", lang)
        cards = "".join(self._card(name) for name in self.lessons)
        if not cards:
            cards = f"<li>{html.escape(t('apps.index_none', lang))}</li>"
        tables, teacher = "", ""
        if self.has_tables and not self.alone:   # for the children: beside the lessons
            tables = (f'<p class="sq-tables-link"><a href="{self.link("table")}">'
                      f"{html.escape(t('table.title', lang))}</a></p>")
            if (self._folder / "classgame.ipynb").is_file():   # the whole class, one game
                tables += (f'<p class="sq-classgame-link"><a href="{self.link("classgame")}">'
                           f"{html.escape(t('classgame.title', lang))}</a></p>")
        if self.has_teacher and not self.alone:
            teacher += (
                f'<p class="sq-teacher"><a href="{self.link("teacher")}">'
                f"{html.escape(t('apps.index_teacher', lang))}</a></p>"
            )
        self.body.value = (
            f'<div class="sq-index" lang="{lang}"><h2>{html.escape(t("apps.index_lessons", lang))}'
            f'</h2><ul class="sq-cards">{cards}</ul>{tables}</div>'
        )
        self.grownups.value = (f'<div class="sq-index" lang="{lang}">{self.grownups_link()}'
                               f"{teacher}</div>")
        relabel_folds(lang, self.settings_toggle)

    def grownups_link(self) -> str:
        """The link to the grown-ups' summary of the week at home ("" where it cannot open)."""
        if not self.has_grownups or self.alone:
            return ""
        return (f'<p class="sq-grownups-link"><a href="{self.link("grownups")}">'
                f"{html.escape(t('grownups.title', self.lang))}</a></p>")

    def _card(self, name: str) -> str:
        lesson = self._lesson_files.get(name)
        title = lesson.title.get(self.lang) if lesson else t(f"apps.{name}_title", self.lang)
        line = t(f"apps.{name}_line", self.lang)
        due = ""
        if lesson and self.due.get(name):
            skills = ", ".join(lesson.skill_title(s, self.lang) for s in self.due[name])
            text = t("practice.due_review", self.lang, skills=skills, n=len(self.due[name]))
            due = f'<em class="sq-due-review">{html.escape(text)}</em>'
        body = (f"{picture(name)}<span><strong>{html.escape(title)}</strong>"
                f"{html.escape(line)}{due}</span>")
        if self.alone:  # no link that would only answer 403
            return f'<li class="sq-lesson-card" data-lesson="{name}"><div>{body}</div></li>'
        return (f'<li class="sq-lesson-card" data-lesson="{name}">'
                f'<a href="{self.link(name, self.nickname.value)}">{body}</a></li>')
