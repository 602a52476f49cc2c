"""CardRow: a row of card faces where a tap plays a card; disabled cards do nothing."""

from __future__ import annotations

from sq_edu.widgets.card_row import CardRow, FaceCard


def _row() -> tuple[CardRow, list[str]]:
    row, heard = CardRow(item_class="sq-test-card"), []
    row.on_pick(heard.append)
    row.show([FaceCard("QS", "<svg/>", "Q♠ queen of spades", True, ("sq-trump-card",)),
              FaceCard("7H", "<svg/>", "7♥ 7 of hearts", False)], title="Your hand")
    return row, heard


def test_the_row_sends_what_the_browser_draws() -> None:
    row, _ = _row()
    assert row.title == "Your hand" and row.item_class == "sq-test-card"
    assert row.cards[0] == {"key": "QS", "svg": "<svg/>", "label": "Q♠ queen of spades",
                            "disabled": False, "classes": ["sq-trump-card"]}
    assert row.cards[1]["disabled"] is True
    assert row.labels == ["Q♠ queen of spades", "7♥ 7 of hearts"] and row.playable == ["QS"]


def test_a_tap_plays_only_a_card_that_may_be_played() -> None:
    row, heard = _row()
    row._message(row, {"pick": "7H"}, [])     # disabled: as in the browser, nothing
    row._message(row, {"pick": "KD"}, [])     # not in the row
    row._message(row, {"pick": 3}, [])        # not a key at all
    row._message(row, "QS", [])
    assert heard == []
    row._message(row, {"pick": "QS"}, [])
    assert heard == ["QS"]
