"""`ChanceView`: one chance shown every way a child can grasp it.

Words (unlikely / even chance / likely), "x out of y", an icon array of the unseen cards with
the wanted ones marked by a star (shape, not just colour), the fraction and the percent; then a
"try it" button that simulates draws (sq_edu.maths.simulate_draws) and draws the running share
of hits as an inline SVG chart that settles on the exact value.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from html import escape

import ipywidgets as widgets
import traitlets

from sq_edu.engine.cards import Card, sort_key
from sq_edu.engine.observation import Observation
from sq_edu.i18n import require_lang, t
from sq_edu.i18n.format import percent as format_percent
from sq_edu.maths import p_draw, simulate_draws, tokens_of, unseen
from sq_edu.maths.likelihood import band
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.names import short_name
from sq_edu.widgets.progress_bar import ProgressBar
from sq_edu.widgets.svg import shape

CHUNKS = 25  # points on the convergence chart (and progress steps)


def chance_word(p: Fraction) -> str:
    """Catalogue key for a chance in words, on the one scale (`maths.likelihood.band`)."""
    return f"widgets.chance_{band(p)}"


def percent(p: Fraction | float, lang: str = "en") -> str:
    """One decimal only when it matters: 20%, 12.5% (Russian "12,5 %": i18n.format)."""
    return format_percent(p, lang)


def fraction_text(x: int, y: int) -> str:
    """"8/40 = 1/5", or just "1/5" when it does not simplify."""
    if y == 0:
        return "0"
    simple = Fraction(x, y)
    if simple.denominator == y:
        return f"{x}/{y}"
    return f"{x}/{y} = {simple.numerator}/{simple.denominator}"


def icon_array(pool: list[tuple[Card, bool]], per_row: int = 10, size: int = 22) -> str:
    """Unseen cards as icons: wanted ones a filled star, the rest an open circle."""
    rows = (len(pool) + per_row - 1) // per_row
    parts = []
    for i, (_card, good) in enumerate(pool):
        r, c = divmod(i, per_row)
        cx, cy = c * size + size / 2, r * size + size / 2
        if good:
            parts.append(shape("star", cx, cy, size * 0.36, "#C62828"))
        else:
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.3:.1f}" '
                         f'fill="none" stroke="#455A64" stroke-width="2"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{per_row * size}" '
            f'height="{max(rows, 1) * size}" aria-hidden="true">{"".join(parts)}</svg>')


def convergence_chart(points: list[tuple[int, float]], exact: float, lang: str,
                      width: int = 460, height: int = 180) -> str:
    """Running share of hits (a line) against the exact chance (a dashed line), in SVG.

    The "exact" label sits in its own column right of the plot, so the running line can never
    cross it; axis steps are whole fifths of the scale (5%, 10%, ...), easy to read aloud.
    """
    left, bottom, top, right = 44, height - 26, 12, width - 108
    runs = max((n for n, _ in points), default=1)
    highest = max([exact, *(v for _, v in points)])
    scale = min(1.0, math.ceil(highest * 1.25 * 4 + 1e-9) / 4) or 0.25  # zoom in on small chances

    def x(n: int) -> float:
        return left + (right - left) * n / runs

    def y(v: float) -> float:
        return bottom - (bottom - top) * v / scale

    grid = "".join(
        f'<line x1="{left}" y1="{y(v):.1f}" x2="{right}" y2="{y(v):.1f}" stroke="#DDD"/>'
        f'<text x="{left - 5}" y="{y(v) + 4:.1f}" font-size="12" text-anchor="end">'
        f'{percent(v, lang)}</text>' for v in (scale * k / 5 for k in range(6)))
    line = " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v in points)
    exact_y = y(exact)
    label_y = min(max(exact_y + 5, top + 10), bottom)
    label = escape(t("widgets.chance_chart_label", lang, exact=percent(exact, lang)))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{label}" class="sq-chance-chart" '
        f'font-family="Verdana, DejaVu Sans, sans-serif">{grid}'
        f'<line x1="{left}" y1="{exact_y:.1f}" x2="{right}" y2="{exact_y:.1f}" stroke="#C62828" '
        f'stroke-width="2" stroke-dasharray="6 4"/>'
        f'<text x="{right + 6}" y="{label_y:.1f}" font-size="14" font-weight="bold" '
        f'fill="#C62828">{escape(t("widgets.chance_chart_exact", lang))} '
        f'{percent(exact, lang)}</text>'
        f'<polyline points="{line}" fill="none" stroke="#1565C0" stroke-width="3"/>'
        f'<text x="{(left + right) / 2}" y="{height - 5}" font-size="13" text-anchor="middle">'
        f'{escape(t("widgets.chance_chart_draws", lang))}: {runs}</text></svg>')


class ChanceView(widgets.VBox):
    """The chance that the next card drawn is one of `tokens`, from `obs` only."""

    lang = traitlets.Unicode("en")
    show_exact = traitlets.Bool(True, help="lessons hide the answer until the child guesses")
    show_icons = traitlets.Bool(True, help="the icon array gives the count away: hide it too")

    def __init__(self, obs: Observation, tokens: Card | str | Iterable[Card | str],
                 what_key: str | None = None, lang: str = "en", runs: int = 500,
                 seed: int | None = None, feedback: object = None) -> None:
        """`obs`: what one seat may know; `tokens`: the cards asked about (`"king"`, `[1, 2]`);
        `what_key`: i18n key naming them (default: their names); `lang`: "en" or "ru" (anything
        else is a ValueError); `runs`: draws per simulation; `seed`: the simulation's RNG seed
        (None: random); `feedback`: a Feedback line for errors in the Simulate button."""
        self.summary = widgets.HTML()
        self.icons = widgets.HTML()
        self.simulate_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.simulate_button.add_class("sq-simulate")
        self.progress = ProgressBar(lang)
        self.result = widgets.HTML()
        self.chart = widgets.HTML()
        super().__init__([self.summary, self.icons, widgets.HBox(
            [self.simulate_button, self.progress]), self.result, self.chart])
        self.add_class("sq-chance")
        self._obs = obs
        self._tokens = tokens_of(tokens)
        self._what_key = what_key
        self._runs = runs
        self._seed = seed
        self._sim_points: list[tuple[int, float]] = []
        self._sim_hits = 0
        self.simulate_button.on_click(guarded(lambda: feedback)(lambda _b: self.simulate()))
        self.lang = require_lang(lang)
        self.observe(lambda _c: self._draw(), ["lang", "show_exact", "show_icons"])
        self._draw()

    # --- public API -------------------------------------------------------------------------
    @property
    def exact(self) -> Fraction:
        return p_draw(self._obs, self._tokens)

    def counts(self) -> tuple[int, int]:
        """(wanted unseen cards, all unseen cards): the "x out of y"."""
        left = unseen(self._obs)
        return sum(left[c] for c in self._tokens), sum(left.values())

    def update(self, obs: Observation) -> None:
        self._obs = obs
        self._sim_points, self._sim_hits = [], 0
        self._draw()

    def set_lang(self, lang: str) -> None:
        self.lang = require_lang(lang)
        self.progress.set_lang(self.lang)

    def simulate(self, runs: int | None = None) -> None:
        """Simulate `runs` next-card draws in chunks, updating the bar and the chart."""
        runs = int(runs or self._runs)
        step = max(runs // CHUNKS, 1)
        self.progress.start(runs)
        points: list[tuple[int, float]] = []
        hits = done = 0
        chunk_seed = self._seed
        while done < runs:
            n = min(step, runs - done)
            sim = simulate_draws(self._obs, self._tokens, n, seed=chunk_seed)
            chunk_seed = None if chunk_seed is None else chunk_seed + 1
            hits += sim.hits
            done += n
            points.append((done, hits / done))
            self.progress.advance(done)
        self.progress.finish()
        self._sim_points, self._sim_hits = points, hits
        self._draw_simulation()

    def text(self) -> str:
        """The summary sentence as plain text (for tests and screen readers)."""
        x, y = self.counts()
        p = self.exact
        return t("widgets.chance_summary", self.lang, what=self._what(), x=x, y=y,
                 fraction=fraction_text(x, y), percent=percent(p, self.lang),
                 word=t(chance_word(p), self.lang))

    # --- drawing ----------------------------------------------------------------------------
    def _what(self) -> str:
        if self._what_key:
            return t(self._what_key, self.lang)
        return ", ".join(short_name(c, self.lang) for c in sorted(self._tokens, key=sort_key))

    def _draw(self) -> None:
        lang = self.lang
        x, y = self.counts()
        self.simulate_button.description = t("widgets.chance_simulate", lang, n=self._runs)
        self.simulate_button.disabled = y == 0
        if y == 0:
            self.summary.value = f"<p>{escape(t('widgets.chance_no_cards', lang))}</p>"
            self.icons.value = ""
            return
        if self.show_exact:
            self.summary.value = (
                f'<div class="sq-chance-summary" style="font-size:1.25em">'
                f'<b>{escape(self.text())}</b></div>')
        else:
            self.summary.value = (
                f'<div style="font-size:1.25em"><b>{escape(self._what())}</b></div>')
        if not self.show_icons:
            self.icons.value = ""
            self._draw_simulation()
            return
        left = unseen(self._obs)
        pool = sorted(((c, c in self._tokens) for c in left.elements()),
                      key=lambda cg: (not cg[1], sort_key(cg[0])))
        label = escape(t("widgets.chance_icons_label", lang, x=x, y=y))
        legend = (f'{escape(t("widgets.chance_legend_good", lang))} &nbsp; '
                  f'{escape(t("widgets.chance_legend_other", lang))}')
        self.icons.value = (f'<div role="img" aria-label="{label}">{icon_array(pool)}</div>'
                            f'<div aria-hidden="true">{legend}</div>')
        self._draw_simulation()

    def _draw_simulation(self) -> None:
        if not self._sim_points:
            self.result.value = ""
            self.chart.value = ""
            return
        runs = self._sim_points[-1][0]
        exact = float(self.exact)
        said = t("widgets.chance_sim_result", self.lang, hits=self._sim_hits, runs=runs,
                 percent=percent(self._sim_hits / runs, self.lang), exact=percent(exact, self.lang))
        self.result.value = (
            f'<p class="sq-sim-result" style="font-size:1.1em">{escape(said)}</p>')
        self.chart.value = convergence_chart(self._sim_points, exact, self.lang)
