"""Printable worksheets: for a lesson, level and seed, N exercises and a separate answer key.

Plain HTML with print CSS (the key starts on a new page), and card pictures drawn here as tiny
inline SVG so the page needs no network, no images and no widgets. The same seed gives the same
sheet, so a teacher can print "seed 12" and check the class's answers against one key; `sheet`
numbers (1, 2, 3...) give neighbours different items from the same class link, each sheet with
its own key. The key gives each answer short and bold, its worked steps beneath. A mixed-review
sheet takes items from every level of a lesson. Chances and detective items print "what is in the
deck" (pictures and counts).
"""

from __future__ import annotations

from html import escape

from sq_edu.engine.cards import PLAY_DECK, POWER_CARDS, Card, is_number
from sq_edu.i18n.words import face_word
from sq_edu.practice.exercise import CHOICE, SEAT, Exercise, answer_msg
from sq_edu.practice.generators import exercise_seed, generate
from sq_edu.practice.lesson import Lesson
from sq_edu.practice.messages import card_name, msg, render_value

MAX_EXERCISES = 60
_POWER_INK = {"king": "#8a6d00", "knight": "#4a5a6a", "dragon": "#2e7d32", "potion": "#6a1b9a",
              "wand": "#1565c0", "jester": "#c2185b"}

CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 13pt; margin: 1.5cm; color: #111; }
h1 { font-size: 18pt; margin: 0 0 .2em; } h2 { font-size: 15pt; }
.meta { color: #333; margin: 0 0 .6em; }
ol.exercises > li, ol.key > li { margin: 0 0 1em; break-inside: avoid; page-break-inside: avoid; }
.hand { display: flex; flex-wrap: wrap; gap: 4px; margin: .3em 0; }
.story { font-size: 11pt; color: #333; margin: .2em 0 .4em 1em; padding: 0; }
.answer-line { margin-top: .4em; }
.deck { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; font-size: 11pt;
        border: 1px solid #999; border-radius: 6px; padding: 4px 8px; margin: .3em 0; }
.deck span { display: inline-flex; align-items: center; gap: 2px; }
ul.options { list-style: none; padding-left: 1em; } ul.options li::before { content: "\\25CB  "; }
.answer-key { break-before: page; page-break-before: always; }
ol.key > li { margin: 0 0 .7em; } ol.key .answer { font-weight: bold; font-size: 14pt; }
ol.key ol.steps { font-size: 11pt; color: #222; margin: .15em 0 0; padding-left: 1.4em; }
ol.key ol.steps li { margin: .1em 0; }
@media print { body { margin: 1cm; } a { color: inherit; text-decoration: none; } }
"""


def card_svg(card: Card, lang: str = "en", width: int = 44) -> str:
    """One card as a small inline SVG with a text name for screen readers."""
    height = round(width * 1.4)
    name = escape(card_name(card, lang))
    if is_number(card):
        ink, text = "#111", _face_text(str(card), 25, 42, 26)
    else:
        ink = _POWER_INK.get(str(card), "#333")
        text = _face_text(face_word(str(card), lang), 25, 38, 12)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 70" width="{width}" '
            f'height="{height}" role="img" aria-label="{name}" class="card">'
            f'<rect x="1.5" y="1.5" width="47" height="67" rx="6" fill="#fff" stroke="{ink}" '
            f'stroke-width="3"/><g text-anchor="middle" font-weight="bold" fill="{ink}" '
            f'font-family="DejaVu Sans, Arial, sans-serif">{text}</g></svg>')


INSIDE = 40          # the width (in the card's 50 units) a word may take inside the outline
_GLYPH = 0.62        # a bold DejaVu Sans letter is about this many font sizes wide


def _face_text(word: str, x: int, y: int, size: int) -> str:
    """The word on a card face, inside its outline: two lines for two words, and squeezed to
    the card's width (SVG `textLength`) when a line would still run past the edge."""
    words = word.split()
    lines = [word] if len(words) < 2 or len(word) * _GLYPH * size <= INSIDE else \
        [" ".join(words[:len(words) // 2]), " ".join(words[len(words) // 2:])]
    top = y - (len(lines) - 1) * size * 0.6
    out = []
    for i, line in enumerate(lines):
        fit = (f' textLength="{INSIDE}" lengthAdjust="spacingAndGlyphs"'
               if len(line) * _GLYPH * size > INSIDE else "")
        out.append(f'<text x="{x}" y="{top + i * size * 1.15:.1f}" font-size="{size}"{fit}>'
                   f"{escape(line)}</text>")
    return "".join(out)


def hand_html(cards: tuple[Card, ...], lang: str = "en") -> str:
    return '<div class="hand">' + "".join(card_svg(c, lang) for c in cards) + "</div>"


def deck_html(lang: str = "en", width: int = 26) -> str:
    """What is in the deck: every power card with its count, then the number cards."""
    items = "".join(f"<span>{card_svg(c, lang, width)} {escape(card_name(c, lang))} "
                    f"×{PLAY_DECK[c]}</span>" for c in POWER_CARDS)
    numbers = escape(msg("practice.deck_numbers").render(lang))
    title = escape(msg("practice.deck_title").render(lang))
    return (f'<div class="deck" role="group" aria-label="{title}"><b>{title}:</b>{items}'
            f"<span>{card_svg(1, lang, width)}…{card_svg(10, lang, width)} {numbers}</span>"
            "</div>")


def exercise_html(ex: Exercise, lang: str = "en") -> str:
    """The question part of one exercise (no answer)."""
    parts = [f"<p class=\"prompt\">{escape(ex.prompt.render(lang))}</p>"]
    if ex.extra.get("deck"):
        parts.append(deck_html(lang))
    if ex.context:
        parts.append('<ul class="story">' + "".join(
            f"<li>{escape(line.render(lang))}</li>" for line in ex.context) + "</ul>")
    if ex.hand:
        parts.append(hand_html(ex.hand, lang))
    if ex.kind == CHOICE:
        parts.append(f"<p>{escape(msg('practice.worksheet_options').render(lang))}</p>"
                     '<ul class="options">' + "".join(
                         f"<li>{escape(o.label.render(lang))}</li>" for o in ex.options)
                     + "</ul>")
    elif ex.kind == SEAT:
        parts.append(f"<p>{escape(msg('practice.worksheet_seats', n=len(ex.seats)).render(lang))}"
                     "</p>")
    parts.append('<p class="answer-line">'
                 f"{escape(msg('practice.worksheet_answer_line').render(lang))}</p>")
    return "".join(parts)


def worksheet_exercises(lesson: Lesson, level: int, seed: int, count: int,
                        sheet: int = 1) -> list[Exercise]:
    """The items of sheet `sheet` (1, 2, ...): sheet 1 starts the deal, the next sheets go on."""
    count = max(1, min(int(count), MAX_EXERCISES))
    first = (max(int(sheet), 1) - 1) * count
    return [generate(lesson, level, exercise_seed(seed, first + i)) for i in range(count)]


def review_exercises(lesson: Lesson, seed: int, count: int, sheet: int = 1) -> list[Exercise]:
    """A mixed review: items from every level of the lesson in turn."""
    count = max(1, min(int(count), MAX_EXERCISES))
    levels = len(lesson.levels)
    first = (max(int(sheet), 1) - 1) * count
    return [generate(lesson, (first + i) % levels + 1, exercise_seed(seed, first + i))
            for i in range(count)]


def worksheet_html(lesson: Lesson, level: int, seed: int, count: int = 8,
                   lang: str = "en", sheet: int = 1) -> str:
    """A complete print-friendly HTML page: `count` exercises, then the worked answer key."""
    exercises = worksheet_exercises(lesson, level, seed, count, sheet)
    title = msg("practice.worksheet_title", lesson=lesson.title.get(lang), level=level,
                title=lesson.level(level).title.get(lang)).render(lang)
    return _page(title, exercises, seed, sheet, lang)


def review_html(lesson: Lesson, seed: int, count: int = 8, lang: str = "en",
                sheet: int = 1) -> str:
    """A mixed-review sheet of `lesson`: every level in turn, one worked key."""
    title = msg("practice.worksheet_review_title", lesson=lesson.title.get(lang)).render(lang)
    return _page(title, review_exercises(lesson, seed, count, sheet), seed, sheet, lang)


def _page(title: str, exercises: list[Exercise], seed: int, sheet: int, lang: str) -> str:
    items = "".join(f'<li class="exercise">{exercise_html(ex, lang)}</li>' for ex in exercises)
    key = "".join(f"<li>{_key_item(ex, lang)}</li>" for ex in exercises)
    meta = msg("practice.worksheet_seed", seed=seed).render(lang)
    if sheet > 1:
        meta += " " + msg("practice.worksheet_sheet", sheet=sheet).render(lang)
    return (f'<!DOCTYPE html>\n<html lang="{escape(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
            f"<header><h1>{escape(title)}</h1>"
            f'<p class="meta">{escape(meta)}'
            f'</p><p class="meta">{escape(msg("practice.worksheet_name").render(lang))}</p>'
            f'</header><ol class="exercises">{items}</ol>'
            f'<section class="answer-key"><h2>'
            f'{escape(msg("practice.worksheet_answer_key").render(lang))}</h2>'
            f'<p class="meta">{escape(title)} · {escape(meta)}</p><ol class="key">{key}</ol>'
            "</section></body></html>\n")


def _key_item(ex: Exercise, lang: str) -> str:
    """One answer of the key: the answer first, short and bold (every right answer in the form
    asked), then the worked steps beneath it, one per line, for whoever wants to check how."""
    answers = " · ".join(str(render_value(answer_msg(ex, a), lang)) for a in ex.answers)
    steps = "".join(f"<li>{escape(step.render(lang))}</li>" for step in ex.worked)
    return (f'<span class="answer">{escape(answers)}</span>'
            + (f'<ol class="steps">{steps}</ol>' if steps else ""))
