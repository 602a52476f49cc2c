"""A proofreader's checks for finished text, by class of fault rather than by string.

A teacher prints and projects what the package says, so a rendered line must never show a
catalogue key (`practice.card_knight`), an unfilled `{placeholder}`, an ASCII hyphen where a
minus sign or a dash is meant (`= -95`, `1-10`, `word - word`), or a step that says nothing
(`7/54 = 7/54`, «3 — это 3»). The tests and `tools/text_audit.py` run these over every
generated exercise and every dashboard, in both languages.
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import catalog

MINUS = "\u2212"
EN_DASH = "\u2013"
EM_DASH = "\u2014"

# A hyphen standing alone between spaces (a dash was meant), a hyphen before a digit that is
# not inside a word ("-95", "(-3", "= -5": a minus sign was meant), or between two digits
# or placeholders ("1-10", "1-{last}": an en dash was meant).
_HYPHEN = re.compile(r"(?:^|\s)-(?:\s|$)|(?<![\w-])-(?=\d)|(?<=[\d}])-(?=[\d{])")
# "X = X" or "X — это X" / "X is X" with the same X on both sides (a step that says nothing).
_SAME = re.compile(
    r"(?<![-+\u2212\u00d7\u00f7*/] )(?<![\w/.,\u2212+\-])([\w/.,\u2212]+)\s*=\s*\1"
    r"(?![\w/%]|[.,]\d|\s*[-+\u2212\u00d7\u00f7*/]\s*\d)"
    r"|(?:^|(?<=[:.;!?] ))([\w/.,\u2212]+) (?:\u2014 это|is) \2(?![\w/%]|[.,]\d)")
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][\w]*(?::[\w]+)?\}")


@lru_cache(maxsize=1)
def _key_pattern() -> re.Pattern[str]:
    areas = sorted({key.split(".", 1)[0] for key in catalog()}, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, areas)) + r")\.[a-z][a-z0-9_]*\b")


def raw_keys(text: str) -> list[str]:
    """Catalogue keys (`area.key`) and unfilled `{placeholders}` left in finished text."""
    return _key_pattern().findall(text) + _PLACEHOLDER.findall(text)


def hyphen_minus(text: str) -> list[str]:
    """ASCII hyphens used as a minus sign or a dash (the snippet around each)."""
    return [text[max(m.start() - 8, 0):m.end() + 8] for m in _HYPHEN.finditer(text)]


def same_both_sides(text: str) -> list[str]:
    """Steps of the form `x = x` (or «x — это x», "x is x")."""
    return [m.group(0) for m in _SAME.finditer(text)]


# --- typography and grammar a script can see (STYLE.md) -----------------------------------
_CYRILLIC = re.compile(r"[а-яёА-ЯЁ]")
_LATIN_WORDS = re.compile(r"\b[A-Za-z]{2,}\b")
_TYPOGRAPHY: dict[str, re.Pattern[str]] = {
    "ellipsis": re.compile(r"\.\.\."),                   # three dots where «…» is meant
    "double_colon": re.compile(r"::|%%"),                 # two colons, two percent signs
    "straight_quote": re.compile(r'(?<![=\w])"|"(?![\w>])'),  # not an HTML attribute
    "two_signs": re.compile(r"[+\u2212-] [\u2212-]\d"),         # "535 + −50": one sign only
    "space_colon": re.compile(r"(?<=[^\W\d]) :"),              # «Я : покажи» (18 : 42 divides)
}
# Russian: a decimal point («0.25»), a percent sign after an ordinary space («12 %») or none.
_RU_DECIMAL_POINT = re.compile(r"(?<![\d.\w])\d+\.\d+(?![\d.])")
_RU_PERCENT = re.compile(r"\d(?: |)%")
_EN_PERCENT = re.compile(r"\d[ \u00a0\u202f]%")
# A pronoun after a colon keeps its small letter («выйдет: ты», "next: you").
# A label in a list keeps its capital ("Scores: You: 0 · Bot 1: 0").
_COLON_CAPITAL = re.compile(r":\s+(?:Ты|Тебя|Тебе|Тобой|Твой|Твоя|Твоё|Твои|You|Your)\b(?!:)")
# The verb agrees with "you" / «ты»: never "You takes", «Ты берёт».
_EN_YOU_VERB = re.compile(r"(?:^|(?<=[.!?:;·,] )|(?<=\band )|(?<=\bso ))[Yy]ou "
                          r"(?:still |now |also |only |already |then )?"
                          r"(?:was|has|is|does|takes|deals|plays|leads|wins|gets|needs|names|"
                          r"draws|scores)\b")
_RU_YOU_VERB = re.compile(r"\b[Тт]ы (?:пока |уже |теперь |не |тоже |сам )?"
                          r"[а-яё]+(?<!ш)(?:ет|ёт|ит|ат|ят)\b")
_EN_ONE_OF = re.compile(r"\b1 of the \d+ \w+ (?:are|were)\b")
# A count and its noun disagree: "the 1 knights", "1 magic wands", "3 card".
_EN_NOUNS = r"(?:card|king|knight|dragon|jester|queen|point|trick|player|wand|potion|draw|deal)"
_EN_COUNT = re.compile(rf"(?<![\d.,\u2212-])(?:1 (?:\w+ )?{_EN_NOUNS}s"
                       rf"|(?:[02-9]|\d\d+) {_EN_NOUNS})\b(?![-'\u2019])")
# Words the glossary replaced (STYLE.md): wrong term -> the one to write.
GLOSSARY: dict[str, dict[str, str]] = {
    "ru": {r"[Кк]омпьютер \d": "Бот N", r"\b[Нн]апарник": "партнёр",
           r"\b[Пп]севдоним": "ник", r"\b[Нн]икнейм": "ник",
           r"\b[Кк]арт[аыуе] силы": "карты действий",
           r"\b(?:у)?кра(?:сть|дёт|л)": "забрать", r"\b[Тт]емниц": "Подземелье королев",
           r"\bзастрял": "нужна помощь", r"\bсчётов\b": "счетов",
           r"[Дд]ел(?:ит|ишь|и) (?:только )?на (?:стопку добора|колоду)\b": "на число карт в ..."},
    "en": {r"\b[Aa]ction cards?\b": "power cards", r"\bComputer \d": "Bot N",
           r"\bunseen\b": "not seen yet", r"\bteammate": "partner"},
}


def russian(text: str) -> bool:
    """Text in Russian: it has Cyrillic letters."""
    return bool(_CYRILLIC.search(text))


def english(text: str) -> bool:
    """Text in English: Latin words and no Cyrillic ("12,5 %" alone is neither)."""
    return not russian(text) and bool(_LATIN_WORDS.search(text))


def typography(text: str) -> list[str]:
    """Typographic faults: «...», "::", straight quotes, the wrong quotes for the language, a
    decimal point or a percent after a plain space in Russian, "12.5 %" in English."""
    found = [m.group(0) for rx in _TYPOGRAPHY.values() for m in rx.finditer(text)]
    if russian(text):
        found += _RU_DECIMAL_POINT.findall(text) + _RU_PERCENT.findall(text)
    elif english(text):
        found += _EN_PERCENT.findall(text) + re.findall(r"[«»]", text)
    return found


def grammar(text: str) -> list[str]:
    """Faults of agreement a script can see: "You takes", «Ты берёт», "1 of the 8 cards are",
    a capital pronoun after a colon."""
    rx = (_RU_YOU_VERB,) if russian(text) else (_EN_YOU_VERB, _EN_ONE_OF, _EN_COUNT)
    return [m.group(0) for r in (*rx, _COLON_CAPITAL) for m in r.finditer(text)]


def terms(text: str) -> list[str]:
    """Words the glossary replaced (STYLE.md), in the text's language."""
    lang = "ru" if russian(text) else "en" if english(text) else ""
    if not lang:
        return []
    plain = _PLACEHOLDER.sub(" ", text)   # a field's name ("{unseen}") is not a word shown
    return [m.group(0) for rx in GLOSSARY[lang] for m in re.finditer(rx, plain)]


def faults(text: str) -> dict[str, list[str]]:
    """Every class of fault found in `text`; empty lists mean clean."""
    return {"raw_key": raw_keys(text), "hyphen": hyphen_minus(text),
            "same": same_both_sides(text), "typography": typography(text),
            "grammar": grammar(text), "terms": terms(text)}
