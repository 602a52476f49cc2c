"""What a seat at a class table is called in every list (the table's own page, the teacher's
list of tables): the child's name, "Anna (guest)" when the name was not checked with the
learner's secret, or "Bot 3" for a bot's seat. One function, so no list forgets the mark."""

from __future__ import annotations

from typing import Any

from sq_edu.i18n import t
from sq_edu.i18n.words import bot_name


def seat_name(seat: dict[str, Any], index: int, lang: str) -> str:
    """The name of seat `index` as the service describes it (`Table.seats_view`)."""
    name = str(seat.get("name") or "")
    if not name:
        return str(bot_name(index, lang))
    return t("table.guest", lang, name=name) if seat.get("guest") else name
