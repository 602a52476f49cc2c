"""Who reads a catalogue message, and so whether it says ты or вы (STYLE.md, "Tone").

A child is spoken to as ты («Выбери карту»), a grown-up (a teacher, a parent, whoever runs the
server) as вы («Отправьте ссылку классу»). The reader follows from where a message lives: the
class dashboard and the command line are for grown-ups, as is every key named `teacher_*` and the
teacher's half of the exit tickets; everything else is read by a child. `register_faults` finds
the words of the other register, so a test can hold the whole catalogue to the rule.
"""

from __future__ import annotations

import re

GROWN_UP_AREAS = frozenset({"classroom", "cli", "grownups"})
# The exit-ticket panel on the teacher's page (the child's half is the ticket itself).
GROWN_UP_KEYS = frozenset({
    "exit_ticket.teacher_heading", "exit_ticket.teacher_help", "exit_ticket.typed_label",
    "exit_ticket.typed_placeholder", "exit_ticket.add", "exit_ticket.camera_start",
    "exit_ticket.camera_stop", "exit_ticket.camera_looking", "exit_ticket.camera_denied",
    "exit_ticket.camera_site_only", "exit_ticket.count", "exit_ticket.none_yet",
    "exit_ticket.added", "exit_ticket.updated", "exit_ticket.again", "exit_ticket.older",
    "exit_ticket.empty", "exit_ticket.not_a_ticket", "exit_ticket.bad_chars",
    "exit_ticket.damaged", "exit_ticket.forged", "exit_ticket.other_class",
    "exit_ticket.no_key", "exit_ticket.bad_nickname", "exit_ticket.from_future",
    "exit_ticket.copied", "exit_ticket.old_ticket", "exit_ticket.typo", "exit_ticket.typo_length",
    "site.teacher_here", "site.grownups_here", "apps.index_alone",
})

# ты-forms: the pronoun and its possessives, and the imperatives the catalogue uses.
_TY = re.compile(
    r"\b(?:[Тт]ы|[Тт]ебя|[Тт]ебе|[Тт]обой|[Тт]во(?:й|я|ё|и|его|ему|ей|их|ими|им|ю))\b"
    r"|\b(?:[Оо]тсканируй|[Пп]опроси|[Оо]бнови|[Нн]ажми|[Вв]ыбери|[Оо]ткрой|[Вв]веди|"
    r"[Нн]апиши|[Сс]охрани|[Сс]копируй|[Оо]тправь|[Зз]агрузи|[Пп]осмотри|[Пп]роверь|"
    r"[Пп]опробуй|[Зз]апиши|[Зз]акрой|[Ии]спользуй|[Вв]ставь|[Пп]оставь|[Дд]обавь|[Сс]каж(?:и)|"
    r"[Пп]оказывай|[Пп]окажи|[Рр]азреши|[Пп]одожди|[Пп]ерезагрузи|[Вв]ключи|[Сс]делай|[Пп]однеси)\b")
# вы-forms: the pronoun, its possessives and any plural imperative («нажмите», «откройте»).
_VY = re.compile(
    r"\b(?:[Вв]ы|[Вв]ас|[Вв]ам|[Вв]ами|[Вв]аш(?:а|е|и|его|ему|ей|их|ими|им|у)?)\b"
    r"|\b[А-ЯЁа-яё]+(?:ите|йте|ьте)\b")
# Words ending in -ите that are not imperatives («хотите» is one, «сдающите» is not a word).
_NOT_IMPERATIVE = frozenset({"жители", "сите"})


def grown_up(key: str) -> bool:
    """The message `area.key` is read by a grown-up (вы), not a child (ты)."""
    area, _, name = key.partition(".")
    return area in GROWN_UP_AREAS or name.startswith("teacher_") or key in GROWN_UP_KEYS


def register_faults(key: str, text: str) -> list[str]:
    """Words of the wrong register in the Russian `text` of `key`: ты to a grown-up, вы to a
    child."""
    rx = _TY if grown_up(key) else _VY
    return [m.group(0) for m in rx.finditer(text) if m.group(0).lower() not in _NOT_IMPERATIVE]
