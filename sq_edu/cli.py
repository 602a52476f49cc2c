"""`sq-edu serve`: the dashboards for a pip user, exactly as `make serve` runs them.
`sq-edu worksheet`: a printable worksheet (with answer key) without opening a dashboard."""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from collections.abc import Sequence

from sq_edu.i18n import LANGS
from sq_edu.voila.server import notebooks_dir, voila_command


def _port(text: str) -> int:
    """A TCP port a person can type; argparse turns the ValueError into a clear message."""
    value = int(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be between 1 and 65535, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="sq-edu", description="Sleeping Queens maths lessons")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the lesson dashboards with Voila")
    serve.add_argument("--port", type=_port, default=8866, help="port (default 8866)")
    serve.add_argument("--lang", choices=LANGS, default="en", help="default page language")
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument("--ip", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; 0.0.0.0 for a classroom)")
    serve.add_argument("--pool-size", type=int, default=1,
                       help="preheated kernels kept ready per dashboard (0 turns preheating off)")
    serve.add_argument("--progress-dir", metavar="DIR",
                       help="folder for the learners' progress files, one per nickname "
                            "(default $SQ_EDU_PROGRESS_DIR or ~/.local/share/sq_edu/progress)")
    sheet = commands.add_parser("worksheet", help="write a printable worksheet as HTML")
    sheet.add_argument("lesson", help="lesson id, e.g. equations")
    sheet.add_argument("--level", type=int, default=1, help="level (default 1)")
    sheet.add_argument("--seed", type=int, default=1, help="deal number (default 1)")
    sheet.add_argument("--count", type=int, default=8, help="exercises (default 8)")
    sheet.add_argument("--lang", choices=LANGS, default="en", help="language of the sheet")
    sheet.add_argument("-o", "--output", default="-", help="file to write (default: stdout)")
    return parser


def worksheet(args: argparse.Namespace) -> int:
    """Write the worksheet; a wrong lesson or level gets one clear line, not a traceback."""
    from sq_edu.practice import get_lesson, worksheet_html

    try:
        lesson = get_lesson(args.lesson)
        lesson.level(args.level)
    except (KeyError, ValueError) as error:
        print(f"sq-edu worksheet: {str(error).strip(chr(39))}", file=sys.stderr)
        return 2
    page = worksheet_html(lesson, args.level, args.seed, args.count, args.lang)
    if args.output == "-":
        sys.stdout.write(page)
    else:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(page)
    return 0


def serve_command(args: argparse.Namespace) -> tuple[list[str], dict[str, str]]:
    """The Voila command line and environment for `serve` (separate so tests can check it)."""
    command = voila_command(
        notebooks_dir(),
        port=args.port,
        preheat=args.pool_size > 0,
        pool_size=max(args.pool_size, 1),
        open_browser=not args.no_browser,
        ip=args.ip,
    )
    env = {**os.environ, "SQ_EDU_LANG": args.lang}
    if args.progress_dir:   # the kernels inherit it: LessonApp keeps progress there
        env["SQ_EDU_PROGRESS_DIR"] = os.path.abspath(os.path.expanduser(args.progress_dir))
    return command, env


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        if importlib.util.find_spec("voila") is None:   # the package without its server extra
            print("Serving the dashboards needs Voila: pip install 'sq_edu[server]'",
                  file=sys.stderr)
            return 2
        command, env = serve_command(args)
        print(f"Serving the dashboards at http://{args.ip}:{args.port}/ (Ctrl+C stops)",
              file=sys.stderr)
        sys.stderr.flush()
        # Become Voila, so Ctrl+C and a service manager's SIGTERM reach it (and its kernels).
        os.execve(command[0], command, env)  # noqa: S606 - fixed argv built above, no shell
    if args.command == "worksheet":
        return worksheet(args)
    return 2  # pragma: no cover - argparse refuses unknown commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
