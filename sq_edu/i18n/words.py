"""Words that know their grammar: Russian case forms and the English "a" / "an".

A card or a queen is one catalogue entry (`common.card_king`, `common.queen_rose`) holding the
base form per language plus the Russian case forms beside it:

    [card_wand]
    en = "magic wand"
    ru = "волшебная палочка"
    ru_acc = "волшебную палочку"      # винительный: «сбрасывает волшебную палочку»
    ru_ins = "волшебной палочкой"     # творительный: «защищается волшебной палочкой»
    ru_gen = "волшебной палочки"      # родительный: «нет волшебной палочки»

A message then asks for the form it needs with a format spec: `"{who} сбрасывает {card:acc}"`,
`"{who} blocked with {card:a}"` ("a magic wand", "an 8"). `Word` is a `str`, so code that only
wants the plain word is unaffected. One entry per concept keeps the names the same everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from . import catalog, normalize_lang, t

# Russian cases, plus the plural forms a sentence may need ("pl": dragons, "gen_pl": драконов).
CASES: tuple[str, ...] = ("acc", "gen", "ins", "dat", "pre", "pl", "gen_pl")
ARTICLE = "a"  # format spec for the English indefinite article
YOU = "you"  # a message's form for the child's own seat (`en_you`, `ru_you`): `t(..., you=True)`
LOWER = "low"  # format spec: the word inside a sentence ("Игрок 2" -> "игрок 2")


def article(text: str) -> str:
    """"a king", "an 8", "an 11", "an ace": by sound, which for numbers means 8, 11, 18, 8x."""
    head = text.split(" ", 1)[0].lower()
    if head.isdigit():
        vowel = head.startswith("8") or head in ("11", "18")
    else:
        vowel = head[:1] in "aeio" or head.startswith("hour")
    return f"{'an' if vowel else 'a'} {text}"


class Word(str):
    """A word plus its other forms; `format(word, "acc")` picks one, `format(word, "a")` adds
    an English article, `format(word, "low")` starts it with a small letter. Unknown specs fall
    back to the word itself, never to an error."""

    forms: dict[str, str]

    def __new__(cls, text: str, forms: Mapping[str, str] | None = None) -> Word:
        word = super().__new__(cls, text)
        word.forms = dict(forms or {})
        return word

    def form(self, spec: str) -> str:
        return self.forms.get(spec, str(self))

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if spec in CASES or spec == ARTICLE:
            return self.form(spec)
        if spec == LOWER:   # a name keeps its capital: it carries its own "low" form
            return self.forms.get(LOWER, self[:1].lower() + self[1:])
        try:
            return format(str(self), spec)  # a width or alignment still works
        except ValueError:
            return str(self)


def word(key: str, lang: str = "en", /, **params: object) -> Word:
    """The catalogue entry `key` as a `Word` carrying its case forms (Russian) or its article
    form (English)."""
    lang = normalize_lang(lang)
    text = t(key, lang, **params)
    entry = catalog().get(key, {})
    forms: dict[str, str] = {}
    for case in CASES:
        value = entry.get(f"{lang}_{case}")
        if isinstance(value, str):
            forms[case] = value.format(**params)
    if lang == "en":
        forms[ARTICLE] = article(text)
    return Word(text, forms)


def number_word(n: object) -> Word:
    """A number card or a number in a sentence: "8" that also reads "an 8"."""
    text = str(n)
    return Word(text, {ARTICLE: article(text)})


def join_words(words: Iterable[str], lang: str = "en", joiner: str = "common.list_and") -> Word:
    """"3, 5 and king" in every form at once, so "{cards:acc}" inflects each item; with
    `joiner="common.list_or"` it reads "1, 4, 7 or 10" (any one of them). "{cards:a}" gives
    every item its article ("2, 6, a knight" is half a list): "a 2, a 6 and a knight", "an 8
    and an 8"; only three or more numbers read bare, as on a card sum ("4, 6 and 10")."""
    items = [w if isinstance(w, Word) else Word(str(w)) for w in words]
    if not items:
        return Word(t("common.no_cards", lang))
    if len(items) == 1:
        return items[0]
    bare = len(items) > 2 and all(w.isdigit() for w in items)

    def joined(spec: str) -> str:
        parts = [str(w) if spec == ARTICLE and bare else w.form(spec) for w in items]
        return t(joiner, lang, first=", ".join(parts[:-1]), last=parts[-1])

    return Word(joined(""), {spec: joined(spec) for spec in (*CASES, ARTICLE)})


def capital(text: str) -> str:
    """First letter upper-case, for a word that starts a label ("King", "Сонное зелье")."""
    return text[:1].upper() + text[1:]


def face_word(name: str, lang: str = "en") -> str:
    """The word printed on a card face (screen cards and worksheets alike): a short one where
    the full name is too long ("Potion", "Палочка", "Rose"), else the card's name ("King")."""
    key = f"widgets.face_{name}"
    return t(key, lang) if key in catalog() else capital(word(f"common.card_{name}", lang))


def bot_name(seat: int, lang: str = "en") -> Word:
    """The one name of a seat the program plays, on every screen (Play, a class table, the
    class game, the Dungeon): "Bot 3" / «Бот 3» for seat index 2, counted from 1 as the table
    counts its seats (the child's own is seat 1). A person's seat keeps the person's name.
    Russian declines it inside a sentence («у бота 3»); English keeps it capital, as a name."""
    name = word("common.bot_n", lang, n=seat + 1)
    if lang == "en":
        name.forms[LOWER] = str(name)
    return name


@dataclass(frozen=True)
class BotSeat:
    """A bot's seat as a message parameter, named in the learner's language when shown."""

    seat: int

    def render(self, lang: str = "en") -> Word:
        return bot_name(self.seat, lang)


@dataclass(frozen=True)
class Term:
    """A catalogue word as a message parameter, rendered with its forms in the learner's
    language when the message is shown: `Term("common.queen_rose")` -> "{queen:acc}" works."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def render(self, lang: str = "en") -> Word:
        return word(self.key, lang, **self.params)


# Message parameters that hold a game token, and the catalogue entry that names it.
_TOKEN_KEYS = {"card": "common.card_{}", "attack": "common.card_{}", "queen": "common.queen_{}",
               "move": "engine.move_{}"}


def game_terms(params: Mapping[str, object]) -> dict[str, object]:
    """Parameters with game tokens ("knight", "rose", "wake") turned into `Term`s, so a refusal
    reads "нужна карта «рыцарь»", not "«knight»", in whichever language it is shown. Unknown
    tokens stay as they are."""
    out = dict(params)
    for name, pattern in _TOKEN_KEYS.items():
        value = out.get(name)
        if isinstance(value, str) and pattern.format(value) in catalog():
            out[name] = Term(pattern.format(value))
    return out
