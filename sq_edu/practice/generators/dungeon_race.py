"""The race to 500 in Dungeon of Queens: who has won after a real hand, if anyone yet?

Every answer names a player: "Player 2 wins" once someone has 500 or more, "nobody yet:
Player 2 leads" before. So a child reads the scores as a referee does (who is ahead, has that
score reached 500?), and the eight answers of four players come up about equally often: with
"nobody yet" a single answer, it had to be rare (a frequent one is a good guess), and the one
error it tells ("the highest score wins") was then met on few items.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from sq_edu.dungeon.game import DungeonGame
from sq_edu.dungeon.records import HandRecord
from sq_edu.dungeon.scoring import race_winners

from ..exercise import CHOICE, Exercise, Option, traps
from ..messages import Msg, Plain, msg
from ..score_sheet import contract_counts
from .dungeon import (
    PLAYERS,
    contract_step,
    play_hand,
    player,
    real_game,
    scores_line,
    signed_step,
    table,
)
from .race_bank import decided_hand
from .registry import Base, Param, generator

NOBODY = "nobody"   # answer ids: "p2" (player 3 wins), "nobody_p2" (nobody yet, player 3 leads)
SEARCH_GAMES, BRANCHES, NEAR = 20, 25, 380   # games, hands played again, a dealer near 500


def won_id(seat: int) -> str:
    return f"p{seat}"


def leads_id(seat: int) -> str:
    return f"{NOBODY}_p{seat}"


def verdict(scores: Sequence[int]) -> str | None:
    """The answer id for these scores after a hand: the winner, or nobody yet and the one
    leader; None for a shared win or a shared lead (no one answer is true, dealt again)."""
    winners = race_winners(scores)
    if winners:
        return won_id(winners[0]) if len(winners) == 1 else None
    top = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == top]
    return leads_id(leaders[0]) if len(leaders) == 1 else None


def contract_decides(hand: HandRecord) -> bool:
    """After `hand` one player has won, and forgetting the dealer's contract names another
    (not "nobody yet", which forgetting that the race is over would say too)."""
    after = hand.scores_after
    unpaid = race_winners([v - hand.contract_points if s == hand.dealer else v
                           for s, v in enumerate(after)])
    real = race_winners(after)
    return len(real) == len(unpaid) == 1 and unpaid != real


def decided_by_contract(rng: random.Random) -> tuple[DungeonGame, HandRecord] | None:
    """A real hand whose winner the contract decides (rare in real hands): real games
    are played to their end, then one of their last hands dealt by a player near 500 is
    played again, from the same deal, by other seeded bots (a real game too)."""
    for _ in range(SEARCH_GAMES):
        game, bots = real_game(rng), table(rng)
        starts = []
        while not game.is_over:
            if game.scores[game.dealer] >= NEAR:
                starts.append(game.copy())
            play_hand(game, bots)
        for _ in range(BRANCHES if starts else 0):
            branch = rng.choice(starts[-3:]).copy()
            play_hand(branch, table(rng))
            if contract_decides(branch.hand_log[-1]):
                return branch, branch.hand_log[-1]
    return None


def race_hand(rng: random.Random, won: bool, seat: int) -> tuple[int, HandRecord]:
    """(players, hand): one of the last hands of a real game played to its end, after which
    `seat` has won (`won`) or leads while nobody has yet, with one answer true (`verdict`)."""
    for _ in range(20):
        game, bots = real_game(rng), table(rng)
        while not game.is_over:
            play_hand(game, bots)
        fitting = [h for h in game.hand_log[-3:] if verdict(h.scores_after) is not None
                   and bool(race_winners(h.scores_after)) == won]
        if fitting:
            return game.players, seated(rng.choice(fitting), seat)
    raise RuntimeError("no race position")  # pragma: no cover - twenty games without one


def seated(hand: HandRecord, seat: int) -> HandRecord:
    """The same hand with the players moved round the table so that `seat` holds the answer
    (the deal passes round the table, so any seat may deal hand n: a real game too). Real
    games are won by some seats more often than others: a good guess otherwise."""
    players = len(hand.scores_after)
    shift = seat - max(range(players), key=lambda s: hand.scores_after[s])

    def moved(scores: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(scores[(s - shift) % players] for s in range(players))
    return replace(hand, dealer=(hand.dealer + shift) % players,
                   scores_before=moved(hand.scores_before), scores_after=moved(hand.scores_after))


@generator("dungeon.race", contract=Param(bool, False), nobody=Param(float, 0.5))
def who_wins(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """Scores at the end of a real hand near the finish: who has won, or who leads if nobody
    has yet? `nobody`: the share of "nobody yet" items (half: each of the eight answers as
    common as the others). With the contract, a won race is one the contract decides
    (`decided_by_contract`, searched at build time: `race_bank`), so forgetting it names the
    wrong player; each player wins as often as the others."""
    drawn = base.answer_rng()
    won, seat = drawn.random() < 1 - p["nobody"], drawn.randrange(PLAYERS)
    players, hand = (decided_hand(rng, seat) if p["contract"] and won
                     else race_hand(rng, won, seat))
    after = hand.scores_after
    answer = verdict(after)
    assert answer is not None   # race_hand and the bank deal only positions with one answer
    top = max(range(players), key=lambda s: after[s])
    shown = [v - hand.contract_points if s == hand.dealer and p["contract"] else v
             for s, v in enumerate(after)]
    context: tuple[Msg, ...] = (msg("dungeon.ex_scores_line", scores=scores_line(shown)),)
    slips: list[tuple[str | None, Msg]] = [
        (won_id(top), msg("mistakes.race_highest_wins", best=after[top])),
        (leads_id(top), msg("mistakes.race_not_over", best=after[top]))]
    worked: tuple[Msg, ...] = ()
    if p["contract"]:
        context += (msg("dungeon.ex_race_dealer", player=player(hand.dealer),
                        **contract_counts(hand)),)
        slips.append((verdict(shown), msg("mistakes.race_no_contract", step=Plain(signed_step(
            shown[hand.dealer], hand.contract_points)), real=after[hand.dealer])))
        worked = (contract_step(hand, shown[hand.dealer]),)
    winners = race_winners(after)
    worked += (msg("dungeon.ex_worked_race_scores", scores=scores_line(after)),
               msg("dungeon.rule_race_winner", names=player(winners[0]), score=after[winners[0]])
               if winners else msg("dungeon.rule_race_leader", player=player(top),
                                   score=after[top]))
    options = (*(Option(won_id(s), msg("dungeon.ex_race_wins", player=player(s)))
                 for s in range(players)),
               *(Option(leads_id(s), msg("dungeon.ex_race_leads", player=player(s)))
                 for s in range(players)))
    return base.make(
        kind=CHOICE, answers=(answer,), options=options, traps=traps((answer,), *slips),
        worked=worked,
        prompt=msg("dungeon.ex_race_prompt", hand=hand.number), context=context,
        hints=(msg("dungeon.ex_race_nudge"),
               msg("dungeon.ex_race_strategy_contract" if p["contract"]
                   else "dungeon.ex_race_strategy")),
        extra={"scores": list(after), "winners": list(winners),
               "contract_points": hand.contract_points, "dealer": hand.dealer,
               "with_contract": bool(p["contract"])})
