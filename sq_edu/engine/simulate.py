"""Many seeded games between bots, summarised for lessons ("who wins more often?")."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import act, answer
from .bots import BOTS, Bot, RandomBot
from .chance import seeded
from .game import Game
from .legal import generate_pending, turn_moves
from .moves import Move
from .observation import Observation
from .rules import Rules


@dataclass(frozen=True)
class SimulationSummary:
    """What happened in `games` games. Capped games (stopped at `max_turns`) count in `capped`
    only: they add no wins and no lengths."""

    games: int
    players: int
    rules: str
    bots: tuple[str, ...]                 # one name per seat
    wins_per_seat: tuple[int, ...]        # games each seat won (a shared win counts for each)
    wins_per_bot: dict[str, int]          # games in which a seat played by that bot won
    shared: int                           # finished games won by more than one side
    ended: dict[str, int]                 # "threshold" / "centre_empty" -> games
    capped: int
    lengths: tuple[int, ...] = field(repr=False, default=())  # turns of each finished game

    @property
    def finished(self) -> int:
        return self.games - self.capped

    @property
    def mean_length(self) -> float:
        return statistics.fmean(self.lengths) if self.lengths else 0.0

    @property
    def median_length(self) -> float:
        return statistics.median(self.lengths) if self.lengths else 0.0

    def win_rate(self, seat: int) -> float:
        return self.wins_per_seat[seat] / self.finished if self.finished else 0.0


def _factories(bots: str | Callable[..., Any] | Sequence[Any],
               players: int) -> list[tuple[str, Callable[..., Any]]]:
    specs = [bots] * players if isinstance(bots, str) or callable(bots) else list(bots)
    if len(specs) != players:
        raise ValueError(f"give one bot per seat ({players}), not {len(specs)}")
    out: list[tuple[str, Callable[..., Any]]] = []
    for spec in specs:
        if isinstance(spec, str):
            if spec not in BOTS:
                raise ValueError(f"unknown bot {spec!r}; known bots: {', '.join(BOTS)}")
            out.append((spec, BOTS[spec]))
        elif callable(spec):
            out.append((getattr(spec, "name", getattr(spec, "__name__", "bot")), spec))
        else:
            raise ValueError(f"a bot is a name or a factory rng -> Bot, not {spec!r}")
    return out


def play_game(game: Game, bots: Sequence[Bot[Observation, Move]], max_turns: int = 1000) -> bool:
    """Let `bots` (one per seat) play `game` to the end; False if it hit `max_turns`.

    The hot loop of every simulation: a bot that says `uses_observation = False` gets None
    instead of an `Observation`; a table of `RandomBot`s only plays in `random_game`.
    """
    if all(type(b) is RandomBot for b in bots):
        return random_game(game, [b.rng.random for b in bots], max_turns)  # type: ignore[attr-defined]  # checked: RandomBots
    wants = [getattr(b, "uses_observation", True) for b in bots]
    choosers = [b.choose for b in bots]
    st = game.state
    while not st.over:
        if st.turn > max_turns:
            return False
        seat = st.current
        legal = game.legal_moves()
        # A bot that said uses_observation = False is handed None, by design (the hot loop).
        move = choosers[seat](game.observe(seat) if wants[seat] else None, legal)  # type: ignore[arg-type]  # see the comment above
        game.play(move)
    return True


def random_game(game: Game, draws: Sequence[Callable[[], float]], max_turns: int) -> bool:
    """`play_game` for `RandomBot`s (`draws`: each seat's `rng.random`): their choice is made
    here, by `RandomBot.choose`'s own rule, and needs no legality check, as it is one of the
    legal moves by construction."""
    st = game.state
    while not st.over:
        if st.turn > max_turns:
            return False
        pending = st.pending
        legal = st.legal
        st.legal = None
        if pending is None:
            if legal is None:
                legal = turn_moves(st)
            act(st, legal[int(draws[st.active]() * len(legal))])
        else:
            if legal is None:
                legal = generate_pending(st)
            answer(st, legal[int(draws[pending.seat]() * len(legal))])
    return True


def simulate(n_games: int, players: int = 2,
             bots: str | Callable[..., Any] | Sequence[Any] = "random",
             seed: int | None = 0, rules: str | Rules = "official",
             progress: Callable[[int, int], None] | None = None,
             max_turns: int = 1000) -> SimulationSummary:
    """Play `n_games` seeded games; `bots` is a name ("random", "greedy"), a factory
    `rng -> Bot`, or one of those per seat. `progress(done, total)` is called about a hundred
    times (and at the end)."""
    rules = Rules.coerce(rules)
    factories = _factories(bots, players)
    names = tuple(name for name, _ in factories)
    master = random.Random(seed)
    wins_seat: Counter[Any] = Counter()
    wins_bot: Counter[Any] = Counter()
    ended: Counter[Any] = Counter()
    lengths: list[int] = []
    shared = capped = 0
    step = max(1, n_games // 100)
    for done in range(1, n_games + 1):
        game = Game.new(players, master.getrandbits(64), rules)
        seats = [make(seeded(master.getrandbits(64))) for _, make in factories]
        if play_game(game, seats, max_turns):
            ended[game.end_reason] += 1
            lengths.append(game.turn)
            winners = game.winners
            wins_seat.update(winners)
            wins_bot.update({names[s] for s in winners})
            if len({game.team_of(s) for s in winners}) > 1:
                shared += 1
        else:
            capped += 1
        if progress is not None and (done % step == 0 or done == n_games):
            progress(done, n_games)
    return SimulationSummary(
        games=n_games, players=players, rules=rules.name, bots=names,
        wins_per_seat=tuple(wins_seat[s] for s in range(players)),
        wins_per_bot={name: wins_bot[name] for name in dict.fromkeys(names)},
        shared=shared, ended={"threshold": ended["threshold"],
                              "centre_empty": ended["centre_empty"]},
        capped=capped, lengths=tuple(lengths))
