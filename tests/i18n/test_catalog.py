"""Every message has English and Russian, with the same placeholders and plural forms."""

from __future__ import annotations

import pytest

from sq_edu.i18n import LANGS, catalog, placeholders, plural_form, t

PLURAL_FORMS = {"en": {"one", "other"}, "ru": {"one", "few", "many"}}


def _texts(value: object) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]  # type: ignore[list-item]


@pytest.mark.parametrize("key", sorted(catalog()))
def test_message_has_every_language(key: str) -> None:
    entry = catalog()[key]
    for lang in LANGS:
        assert lang in entry, f"{key} has no {lang} text"
        value = entry[lang]
        if isinstance(value, dict):
            assert set(value) == PLURAL_FORMS[lang], f"{key}.{lang} plural forms {set(value)}"
        for text in _texts(value):
            assert isinstance(text, str) and text.strip(), f"{key}.{lang} is empty"
    names = {lang: set().union(*(placeholders(x) for x in _texts(entry[lang]))) for lang in LANGS}
    assert names["en"] == names["ru"], f"{key}: placeholders differ {names}"


def test_catalog_is_not_empty() -> None:
    assert len(catalog()) > 3


def test_russian_plural_forms() -> None:
    forms = {n: plural_form(n, "ru") for n in (1, 2, 5, 11, 12, 21, 22, 25, 101, 111)}
    assert forms == {1: "one", 2: "few", 5: "many", 11: "many", 12: "many", 21: "one",
                     22: "few", 25: "many", 101: "one", 111: "many"}
    assert t("common.count_cards", "ru", n=22) == "22 карты"
    assert t("common.count_cards", "en", n=1) == "1 card"


def test_unknown_language_and_key_fall_back() -> None:
    assert t("common.language", "xx") == "Language"
    assert t("no.such.key", "ru") == "no.such.key"
