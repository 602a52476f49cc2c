"""The game told in child-readable sentences: one `Event` (as seat `me` saw it) -> a line.

English and Russian come from the `play` catalogue; sentences about the child ("You wake ...")
and about others ("Player 2 wakes ...") are separate messages because Russian verbs change
with the person.
"""

from __future__ import annotations

from collections.abc import Sequence

from sq_edu.engine.cards import QUEEN_POINTS, Card, is_number
from sq_edu.engine.moves import describe_discard
from sq_edu.engine.observation import Event, Observation
from sq_edu.i18n import t
from sq_edu.i18n.words import Word, join_words
from sq_edu.widgets.names import card_word, player_name, queen_name


def who(seat: int | None, me: int | None, lang: str,
        names: Sequence[str] | None = None) -> Word:
    """"You" or "Player 2" (seats are shown 1-based; or the seat's name where `names` has
    one), with case forms: "{victim:gen}"."""
    return player_name(seat or 0, me, lang, names)


def _say(key: str, seat: int | None, me: int | None, lang: str, names: Sequence[str] | None,
         **params: object) -> str:
    """`play.<key>_you` for the child's own seat, `play.<key>_other` (with {who}) otherwise."""
    if me is not None and seat == me:
        return t(f"play.{key}_you", lang, **params)
    return t(f"play.{key}_other", lang, who=who(seat, me, lang, names), **params)


def _cards(cards: tuple[Card, ...], lang: str) -> Word:
    return join_words((card_word(c, lang) for c in cards), lang)


def _queen(queen: str | None, lang: str) -> str:
    return queen_name(queen, lang) if queen else "?"


def narrate(event: Event, me: int | None, lang: str = "en",
            names: Sequence[str] | None = None) -> str | None:
    """One sentence for `event`, or None for events a child need not read (a king's 'play'
    is told by the wake that follows; other players' private draws show only a count).
    `names`: what the seats are called, where they have names (a class table); `me=None`
    where several people share one screen: every seat, the shown one too, by its name."""
    kind, seat = event.kind, event.seat
    if kind == "wake":
        points = t("common.count_points", lang, n=QUEEN_POINTS.get(event.queen or "", 0))
        return _say("wake", seat, me, lang, names, queen=_queen(event.queen, lang), points=points)
    if kind == "play":
        card = event.cards[0] if event.cards else None
        if card in ("knight", "potion"):
            key = "attack_knight" if card == "knight" else "attack_potion"
            return _say(key, seat, me, lang, names, whose=who(event.target, me, lang, names),
                        queen=_queen(event.queen, lang))
        return None  # king: the wake tells it; jester: the reveal tells it
    if kind == "steal":
        return _say("steal", seat, me, lang, names, queen=_queen(event.queen, lang),
                    victim=who(event.target, me, lang, names))
    if kind == "sleep":
        return t("play.sleep_done", lang, queen=_queen(event.queen, lang))
    if kind == "block":
        card = card_word(event.cards[0], lang) if event.cards else "?"
        return _say("block", seat, me, lang, names, card=card, queen=_queen(event.queen, lang))
    if kind == "allow":  # card only in the defender's own view; else the steal/sleep tells it
        if not event.cards:
            return None
        return _say("allow", seat, me, lang, names, card=card_word(event.cards[0], lang),
                    queen=_queen(event.queen, lang))
    if kind == "jester_reveal":
        line = _say("jester", seat, me, lang, names, card=_cards(event.cards, lang))
        if len(event.cards) == 1 and not is_number(event.cards[0]):
            line += " " + _say("jester_power", seat, me, lang, names)
        return line
    if kind == "jester_keep":
        return _say("jester_keep", seat, me, lang, names, card=_cards(event.cards, lang))
    if kind == "jester_count":
        n = event.cards[0] if event.cards else "?"
        return _say("jester_count", event.target, me, lang, names, n=n)
    if kind == "to_bottom":
        return t("play.to_bottom", lang, n=len(event.cards) or (event.count or 0))
    if kind == "discard":
        cards = event.cards
        if len(cards) == 1:
            return _say("discard_one", seat, me, lang, names, card=card_word(cards[0], lang))
        if len(cards) == 2:
            return _say("discard_pair", seat, me, lang, names, a=cards[0])
        return _say("discard_equation", seat, me, lang, names, equation=describe_discard(cards))
    if kind == "draw":
        if not event.cards:
            return None
        if me is None:   # the shown person's own draw, at a shared screen
            return t("play.draw_named", lang, who=who(seat, me, lang, names),
                     cards=_cards(event.cards, lang))
        return t("play.draw_you", lang, cards=_cards(event.cards, lang)) if seat == me else None
    if kind == "reshuffle":
        return t("play.reshuffle", lang)
    if kind == "return":
        return t("play.return_queen", lang, queen=_queen(event.queen, lang),
                 slot=(event.slot or 0) + 1)
    if kind == "turn":
        return _say("turn", seat, me, lang, names)
    if kind == "game_over":
        return game_over_text(event.seats, me, lang, names)
    return None


def game_over_text(winners: tuple[int, ...], me: int | None, lang: str,
                   names: Sequence[str] | None = None) -> str:
    """"You win!", "Player 2 wins." (or "Masha wins.") or a shared win."""
    if len(winners) == 1:
        if winners[0] == me:
            return t("play.you_win", lang)
        return t("play.winner_is", lang, who=who(winners[0], me, lang, names))
    return t("play.shared_win", lang, who=", ".join(who(s, me, lang, names) for s in winners))


def _teams(obs: Observation) -> list[tuple[int, ...]]:
    """The sides of the game: (0, 2) and (1, 3) in teams, else every seat alone."""
    if obs.rules.teams:
        return [(0, 2), (1, 3)]
    return [(s,) for s in range(obs.players)]


def team_lines(obs: Observation, me: int | None, lang: str,
               names: Sequence[str] | None = None) -> list[str]:
    """Teams: each team's pooled points ("Team 1 (You, Player 3): 45 points"); [] otherwise."""
    if not obs.rules.teams:
        return []
    return [t("play.team_total", lang, n=i + 1, points=sum(obs.points[s] for s in team),
              who=", ".join(who(s, me, lang, names) for s in team))
            for i, team in enumerate(_teams(obs))]


def end_reason(obs: Observation, me: int | None, lang: str,
               names: Sequence[str] | None = None) -> str:
    """Why the game ended, from what everyone can see: a side reached the points or queens
    to win ("Team 1 reached 80 points"), or every queen is awake."""
    win_points = obs.rules.win_points(obs.players)
    for i, team in enumerate(_teams(obs)):
        if not set(team) & set(obs.winners):
            continue
        points = sum(obs.points[s] for s in team)
        queens = sum(len(obs.awake[s]) for s in team)
        name = who(team[0], me, lang, names)
        if win_points is not None and points >= win_points:
            return (t("play.team_reached", lang, n=i + 1, points=points) if obs.rules.teams
                    else t("play.player_reached", lang, who=name, points=points,
                           you=team[0] == me))
        if queens >= obs.rules.win_queens(obs.players):
            return (t("play.team_reached_queens", lang, n=i + 1, queens=queens)
                    if obs.rules.teams else
                    t("play.player_reached_queens", lang, who=name, queens=queens,
                      you=team[0] == me))
    return t("play.centre_empty" if win_points is not None else "play.centre_empty_queens",
             lang)
