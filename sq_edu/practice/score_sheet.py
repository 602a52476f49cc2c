"""The child's Dungeon of Queens score sheet: a scoring exercise cut from the game being played.

After every taken trick, and the dealer's contract at the end of a hand, a row opens on the
sheet; the game waits while the child writes the taker's new score, checks it against the
engine's answer (or just goes on), and the row closes. What happened is kept as a short story.
No widgets: `apps/dungeon/app.py` draws a `ScoreSheet`, tests drive it directly.

The working shown for a score (`trick_working`, `contract_working`) is the one the scoring
lesson reveals too (`generators/dungeon.py`), so the game and the lesson explain alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sq_edu.dungeon.records import Event, HandRecord, TrickRecord
from sq_edu.i18n import Msg, msg
from sq_edu.i18n.format import Count
from sq_edu.i18n.words import BotSeat
from sq_edu.practice.checking import read_whole

HUMAN = 0          # the child's seat
STORY_LINES = 10   # what happened: the trick just taken and the one being played
TRICK_TAKEN = ("app_story_trick", "app_story_trick_plain")


def trick_working(record: TrickRecord) -> Msg:
    """The engine's working for one trick, with the numbers a child compares."""
    s = record.score
    params: dict[str, object] = {"before": s.before, "after": s.after}
    if s.compared:
        params.update(lowest=s.compared[0], dropped=s.compared[1])
        if s.queens == 4:
            params.pop("lowest")
    return Msg(f"dungeon.{s.rule}", params)


def contract_working(hand: HandRecord) -> Msg:
    """Made or missed: the dealer's contract against the tricks taken and their points."""
    key = "dungeon.rule_contract_made" if hand.made else "dungeon.rule_contract_missed"
    return msg(key, **contract_counts(hand))


def contract_counts(hand: HandRecord) -> dict[str, object]:
    """The contract, the dealer's tricks and their points, each with its noun in the right
    plural form ("5 взяток", "1 взятка", "65 очков")."""
    return {"contract": Count(hand.contract, "tricks"),
            "tricks": Count(hand.dealer_tricks, "tricks"),
            "points": Count(hand.dealer_points, "points")}


def is_you(seat: int | None, names: Sequence[str] = ()) -> bool:
    """The seat is the child's own and is called "you": a message about it takes the verb's
    second person (`t(..., you=True)`: "You take", «Ты берёшь»)."""
    return seat == HUMAN and not names


def seat_name(seat: int | None, names: Sequence[str] = ()) -> Msg | BotSeat:
    """"You" for the child's seat, "Bot 2" for the bots' (`bot_name`: seat index 1 is the
    table's second seat); at a table of several people (`names` given, one per seat) each
    seat's own name."""
    if names and seat is not None and 0 <= seat < len(names):
        return msg("common.player_named", name=names[seat])
    return msg("common.you") if seat == HUMAN else BotSeat(seat or 0)


def read_score(text: object) -> int | None:
    """A typed score: "45", "-50", "− 50" (any minus sign a keyboard makes); None otherwise."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        return None
    return read_whole(text)


@dataclass
class SheetRow:
    """One line of the score sheet: a taken trick or a dealer's contract."""

    seat: int
    before: int
    after: int
    trick: TrickRecord | None = None
    hand: HandRecord | None = None
    answer: int | None = None      # the child's last checked answer
    names: tuple[str, ...] = ()    # the seats' names at a table of several people

    @property
    def right(self) -> bool | None:
        return None if self.answer is None else self.answer == self.after

    def question(self) -> Msg:
        """What the child is asked to score for this row."""
        if self.hand is not None:
            return msg("dungeon.app_ask_contract", who=seat_name(self.seat, self.names),
                       you=is_you(self.seat, self.names), before=self.before,
                       **contract_counts(self.hand))
        queens = self.trick.queens if self.trick is not None else 0
        key = "dungeon.app_ask_trick" if queens else "dungeon.app_ask_trick_plain"
        return msg(key, who=seat_name(self.seat, self.names), you=is_you(self.seat, self.names),
                   n=queens, before=self.before)

    def working(self) -> Msg:
        if self.hand is not None:
            return contract_working(self.hand)
        assert self.trick is not None
        return trick_working(self.trick)


@dataclass
class ScoreSheet:
    """Rows written so far, the rows still open (oldest first), the scores shown so far."""

    players: int
    rows: list[SheetRow] = field(default_factory=list)
    to_check: list[SheetRow] = field(default_factory=list)
    story: list[tuple[str, dict[str, object]]] = field(default_factory=list)
    shown_scores: list[int] = field(default_factory=list)
    hand_done: bool = False        # a hand ended; the next starts when the child says so
    names: tuple[str, ...] = ()    # the seats' names at a table of several people

    def __post_init__(self) -> None:
        self.shown_scores = self.shown_scores or [0] * self.players

    @property
    def open_row(self) -> SheetRow | None:
        return self.to_check[0] if self.to_check else None

    @property
    def waiting(self) -> bool:
        """The game waits for the child: a row to score or a hand to start."""
        return bool(self.to_check) or self.hand_done

    def absorb(self, events: Iterable[Event], hand_log: Sequence[HandRecord]) -> None:
        """Engine events become story lines (dungeon.<key>, params) and rows to score."""
        for e in events:
            if e.kind == "play" and e.card is not None:
                self._tell("app_story_play", who=e.seat, card=e.card)
            elif e.kind == "trump":
                self._tell("app_story_trump", who=e.seat, suit=e.suit)
            elif e.kind == "trick" and e.trick is not None:
                self._tell("app_story_trick" if e.trick.queens else "app_story_trick_plain",
                           who=e.seat, n=e.trick.queens)
                self._open(SheetRow(e.trick.taker, e.trick.score.before, e.trick.score.after,
                                    trick=e.trick, names=self.names))
            elif e.kind == "contract" and e.seat is not None:
                hand = hand_log[-1]
                self._open(SheetRow(e.seat, hand.scores_after[e.seat] - hand.contract_points,
                                    hand.scores_after[e.seat], hand=hand, names=self.names))
                self.hand_done = True

    def check(self, text: object) -> SheetRow | None:
        """Write the child's answer into the open row; None if there is none or it is not a
        score (the row's `right` then says how it went)."""
        value = read_score(text)
        if self.open_row is None or value is None:
            return None
        self.open_row.answer = value
        # The sheet now shows this row's score: the scores line under it says the same.
        self.shown_scores[self.open_row.seat] = self.open_row.after
        return self.open_row

    def close_row(self) -> None:
        """Go on (checked or not): the row's score becomes the score shown."""
        if self.to_check:
            row = self.to_check.pop(0)
            self.shown_scores[row.seat] = row.after

    def start_hand(self) -> bool:
        """The child starts the next hand; False while a row is open or the hand goes on."""
        if self.to_check or not self.hand_done:
            return False
        self.hand_done = False
        self.story = []  # a new hand's story starts with its trumps
        return True

    def _open(self, row: SheetRow) -> None:
        self.rows.append(row)
        self.to_check.append(row)

    def _tell(self, key: str, **params: object) -> None:
        """Add a story line. When a trick is taken the story starts again at that trick's first
        card, so it never begins in the middle of a trick: the trick just taken, then the one
        being played."""
        story = [*self.story, (key, params)]
        if key in TRICK_TAKEN:
            taken = [i for i, (k, _) in enumerate(story[:-1]) if k in TRICK_TAKEN]
            story = story[taken[-1] + 1:] if taken else story
        self.story = story[-STORY_LINES:]
