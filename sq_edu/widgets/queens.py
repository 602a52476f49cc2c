"""`QueenGrid`: the 12 slots in the centre and every player's awake queens with a running total.

Slots show face down (never seen), empty, or a remembered queen (one a potion put back where
everyone saw). Apps that need a choice ("which slot do you wake?", "whose queen do you
steal?") switch on buttons with full text names; the pictures alone never carry the meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape

import ipywidgets as widgets
import traitlets

from sq_edu.engine.cards import QUEEN_POINTS, SLOTS
from sq_edu.engine.observation import HIDDEN, Observation
from sq_edu.i18n import require_lang, t
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.names import player_name, queen_name
from sq_edu.widgets.svg import back_face, empty_face, queen_face

SlotHandler = Callable[[int], None]
QueenHandler = Callable[[int, str], None]


def slot_text(slot: int, content: str | None, lang: str) -> str:
    """Spoken description of one slot (slots are numbered 1..12 for children)."""
    if content is None:
        return t("widgets.slot_empty", lang, n=slot + 1)
    if content == HIDDEN:
        return t("widgets.slot_hidden", lang, n=slot + 1)
    return t("widgets.slot_known", lang, n=slot + 1, queen=queen_name(content, lang))


def total_text(obs: Observation, seat: int, lang: str,
               names: Sequence[str] | None = None, you: bool = True) -> str:
    """"You: 2 queens, 15 of 50" (points), or "2 queens of 5" where only queens count;
    `names`: the seats' names where they have them (a class table); `you=False` where
    several people share the screen, so each seat is called by its name."""
    who = player_name(seat, obs.seat if you else None, lang, names)
    n = len(obs.awake[seat])
    none = "widgets.no_queens_end" if obs.is_over else "widgets.no_queens"  # not "yet": over
    queens = t("common.count_queens", lang, n=n) if n else t(none, lang)
    target_points = obs.rules.win_points(obs.players)
    if target_points is None:
        return t("widgets.awake_total_kids", lang, who=who, queens=queens,
                 target=obs.rules.win_queens(obs.players))
    return t("widgets.awake_total", lang, who=who, queens=queens,
             points=t("common.count_points", lang, n=obs.points[seat]), target=target_points)


class QueenGrid(widgets.VBox):
    """Centre slots (3 x 4) above the players' awake queens."""

    lang = traitlets.Unicode("en")

    def __init__(self, obs: Observation, lang: str = "en", card_width: int = 70,
                 feedback: object = None) -> None:
        """`obs`: what one seat may know; `lang`: "en" or "ru" (anything else is a
        ValueError); `card_width` in pixels; `feedback`: a Feedback line for errors in the
        slot and queen buttons. Slots are numbered 1..12 on screen; callbacks get the engine's
        0-based index (see `on_slot`)."""
        super().__init__()
        self.add_class("sq-queen-grid")
        self._obs = obs
        self.names: list[str] | None = None   # the seats' names (a class table), else "Player 2"
        self.shared = False   # several people at this screen: no seat is "You", each its name
        self.stars: dict[int, int] = {}       # the coach's stars per seat, beside the name
        self._width = card_width
        self._feedback = feedback
        self._slot_handlers: list[SlotHandler] = []
        self._queen_handlers: list[QueenHandler] = []
        self._choosable_slots: frozenset[int] = frozenset()
        self._choosable_queens: frozenset[tuple[int, str]] = frozenset()
        self._new: frozenset[tuple[int, str]] = frozenset()   # just woken: drawn turning over
        self.title = widgets.HTML()
        self.slot_pictures = [widgets.HTML() for _ in range(SLOTS)]
        self.slot_buttons = [widgets.Button(layout=widgets.Layout(
            width=f"{card_width + 10}px", min_height="44px")) for _ in range(SLOTS)]  # a finger
        for i, button in enumerate(self.slot_buttons):
            button.add_class("sq-slot-button")
            button.add_class(f"sq-slot-{i + 1}")
            button.on_click(guarded(lambda: self._feedback)(
                lambda _b, i=i: self._fire_slot(i)))
        cells = [widgets.VBox([p, b], layout=widgets.Layout(align_items="center"))
                 for p, b in zip(self.slot_pictures, self.slot_buttons, strict=True)]
        for cell in cells:   # the stylesheet makes an offered slot's picture its button too
            cell.add_class("sq-slot-cell")
        self.grid = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns=f"repeat(4, {card_width + 16}px)", grid_gap="6px"))
        self.awake_title = widgets.HTML()
        self.awake_box = widgets.VBox()
        self.queen_buttons: dict[tuple[int, str], widgets.Button] = {}
        self._awake_rows: list[tuple[widgets.HTML, widgets.HBox]] = []
        self.children = [self.title, self.grid, self.awake_title, self.awake_box]
        self.lang = require_lang(lang)
        self.observe(lambda _c: self._draw(), "lang")
        self._draw()

    # --- public API -------------------------------------------------------------------------
    def update(self, obs: Observation) -> None:
        """Show a new observation; choices are switched off (they belonged to the old one)."""
        before = {(s, q) for s, queens in enumerate(self._obs.awake) for q in queens}
        self._new = frozenset((s, q) for s, queens in enumerate(obs.awake) for q in queens
                              if (s, q) not in before)
        self._obs = obs
        self._choosable_slots = frozenset()
        self._choosable_queens = frozenset()
        self._draw()

    def set_lang(self, lang: str) -> None:
        self.lang = require_lang(lang)

    def on_slot(self, handler: SlotHandler) -> None:
        """Call `handler(slot)` when the child picks a slot. `slot` is the engine's index
        0..11, as `Move.slot` and `game.slots` use it; the child sees it as "slot slot + 1"
        (the button labelled 4 calls `handler(3)`)."""
        self._slot_handlers.append(handler)

    def on_queen(self, handler: QueenHandler) -> None:
        """Call `handler(seat, queen)` when the child picks an awake queen."""
        self._queen_handlers.append(handler)

    def choose_slots(self, slots: Iterable[int]) -> None:
        self._choosable_slots = frozenset(slots)
        self._draw_slots()

    def choose_queens(self, targets: Iterable[tuple[int, str]]) -> None:
        self._choosable_queens = frozenset(targets)
        self._draw_awake()

    def stop_choosing(self) -> None:
        self._choosable_slots = frozenset()
        self._choosable_queens = frozenset()
        self._draw()

    def slot_texts(self) -> list[str]:
        return [slot_text(i, s, self.lang) for i, s in enumerate(self._obs.slots)]

    def totals(self) -> list[str]:
        return [total_text(self._obs, s, self.lang, self.names, not self.shared)
                for s in range(self._obs.players)]

    # --- drawing ----------------------------------------------------------------------------
    def _fire_slot(self, slot: int) -> None:
        if slot in self._choosable_slots:
            for handler in list(self._slot_handlers):
                handler(slot)

    def _fire_queen(self, seat: int, queen: str) -> None:
        if (seat, queen) in self._choosable_queens:
            for handler in list(self._queen_handlers):
                handler(seat, queen)

    def _draw(self) -> None:
        self.title.value = f"<h3 class='sq-h'>{escape(t('widgets.grid_title', self.lang))}</h3>"
        self.awake_title.value = (
            f"<h3 class='sq-h'>{escape(t('widgets.awake_title', self.lang))}</h3>")
        self._draw_slots()
        self._draw_awake()

    def _draw_slots(self) -> None:
        for i, content in enumerate(self._obs.slots):
            if content is None:
                face = empty_face(self._width)
            elif content == HIDDEN:
                face = back_face(self._width, queen=True, lang=self.lang)
            else:
                face = queen_face(content, self._width, self.lang)
            label = escape(slot_text(i, content, self.lang))
            self.slot_pictures[i].value = (
                f'<div role="img" aria-label="{label}" title="{label}" style="text-align:center">'
                f'{face}<div style="font-weight:bold">{i + 1}</div></div>')
            button = self.slot_buttons[i]
            offered = i in self._choosable_slots
            button.description = t("widgets.slot_button", self.lang, n=i + 1)
            button.tooltip = slot_text(i, content, self.lang)
            button.disabled = not offered
            button.button_style = "info" if offered else ""
            button.layout.display = "flex" if offered else "none"

    def _draw_awake(self) -> None:
        """Per-seat rows are kept and refilled; only choice buttons come and go (closed, so a
        long game does not pile up dead widgets in the kernel)."""
        while len(self._awake_rows) < self._obs.players:
            row = (widgets.HTML(), widgets.HBox())
            row[0].add_class("sq-awake-row")
            self._awake_rows.append(row)
        rows = self._awake_rows[: self._obs.players]
        for button in self.queen_buttons.values():
            button.close()
        self.queen_buttons = {}
        for seat, (head, box) in enumerate(rows):
            faces = "".join(
                f'<span role="img"{self._new_mark(seat, q)} '
                f'aria-label="{escape(queen_name(q, self.lang))}, '
                f'{QUEEN_POINTS[q]}">{queen_face(q, round(self._width * 0.8), self.lang)}</span>'
                for q in self._obs.awake[seat])
            head.value = (
                f'<div class="sq-awake-total" style="font-size:1.1em"><b>'
                f'{escape(total_text(self._obs, seat, self.lang, self.names, not self.shared))}</b>'
                f'{self._stars_html(seat)}</div>'
                f'<div style="display:flex;gap:4px">{faces}</div>')
            buttons = []
            for q in self._obs.awake[seat]:
                if (seat, q) in self._choosable_queens:
                    buttons.append(self._queen_button(seat, q))
            box.children = buttons
        self.awake_box.children = [widget for row in rows for widget in row]

    def set_stars(self, stars: dict[int, int]) -> None:
        """The coach's stars beside each seat's name (a right answer earns one)."""
        if stars != self.stars:
            self.stars = dict(stars)
            self._draw_awake()

    def _stars_html(self, seat: int) -> str:
        n = self.stars.get(seat, 0)
        if n <= 0:
            return ""
        label = escape(t("widgets.coach_stars", self.lang, n=n))
        shown = "\u2605" * min(n, 5) + (f"\u00a0{n}" if n > 5 else "")
        return (f' <span class="sq-coach-stars" role="img" aria-label="{label}" '
                f'title="{label}" style="color:#b45309;font-size:1.2em">{shown}</span>')

    def _who(self, seat: int) -> str:
        return player_name(seat, None if self.shared else self._obs.seat, self.lang, self.names)

    def _new_mark(self, seat: int, queen: str) -> str:
        return ' class="sq-queen-new"' if (seat, queen) in self._new else ""

    def _queen_button(self, seat: int, queen: str) -> widgets.Button:
        name = queen_name(queen, self.lang)
        button = widgets.Button(description=name, button_style="info",
                                tooltip=f"{self._who(seat)}: {name}")
        button.add_class("sq-queen-button")
        button.add_class(f"sq-queen-{queen}")
        button.on_click(guarded(lambda: self._feedback)(
            lambda _b: self._fire_queen(seat, queen)))
        self.queen_buttons[(seat, queen)] = button
        return button
