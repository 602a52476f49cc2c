"""The class settings as links and text: which lessons a class can be sent to, the level
choices of a lesson, the links pupils open and how the shared link reads on the page.

Free functions of the settings (no widgets), so `TeacherApp` keeps to building and wiring the
page; `sq_edu.apps.teacher.app` re-exports `lesson_pages`.
"""

from __future__ import annotations

import html

from sq_edu.i18n import t
from sq_edu.links import (
    DASHBOARDS,
    LESSON_PAGES,
    PageParams,
    binder_link,
    clamp_level,
    on_binder,
)
from sq_edu.pages.page_address import sibling_link, site_link
from sq_edu.practice import Lesson, load_lessons


def lesson_pages() -> dict[str, str]:
    """Every shipped lesson a class can be sent to, and the dashboard notebook that shows it."""
    shipped = load_lessons().lessons
    pages = {lesson_id: lesson_id for lesson_id in DASHBOARDS if lesson_id in shipped}
    pages.update({lesson_id: page for lesson_id, page in LESSON_PAGES.items()
                  if lesson_id in shipped and page in DASHBOARDS})
    return pages


def level_options(lesson: Lesson | None, wanted: int | None, lang: str
                  ) -> tuple[list[tuple[str, object]], int | None]:
    """The level select's options for `lesson` and the level to show: a wanted level the
    lesson lacks is the nearest it has (the one level policy)."""
    levels = lesson.levels if lesson else ()
    numbers = [lvl.number for lvl in levels]
    current = (clamp_level(wanted, len(numbers)) if wanted is not None and numbers
               else (numbers[0] if numbers else None))
    return [(f"{lvl.number}. {lvl.title.get(lang)}", lvl.number) for lvl in levels], current


def practice_link(href: str, page: str, pupils: str, level: int, code: str) -> str:
    """A link that opens `page` at `level` for class `code` in the pupils' language."""
    query = PageParams(pupils, level=level, class_code=code).to_query()
    return sibling_link(href, page, query) or f"{page}.ipynb?{query}"


def share_link(href: str, page: str, query: str) -> str:
    """Absolute link to `page` with the class settings, built from the teacher's address."""
    if on_binder():   # the session address is the teacher's own: pupils get a new session
        return binder_link(page, query)
    return sibling_link(href, page, query) or site_link(href, page, query)


def link_html(lesson: Lesson, link: str, pupils: str, level: int, seed: int, lang: str) -> str:
    """The shared link as the teacher reads it: the lesson, level and deal in the pupils'
    language, clickable once the browser has said the page's address."""
    name = (f"{lesson.title.get(pupils)}: {t('common.level', pupils).lower()} "
            f"{level}, {t('common.deal_number', pupils).lower()} {seed}")
    target = (f'<a href="{html.escape(link)}" target="_blank" rel="noopener">'
              f"{html.escape(name)}</a>" if link else html.escape(name))
    intro = "apps.teacher_link_intro_binder" if on_binder() else "apps.teacher_link_intro"
    return (f'<p>{html.escape(t(intro, lang))} '
            f"{target}</p>")
