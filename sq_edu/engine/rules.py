"""Rules as frozen data: the official game and the named variants of docs/rules.md section 6."""

from __future__ import annotations

from dataclasses import astuple, dataclass
from functools import cache

PRESETS: tuple[str, ...] = ("official", "kids", "royal_court", "teams")


@dataclass(frozen=True)
class Rules:
    """Everything that differs between presets. Build with `Rules.preset(name)`."""

    name: str = "official"
    hand_size: int = 5
    min_players: int = 2
    max_players: int = 5
    equations: bool = True          # three-or-more-card addition discards allowed
    rose_bonus: bool = True         # waking the rose from the centre wakes one more
    cat_dog_feud: bool = True       # nobody may hold cat and dog together
    win_by_points: bool = True      # kids: only the number of queens counts
    win_queens_small: int = 5       # 2-3 players
    win_points_small: int = 50
    win_queens_large: int = 4       # 4-5 players
    win_points_large: int = 40
    cake_with_rose_bonus: int = 0   # royal_court: cake +5 while its owner holds the rose
    jester_peek: int = 1            # royal_court: a jester shows the top 3, the player keeps one
    teams: bool = False             # seats 0+2 and 1+3 are partners; pooled queens and points
    team_win_queens: int = 8
    team_win_points: int = 80

    def __hash__(self) -> int:
        """The fields' hash, worked out once: rules are frozen, and every new game looks up
        its hot-path table by them (a dataclass would hash all the fields each time)."""
        found: int | None = self.__dict__.get("_hash")
        if found is None:
            found = hash(astuple(self))
            object.__setattr__(self, "_hash", found)  # not a field: equality, saving ignore it
        return found

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of `PRESETS`; a clear ValueError names the known ones otherwise."""
        if isinstance(name, Rules):
            return name
        key = str(name).strip().lower()
        if key not in PRESETS:
            raise ValueError(f"unknown rules preset {name!r}; choose one of {', '.join(PRESETS)}")
        return _preset(key) if cls is Rules else cls._build(key)

    @classmethod
    def _build(cls, key: str) -> Rules:
        """The preset `key` (one of `PRESETS`)."""
        if key == "kids":
            return cls(name="kids", equations=False, rose_bonus=False, cat_dog_feud=False,
                       win_by_points=False)
        if key == "royal_court":
            return cls(name="royal_court", cake_with_rose_bonus=5, jester_peek=3)
        if key == "teams":
            return cls(name="teams", teams=True, min_players=4, max_players=4)
        return cls()

    @classmethod
    def coerce(cls, rules: str | Rules) -> Rules:
        return rules if isinstance(rules, Rules) else cls.preset(rules)

    def win_queens(self, players: int) -> int:
        if self.teams:
            return self.team_win_queens
        return self.win_queens_small if players <= 3 else self.win_queens_large

    def win_points(self, players: int) -> int | None:
        """Points that win at once, or None where only queens count (kids)."""
        if not self.win_by_points:
            return None
        if self.teams:
            return self.team_win_points
        return self.win_points_small if players <= 3 else self.win_points_large

    def partner(self, seat: int, players: int) -> int | None:
        """The partner seat in `teams` (0+2, 1+3), else None."""
        if not self.teams:
            return None
        return (seat + 2) % players


@cache
def _preset(key: str) -> Rules:
    """One shared (frozen) object per preset, so its hash is worked out once."""
    return Rules._build(key)
