"""What a notebook author meets: a clear error for a language the package does not speak, and
slot numbers in callbacks that are documented against what the child sees."""

from __future__ import annotations

import pytest

from sq_edu.engine import Observation
from sq_edu.widgets import (
    ChanceView,
    DeckTracker,
    DiscardPileView,
    EquationBuilder,
    Feedback,
    HandView,
    QueenGrid,
)


def _views(obs: Observation, lang: str) -> list[object]:
    return [HandView(obs.hand, lang=lang), EquationBuilder(obs.hand, lang=lang),
            QueenGrid(obs, lang=lang), DiscardPileView(obs, lang=lang),
            ChanceView(obs, "king", lang=lang), DeckTracker(obs, lang=lang), Feedback(lang)]


@pytest.mark.parametrize("lang", ["de", "english", "", "r"])
def test_every_view_refuses_a_language_it_does_not_speak(obs: Observation, lang: str) -> None:
    for make in (lambda: HandView(obs.hand, lang=lang), lambda: EquationBuilder(obs.hand, lang),
                 lambda: QueenGrid(obs, lang), lambda: DiscardPileView(obs, lang),
                 lambda: ChanceView(obs, "king", lang=lang), lambda: DeckTracker(obs, lang),
                 lambda: Feedback(lang)):
        with pytest.raises(ValueError, match="unknown lang"):
            make()


def test_every_view_takes_en_and_ru_in_any_case_and_switches(obs: Observation) -> None:
    for view in _views(obs, "RU"):
        assert view.lang == "ru"
        view.set_lang("en-GB")
        assert view.lang == "en"
        with pytest.raises(ValueError, match="'en' and 'ru'"):
            view.set_lang("fr")
        assert view.lang == "en"


def test_slot_callback_gets_the_engine_index_of_the_slot_the_child_sees(obs: Observation) -> None:
    grid = QueenGrid(obs)
    heard: list[int] = []
    grid.on_slot(heard.append)
    grid.choose_slots([3])
    button = grid.slot_buttons[3]
    assert "4" in button.description  # the child's "slot 4"
    button.click()
    assert heard == [3]  # Move.slot / game.slots index
