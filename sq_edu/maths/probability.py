"""Exact chances (`Fraction`s) from what one seat may know: an `Observation`, never a `Game`.

The model a lesson teaches: every card this seat cannot locate ("unseen") is equally likely to
be in any place it cannot see - the unknown part of the draw pile or the unknown cards of other
hands. That is exact for shuffled cards and is what "3 out of 20" means to a child.

Located (so not unseen): the seat's own hand, the whole discard pile, cards publicly known in
another hand (a jester's power card), cards on the table awaiting a jester pick, and the known
cards at the bottom of the draw pile (royal_court). The draw pile, top first, is therefore: its
`draw_size - len(known_bottom)` unknown cards (a uniform sample of the unseen cards), then the
known bottom cards in order, then - when it runs out - a fresh shuffle of the discard pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from fractions import Fraction
from itertools import chain
from math import comb
from typing import Any

from sq_edu.engine.cards import JESTER, NUMBERS, PLAY_DECK, POWER_CARDS, Card, parse_card
from sq_edu.engine.observation import Observation
from sq_edu.i18n import t

GROUPS: dict[str, tuple[Card, ...]] = {"power": POWER_CARDS, "number": NUMBERS}


def tokens_of(tokens: Card | str | Iterable[Card | str]) -> frozenset[Card]:
    """One card, several cards, or the groups "power" / "number", as a set of card tokens."""
    items = [tokens] if isinstance(tokens, (str, int)) else list(tokens)
    found: set[Card] = set()
    for item in items:
        if isinstance(item, str) and item.strip().lower() in GROUPS:
            found.update(GROUPS[item.strip().lower()])
        else:
            found.add(parse_card(item))
    return frozenset(found)


def located(obs: Observation) -> Counter[Card]:
    """Play-deck cards this seat knows the place of (see the module docstring)."""
    others = [known for seat, known in enumerate(obs.known_in_hands) if seat != obs.seat]
    # One count over all places (not Counters added up): lessons ask this of every position
    # they try. The cards come in the same order, so the Counter's order is the same too.
    return Counter(chain(obs.hand, obs.discard_pile, obs.known_bottom, obs.revealed, *others))


def unseen(obs: Observation) -> Counter[Card]:
    """Play-deck cards this seat cannot locate: 67 minus everything `located`."""
    count = located(obs).get   # `.get`: a Counter's own lookup of a missing card is slow
    return Counter({card: n - count(card, 0) for card, n in PLAY_DECK.items()
                    if n - count(card, 0) > 0})


def _none_drawn(total: int, good: int, draws: int) -> Fraction:
    """Hypergeometric: chance that `draws` cards from `total` miss all `good` ones."""
    draws = min(draws, total)
    if draws <= 0:
        return Fraction(1)
    return Fraction(comb(total - good, draws), comb(total, draws))


def _unknown_in_pile(obs: Observation) -> int:
    return max(obs.draw_size - len(obs.known_bottom), 0)


def _bottom(obs: Observation) -> tuple[Card, ...]:
    return tuple(obs.known_bottom[:obs.draw_size])


def top_cards(obs: Observation, m: int = 1,
              extra_discards: Iterable[Card] = ()) -> Iterator[tuple[tuple[Card, ...], Fraction]]:
    """Every possible sequence of the next `m` cards off the draw pile, with its exact chance.

    `extra_discards` go to the discard pile before the draw (a jester played first), which
    matters only if the pile runs out and the discard pile is reshuffled. Sequences stop short
    when there is no card left anywhere to draw. Their number grows like 16**m: meant for a
    jester's peek (m <= 3); `p_at_least` answers longer questions in closed form.
    """
    def walk(seq: tuple[Card, ...], chance: Fraction, pool: Counter[Card], unknown: int,
             bottom: tuple[Card, ...], refill: Counter[Card] | None) -> Iterator[Any]:
        if len(seq) == m:
            yield seq, chance
        elif unknown > 0 and sum(pool.values()) > 0:
            total = sum(pool.values())
            for card, n in pool.items():
                if n > 0:
                    rest = pool.copy()
                    rest[card] -= 1
                    yield from walk((*seq, card), chance * Fraction(n, total), rest,
                                    unknown - 1, bottom, refill)
        elif bottom:
            yield from walk((*seq, bottom[0]), chance, pool, 0, bottom[1:], refill)
        elif refill:  # the draw pile is empty: the discard pile is shuffled into a new one
            yield from walk(seq, chance, refill, sum(refill.values()), (), None)
        else:  # no card left anywhere
            yield seq, chance

    refill = Counter(obs.discard_pile) + Counter(extra_discards)
    yield from walk((), Fraction(1), unseen(obs), _unknown_in_pile(obs), _bottom(obs), refill)


def next_card(obs: Observation, extra_discards: Iterable[Card] = ()) -> Counter[Card]:
    """The cards the next draw comes from, each copy equally likely (`top_cards(obs, 1)`
    without the bookkeeping): the unseen cards, else the top known bottom card, else the
    discard pile about to be shuffled in. Empty when there is no card left anywhere."""
    pool = unseen(obs)
    if _unknown_in_pile(obs) > 0 and pool:
        return pool
    if _bottom(obs):
        return Counter([_bottom(obs)[0]])
    return Counter(obs.discard_pile) + Counter(extra_discards)


def p_draw(obs: Observation, tokens: Card | str | Iterable[Card | str]) -> Fraction:
    """Chance that the next card drawn is one of `tokens` (0 when nothing can be drawn)."""
    want = tokens_of(tokens)
    source = next_card(obs)
    total = sum(source.values())
    return Fraction(sum(n for c, n in source.items() if c in want), total) if total else \
        Fraction(0)


def p_at_least(obs: Observation, tokens: Card | str | Iterable[Card | str],
               draws: int) -> Fraction:
    """Chance that at least one of the next `draws` cards is one of `tokens` (hypergeometric).

    Past the end of the draw pile the discard pile as it is now is shuffled in (anything
    discarded in between cannot be known yet).
    """
    want = tokens_of(tokens)
    draws = max(int(draws), 0)
    pool = unseen(obs)
    from_unknown = min(draws, _unknown_in_pile(obs), sum(pool.values()))
    miss = _none_drawn(sum(pool.values()), sum(pool[c] for c in want), from_unknown)
    left = draws - from_unknown
    bottom = _bottom(obs)[:left]
    if any(c in want for c in bottom):
        return Fraction(1)
    left -= len(bottom)
    if left > 0 and obs.draw_size <= len(obs.known_bottom) + from_unknown:
        refill = Counter(obs.discard_pile)
        miss *= _none_drawn(sum(refill.values()), sum(refill[c] for c in want), left)
    return 1 - miss


def p_holds(obs: Observation, seat: int, tokens: Card | str | Iterable[Card | str]) -> Fraction:
    """Chance that `seat` holds at least one of `tokens` now.

    Its hand is its publicly known cards plus `hand_sizes[seat] - known` cards drawn at random
    from the unseen ones. For the observing seat itself the answer is certain (0 or 1).
    """
    want = tokens_of(tokens)
    if not (isinstance(seat, int) and 0 <= seat < obs.players):
        raise ValueError(f"there is no seat {seat!r} in a {obs.players}-player game")
    if seat == obs.seat:
        return Fraction(int(any(c in want for c in obs.hand)))
    known = obs.known_in_hands[seat] if seat < len(obs.known_in_hands) else ()
    if any(c in want for c in known):
        return Fraction(1)
    pool = unseen(obs)
    hidden = max(obs.hand_sizes[seat] - len(known), 0)
    return 1 - _none_drawn(sum(pool.values()), sum(pool[c] for c in want), hidden)


def chance_text(p: Fraction, lang: str = "en", out_of: int | None = None) -> str:
    """"3 out of 20" ("3 из 20"); with `out_of` (say, the unseen cards) the fraction is shown
    over that many when it divides, so a child sees "6 out of 40" next to the 40 cards."""
    p = Fraction(p)
    num, den = p.numerator, p.denominator
    if out_of and out_of % den == 0:
        num, den = num * (out_of // den), out_of
    return t("maths.chance", lang, num=num, den=den)


def counted_seat(jester_seat: int, number: int, players: int) -> int:
    """The seat a number card counts to: the jester player is 1, going clockwise."""
    return (jester_seat + number - 1) % players


def counted_round(number: int, players: int) -> int:
    """The round of counting round the table in which the count reaches `number` (1: the
    first time round), beside `counted_seat`: who is counted, and when."""
    return (number - 1) // players + 1


def jester_odds(obs: Observation, seat: int | None = None) -> dict[str, Any]:
    """What playing a jester now would bring `seat` (default: the observing seat).

    `power`: chance of a power card (into the hand, and another turn). `wake`: per seat, the
    chance that seat is counted and wakes a queen. With one card shown these add up to 1 with
    `power`. In royal_court three cards are shown and the player keeps one, so a power card
    comes whenever any of the three is one; otherwise `wake[s]` is the chance that the player
    *can* pick a number counting to `s` (choices overlap, so these need not add up to 1).
    """
    seat = obs.seat if seat is None else seat
    peek = max(int(obs.rules.jester_peek), 1)
    power = Fraction(0)
    wake = {s: Fraction(0) for s in range(obs.players)}
    if peek == 1:  # the common case, without walking sequences
        source = next_card(obs, extra_discards=(JESTER,))
        total = sum(source.values())
        for card, n in source.items():
            if card in POWER_CARDS:
                power += Fraction(n, total)
            else:
                wake[counted_seat(seat, int(card), obs.players)] += Fraction(n, total)
        return {"power": power, "wake": wake}
    for seq, chance in top_cards(obs, peek, extra_discards=(JESTER,)):
        if any(c in POWER_CARDS for c in seq):
            power += chance
            continue
        for s in {counted_seat(seat, int(n), obs.players) for n in seq}:
            wake[s] += chance
    return {"power": power, "wake": wake}
