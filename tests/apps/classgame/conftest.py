"""The pages' tests share one way to reach a real class game (`classgame_served.py`)."""

from tests.apps.classgame.classgame_served import served

__all__ = ["served"]
