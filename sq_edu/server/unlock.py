"""`sq-edu unlock`: the teacher's way in that no guesser can shut.

A lock after wrong guesses falls on the guessing device (`sq_edu.practice.guess_limit`), so
the teacher's own device normally comes in at once and lifts locks on the teacher page. When
even that is not possible (a new laptop behind the same school address as the guesser), the
teacher runs `sq-edu unlock` on the server computer: every lock in the class data folder is
lifted, with the running server or without it. Only someone at the server computer can.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from sq_edu.i18n import LANGS, t


def add_unlock_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    unlock = commands.add_parser("unlock", help="lift every lock after wrong guesses (the class "
                                                "password, the teacher's, the learners')")
    unlock.add_argument("--progress-dir", metavar="DIR",
                        help="the class data folder the server uses (default as for serve)")
    unlock.add_argument("--lang", choices=LANGS, default="en", help="language of the message")


def unlock(args: argparse.Namespace) -> int:
    """Lift every lock; one line says how many were on."""
    from sq_edu.practice.guess_limit import GuessLimit
    from sq_edu.practice.progress import default_progress_dir

    folder = (Path(os.path.expanduser(args.progress_dir)) if args.progress_dir
              else default_progress_dir())
    lifted = GuessLimit(folder).release_all() if folder.is_dir() else 0
    print(t("cli.unlocked", args.lang, n=lifted, folder=str(folder)))
    return 0
