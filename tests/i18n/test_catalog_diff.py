"""tools/catalog_diff.py: the old -> new table of strings between two commits."""

from __future__ import annotations

import importlib.util
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "catalog_diff.py"
spec = importlib.util.spec_from_file_location("catalog_diff", TOOL)
assert spec is not None and spec.loader is not None
catalog_diff = importlib.util.module_from_spec(spec)
spec.loader.exec_module(catalog_diff)


def test_flatten_names_plural_and_case_forms() -> None:
    data = {"cards": {"en": {"one": "{n} card"}, "ru_acc": "карту"}, "levels": [{"t": "x"}]}
    assert dict(catalog_diff._flatten("", data)) == {
        "cards.en.one": "{n} card", "cards.ru_acc": "карту", "levels[0].t": "x"}


def test_a_key_merged_into_common_is_shown_as_a_move() -> None:
    removed = {"widgets: queen_moon.ru": "Лунная королева", "practice: card_king.ru": "король"}
    added = {"common: queen_moon.ru": "Королева луны", "common: king.ru": "король"}
    assert catalog_diff._moves(removed, added) == {
        "widgets: queen_moon.ru": "common: queen_moon.ru",
        "practice: card_king.ru": "common: king.ru"}


def test_no_change_between_a_commit_and_itself() -> None:
    assert "0 reworded" in catalog_diff.table("HEAD", "HEAD")
