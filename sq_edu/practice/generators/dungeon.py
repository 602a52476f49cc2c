"""Scoring-lesson exercises for Dungeon of Queens, cut from real seeded hands.

They live in the lesson runtime, above the Dungeon engine they play (the engine imports only
`sq_edu.i18n`; docs/architecture.md).

Each generator plays real hands with seeded bots (or, for the rare dungeon tricks, has the
engine play a seeded last trick on top of a real game's scores) and takes the answer from the
engine's own records, so the lesson can never disagree with the game. They register with the
practice runtime's generator registry under `dungeon.*` (lesson `lessons/dungeon_scoring.toml`);
the race to 500 lives in `dungeon_race.py`.

`extra` holds the raw numbers of each question, so tests and widgets can recompute or show them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from sq_edu.dungeon.bots import Bot, RandomBot, SensibleBot
from sq_edu.dungeon.cards import SUITS, Card, deck_for
from sq_edu.dungeon.game import DungeonGame, play_out
from sq_edu.dungeon.observation import DungeonObservation
from sq_edu.dungeon.records import HandRecord, Move, TrickRecord
from sq_edu.dungeon.words import ShortCards
from sq_edu.i18n.format import Count
from sq_edu.i18n.words import Term

from ..exercise import NUMBER, Exercise, traps
from ..messages import Joined, Msg, msg
from ..score_sheet import contract_working, trick_working
from .registry import Base, Param, generator

PLAYERS = 4
LESSON_ID = "dungeon_scoring"


# --- real games -------------------------------------------------------------------------------

def real_game(rng: random.Random, players: int = PLAYERS) -> DungeonGame:
    """A new seeded game with a seeded mix of sensible and random bots at every seat."""
    return DungeonGame.new(players, seed=rng.randrange(2**31), first_dealer=rng.randrange(players))


def table(rng: random.Random, players: int = PLAYERS) -> list[Bot[DungeonObservation, Move]]:
    return [(SensibleBot if rng.random() < 0.6 else RandomBot)(random.Random(rng.random()))
            for _ in range(players)]


def play_hand(game: DungeonGame, bots: list[Bot[DungeonObservation, Move]]) -> None:
    play_out(game, bots, until_hand_end=True)


def played_game(rng: random.Random, most_hands: int) -> DungeonGame:
    """A real game after 1..`most_hands` hands (fewer if it ended), with seeded bots."""
    game, bots = real_game(rng), table(rng)
    for _ in range(rng.randint(1, most_hands)):
        play_hand(game, bots)
        if game.is_over:
            break
    return game


# --- words ------------------------------------------------------------------------------------

def player(seat: int) -> Term:
    return Term("common.player_n", {"n": seat + 1})


def cards_plain(cards: tuple[Card, ...]) -> ShortCards:
    """Cards as "Q♥ 5♣ 7♣" (Russian "Д♥ 5♣ 7♣"), as printed on the cards."""
    return ShortCards(tuple(cards))


def scores_line(scores: tuple[int, ...] | list[int]) -> Joined:
    return Joined(tuple(msg("dungeon.player_score", player=player(s), score=v)
                        for s, v in enumerate(scores)))


def trick_line(record: TrickRecord) -> Msg:
    return msg("dungeon.ex_trick_line", number=record.number, cards=cards_plain(record.cards),
               player=player(record.taker))


# --- level: score one trick -------------------------------------------------------------------

@generator("dungeon.trick", queens=Param(list, [0, 1, 2], choices=(0, 1, 2)),
           negative=Param(bool, False))
def score_a_trick(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """A real trick and the taker's score before it: what is the score after?"""
    wanted = rng.choice(p["queens"] or [0])
    record = None
    for _ in range(40):
        game = played_game(rng, most_hands=4)
        found = [r for r in game.tricks if r.queens == wanted
                 and (p["negative"] or min(r.score.before, r.score.after) >= 0)]
        if found:
            record = rng.choice(found)
            break
    if record is None:  # pragma: no cover - 40 real games always hold such a trick
        raise RuntimeError("no trick found")
    s = record.score
    return base.make(
        kind=NUMBER, answers=(s.after,),
        prompt=msg("dungeon.ex_trick_prompt", player=player(record.taker), before=s.before,
                   cards=cards_plain(record.cards)),
        context=(msg("dungeon.ex_trump_line", suit=msg(f"dungeon.suit_{record.trump}")),),
        hints=(msg("dungeon.ex_trick_nudge"), msg("dungeon.ex_trick_strategy")),
        reveal=(trick_working(record),),
        worked=(trick_working(record),),
        traps=traps((s.after,),
                    (s.change if s.before else None, msg("dungeon.ex_trap_trick_only")),
                    (s.after - 10 if s.queens else None, msg("dungeon.ex_trap_no_trick_points")),
                    (s.before + 10 if s.queens else None,
                     msg("dungeon.ex_trap_no_queen_points"))),
        extra={"before": s.before, "queens": s.queens, "others": list(record.others),
               "trick": record.to_dict()})


# --- level: score a whole hand ----------------------------------------------------------------

@generator("dungeon.hand", dealer=Param(bool, True), negative=Param(bool, False))
def score_a_hand(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """A seat's score after a real hand: its tricks one by one, then the dealer's contract."""
    for _ in range(60):
        game = played_game(rng, most_hands=3)
        hand = rng.choice(game.hand_log)
        seat = hand.dealer if p["dealer"] and rng.random() < 0.5 else rng.choice(
            [s for s in range(game.players) if s != hand.dealer])
        taken = [r for r in game.tricks if r.hand == hand.number and r.taker == seat]
        after = hand.scores_after[seat]
        if any(r.queens >= 3 for r in taken) or (not p["negative"] and min(
                hand.scores_before[seat], after) < 0):
            continue
        context = tuple(trick_line(r) for r in taken) or (msg("dungeon.ex_no_tricks"),)
        if seat == hand.dealer:
            context += (msg("dungeon.ex_dealer_line", player=player(seat),
                            contract=Count(hand.contract, "tricks")),)
        else:
            context += (msg("dungeon.ex_not_dealer_line", player=player(seat)),)
        return base.make(
            kind=NUMBER, answers=(after,),
            prompt=msg("dungeon.ex_hand_prompt", player=player(seat),
                       before=hand.scores_before[seat], n=len(taken)),
            context=context,
            hints=(msg("dungeon.ex_hand_nudge"), msg("dungeon.ex_hand_strategy")),
            reveal=tuple(trick_working(r) for r in taken) + ((contract_working(hand),)
                                                       if seat == hand.dealer else ()),
            worked=hand_steps(hand, seat, taken),
            traps=traps((after,),
                        (after - hand.scores_before[seat] if hand.scores_before[seat] else None,
                         msg("dungeon.ex_trap_hand_only")),
                        (after - hand.contract_points if seat == hand.dealer else None,
                         msg("dungeon.ex_trap_no_contract"))),
            extra={"before": hand.scores_before[seat], "seat": seat,
                   "queens": [r.queens for r in taken], "dealer": seat == hand.dealer,
                   "dealer_tricks": hand.dealer_tricks, "contract": hand.contract})
    raise RuntimeError("no hand found")  # pragma: no cover - 60 real games always hold one


def hand_steps(hand: HandRecord, seat: int, taken: list[TrickRecord]) -> tuple[Msg, ...]:
    """The worked hand: each trick taken, line by line from the score before, then the
    dealer's contract (+50 or −50) on the score the tricks reached."""
    steps = [trick_working(r) for r in taken] or [
        msg("dungeon.ex_worked_no_tricks", before=hand.scores_before[seat])]
    if seat == hand.dealer:
        steps.append(contract_step(hand, taken[-1].score.after if taken
                                   else hand.scores_before[seat]))
    return tuple(steps)


def signed_step(before: int, points: int) -> str:
    """"535 − 50", never "535 + −50": the sign of the points is the operation's."""
    sign = "+" if points >= 0 else "\u2212"
    return f"{before} {sign} {abs(points)}"


def contract_step(hand: HandRecord, before: int) -> Msg:
    key = "dungeon.ex_worked_contract_made" if hand.made else "dungeon.ex_worked_contract_missed"
    return msg(key, before=before, after=before + hand.contract_points)


# --- level: the dungeon ("the lower of ...") --------------------------------------------------

@generator("dungeon.dungeon", queens=Param(list, [3, 4], choices=(3, 4)),
           negative=Param(bool, False))
def the_dungeon(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """Scores from a real game, then the engine plays a last trick holding 3 or 4 queens. A
    score of 0 (18% of real positions: "always 0" was the best guess) is kept 1 time in 5."""
    for _ in range(200):
        game = played_game(rng, most_hands=5)
        queens = rng.choice(p["queens"] or [3])
        scores = list(game.scores)
        record = dungeon_trick(rng, scores, queens)
        after = record.score.after
        if (p["negative"] or after >= 0) and (after != 0 or rng.random() < 0.2):
            break
    s = record.score
    return base.make(
        kind=NUMBER, answers=(s.after,),
        prompt=msg("dungeon.ex_dungeon_prompt", player=player(record.taker),
                   cards=cards_plain(record.cards)),
        context=(msg("dungeon.ex_scores_line", scores=scores_line(scores)),),
        hints=(msg("dungeon.ex_dungeon_nudge"),
               msg("dungeon.ex_dungeon_strategy_3" if queens == 3
                   else "dungeon.ex_dungeon_strategy_4")),
        reveal=(trick_working(record),),
        worked=(msg("dungeon.ex_worked_scores", scores=scores_line(scores)),
                *((msg("dungeon.ex_worked_lowest", lowest=min(record.others)),)
                  if queens == 3 else ()),
                trick_working(record)),
        traps=traps((s.after,),
                    (max(s.compared) if s.compared else None,
                     msg("dungeon.ex_trap_dungeon_lower", one=s.compared[0] if s.compared else 0,
                         other=s.compared[1] if s.compared else 0)),
                    (s.after + 10, msg("dungeon.ex_trap_dungeon_trick_points"))),
        extra={"before": s.before, "queens": queens, "others": list(record.others),
               "scores": scores, "trick": record.to_dict()})


def dungeon_trick(rng: random.Random, scores: list[int], queens: int) -> TrickRecord:
    """Have the engine play one last trick holding `queens` queens at these scores."""
    suits = list(SUITS)
    rng.shuffle(suits)
    taker = rng.randrange(PLAYERS)
    lead = suits[0]
    cards = [Card("Q", s) for s in suits[:queens]]          # the taker leads a queen
    low = [Card(r, lead) for r in rng.sample(["2", "3", "4", "5", "6", "7"], PLAYERS - queens)]
    order = [cards[0], *rng.sample(cards[1:] + low, PLAYERS - 1)]
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    for i, card in enumerate(order):
        hands[(taker + i) % PLAYERS] = [card.code]
    trump = rng.choice([s for s in SUITS if s == lead or s not in suits[:queens]])
    prior = [0] * PLAYERS
    prior[(taker + 1) % PLAYERS] = len(deck_for(PLAYERS)) // PLAYERS - 1
    game = DungeonGame.from_setup({"players": PLAYERS, "hands": hands, "trump": trump,
                                   "dealer": (taker + 3) % PLAYERS, "leader": taker,
                                   "scores": scores, "tricks_taken": prior})
    for _ in range(PLAYERS):  # every seat holds one card: its only legal play
        game.play(game.legal_moves()[0])
    record = game.tricks[-1]
    if record.taker != taker or record.queens != queens:  # pragma: no cover - construction
        raise RuntimeError("the dungeon trick was not built as intended")
    return record
