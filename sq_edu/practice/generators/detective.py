"""Card detective: keep count while bots play a seeded game.

The learner sees only what seat 0 may know (the events so far and the table); the question is
answered from `sq_edu.maths.unseen` / `p_holds`, and the tracker plus the hidden truth are
revealed afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from sq_edu.engine.cards import DRAGON, KNIGHT, PLAY_DECK, POWER_CARDS
from sq_edu.engine.observation import Observation

from ..exercise import CHOICE, NUMBER, Exercise, Option, traps
from ..messages import Cards, msg
from .dragon_bank import banked_position, block
from .positions import LEARNER, Position, find_position, follow_position, story, where_cards_are
from .registry import Base, Param, generator

_PLAYERS = Param(int, 3, low=2, high=5)
_FROM = Param(int, 4, low=1, high=60)
_TO = Param(int, 20, low=1, high=80)
_CARDS = Param(list, ["dragon"], choices=POWER_CARDS)


def tracker_line(obs: Observation) -> tuple[Any, ...]:
    """The reveal every detective answer gets: the unseen count of every power card."""
    from sq_edu.maths import unseen

    left = unseen(obs)
    return tuple(msg("practice.tracker_line", card=Cards((c,)), unseen=left[c], total=PLAY_DECK[c])
                 for c in POWER_CARDS)


def last_play(obs: Observation) -> tuple[Any, ...]:
    """The cards of the latest public play or discard (what "just happened")."""
    for event in reversed(obs.events):
        if event.kind in ("play", "discard", "block") and event.cards:
            return tuple(event.cards)
    return ()


def unseen_traps(obs: Observation, token: str, answer: int) -> tuple[Any, ...]:
    """The counting slips children make, each with its own message."""
    from sq_edu.maths import located

    card = Cards((token,))
    mine = obs.hand.count(token)
    just = last_play(obs).count(token)
    seen = located(obs)[token]
    return traps((answer,),
                 (answer + mine if mine else None,
                  msg("lessons.det_trap_own_hand", card=card, n=mine)),
                 (answer + just if just else None,
                  msg("lessons.det_trap_last_play", card=card, n=just)),
                 (seen, msg("lessons.det_trap_seen", card=card, total=PLAY_DECK[token])),
                 (PLAY_DECK[token], msg("lessons.det_trap_whole_deck", card=card)))


@generator("detective.unseen", players=_PLAYERS, from_turn=_FROM, to_turn=_TO, cards=_CARDS,
           follow_game=Param(bool, True), max_pile=Param(int, 0, low=0, high=80),
           held=Param(bool, False))
def count_unseen(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """How many of this card are still unseen (not in your hand, not in the discard pile)?

    With `follow_game` the exercises of one deal walk through the same bot game turn by turn,
    so the learner keeps count as it is played; otherwise each exercise is a fresh position,
    chosen so that every count from 0 to the biggest deck asked is as likely as the others.
    """
    from sq_edu.maths import located, unseen

    token = rng.choice(p["cards"])
    window = (p["from_turn"], max(p["from_turn"], p["to_turn"]))
    heading: tuple[Any, ...] = ()
    if p["follow_game"]:
        # The walk visits the turns at which the learner holds a card it may ask about whose
        # count has moved on since the last question, and asks about such a card: forgetting
        # your own hand, counting only the cards seen or the whole deck then each give a wrong
        # count (the item tells every counting slip apart), and the answer is not the last one.
        def counts(o: Observation) -> object:
            left = unseen(o)
            return tuple((c, left[c]) for c in telling(o, p["cards"])) or None

        pos, game_number = follow_position(base.seed, p["players"], base.rules, window,
                                           keep=counts, keep_key=tuple(p["cards"]))
        heading = (msg("practice.table_turn", game=game_number, turn=pos.obs.turn),)
        held = telling(pos.obs, p["cards"]) or [c for c in p["cards"] if c in pos.obs.hand]
        if held:
            token = rng.choice(held)
    else:
        token, pos = _fresh_position(p, rng, base, window)
    obs = pos.obs
    answer = unseen(obs)[token]
    seen = located(obs)[token]
    card = Cards((token,))
    in_pile = obs.discard_pile.count(token)
    mine = obs.hand.count(token)
    return base.make(kind=NUMBER, answers=(answer,), observation=obs, hand=obs.hand,
                     prompt=msg("lessons.det_unseen_prompt", card=card),
                     context=(*heading, *story(obs)),
                     hints=(msg("lessons.det_unseen_nudge", card=card, n=PLAY_DECK[token]),
                            msg("lessons.det_unseen_strategy", card=card,
                                total=PLAY_DECK[token], n=seen)),
                     reveal=(*tracker_line(obs), where_cards_are(pos.game, token)),
                     traps=unseen_traps(obs, token, answer),
                     worked=(msg("lessons.det_worked_deck", card=card, n=PLAY_DECK[token]),
                             msg("lessons.det_worked_seen", card=card, hand=mine,
                                 pile=in_pile, other=seen - mine - in_pile),
                             msg("lessons.det_worked_take", total=PLAY_DECK[token], seen=seen,
                                 answer=answer)),
                     guess=1 / (PLAY_DECK[token] + 1),
                     extra={"card": token, "deck": True})


def _fresh_position(p: Mapping[str, Any], rng: random.Random, base: Base,
                    window: tuple[int, int]) -> tuple[str, Position]:
    """A fresh position and the card to ask about, the count drawn first and evenly from 0 to
    the biggest deck of the cards asked (a count only kings reach is asked about kings). With
    `held`, only cards in the learner's hand are asked (forgetting your own hand then always
    gives a wrong count), one on which every counting slip gives its own count if there is one.
    Drawn card first, the counts piled up on 1 to 3 (dragons, wands) and "3" was right on 39%.
    """
    from sq_edu.maths import unseen

    cards, held = p["cards"], p["held"]
    top = max(PLAY_DECK[c] for c in cards) - int(held)   # a card you hold is seen
    want = base.answer_rng().randint(0, top)
    most = p["max_pile"]   # a pile the learner can count (grade 1: 12)
    def closeness(v: int) -> tuple[int, int]:   # nearest the drawn count, the larger first
        return abs(v - want), -v

    near = tuple(sorted(range(top + 1), key=closeness))

    def nearest(o: Observation) -> int | None:
        left = unseen(o)
        counts = [left[c] for c in cards if not held or c in o.hand]
        return min(counts, key=closeness) if counts else None

    pos = find_position(rng, p["players"], base.rules, window, want,
                        lambda o: None if most and len(o.discard_pile) > most else nearest(o),
                        games=12, rather=near[1:])
    left, found = unseen(pos.obs), nearest(pos.obs)
    same = [c for c in cards if left[c] == found and (not held or c in pos.obs.hand)] or [
        c for c in cards if c in pos.obs.hand] or list(cards)
    told = telling(pos.obs, same) or same
    return (rng.choice(told) if len(same) > 1 else same[0]), pos

COUNT_SLIPS = frozenset({"lessons.det_trap_own_hand", "lessons.det_trap_seen",
                         "lessons.det_trap_whole_deck"})


def telling(obs: Observation, cards: list[str]) -> list[str]:
    """The cards of `cards` in the learner's hand on which each counting slip (forgetting your
    own hand, counting the cards seen, the whole deck) gives its own wrong count."""
    from sq_edu.maths import unseen

    left = unseen(obs)
    return [c for c in cards if c in obs.hand and {
        why.key for _, why in unseen_traps(obs, c, left[c])} >= COUNT_SLIPS]


def block_answer(obs: Observation, target: int) -> str:
    """"no" (every dragon is accounted for), "yes" (they surely hold one) or "maybe"."""
    from sq_edu.maths import p_holds

    chance = p_holds(obs, target, DRAGON)
    return "no" if chance == 0 else "yes" if chance == 1 else "maybe"


BLOCK_ANSWERS = ("no", "maybe", "yes")
DRAGONS = PLAY_DECK[DRAGON]
# The verdict and how many dragons are not seen yet, asked together: "no" only when every
# dragon is seen, "yes" only when one is seen in that hand (so at most 2 are not seen). Seven
# answers, each asked as often as the others, so a guess is right about 1 time in 7: "no /
# maybe / yes" alone let a guess through 2 times in 5, and a good child needed 15 items.
BLOCK_PAIRS: tuple[tuple[str, int], ...] = (
    ("no", 0), *(("maybe", n) for n in range(1, DRAGONS + 1)),
    *(("yes", n) for n in range(DRAGONS)))


def pair_id(verdict: str, left: int) -> str:
    """The option id of a verdict and a count: "maybe-2"."""
    return f"{verdict}-{left}"


def block_options() -> tuple[Option, ...]:
    """The seven answers, "no" first, each in words ("Maybe – 2 dragons are not seen yet")."""
    def label(verdict: str, left: int) -> Any:
        if verdict == "no":
            return msg("lessons.det_block_no")
        if verdict == "maybe":
            return msg("lessons.det_block_maybe", n=left)
        return msg("lessons.det_block_yes", n=left) if left else msg("lessons.det_block_yes_all")
    return tuple(Option(pair_id(v, n), label(v, n)) for v, n in BLOCK_PAIRS)


def block_traps(obs: Observation, target: int, verdict: str, left: int) -> tuple[Any, ...]:
    """The wrong answers with a name: any "maybe" where the dragons seen tell more (forgetting
    what was seen), any "yes" where it is only maybe (a dragon not seen taken for one in that
    hand); the verdict right with a count slip of the counting levels (own hand, the card just
    played, the dragons seen, the whole deck) where that count is one of the answers."""
    player, card = target + 1, Cards((DRAGON,))
    mine, just = obs.hand.count(DRAGON), last_play(obs).count(DRAGON)
    if verdict == "maybe":
        first, other, why = min(left, DRAGONS - 1), "yes", msg("mistakes.block_unseen_yes",
                                                              player=player)
    else:   # the own dragons forgotten, or the one shown in that hand
        first = (left + mine if mine else DRAGONS) if verdict == "no" else left + 1
        other, why = "maybe", msg("mistakes.block_forgot_seen", player=player)
    named = [(pair_id(other, n), why) for v, n in sorted(
        BLOCK_PAIRS, key=lambda pair: (pair[1] != first, pair[1])) if v == other]
    counted = ((left + mine if mine else None, msg("lessons.det_trap_own_hand", card=card,
                                                   n=mine)),
               (left + just if just else None, msg("lessons.det_trap_last_play", card=card,
                                                   n=just)),
               (DRAGONS - left, msg("lessons.det_trap_seen", card=card, total=DRAGONS)),
               (DRAGONS, msg("lessons.det_trap_whole_deck", card=card)))
    slips = [(pair_id(verdict, n), slip) for n, slip in counted
             if n is not None and (verdict, n) in BLOCK_PAIRS]
    return traps((pair_id(verdict, left),), *named, *slips)


@generator("detective.knight_block", players=_PLAYERS, from_turn=_FROM, to_turn=_TO)
def knight_block(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """You want to steal with a knight: can this player block it with a dragon now, and how
    many dragons have you not seen yet?

    Only a player with an awake queen can be attacked, and each of the seven answers is asked
    about as often as the others (a "yes" needs a dragon known to be in that hand, so the
    banked games are searched for it).
    """
    from sq_edu.maths import located, unseen

    players = p["players"]
    target = rng.randrange(1, players)
    want = BLOCK_PAIRS[base.answer_rng().randrange(len(BLOCK_PAIRS))]
    window = (p["from_turn"], max(p["from_turn"], p["to_turn"]))
    rather = tuple(sorted((pair for pair in BLOCK_PAIRS if pair != want),
                          key=lambda pair: (pair[0] != want[0], abs(pair[1] - want[1]))))

    def live(o: Observation) -> tuple[str, int] | None:
        found = (block_answer(o, target), unseen(o)[DRAGON]) if o.awake[target] else None
        return found if found in BLOCK_PAIRS else None

    # The whole pool: a "yes" with a given count lies in only a few dozen of its 2000 games.
    pos = banked_position(rng, players, base.rules, window, want, target, block, games=None,
                          rather=rather) or find_position(
        rng, players, base.rules, window, want, live, rather=rather)
    obs = pos.obs
    if not obs.awake[target]:  # the fallback position: attack someone who has a queen
        target = next((s for s in obs.opponents if obs.awake[s]), target)
    verdict, left = block_answer(obs, target), unseen(obs)[DRAGON]
    answer = pair_id(verdict, left)
    seen = located(obs)[DRAGON]
    known = obs.known_in_hands[target].count(DRAGON) if target < len(obs.known_in_hands) else 0
    return base.make(kind=CHOICE, answers=(answer,), observation=obs,
                     hand=obs.hand, options=block_options(), context=story(obs),
                     traps=block_traps(obs, target, verdict, left),
                     prompt=msg("lessons.det_block_prompt" if KNIGHT in obs.hand
                                else "teaching.block_prompt_if", player=target + 1),
                     hints=(msg("lessons.det_block_nudge"), msg("lessons.det_block_strategy")),
                     reveal=(*tracker_line(obs), where_cards_are(pos.game, DRAGON)),
                     worked=(msg("lessons.det_worked_dragons", seen=seen, unseen=left),
                             msg(f"lessons.det_worked_block_{verdict}", player=target + 1,
                                 n=known)),
                     extra={"target": target, "learner": LEARNER, "deck": True,
                            "verdict": verdict, "unseen": left})
