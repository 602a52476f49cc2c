"""The grown-ups' summary as HTML: one block per child, in plain words, that prints on one A4
sheet (the print style hides everything on the page but the summary).

Free functions over `practice.grownups.ChildSummary`, so the app only builds and wires widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from sq_edu.i18n import t
from sq_edu.links import PageParams, page_of_lesson
from sq_edu.practice.grownups import ChildSummary, NextStep
from sq_edu.practice.lesson import Lesson
from sq_edu.practice.standing import mistake_name
from sq_edu.practice.verdict import lesson_of_skill

# page name, query -> the address that opens it (a sibling notebook, or the site's page)
Link = Callable[[str, str], str]

STYLE = """
<style>
.sq-grownups { max-width: 48rem; color: #111827; font-size: 1rem; line-height: 1.4; }
.sq-grownups h1 { font-size: 1.6rem; margin: 0.2em 0; }
.sq-grownups h2 { font-size: 1.3rem; margin: 1em 0 0.2em; border-bottom: 2px solid #9ca3af; }
.sq-grownups h3 { font-size: 1.05rem; margin: 0.6em 0 0.2em; }
.sq-grownups table { border-collapse: collapse; width: 100%; }
.sq-grownups th, .sq-grownups td { border: 1px solid #9ca3af; padding: 3px 6px;
  text-align: left; vertical-align: top; }
.sq-grownups a { color: #1d4ed8; text-decoration: underline; font-weight: bold; }
.sq-grownups .sq-grownups-standing-struggling { background: #fee2e2; }
.sq-grownups .sq-grownups-standing-mastered { background: #dcfce7; }
.sq-grownups .sq-grownups-print { color: #4b5563; }
.sq-grownups p { margin: 0.3em 0; }
@media (max-width: 40rem) {
  .sq-grownups table, .sq-grownups tbody, .sq-grownups tr, .sq-grownups td {
    display: block; width: auto; }
  .sq-grownups thead { display: none; }
  .sq-grownups tr { border: 1px solid #9ca3af; margin: 0 0 0.4em; }
  .sq-grownups td { border: none; }
  .sq-grownups td::before { content: attr(data-label) ": "; font-weight: bold; }
}
@page { size: A4; margin: 12mm; }
@media print {
  html, body, body * { overflow: visible !important; }
  html, body { height: auto !important; }
  body * { visibility: hidden; }
  .sq-grownups, .sq-grownups * { visibility: visible; }
  .sq-grownups-app .sq-header-tools, .sq-connection { display: none !important; }
  .sq-grownups { max-width: none; font-size: 10pt; line-height: 1.25; }
  .sq-grownups h1 { font-size: 14pt; }
  .sq-grownups h2 { font-size: 12pt; margin-top: 0.6em; break-after: avoid; }
  .sq-grownups h3 { font-size: 10.5pt; margin-top: 0.3em; }
  .sq-grownups .sq-grownups-print { display: none; }
  .sq-grownups .sq-grownups-child { break-inside: avoid; }
}
</style>
"""


def _lesson_title(lesson_id: str, lang: str) -> str:
    owners = {lesson.id: lesson for lesson in lesson_of_skill().values()}
    lesson: Lesson | None = owners.get(lesson_id)
    return lesson.title.get(lang) if lesson is not None else lesson_id


def _skill_title(skill: str, lang: str) -> str:
    lesson = lesson_of_skill().get(skill)
    return lesson.skill_title(skill, lang) if lesson is not None else skill


def _next_html(child: ChildSummary, step: NextStep | None, lang: str, link: Link) -> str:
    head = f"<h3>{escape(t('grownups.next', lang))}</h3>"
    if step is None:
        return f"{head}<p>{escape(t('grownups.all_done', lang))}</p>"
    page = page_of_lesson(step.lesson)
    query = PageParams(lang, level=step.level, nickname=child.nickname).to_query()
    words = t("grownups.next_link", lang, lesson=_lesson_title(step.lesson, lang),
              level=step.level, skill=_skill_title(step.skill, lang))
    why = t(f"grownups.why_{step.why}", lang, name=child.nickname)
    return (f'{head}<p><a class="sq-grownups-next" href="{escape(link(page, query))}" '
            f'target="_top">{escape(words)}</a>. {escape(why)}</p>')


def _play_html(child: ChildSummary, lang: str, link: Link) -> str:
    text = t("grownups.play_text", lang, name=child.nickname, page=t("apps.play_title", lang),
             together=t("seats.setup_open", lang))
    href = link("play", PageParams(lang).to_query())
    return (f"<h3>{escape(t('grownups.play', lang))}</h3><p>{escape(text)} "
            f'<a class="sq-grownups-play" href="{escape(href)}" target="_top">'
            f"{escape(t('grownups.play_open', lang))}</a></p>")


def _skills_html(child: ChildSummary, lang: str) -> str:
    if not child.skills:
        return ""
    cols = [escape(t(key, lang)) for key in ("practice.report_skill", "grownups.col_week",
                                             "grownups.col_standing", "grownups.col_mistakes")]
    head = "".join(f'<th scope="col">{c}</th>' for c in cols)
    rows = []
    for line in child.skills:
        week = str(line.this_week) if line.this_week else "–"
        mistakes = "; ".join(mistake_name(k, lang) for k in line.mistakes) or t(
            "grownups.no_mistakes", lang)
        standing = t(f"practice.mastery_{line.row.standing.word}", lang)   # its mistake: beside
        cells = [_skill_title(line.row.skill, lang), week, standing, mistakes]
        rows.append(f'<tr class="sq-grownups-skill" data-skill="{escape(line.row.skill)}">'
                    + "".join(
                        f'<td data-label="{label}"'
                        + (f' class="sq-grownups-standing-{line.row.standing.word}"'
                           if i == 2 else "")
                        + f">{escape(str(cell))}</td>"
                        for i, (label, cell) in enumerate(zip(cols, cells, strict=True)))
                    + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def child_html(child: ChildSummary, lang: str, link: Link) -> str:
    """One child's block: this week, the skills table, what next, a game together."""
    week = child.this_week
    if week:
        listed = ", ".join(f"{_skill_title(line.row.skill, lang)} "
                           f"({t('grownups.week_items', lang, n=line.this_week)})"
                           for line in week)
        practised = f"<p><b>{escape(t('grownups.week', lang))}:</b> {escape(listed)}</p>"
    else:
        practised = f"<p>{escape(t('grownups.week_none', lang))}</p>"
    return (f'<section class="sq-grownups-child" data-nickname="{escape(child.nickname)}">'
            f"<h2>{escape(child.nickname)}</h2>{practised}{_skills_html(child, lang)}"
            f"{_next_html(child, child.next, lang, link)}{_play_html(child, lang, link)}"
            "</section>")


def summary_html(children: list[ChildSummary], lang: str, link: Link, note: str = "") -> str:
    """The whole page: title, how to print (only where a child's summary is there to print),
    then each child (or why there is nothing)."""
    intro = escape(note or t("grownups.intro", lang))
    hint = f'<p class="sq-grownups-print">{escape(t("grownups.print", lang))}</p>'
    if note:   # a class server: the summaries are the teacher's, not every visitor's
        body, hint = "", ""
    elif children:
        body = "".join(child_html(child, lang, link) for child in children)
    else:
        body, hint = f'<p class="sq-grownups-none">{escape(t("grownups.none", lang))}</p>', ""
    return (f'{STYLE}<div class="sq-grownups" lang="{lang}">'
            f"<h1>{escape(t('grownups.title', lang))}</h1><p>{intro}</p>{hint}{body}</div>")
