"""Words with grammar: Russian case forms, English articles, lists, how many play."""

from __future__ import annotations

import pytest

from sq_edu.i18n import t
from sq_edu.i18n.format import People, people
from sq_edu.i18n.words import Term, Word, article, face_word, join_words, word


@pytest.mark.parametrize(("text", "expected"), [
    ("king", "a king"), ("8", "an 8"), ("11", "an 11"), ("18", "an 18"), ("80", "an 80"),
    ("1", "a 1"), ("7", "a 7"), ("ace", "an ace"), ("magic wand", "a magic wand")])
def test_english_article_by_sound(text: str, expected: str) -> None:
    assert article(text) == expected


def test_a_word_gives_the_case_a_message_asks_for() -> None:
    wand = word("common.card_wand", "ru")
    assert f"{wand}|{wand:acc}|{wand:ins}|{wand:gen_pl}" == (
        "волшебная палочка|волшебную палочку|волшебной палочкой|волшебных палочек")
    assert f"{word('common.card_wand', 'en'):a}" == "a magic wand"
    assert f"{Word('игрок 2'):nosuchcase}" == "игрок 2"  # unknown spec: the word, no error
    assert f"{word('common.player_n', 'ru', n=3):low}" == "игрок 3"


def test_a_list_inflects_every_card() -> None:
    cards = join_words([Word("3"), word("common.card_jester", "ru")], "ru")
    assert f"{cards}" == "3 и шут" and f"{cards:acc}" == "3 и шута"
    assert str(join_words([], "en")) == t("common.no_cards", "en")


def test_a_term_renders_later_in_the_chosen_language() -> None:
    queen = Term("common.queen_moon")
    assert f"{queen.render('ru'):acc}" == "Королеву луны"
    assert queen.render("en") == "Moon Queen"


def test_how_many_play() -> None:
    assert people(3, "ru") == "трое" and People(4).render("ru") == "четверо"
    assert people(3, "en") == "three"
    assert people(12, "ru") == "12 игроков"  # no collective numeral that far: a count


def test_card_faces_use_short_words_only_where_needed() -> None:
    assert face_word("wand", "ru") == "Палочка" and face_word("king", "ru") == "Король"
    assert face_word("starfish", "ru") == "Морская звезда"


def test_an_english_list_of_cards_gives_each_card_its_article() -> None:
    """"Your hand: 2, 6, knight and sleeping potion" is half a list: every item takes "a"
    ("a 2, a 6, a knight and a sleeping potion"); three or more numbers alone read as on a
    card sum ("4, 6 and 10")."""
    from sq_edu.practice.messages import cards_text

    assert format(cards_text((2, 6, "knight", "potion"), "en"), "a") == (
        "a 2, a 6, a knight and a sleeping potion")
    assert format(cards_text(("king", 8), "en"), "a") == "an 8 and a king"
    assert format(cards_text((4, 6, 10), "en"), "a") == "4, 6 and 10"
    assert t("practice.table_hand", "en", cards=cards_text((2, "knight"), "en")) == (
        "Your hand: a 2 and a knight.")
