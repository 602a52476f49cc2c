"""Card faces drawn by the project as inline SVG strings (no copyrighted art, no image files).

Design choices for children and projectors: big bold numerals; number cards carry as many
small shapes as their value (so 7 can be counted); the four colours each have their own shape
(circle, square, triangle, star) so colour is never the only cue; power cards and queens show
a pictogram and their name. Every face is a self-contained `<svg>` marked `aria-hidden`: the
widget around it carries the spoken name (see `names.py`).
"""

from __future__ import annotations

import math
from html import escape

from sq_edu.engine.cards import QUEEN_POINTS, Card, is_number
from sq_edu.i18n import t
from sq_edu.i18n.words import face_word
from sq_edu.widgets.names import card_name, queen_name

W, H = 120, 168  # card size in SVG units; widgets scale it with the `width` argument

# Okabe-Ito colours (safe for colour-blind readers), each tied to its own shape.
SUITS: tuple[tuple[str, str], ...] = (
    ("#D55E00", "circle"), ("#0072B2", "square"), ("#009E73", "triangle"), ("#7B3FA0", "star"),
)
POWER_COLOURS: dict[str, str] = {
    "king": "#B8860B", "knight": "#4A5A6A", "dragon": "#2E7D32",
    "potion": "#6A1B9A", "wand": "#1565C0", "jester": "#C2185B",
}
QUEEN_COLOUR = "#8E244D"
INK = "#1F1F1F"


def _frame(body: str, fill: str, width: int, label: str = "", stroke: str = INK,
           dash: str = "") -> str:
    height = round(width * H / W)
    title = f"<title>{escape(label)}</title>" if label else ""
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{width}" '
            f'height="{height}" aria-hidden="true" focusable="false" class="sq-card-svg">'
            f'{title}<rect x="3" y="3" width="{W - 6}" height="{H - 6}" rx="12" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="4"{dash_attr}/>{body}</svg>')


def shape(kind: str, cx: float, cy: float, r: float, fill: str) -> str:
    """One pip: circle, square, triangle or star centred on (cx, cy)."""
    if kind == "circle":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}"/>'
    if kind == "square":
        return (f'<rect x="{cx - r:.1f}" y="{cy - r:.1f}" width="{2 * r:.1f}" '
                f'height="{2 * r:.1f}" fill="{fill}"/>')
    if kind == "triangle":
        k = r * 1.1
        pts = f"{cx:.1f},{cy - k:.1f} {cx + k:.1f},{cy + r:.1f} {cx - k:.1f},{cy + r:.1f}"
        return f'<polygon points="{pts}" fill="{fill}"/>'
    return f'<polygon points="{_star_points(cx, cy, r * 1.25)}" fill="{fill}"/>'


def _star_points(cx: float, cy: float, r: float) -> str:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        ang = math.pi / 2 + i * math.pi / 5
        pts.append(f"{cx + rad * math.cos(ang):.1f},{cy - rad * math.sin(ang):.1f}")
    return " ".join(pts)


def _text(x: float, y: float, text: str, size: int, fill: str = INK, weight: str = "bold") -> str:
    return (f'<text x="{x}" y="{y}" font-family="Verdana, DejaVu Sans, sans-serif" '
            f'font-size="{size}" font-weight="{weight}" text-anchor="middle" '
            f'fill="{fill}">{escape(text)}</text>')


def number_face(n: int, variant: int = 0, width: int = 90, lang: str = "en") -> str:
    """A number card: big numeral, n pips in the suit's shape (two rows of up to five)."""
    colour, kind = SUITS[variant % 4]
    pips = []
    for i in range(n):
        row, col = divmod(i, 5)
        in_row = min(5, n - row * 5)
        x = W / 2 + (col - (in_row - 1) / 2) * 20
        pips.append(shape(kind, x, 118 + row * 24, 7.5, colour))
    body = (f'<rect x="10" y="10" width="{W - 20}" height="84" rx="8" fill="#FFFFFF"/>'
            + _text(W / 2, 80, str(n), 68, colour)
            + shape(kind, 22, 22, 7, colour) + shape(kind, W - 22, 22, 7, colour)
            + "".join(pips))
    return _frame(body, "#FFFDF5", width, card_name(n, lang))


_PICTOGRAMS: dict[str, str] = {
    # Simple recognisable outlines in a 120 x 100 box, drawn in white on the card's colour.
    "king": ('<polygon points="25,75 25,35 43,55 60,25 77,55 95,35 95,75" fill="#FFF3B0" '
             'stroke="#FFF" stroke-width="3"/><rect x="25" y="75" width="70" height="10" '
             'fill="#FFF3B0"/>'),
    "knight": ('<rect x="57" y="18" width="8" height="58" fill="#FFF"/>'
               '<polygon points="57,18 61,8 65,18" fill="#FFF"/>'
               '<rect x="42" y="74" width="38" height="8" rx="3" fill="#FFD54F"/>'
               '<rect x="57" y="82" width="8" height="14" fill="#FFD54F"/>'),
    "dragon": ('<path d="M20,80 Q35,40 60,50 Q70,20 95,28 Q85,40 92,52 Q75,50 70,62 '
               'Q88,78 60,84 Z" fill="#C8E6C9" stroke="#FFF" stroke-width="3"/>'
               '<circle cx="84" cy="34" r="4" fill="#1B5E20"/>'
               '<path d="M96,30 L110,24 L104,34 L112,38" stroke="#FF7043" stroke-width="4" '
               'fill="none"/>'),
    "potion": ('<rect x="52" y="14" width="16" height="18" fill="#FFF"/>'
               '<path d="M50,32 L70,32 L90,78 Q92,88 82,88 L38,88 Q28,88 30,78 Z" '
               'fill="#E1BEE7" stroke="#FFF" stroke-width="3"/>'
               + _text(60, 76, "Z z", 20, "#4A148C")),
    "wand": ('<line x1="30" y1="88" x2="78" y2="40" stroke="#FFF" stroke-width="8" '
             'stroke-linecap="round"/>'
             f'<polygon points="{_star_points(84, 34, 22)}" fill="#FFEB3B"/>'),
    "jester": ('<path d="M30,70 Q35,30 60,45 Q85,30 90,70 Z" fill="#F8BBD0" stroke="#FFF" '
               'stroke-width="3"/><path d="M60,45 Q58,20 40,18" stroke="#FFF" stroke-width="4" '
               'fill="none"/><path d="M60,45 Q62,20 80,18" stroke="#FFF" stroke-width="4" '
               'fill="none"/><circle cx="40" cy="18" r="6" fill="#FFEB3B"/>'
               '<circle cx="80" cy="18" r="6" fill="#FFEB3B"/>'
               '<circle cx="30" cy="70" r="6" fill="#FFEB3B"/>'
               '<circle cx="90" cy="70" r="6" fill="#FFEB3B"/>'),
}


def power_face(card: str, width: int = 90, lang: str = "en") -> str:
    """A power card: its pictogram and its word on a band (long words shrink to fit)."""
    word = face_word(card, lang)
    size = 18 if len(word) <= 8 else max(10, int(18 * 8 / len(word)))
    body = (f'<g transform="translate(0,14)">{_PICTOGRAMS[card]}</g>'
            f'<rect x="8" y="118" width="{W - 16}" height="36" rx="8" fill="#FFFFFF"/>'
            + _text(W / 2, 142, word, size, INK))
    return _frame(body, POWER_COLOURS[card], width, card_name(card, lang))


def card_face(card: Card, variant: int = 0, width: int = 90, lang: str = "en") -> str:
    """The face of any play-deck card."""
    if is_number(card):
        return number_face(int(card), variant, width, lang)
    return power_face(str(card), width, lang)


_QUEEN_ICONS: dict[str, str] = {
    "rose": ('<circle cx="60" cy="52" r="18" fill="#E53935"/><circle cx="60" cy="52" r="9" '
             'fill="#B71C1C"/><path d="M60,70 L60,92" stroke="#2E7D32" stroke-width="5"/>'),
    "cake": ('<rect x="34" y="52" width="52" height="34" rx="4" fill="#F8BBD0"/>'
             '<rect x="34" y="52" width="52" height="10" fill="#FFF"/>'
             '<rect x="57" y="36" width="6" height="16" fill="#FFEB3B"/>'),
    "rainbow": ''.join(
        f'<path d="M{20 + 7 * i},85 A{40 - 7 * i},{40 - 7 * i} 0 0 1 {100 - 7 * i},85" '
        f'stroke="{c}" stroke-width="7" fill="none"/>'
        for i, c in enumerate(("#E53935", "#FB8C00", "#FDD835", "#43A047", "#1E88E5"))),
    "starfish": f'<polygon points="{_star_points(60, 62, 30)}" fill="#FF8A65"/>',
    "moon": ('<circle cx="60" cy="60" r="28" fill="#FFF59D"/>'
             '<circle cx="74" cy="52" r="24" fill="#F3E5F5"/>'),
    "peacock": ''.join(
        f'<ellipse cx="60" cy="50" rx="8" ry="30" fill="#26A69A" '
        f'transform="rotate({a} 60 80)"/>' for a in (-60, -30, 0, 30, 60))
        + '<circle cx="60" cy="78" r="9" fill="#1565C0"/>',
    "ladybug": ('<circle cx="60" cy="62" r="26" fill="#E53935"/>'
                '<circle cx="60" cy="36" r="11" fill="#212121"/>'
                '<line x1="60" y1="40" x2="60" y2="88" stroke="#212121" stroke-width="3"/>'
                '<circle cx="48" cy="58" r="5" fill="#212121"/><circle cx="72" cy="58" r="5" '
                'fill="#212121"/><circle cx="50" cy="74" r="4" fill="#212121"/>'
                '<circle cx="70" cy="74" r="4" fill="#212121"/>'),
    "sunflower": ''.join(
        f'<ellipse cx="60" cy="36" rx="7" ry="14" fill="#FDD835" transform="rotate({a} 60 60)"/>'
        for a in range(0, 360, 40)) + '<circle cx="60" cy="60" r="13" fill="#6D4C41"/>',
    "pancake": ''.join(
        f'<ellipse cx="60" cy="{84 - 10 * i}" rx="32" ry="8" fill="#E0A458" stroke="#8D6E63" '
        f'stroke-width="2"/>' for i in range(4))
        + '<rect x="52" y="42" width="16" height="10" fill="#FFF59D"/>',
    "cat": ('<circle cx="60" cy="62" r="24" fill="#FFB74D"/>'
            '<polygon points="38,50 42,26 56,42" fill="#FFB74D"/>'
            '<polygon points="82,50 78,26 64,42" fill="#FFB74D"/>'
            '<circle cx="51" cy="58" r="3.5" fill="#212121"/><circle cx="69" cy="58" r="3.5" '
            'fill="#212121"/><path d="M54,70 Q60,75 66,70" stroke="#212121" stroke-width="2" '
            'fill="none"/>'),
    "dog": ('<circle cx="60" cy="60" r="24" fill="#A1887F"/>'
            '<ellipse cx="36" cy="56" rx="9" ry="18" fill="#5D4037"/>'
            '<ellipse cx="84" cy="56" rx="9" ry="18" fill="#5D4037"/>'
            '<circle cx="51" cy="56" r="3.5" fill="#212121"/><circle cx="69" cy="56" r="3.5" '
            'fill="#212121"/><ellipse cx="60" cy="68" rx="6" ry="4" fill="#212121"/>'),
    "heart": ('<path d="M60,88 C20,60 30,28 60,46 C90,28 100,60 60,88 Z" fill="#E91E63"/>'),
}


def queen_face(queen: str, width: int = 90, lang: str = "en") -> str:
    """A queen: crown, pictogram, name and points (points in a big badge: they are the maths)."""
    name = queen_name(queen, lang)
    short = face_word(queen, lang)
    points = QUEEN_POINTS[queen]
    size = 17 if len(short) <= 8 else max(10, int(17 * 8 / len(short)))
    crown = ('<polygon points="42,20 42,8 51,15 60,4 69,15 78,8 78,20" fill="#FFD54F" '
             'stroke="#FFF" stroke-width="1.5"/>')
    body = (crown + f'<rect x="12" y="24" width="{W - 24}" height="84" rx="10" fill="#F3E5F5"/>'
            + f'<g transform="translate(0,6)">{_QUEEN_ICONS[queen]}</g>'
            + f'<rect x="8" y="112" width="{W - 16}" height="26" rx="6" fill="#FFFFFF"/>'
            + _text(W / 2, 131, short, size, QUEEN_COLOUR)
            + '<circle cx="60" cy="150" r="14" fill="#FFD54F" stroke="#FFF" stroke-width="2"/>'
            + _text(60, 156, str(points), 15, INK))
    return _frame(body, QUEEN_COLOUR, width, f"{name}, {points}")


def back_face(width: int = 90, queen: bool = False, lang: str = "en") -> str:
    """A face-down card. Queen backs show a sleeping 'Z z z' so children know who lies there."""
    fill = "#3949AB" if queen else "#37474F"
    dots = "".join(f'<circle cx="{x}" cy="{y}" r="3" fill="#FFFFFF" opacity="0.35"/>'
                   for x in range(20, 110, 16) for y in range(20, 160, 16))
    mark = (_text(60, 95, "Z z z", 26, "#FFFFFF") if queen
            else f'<polygon points="{_star_points(60, 84, 26)}" fill="#FFD54F"/>')
    return _frame(dots + mark, fill, width, t("widgets.card_back", lang))


def empty_face(width: int = 90) -> str:
    """An empty slot: a dashed outline, no fill, so it reads as 'nothing here'."""
    return _frame("", "#FAFAFA", width, "", stroke="#9E9E9E", dash="8 6")


PLAYING_RED = "#B71C1C"
_CROWN = ('<polygon points="44,26 44,14 52,21 60,10 68,21 76,14 76,26" fill="#FFD54F" '
          'stroke="#8D6E00" stroke-width="1.5"/>')


def playing_face(rank: str, symbol: str, red: bool, width: int = 64, band: str = "",
                 crown: bool = False) -> str:
    """A playing card (the Dungeon of Queens) in the style of the game's cards: the same frame,
    the rank big on a white panel (as printed in the child's language: "10", "Д", "T"), the suit
    symbol big under it and small in the corners; red suits red. `band`: a word printed on a
    band along the bottom ("trump": never colour alone); `crown`: a queen's crown."""
    colour = PLAYING_RED if red else INK
    size = 58 if len(rank) == 1 else 48
    corners = (_text(20, 30, symbol, 20, colour, "normal")
               + _text(W - 20, 30, symbol, 20, colour, "normal"))
    suit_y, suit_size = (132, 50) if not band else (120, 40)
    body = (f'<rect x="10" y="10" width="{W - 20}" height="84" rx="8" fill="#FFFFFF"/>'
            + (_CROWN if crown else "") + corners
            + _text(W / 2, 82, rank, size, colour)
            + _text(W / 2, suit_y, symbol, suit_size, colour, "normal"))
    fill = "#FFFDF5"
    if band:
        fill = "#FEF3C7"
        text_size = 18 if len(band) <= 7 else max(11, int(18 * 7 / len(band)))
        body += (f'<rect x="8" y="130" width="{W - 16}" height="30" rx="6" fill="#A16207"/>'
                 + _text(W / 2, 151, band, text_size, "#FFFFFF"))
    return _frame(body, fill, width)
