"""The replay of a game's chances after it ends: the chance the child faced before each attack
and jester (a bar) next to what then happened (a filled or empty dot), as inline SVG.

A list of the same facts, visually hidden, is what screen readers read (the SVG is
aria-hidden).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from sq_edu.i18n import t
from sq_edu.practice.coach.coach import ChancePoint
from sq_edu.widgets.chance import percent

MAX_ROWS = 12
ROW, LABEL, BAR = 30, 250, 200


def replay_svg(points: Sequence[ChancePoint], lang: str) -> str:
    """The chart and its text list; a friendly line when there was nothing to predict."""
    title = escape(t("play.coach_replay_title", lang))
    if not points:
        return (f'<h4 class="sq-h">{title}</h4>'
                f"<p>{escape(t('play.coach_replay_empty', lang))}</p>")
    shown = list(points)[-MAX_ROWS:]
    rows, items = [], []
    for i, point in enumerate(shown):
        y = i * ROW + 4
        label = t(f"play.coach_replay_{point.what}", lang, turn=point.turn)
        happened = t("play.coach_replay_yes" if point.happened else "play.coach_replay_no", lang)
        width = round(float(point.chance) * BAR)
        pct = escape(percent(point.chance, lang))   # "31,8 %" in Russian, "31.8%" in English
        rows.append(
            f'<text x="0" y="{y + 16}" font-size="14">{escape(label)}</text>'
            f'<rect x="{LABEL}" y="{y + 3}" width="{BAR}" height="18" fill="#ECEFF1" '
            f'stroke="#90A4AE"/><rect x="{LABEL}" y="{y + 3}" width="{width}" height="18" '
            f'fill="#5C6BC0"/><text x="{LABEL + BAR + 6}" y="{y + 16}" font-size="14">'
            f'{pct}</text><circle cx="{LABEL + BAR + 62}" cy="{y + 12}" r="7" '
            f'fill="{"#2E7D32" if point.happened else "white"}" stroke="#2E7D32" '
            f'stroke-width="2"/><text x="{LABEL + BAR + 76}" y="{y + 16}" font-size="14">'
            f'{escape(happened)}</text>')
        items.append(f"<li>{escape(label)}: {pct}, {escape(happened)}</li>")
    height = len(shown) * ROW + 8
    width = LABEL + BAR + 200
    return (f'<h4 class="sq-h">{title}</h4><svg class="sq-chance-replay" aria-hidden="true" '
            f'viewBox="0 0 {width} {height}" width="100%" style="max-width:{width}px">'
            f'{"".join(rows)}</svg><ul class="sq-chance-replay-list" style="position:absolute;'
            f'left:-10000px;width:1px;height:1px;overflow:hidden">{"".join(items)}</ul>')
