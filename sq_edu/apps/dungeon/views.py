"""What the Dungeon of Queens app draws as HTML: the trick on the table, the score sheet and
the story, in the child's language. Pure functions of the game's public state and the
`ScoreSheet`, so `app.py` stays a thin view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from sq_edu.apps.dungeon.faces import TABLE_WIDTH, dungeon_face
from sq_edu.dungeon import Card, DungeonGame
from sq_edu.dungeon.cards import SUIT_SYMBOLS
from sq_edu.dungeon.rules import winning_play
from sq_edu.dungeon.words import card_name, message, short_card, suit_name
from sq_edu.i18n import signed, t
from sq_edu.i18n.format import count
from sq_edu.practice.score_sheet import ScoreSheet, SheetRow, is_you, seat_name

SHEET_ROWS = 14   # the last rows shown: a whole hand (13 tricks and the contract)
_CELL = ' style="padding:2px 10px;border-bottom:1px solid #bbb;text-align:left"'


@dataclass
class DungeonWords:
    """Seats and cards in words for one game, in the language shown now."""

    lang: str
    game: DungeonGame
    names: tuple[str, ...] = ()    # each seat's name at a table of several people

    def who(self, seat: int | None) -> str:
        return seat_name(seat, self.names).render(self.lang)

    def about(self, key: str, seat: int | None, field: str = "who", **params: object) -> str:
        """`key` with `field` the seat's name, in the child's own person on the child's seat
        ("You take the trick", «Ты берёшь взятку»; «Маша берёт взятку»)."""
        params[field] = self.who(seat)
        return t(key, self.lang, you=is_you(seat, self.names), **params)

    def card(self, card: Card) -> str:
        """"Q♥ queen of hearts", with "(trump)" on trumps: never colour alone."""
        text = f"{short_card(card, self.lang)} {card_name(card, self.lang)}"
        if card.suit == self.game.trump:
            text += f" ({t('dungeon.app_trump_mark', self.lang)})"
        return text

    def say(self, key: str, params: dict[str, object]) -> str:
        """A story line: `who` is a seat, cards and suits are spelled out; the child's own
        seat takes the verb's second person («Ты берёшь взятку»)."""
        shown = {k: (self.who(v) if k == "who" else v) for k, v in params.items()}  # type: ignore[arg-type]  # `who` is always a seat number in the engine's events
        seat = params.get("who")
        you = is_you(seat if isinstance(seat, int) else None, self.names)
        return message(key, self.lang, you=you, **shown)


def info_text(game: DungeonGame, hand_done: bool, viewer: int, words: DungeonWords) -> str:
    """The header's line (escaped): the hand, dealer and contract while it is played, how the
    dealer did once it is over."""
    lang = words.lang
    if hand_done:
        hand = game.hand_log[-1]
        return escape(words.about("dungeon.app_hand_over", hand.dealer, "dealer", hand=hand.number,
                                  contract=count(hand.contract, "tricks", lang),
                                  tricks=count(hand.dealer_tricks, "tricks", lang),
                                  points=count(hand.dealer_points, "points", lang)))
    return escape(words.about("dungeon.app_info", game.dealer, "dealer", hand=game.hand_number,
                              contract=count(game.contract, "tricks", lang),
                              mine=game.tricks_taken[viewer]))


def over_html(winners: Sequence[int], who: Callable[[int | None], str], lang: str) -> str:
    """The game-over heading naming the winners."""
    names = ", ".join(who(s) for s in winners)
    return (f"<h3>{escape(t('dungeon.app_game_over', lang, names=names))}"
            "</h3>")


def trump_html(trump: str | None, lang: str) -> str:
    """The trump suit as the header shows it, or that none is named yet."""
    suit = (f"{SUIT_SYMBOLS[trump]} {suit_name(trump, lang)}" if trump
            else t("dungeon.app_no_trump", lang))
    return f"<b>{escape(t('dungeon.app_trump', lang, suit=suit))}</b>"


def table_html(game: DungeonGame, open_row: SheetRow | None, words: DungeonWords) -> str:
    """The trick being played, or the trick just taken while its score is open."""
    lang = words.lang
    record = open_row.trick if open_row is not None else None
    plays = record.plays if record is not None else tuple(game.trick)
    trump = record.trump if record is not None else game.trump
    best = winning_play(plays, trump)[0] if plays and trump else None
    mark = "dungeon.app_taking" if record is not None else "dungeon.app_winning"
    # Each card as a picture (the same faces as the hand), who played it under it, and its
    # name in words for a screen reader; the taking card is marked in words, not colour alone,
    # in one sentence whose verb agrees with the seat ("You take", «Бот 2 берёт»).
    items = "".join(f'<li class="sq-trick-card">{card_picture(c, lang, c.suit == trump)}'
                    f'<span class="sq-sr">{escape(words.card(c))}</span>'
                    + (f"<span><b>{escape(words.about(mark, s))}</b></span>" if s == best
                       else f"<span>{escape(words.who(s))}</span>") + "</li>"
                    for s, c in plays)
    caption = t("dungeon.app_table", lang)
    if record is not None:
        caption = words.about("dungeon.app_taken_by", record.taker)
    # An empty table says so: otherwise the caption seems to head the child's own cards.
    body = (f'<ul role="list" class="sq-trick-cards" style="margin:0;padding:0;list-style:none">'
            f"{items}</ul>" if items else
            f'<p style="margin:2px 0">{escape(t("widgets.table_empty", lang))}</p>')
    return f"<b>{escape(caption)}</b>{body}"


def card_picture(card: Card, lang: str, trump: bool = False) -> str:
    """A playing card face as the hand and "How to play" draw it, its rank in `lang`."""
    return dungeon_face(card, lang, trump, TABLE_WIDTH)


def _sheet_row(row: SheetRow, sheet: ScoreSheet, words: DungeonWords) -> str:
    lang = words.lang
    if row.trick is not None:
        what = t("dungeon.app_row_trick", lang, number=row.trick.number)
        queens = str(row.trick.queens)
    else:
        what, queens = t("dungeon.app_row_contract", lang), "—"
    closed = row not in sheet.to_check
    mark = {True: "✔", False: "✘", None: ""}[row.right]
    yours = "" if row.answer is None else f"{signed(row.answer)} {mark}"
    state = {True: "right", False: "wrong", None: "open"}[row.right]
    score = str(signed(row.after)) if closed or row.answer is not None else "?"
    cells = (what, words.who(row.seat), queens, yours, score)
    return (f'<tr class="sq-row-{state}">'
            + "".join(f"<td{_CELL}>{escape(c)}</td>" for c in cells) + "</tr>")


def sheet_html(sheet: ScoreSheet, words: DungeonWords) -> str:
    """The score sheet as a table (rows marked right / wrong / open), then the totals."""
    lang = words.lang
    heads = ("app_col_what", "app_col_who", "app_col_queens", "app_col_yours", "app_col_score")
    head = "".join(f"<th scope=\"col\"{_CELL}>{escape(t('dungeon.' + h, lang))}</th>"
                   for h in heads)
    body = "".join(_sheet_row(row, sheet, words) for row in sheet.rows[-SHEET_ROWS:])
    # A seat and its score never part at a line's end ("Bot 4:" / "0"): no-break spaces inside.
    totals = " · ".join(f"{words.who(s)}: {signed(v)}".replace(" ", "\u00a0")
                        for s, v in enumerate(sheet.shown_scores))
    return (f"<table role=\"table\" style=\"border-collapse:collapse\">"
            f"<caption>{escape(t('dungeon.app_sheet', lang))}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
            f"</table><p><b>{escape(t('dungeon.app_totals', lang))}</b> {escape(totals)}</p>")


def story_html(story: list[tuple[str, dict[str, object]]], words: DungeonWords) -> str:
    # role=log on a wrapper: on the <ul> it would strip the items' list semantics.
    return ('<div role="log" aria-live="polite"><ul style="margin:0">'
            + "".join(f"<li>{escape(words.say(k, p))}</li>" for k, p in story)
            + "</ul></div>")
