"""The end of an action, of a turn, and of the game (docs/rules.md sections 2 and 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import QUEEN_POINTS
from .drawing import refill
from .log import DREW_ONE, TURN

if TYPE_CHECKING:
    from .state import EndReason, State

ROSE, CAKE = "rose", "cake"


def points(st: State, seat: int) -> int:
    queens = st.awake[seat]
    total = sum(map(QUEEN_POINTS.__getitem__, queens))
    bonus = st.rules.cake_with_rose_bonus
    if bonus and CAKE in queens and ROSE in queens:
        total += bonus
    return total


def team_of(st: State, seat: int) -> tuple[int, ...]:
    partner = st.rules.partner(seat, st.players)
    return (seat,) if partner is None else tuple(sorted((seat, partner)))


def opponents(st: State, seat: int) -> tuple[int, ...]:
    partner = st.rules.partner(seat, st.players)
    return tuple(s for s in range(st.players) if s != seat and s != partner)


def recount(st: State) -> None:
    """Derived counters from the lists (after building or loading a position)."""
    st.pts = [points(st, s) for s in range(st.players)]
    st.asleep = sum(1 for q in st.slots if q is not None)


def start(st: State, seat: int) -> None:
    """The first turn of a built position; a position already won ends at once."""
    st.active = seat
    st.turn = 1
    st.log.append(("turn", seat))
    recount(st)
    for s in range(st.players):
        if threshold(st, s):
            end(st, team_of(st, s), "threshold")
            return
    check_end(st, None)


def finish_action(st: State, gainer: int | None = None) -> None:
    """The action is fully resolved (`gainer` woke or stole a queen): maybe the game ends,
    else the active player refills and play passes on."""
    if gainer is not None and threshold(st, gainer):
        end(st, team_of(st, gainer), "threshold")
        return
    if not st.asleep:
        check_end(st, None)
        return
    seat = st.active
    hand = st.hands[seat]
    draw = st.draw
    log = st.log
    if len(hand) + 1 == st.hand_size and draw:  # the most common case: one card, no reshuffle
        card = draw.pop()
        hand.append(card)
        if st.known_bottom and st.known_bottom > len(draw):
            st.known_bottom = len(draw)
        log.append(DREW_ONE[seat][card])
    elif len(hand) < st.hand_size:
        refill(st, seat)
    seat = st.active = (seat + 1) % st.players
    st.turn += 1
    log.append(TURN[seat])


def threshold(st: State, seat: int) -> bool:
    """Has `seat` (its team, in `teams`) reached the winning queens or points?"""
    if st.rules.teams:
        partner = (seat + 2) % st.players
        return bool(len(st.awake[seat]) + len(st.awake[partner]) >= st.win_q
                    or st.pts[seat] + st.pts[partner] >= st.win_p)
    return bool(len(st.awake[seat]) >= st.win_q or st.pts[seat] >= st.win_p)


def check_end(st: State, gainer: int | None) -> bool:
    """End the game if `gainer` reached the threshold or the centre is empty."""
    if gainer is not None and threshold(st, gainer):
        end(st, team_of(st, gainer), "threshold")
        return True
    if st.asleep:
        return False
    teams = sorted({team_of(st, s) for s in range(st.players)})

    def score(team: tuple[int, ...]) -> tuple[int, int]:
        queens = sum(len(st.awake[s]) for s in team)
        if not st.rules.win_by_points:
            return (queens, 0)
        return (sum(points(st, s) for s in team), queens)

    best = max(score(team) for team in teams)
    winners = tuple(s for team in teams if score(team) == best for s in team)
    end(st, tuple(sorted(winners)), "centre_empty")
    return True


def end(st: State, winners: tuple[int, ...], reason: EndReason) -> None:
    st.over = True
    st.pending = None
    st.winners = winners
    st.end_reason = reason
    st.legal = None
    st.log.append(("game_over", None, (), None, None, None, None, winners))
