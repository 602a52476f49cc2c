"""Dungeon "How to play": every rule a child needs, in both languages, with card pictures whose
meaning is also in words."""

from __future__ import annotations

import re

import pytest

from sq_edu.apps.dungeon.howto import howto_html


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["A trick", "Follow the suit", "Trumps", "Points", "The dealer's contract",
            "takes", "✔ yes", "✘ no", "500", "5 tricks", "50 points"]),
    ("ru", ["Взятка", "Ходи в масть", "Козыри", "Очки", "Обязательство сдающего",
            "берёт", "✔ можно", "✘ нельзя", "500", "5 взяток", "50 очков"]),
])
def test_how_to_play_covers_the_rules_in_each_language(lang: str, words: list[str]) -> None:
    page = howto_html(lang)
    text = re.sub(r"<[^>]+>", " ", page).replace("&#x27;", "'")
    for word in words:
        assert word in text, word
    assert page.count("<svg") == 11 and page.count('aria-hidden="true"') == 11
    assert page.count("<figcaption>") == 3
    assert "dungeon_howto." not in text  # no key shown raw
