"""The coach panel of the game app: the maths a good player would use right now.

Everything comes from the child's own observation through sq_edu.maths: which cards can be
discarded together (find_discards), the chance the next card is a king (p_draw), whether an
attack is likely to be blocked (p_holds), and the card counter (DeckTracker).
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

import ipywidgets as widgets

from sq_edu.engine.observation import Observation
from sq_edu.i18n import normalize_lang, t
from sq_edu.maths import find_discards, p_draw, p_holds, unseen

from .chance import chance_word, percent
from .names import card_word, player_name
from .tracker import DeckTracker

ATTACKS: tuple[tuple[str, str], ...] = (("knight", "dragon"), ("potion", "wand"))


class CoachPanel(widgets.VBox):
    """Hints for seat `obs.seat`; the app calls `update(obs)` only while the panel is open."""

    def __init__(self, lang: str = "en", feedback: object = None) -> None:
        self.hints = widgets.HTML()
        self.hints.add_class("sq-coach-hints")
        self.tracker: DeckTracker | None = None
        self._feedback = feedback
        self._obs: Observation | None = None
        super().__init__([self.hints])
        self.add_class("sq-coach")
        self.lang = normalize_lang(lang)

    def update(self, obs: Observation) -> None:
        self._obs = obs
        if self.tracker is None:
            self.tracker = DeckTracker(obs, self.lang, feedback=self._feedback)
            self.children = [self.hints, self.tracker]
        else:
            self.tracker.update(obs)
        self.hints.value = "".join(f"<p>{escape(line)}</p>" for line in self.lines())

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        if self.tracker is not None:
            self.tracker.set_lang(self.lang)
        if self._obs is not None:
            self.update(self._obs)

    def lines(self) -> list[str]:
        """The hints as plain sentences (tests and screen readers read these)."""
        obs, lang = self._obs, self.lang
        if obs is None:
            return []
        found = find_discards(obs.hand, obs.rules)
        if found:
            lines = [t("play.coach_discards", lang) + " "
                     + "; ".join(d.equation for d in found)]
        else:
            lines = [t("play.coach_no_discards", lang)]
        lines.append(self._king_line(obs))
        targets = [s for s in obs.opponents if obs.awake[s]]
        if not targets:
            lines.append(t("play.coach_no_attack", lang))
        for attack, defence in ATTACKS:
            for seat in targets:
                p = p_holds(obs, seat, defence)
                lines.append(t("play.coach_block", lang, whom=player_name(seat, None, lang),
                               card=card_word(defence, lang), attack=card_word(attack, lang),
                               percent=percent(p, lang), word=t(chance_word(p), lang)))
        return lines

    def _king_line(self, obs: Observation) -> str:
        p = p_draw(obs, "king")
        left = unseen(obs)
        x, y = left["king"], sum(left.values())
        if not y or Fraction(x, y) != p:
            x, y = p.numerator, p.denominator
        return t("play.coach_king", self.lang, x=x, y=y, percent=percent(p, self.lang),
                 word=t(chance_word(p), self.lang))
