"""The Dungeon's cards drawn as faces in the main game's style: every card of the deck, its
rank as printed in the child's language, red suits red, trumps marked in words."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sq_edu.apps.dungeon.faces import dungeon_face
from sq_edu.dungeon import Card
from sq_edu.dungeon.cards import RANKS, SUITS
from sq_edu.widgets.svg import PLAYING_RED

SVG = "{http://www.w3.org/2000/svg}"
PRINTED = {"en": {"J": "J", "Q": "Q", "K": "K", "A": "A"},
           "ru": {"J": "В", "Q": "Д", "K": "К", "A": "Т"}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_card_has_a_face_with_its_rank_in_the_language(lang: str) -> None:
    for suit in SUITS:
        for rank in RANKS:
            card = Card(rank, suit)
            root = ET.fromstring(dungeon_face(card, lang))
            assert root.get("aria-hidden") == "true" and root.get("width") == "64"
            texts = [(e.text, e.get("fill")) for e in root.iter(f"{SVG}text")]
            printed = PRINTED[lang].get(rank, rank)
            assert texts[2][0] == printed, (card, texts)        # the big rank
            red = suit in ("hearts", "diamonds")
            assert all((fill == PLAYING_RED) == red for _, fill in texts), (card, texts)
            assert (root.find(f"{SVG}polygon") is not None) == card.is_queen   # the crown


def test_a_trump_says_so_on_its_face() -> None:
    card = Card("10", "clubs")
    assert ">козырь</text>" in dungeon_face(card, "ru", trump=True)
    assert ">trump</text>" in dungeon_face(card, "en", trump=True)
    assert "trump" not in dungeon_face(card, "en")
