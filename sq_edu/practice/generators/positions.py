"""Real game positions for the counting and chance lessons.

A seeded game is played out by simple bots (a private RNG; waking and attacking come first,
otherwise any legal move) and the learner's seat (0) is observed at the start of its turns. A
lesson only ever shows the `Observation`; the `Game` stays here for the reveal after the answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sq_edu.engine.observation import Event, Observation
from sq_edu.engine.view import observe as glance
from sq_edu.i18n.words import Term

from ..messages import Cards, Joined, Msg, msg

if TYPE_CHECKING:  # a lesson page imports the generators; the game loads when a position is dealt
    from sq_edu.engine.cards import Card
    from sq_edu.engine.game import Game
    from sq_edu.engine.moves import Move

LEARNER = 0
_EAGER = ("wake", "steal", "sleep", "block", "choose")
MAX_TURNS = 80


@dataclass(frozen=True)
class Position:
    game: Game               # kept for the reveal only
    obs: Observation         # what the learner's seat may know


def _bot_move(legal: list[Move], rng: random.Random) -> Move:
    eager = [m for m in legal if m.kind in _EAGER]
    if eager and rng.random() < 0.8:
        return rng.choice(eager)
    return rng.choice(legal)


def _play(seed: int, players: int, rules: str, high: int,
          stop: int | None = None) -> Iterator[tuple[int, Game]]:
    """Play the seeded game; yield (step, game) whenever seat 0 starts a turn.

    With `stop`, the game is left at that step (for the reveal) and nothing after it is played.
    """
    from sq_edu.engine import Game

    game = Game.new(players=players, seed=seed, rules=rules)
    rng = random.Random(f"bots|{seed}")
    step = 0
    st = game.state   # read directly: lessons play thousands of these moves for one item
    while not st.over and st.turn <= high:
        if st.pending is None and st.active == LEARNER:
            yield step, game
            if step == stop:
                return
        game.play(_bot_move(game.legal_moves(), rng))
        step += 1


def pick_position(seed: int, players: int, rules: str, turns: tuple[int, int],
                  rng: random.Random, want: object = None,
                  label: Callable[[Observation], object] | None = None) -> Position:
    """A position from the game of `seed` between `turns`; one whose `label(obs) == want`
    when there is one.

    Lessons want a mix of answers ("no dragon can be left" is rarer than "maybe"); asking for
    one and falling back to any keeps generation a pure function of the seed.
    """
    low, high = turns
    found = [(step, g.observe(LEARNER)) for step, g in _play(seed, players, rules, high)
             if g.turn >= low]
    if not found:  # the game ended before the window: the last of seat 0's turns
        found = [(step, g.observe(LEARNER))
                 for step, g in _play(seed, players, rules, MAX_TURNS)][-1:]
    choice = found
    if label is not None:
        choice = [f for f in found if label(f[1]) == want]
        if not choice:  # look through the whole game before settling for another answer
            whole = [(step, g.observe(LEARNER))
                     for step, g in _play(seed, players, rules, MAX_TURNS)]
            choice = [f for f in whole if label(f[1]) == want] or found
    step, obs = rng.choice(choice)
    game = next(g for s, g in _play(seed, players, rules, MAX_TURNS, stop=step) if s == step)
    return Position(game, obs)


def find_position(rng: random.Random, players: int, rules: str, turns: tuple[int, int],
                  want: object, label: Callable[[Observation], object],
                  games: int = 40, rather: tuple[object, ...] = ()) -> Position:
    """A position whose `label(obs) == want`, looked for in up to `games` seeded games.
    `label` is shown each position without its events (they raise if read): most of a
    position's cost, and what no label needs.

    Rare answers ("yes, they surely hold a dragon") appear in few positions of one game; trying
    several games keeps every answer possible, so a lesson can ask for each as often as the
    others. `label` returns None for a position the question does not fit (an attack on a
    player without a queen); failing `want`, the first fitting position whose label comes
    earliest in `rather` is used (then any fitting one), so a fallback does not always give
    the commonest answer.
    """
    first = rng.randrange(10**6)
    spares: dict[object, tuple[int, int]] = {}
    for n in range(games):
        seed = first + n * 7919
        for step, g in _play(seed, players, rules, MAX_TURNS):
            if g.turn < turns[0]:
                continue
            obs = glance(g.state, LEARNER, events=False)   # `label` reads only the table
            if obs.is_over:
                continue
            found = label(obs)
            if found == want:  # `g` is the game at `step`: nothing after it was played
                return Position(g, g.observe(LEARNER))
            if found is not None:
                spares.setdefault(found, (seed, step))
    ranked = [spares[k] for k in rather if k in spares] + list(spares.values())
    if ranked:
        seed, step = ranked[0]
        game = _game_at(seed, players, rules, step)
        return Position(game, game.observe(LEARNER))
    return pick_position(first, players, rules, turns, rng)


def _game_at(seed: int, players: int, rules: str, step: int) -> Game:
    return next(g for s, g in _play(seed, players, rules, MAX_TURNS, stop=step) if s == step)


def follow_position(seed: int, players: int, rules: str, turns: tuple[int, int],
                    max_games: int = 200,
                    keep: Callable[[Observation], object] | None = None,
                    keep_key: object = None) -> tuple[Position, int]:
    """Step by step through one deal: exercise `seed % 1000` of deal `seed // 1000` is the next
    of seat 0's turns in the window, game after game. Returns the position and the game number
    (1-based), so the learner sees the same game move on from one question to the next.

    With `keep`, only the turns to which it gives a label (not None) other than the last
    visited turn's are visited: turns at which a question can show what it teaches and whose
    answer has moved on. The walk still moves forward through the same games. The turns of each
    game are remembered under `keep_key` (what `keep` looks at), so item 150 of a deal does not
    replay the 40 games before it once more.
    """
    deal, index = divmod(int(seed), 1000)
    low, high = turns
    for game_number in range(1, max_games + 1):
        game_seed = deal * 1000 + game_number
        key = (game_seed, players, rules, low, high, keep_key)
        steps = _WALKED.get(key) if keep is None or keep_key is not None else None
        if steps is None:
            steps = _turns(game_seed, players, rules, turns, keep)
            if keep is None or keep_key is not None:
                if len(_WALKED) > 4096:
                    _WALKED.clear()
                _WALKED[key] = steps
        if index < len(steps):
            step = steps[index]
            game = next(g for s, g in _play(game_seed, players, rules, high, stop=step)
                        if s == step)
            return Position(game, game.observe(LEARNER)), game_number
        index -= len(steps)
    position = pick_position(deal, players, rules, turns, random.Random(seed))
    return position, 1


_WALKED: dict[tuple[object, ...], list[int]] = {}


def _turns(game_seed: int, players: int, rules: str, turns: tuple[int, int],
           keep: Callable[[Observation], object] | None) -> list[int]:
    """The steps of one game that `follow_position` visits."""
    low, high = turns
    steps: list[int] = []
    last = None
    for step, g in _play(game_seed, players, rules, high):
        if g.turn < low:
            continue
        if keep is not None:
            label = keep(g.observe(LEARNER))
            if label is None or label == last:
                continue
            last = label
        steps.append(step)
    return steps


_EVENT_KEYS = {"play": "practice.event_play", "discard": "practice.event_discard",
               "block": "practice.event_block", "jester_reveal": "practice.event_jester",
               "wake": "practice.event_wake", "steal": "practice.event_steal",
               "sleep": "practice.event_sleep", "reshuffle": "practice.event_reshuffle"}


def event_line(event: Event) -> Msg | None:
    """One public event in words ("Player 2 discarded 2, 3 and 5"), or None if not shown.

    The learner's own moves use their own "_you" messages: a Russian verb changes with the
    person ("Ты сбрасываешь" / "Игрок 2 сбрасывает"), and the present tense keeps it
    gender-neutral.
    """
    key = _EVENT_KEYS.get(event.kind)
    if key is None or (event.kind == "play" and event.cards == ("jester",)):
        return None  # a jester is told once, by what it turns up
    if event.seat == LEARNER and event.kind != "reshuffle":
        key += "_you"
    whom = who(event.target)  # its case forms give "from you" / "у игрока 3" (STYLE.md)
    return msg(key, who=who(event.seat), whom=whom, whose=whom,
               cards=Cards(tuple(event.cards)),
               queen=Term(f"common.queen_{event.queen}") if event.queen else "",
               n=event.count or 0)


def who(seat: int | None) -> Term:
    """"You" for the learner's seat, "Player 3" for the others (seats count from 1)."""
    if seat == LEARNER:
        return Term("common.you")
    return Term("common.player_n", {"n": (seat or 0) + 1})


def story(obs: Observation, last: int = 8) -> tuple[Msg, ...]:
    """What the learner has seen: the latest public events, then the table.

    The discard pile is listed card by card as it lies (not tallied), so counting it stays the
    learner's work; every player's awake queens are shown, since an attack needs one.
    """
    lines = [line for e in obs.events if (line := event_line(e)) is not None]
    known = tuple(msg("practice.table_known", player=s + 1, cards=Cards(tuple(cards)))
                  for s, cards in enumerate(obs.known_in_hands) if cards and s != obs.seat)
    pile = Joined(tuple(Cards((c,)) for c in obs.discard_pile)) if obs.discard_pile else (
        msg("common.no_cards"))
    return (*lines[-last:],
            msg("practice.table_hand", cards=Cards(tuple(obs.hand))),
            msg("practice.table_discard", n=len(obs.discard_pile), tally=pile)
            if obs.discard_pile else msg("widgets.discard_empty"),
            *known,
            *queens_lines(obs),
            msg("practice.table_draw", n=obs.draw_size))


def queens_lines(obs: Observation) -> tuple[Msg, ...]:
    """Every player's awake queens ("Player 2: Cat Queen, Moon Queen" / "no awake queen")."""
    lines = []
    for seat, awake in enumerate(obs.awake):
        queens = Joined(tuple(Term(f"common.queen_{q}") for q in awake)) if awake else (
            msg("practice.no_awake_queen"))
        lines.append(msg("practice.table_awake", who=who(seat), queens=queens))
    return tuple(lines)


def where_cards_are(game: Game, token: Card) -> Msg:
    """The truth after the answer: how many of `token` lie in the draw pile and in each hand."""
    draw = sum(1 for c in game.draw_pile if c == token)
    hands = [sum(1 for c in game.hand(s) if c == token)
             for s in range(game.players)]
    others = Joined(tuple(msg("practice.reveal_hand", player=s + 1, n=n)   # one list, one mark:
                          for s, n in enumerate(hands) if s != LEARNER), sep="; ")
    return msg("practice.reveal_truth", card=Cards((token,)), draw=draw, others=others)
