"""Panels that more than one app shows, in a room of their own so the app folders never import
each other (an import-linter contract keeps them independent): the coach panel (with its answer
controls, chart and the questions kept for later), the learner's nickname row, the seat panels
of a game at one screen, and a Sleeping Queens game told in words. Play and Table show the
coach, the learner row and the words; Play and the Dungeon show the seat panels.
"""
