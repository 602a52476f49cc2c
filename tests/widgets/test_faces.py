"""Card faces: every card and queen draws, names come from the catalogue, shapes differ."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sq_edu.engine.cards import NUMBERS, POWER_CARDS, QUEENS
from sq_edu.i18n import t
from sq_edu.widgets import svg
from sq_edu.widgets.names import card_label, card_name, player_name, queen_name

SVG_NS = "{http://www.w3.org/2000/svg}"


def _parse(text: str) -> ET.Element:
    return ET.fromstring(text)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("card", [*NUMBERS, *POWER_CARDS])
def test_every_card_face_is_valid_svg_named_in_its_language(card: object, lang: str) -> None:
    root = _parse(svg.card_face(card, lang=lang))  # type: ignore[arg-type]
    assert root.get("aria-hidden") == "true"
    assert root.find(f"{SVG_NS}title").text == card_name(card, lang)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("queen", QUEENS)
def test_every_queen_face_shows_name_and_points(queen: str, lang: str) -> None:
    text = svg.queen_face(queen, lang=lang)
    root = _parse(text)
    words = [e.text for e in root.iter(f"{SVG_NS}text")]
    assert str(svg.QUEEN_POINTS[queen]) in words
    assert t(f"widgets.face_{queen}", lang) in words
    assert root.find(f"{SVG_NS}title").text.startswith(queen_name(queen, lang))


def test_number_cards_have_as_many_pips_as_their_value_and_suits_differ_by_shape() -> None:
    for n in NUMBERS:
        root = _parse(svg.number_face(n, variant=0))
        pips = [e for e in root.iter(f"{SVG_NS}circle")]
        assert len(pips) == n + 2  # n pips plus two corner marks
    shapes = {svg.SUITS[v][1] for v in range(4)}
    colours = {svg.SUITS[v][0] for v in range(4)}
    assert len(shapes) == 4 and len(colours) == 4
    square = _parse(svg.number_face(3, variant=1))
    assert len(list(square.iter(f"{SVG_NS}rect"))) >= 5 and not list(square.iter(f"{SVG_NS}circle"))


def test_backs_and_empty_slot_are_distinct() -> None:
    faces = {svg.back_face(), svg.back_face(queen=True), svg.empty_face()}
    assert len(faces) == 3
    assert "Z z z" in svg.back_face(queen=True)
    assert "stroke-dasharray" in svg.empty_face()


def test_spoken_names_in_both_languages() -> None:
    assert card_label(7, True, "en") == "7, number card, selected"
    assert card_label(7, False, "ru") == "7, карта с числом, не выбрана"
    assert card_name("potion", "en") == "Sleeping potion, power card"
    assert card_name("king", "ru") == "Король, карта действия"
    assert queen_name("cat", "ru") == "Королева кошек"
    assert player_name(0, 0, "en") == "You" and player_name(2, 0, "ru") == "Бот 3"


HOSTILE = '</title><script>alert("x")</script> & <b'


@pytest.mark.parametrize("face", [lambda: svg.card_face("king"), lambda: svg.card_face(5),
                                  lambda: svg.queen_face("rose")])
def test_text_in_faces_is_escaped(face: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """A name with markup in it (a translator's slip, a future custom name) stays text."""
    for name in ("card_name", "face_word", "queen_name"):
        monkeypatch.setattr(svg, name, lambda *_a, **_k: HOSTILE)
    drawn = face()  # type: ignore[operator]
    root = ET.fromstring(drawn)  # well-formed: nothing broke out of the markup
    assert all(el.tag.rsplit("}", 1)[-1] != "script" for el in root.iter())
    texts = ["".join(el.itertext()) for el in root.iter()
             if el.tag.rsplit("}", 1)[-1] in ("title", "text")]
    assert HOSTILE in texts, texts
