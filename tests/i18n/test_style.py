"""The catalogue stays right: one key per concept, plurals that agree, no look-alike letters,
no "(а)" forms, the rules texts' terms, "a"/"an" (sq_edu/i18n/catalog/STYLE.md)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from sq_edu.i18n import LANGS, catalog, placeholders, plural_form, t
from sq_edu.i18n.words import CASES, YOU, Word

try:
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

LESSONS = Path(str(resources.files("sq_edu"))).parent / "lessons"
COUNTS = (1, 2, 5, 11, 21, 22, 25)
# Which plural category a word after a number belongs to ("22 карты": few). A word missing here
# fails the test: add it with its category after checking the grammar.
RU_COUNTED: dict[str, set[str]] = {}
for forms, category in [
    ("карта карту очко королева раз взятка игрок задание пробное пробная пробном пробной пробного "
     "дамой элемента записью ошибка минуту секунду место", "one"),
    ("карты очка королевы раза взятки игрока задания пробных пробные дамами элементов "
     "записями ошибки минуты секунды места", "few"),
    ("карт очков королев раз взяток игроков заданий пробных дамами элементов записями ошибок "
     "минут секунд мест", "many"),
]:
    for form in forms.split():
        RU_COUNTED.setdefault(form, set()).add(category)
# Placeholders that are always a multiple of 5 (queen points, points still needed, Dungeon
# scores), so "очков" is right for every value they take.
FIVES = {"before", "have", "goal", "need", "score"}
# Words the rules texts replaced, and what to write instead (STYLE.md).
BANNED = {
    "карты силы": "карты действий", "карта силы": "карта действия", "карту силы": "карту действия",
    "невидим": "карты, которые ещё не вышли", "невиданн": "карты, которые ещё не вышли",
    "темниц": "Подземелье королев", "остаток": "такая карта",
    "семья примеров": "связь сложения и вычитания", "1000 раздач": "1000 пробных вытягиваниях",
    "сыграть шутом": "сыграть шута", "играешь шутом": "играешь шута",
    "лунная королева": "Королева луны", "королева блинчиков": "Королева блинов",
    "радужная королева": "Королева радуги",
}


def _texts(value: object) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]  # type: ignore[list-item]


def _russian() -> Iterator[tuple[str, str]]:
    """Every Russian string: catalogue values and case forms, and the lesson files."""
    for key, entry in catalog().items():
        for field, value in entry.items():
            if field == "ru" or field.startswith("ru_"):
                for text in _texts(value):
                    yield key, text
    for path in sorted(LESSONS.glob("*.toml")):
        yield from _walk(path.name, tomllib.loads(path.read_text(encoding="utf-8")))


def _walk(where: str, node: object, lang: str | None = None) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _walk(f"{where}.{k}", v, k if k in LANGS else lang)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(f"{where}[{i}]", v, lang)
    elif isinstance(node, str) and lang == "ru":
        yield where, node


def test_case_forms_are_known_and_keep_the_placeholders() -> None:
    for key, entry in catalog().items():
        for field, value in entry.items():
            if field in LANGS:
                continue
            lang, _, case = field.partition("_")
            assert lang in LANGS and case in (*CASES, YOU), f"{key}: unknown field {field}"
            if case == YOU:   # the form for the child's own seat may drop the name
                assert type(value) is type(entry[lang]), f"{key}.{field}"
                assert all(placeholders(v) <= placeholders(w) | {"n"} for v, w in
                           zip(_texts(value), _texts(entry[lang]), strict=True)), f"{key}.{field}"
                continue
            assert isinstance(value, str) and value.strip(), f"{key}.{field} is empty"
            assert placeholders(value) == placeholders(entry[lang]), f"{key}.{field}"


def test_no_two_keys_hold_the_same_english_text() -> None:
    """One key per concept: the same English twice means a name kept in two places."""
    seen: dict[str, list[str]] = defaultdict(list)
    for key, entry in catalog().items():
        value = entry["en"]
        seen[str(value.get("other") if isinstance(value, dict) else value)].append(key)
    twice = {text: keys for text, keys in seen.items() if len(keys) > 1}
    assert not twice, twice


@pytest.mark.parametrize("key", sorted(k for k, e in catalog().items()
                                       if isinstance(e["ru"], dict)))
def test_counted_messages_agree_with_every_number(key: str) -> None:
    for n in COUNTS:
        params: dict[str, object] = {name: Word("X") for text in catalog()[key]["ru"].values()
                                     for name in placeholders(text)}
        params["n"] = n
        text = t(key, "ru", **params)
        found = re.search(rf"(?<![\d,]){n}\s+([а-яё]+)", text)
        assert found, f"{key}: no word after {n} in {text!r}"
        word = found.group(1)
        assert word in RU_COUNTED, f"{key}: '{word}' after a number is not in RU_COUNTED"
        assert plural_form(n, "ru") in RU_COUNTED[word], f"{key}: {text!r}"


def test_numbers_next_to_nouns_go_through_plural_forms() -> None:
    """"{hits} раз" is wrong for 292: a count goes through format.count or a plural table."""
    nouns = "|".join(sorted(RU_COUNTED, key=len, reverse=True))
    pattern = re.compile(r"\{(\w+)(?::\w+)?\}\s+(" + nouns + r")\b")
    wrong = []
    for key, entry in catalog().items():
        plural = isinstance(entry["ru"], dict)
        for text in _texts(entry["ru"]):
            for name, noun in pattern.findall(text):
                if not (plural and name == "n") and name not in FIVES:
                    wrong.append(f"{key}: {{{name}}} {noun}")
    assert not wrong, wrong


def test_no_latin_look_alikes_inside_russian_words() -> None:
    mixed = re.compile(r"\b(?=\w*[а-яё])(?=\w*[a-z])\w+\b", re.IGNORECASE)
    bad = [(where, m.group(0)) for where, text in _russian()
           for m in mixed.finditer(re.sub(r"\{[^}]*\}", " ", text))]
    assert not bad, bad


def test_no_bracketed_gender_forms_and_no_gendered_past_for_the_child() -> None:
    """No "украл(а)": a 7-year-old should not decode brackets; "ты" takes no past tense."""
    bad = [(where, text) for where, text in _russian()
           if re.search(r"\((а|ы|ла|ая|ой|ее|ей|на|но)\)", text)
           or re.search(r"\b[Тт]ы\s+(?:уже\s+)?[а-яё]+л\b", text)]
    assert not bad, bad


def test_terms_from_the_rules_texts() -> None:
    bad = [(where, word, BANNED[word]) for where, text in _russian() for word in BANNED
           if word in text.lower()]
    assert not bad, bad


def test_english_a_and_an() -> None:
    """"a 8" -> "an 8"; an article before a placeholder goes through "{card:a}"."""
    bad = []
    for key, entry in catalog().items():
        for text in _texts(entry["en"]):
            if re.search(r"\ba (?:[aeio]\w|8|11\b|18\b)", text, re.IGNORECASE) or re.search(
                    r"\b[Aa]n? \{\w+\}", text):
                bad.append((key, text))
    assert not bad, bad


@pytest.mark.parametrize(("card", "acc", "ins"), [
    ("jester", "шута", "шутом"), ("dragon", "дракона", "драконом"),
    ("wand", "волшебную палочку", "волшебной палочкой"), ("king", "короля", "королём")])
def test_cards_take_the_case_the_verb_asks_for(card: str, acc: str, ins: str) -> None:
    from sq_edu.engine.observation import Event
    from sq_edu.practice.generators.positions import event_line

    assert event_line(Event("discard", seat=1, cards=(card,))).render("ru").endswith(f"{acc}.")
    assert event_line(Event("block", seat=1, cards=(card,))).render("ru").endswith(f"{ins}.")


def test_a_refused_move_names_the_card_in_russian() -> None:
    from sq_edu.engine.moves import IllegalMove

    text = IllegalMove("wrong_card", move="steal", card="knight").text("ru")
    assert text == "чтобы забрать королеву, сыграй рыцаря"
    assert IllegalMove("wrong_card", move="wake", card="king").text("en") == (
        "to wake a queen, you play a king")
