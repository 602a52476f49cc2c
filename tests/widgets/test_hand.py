"""HandView: selection by click / keyboard (trait changes as the browser sends them), labels."""

from __future__ import annotations

from pathlib import Path

from sq_edu.engine import Observation
from sq_edu.widgets import HandView
from sq_edu.widgets import hand as hand_module


def test_hand_shows_observed_cards_with_spoken_names(obs: Observation) -> None:
    hand = HandView(obs.hand)
    state = hand.get_state()
    assert len(state["cards"]) == len(obs.hand) == 5
    assert state["title"] == "Your hand"
    assert hand.labels()[0].endswith("not selected")
    assert all("<svg" in c["svg"] for c in state["cards"])


def test_click_selects_and_second_click_unselects() -> None:
    hand = HandView([3, 7, 10, "king", 7])
    hand.toggle(1)
    hand.toggle(4)
    assert hand.get_state()["selected"] == [1, 4]
    assert hand.selected_cards == (7, 7)
    assert hand.labels()[1] == "7, number card, selected"
    assert hand.summary == "2 cards picked"
    hand.toggle(1)
    assert hand.selected_cards == (7,)
    assert hand.summary == "1 card picked"


def test_browser_selection_is_validated() -> None:
    hand = HandView([1, 2, 3])
    hand.set_state({"selected": [2, 2, 9, -1, 0]})  # what a comm message would carry
    assert hand.selected == [2, 0]
    assert hand.selected_cards == (1, 3)


def test_the_page_sends_picks_as_a_message_that_is_validated() -> None:
    # hand.js sends picks as a custom message: ipywidgets never holds those back behind an
    # earlier change, so a click on "Check" right after quick picks cannot overtake them.
    hand = HandView([1, 2, 3])
    heard: list[tuple[object, ...]] = []
    hand.on_select(heard.append)
    hand._message(hand, {"selected": [2, "1", True, 2, 9, 0]}, [])
    assert hand.selected == [2, 0]
    assert heard == [(1, 3)] and hand.summary == "2 cards picked"
    for junk in ({"selected": "2"}, {"pick": [1]}, [1], None):
        hand._message(hand, junk, [])
    assert hand.selected == [2, 0]
    assert hand.trait_metadata("selected", "echo_update") is False
    assert "model.send({ selected: sel })" in (Path(hand_module.__file__).parent /
                                               "hand.js").read_text()


def test_single_choice_mode_and_disabled() -> None:
    hand = HandView([1, 2, 3], max_select=1)
    hand.toggle(0)
    hand.toggle(2)
    assert hand.selected == [2]
    hand.disabled = True
    hand.toggle(1)
    assert hand.selected == [2]


def test_new_hand_clears_selection_and_language_switches_labels() -> None:
    hand = HandView([5, 5, "knight"])
    hand.toggle(0)
    hand.set_lang("ru")
    assert hand.labels() == ["5, карта с числом, выбрана", "5, карта с числом, не выбрана",
                             "Рыцарь, карта действия, не выбрана"]
    assert hand.title == "Твои карты" and hand.summary == "Выбрана 1 карта"
    hand.set_hand([9])
    assert hand.selected == [] and len(hand.cards) == 1


def test_equal_cards_look_different_like_the_real_deck() -> None:
    hand = HandView([4, 4])
    assert hand.cards[0]["svg"] != hand.cards[1]["svg"]


def test_empty_hand_says_so_in_both_languages() -> None:
    hand = HandView([])
    assert hand.help == "No cards in your hand."
    hand.set_lang("ru")
    assert hand.help == "У тебя нет карт."


def test_display_only_hand_has_no_click_help_and_gets_it_back_when_selectable() -> None:
    hand = HandView([2, 8, "dragon"])
    assert hand.help.startswith("Click a card") and "(1\u20133)" in hand.help   # en dash range
    hand.disabled = True
    assert hand.get_state()["help"] == ""
    hand.set_lang("ru")
    assert hand.help == ""
    hand.disabled = False
    assert hand.help.startswith("Чтобы выбрать карту") and "(1–3)" in hand.help


def test_hand_script_names_cards_by_their_own_text_not_aria_label() -> None:
    """An aria-label that skips the visible key badge fails WCAG 2.5.3 (axe found it)."""
    script = (Path(hand_module.__file__).parent / "hand.js").read_text(encoding="utf-8")
    assert 'b.setAttribute("aria-label"' not in script
    assert "sq-card-name" in script and 'setAttribute("aria-hidden", "true")' in script


def test_on_select_hears_the_picked_cards_until_removed() -> None:
    hand = HandView([3, 7, "king"])
    heard: list[tuple] = []
    hand.on_select(heard.append)
    hand.toggle(2)
    hand.set_state({"selected": [2, 0]})  # as the browser sends a second pick
    hand.toggle(2)
    assert heard == [("king",), (3, "king"), (3,)]
    hand.on_select(heard.append, remove=True)
    hand.clear()
    assert heard[-1] == (3,) and len(heard) == 3


def test_hand_is_read_only_and_set_hand_shows_new_cards() -> None:
    import pytest

    hand = HandView([3, 7])
    with pytest.raises(AttributeError):
        hand.hand = (1, 2)  # type: ignore[misc]
    hand.toggle(0)
    hand.set_hand(["5", "dragon"])
    assert hand.hand == (5, "dragon") and hand.selected == []


def test_unknown_lang_in_code_is_a_clear_error() -> None:
    import pytest

    with pytest.raises(ValueError, match=r"unknown lang 'de'.*'en' and 'ru'"):
        HandView([1], lang="de")
    hand = HandView([1], lang="RU")
    assert hand.lang == "ru" and hand.title == "Твои карты"
    with pytest.raises(ValueError, match="unknown lang"):
        hand.set_lang("english")
    assert hand.lang == "ru"


def test_touch_screens_get_a_help_line_without_keys() -> None:
    hand = HandView([1, 2], lang="ru")
    assert "1–2" in hand.help and "Коснись" in hand.touch_help
    hand.disabled = True
    assert hand.help == hand.touch_help == ""
