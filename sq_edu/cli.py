"""`sq-edu serve`: the dashboards for a pip user, exactly as `make serve` runs them.
`sq-edu worksheet`: a printable worksheet (with answer key) without opening a dashboard."""

from __future__ import annotations

import argparse
import getpass
import importlib.util
import os
import socket
import sys
from collections.abc import Sequence

from sq_edu.i18n import LANGS, t
from sq_edu.links import DEFAULT_PORT
from sq_edu.server.server import (
    CLASS_WORD_ENV,
    class_pool_options,
    dashboards,
    notebooks_dir,
    voila_command,
)
from sq_edu.server.unlock import add_unlock_command, unlock


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
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT,
                       help=f"port (default {DEFAULT_PORT})")
    serve.add_argument("--lang", choices=LANGS, default="en", help="default page language")
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument("--ip", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; 0.0.0.0 for a classroom)")
    serve.add_argument("--pool-size", type=int, default=1,
                       help="preheated kernels kept ready per dashboard (0 turns preheating off)")
    serve.add_argument("--progress-dir", metavar="DIR",
                       help="folder for the learners' progress files, one per nickname "
                            "(default $SQ_EDU_PROGRESS_DIR or ~/.local/share/sq_edu/progress)")
    add_security_options(serve)
    add_class_options(serve)
    sheet = commands.add_parser("worksheet", help="write a printable worksheet as HTML")
    sheet.add_argument("lesson", help="lesson id, e.g. equations")
    sheet.add_argument("--level", type=int, default=1, help="level (default 1)")
    sheet.add_argument("--seed", type=int, default=1, help="deal number (default 1)")
    sheet.add_argument("--count", type=int, default=8, help="exercises (default 8)")
    sheet.add_argument("--lang", choices=LANGS, default="en", help="language of the sheet")
    sheet.add_argument("--sheet", type=int, default=1,
                       help="sheet number: neighbours on one deal get other items (default 1)")
    sheet.add_argument("--review", action="store_true",
                       help="a mixed review of every level of the lesson instead of one level")
    sheet.add_argument("-o", "--output", default="-", help="file to write (default: stdout)")
    schema = commands.add_parser("lesson-schema",
                                 help="write the JSON Schema of lesson files (for an editor)")
    schema.add_argument("-o", "--output", default="-", help="file to write (default: stdout)")
    check = commands.add_parser("check-lesson", help="check lesson files before sharing them")
    check.add_argument("files", nargs="+", help="lesson .toml files")
    check.add_argument("--lang", choices=LANGS, default="en", help="language of the messages")
    add_unlock_command(commands)
    return parser


def lesson_tools(args: argparse.Namespace) -> int:
    """`lesson-schema` and `check-lesson`: what a teacher writing a lesson needs."""
    import json
    from pathlib import Path

    from sq_edu.practice.lesson_schema import check_lesson_text, lesson_schema

    if args.command == "lesson-schema":
        text = json.dumps(lesson_schema(), ensure_ascii=False, indent=2) + "\n"
        if args.output == "-":
            sys.stdout.write(text)
        else:
            Path(args.output).write_text(text, encoding="utf-8")
        return 0
    all_ok = True
    for name in args.files:
        path = Path(name)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            print(f"{name}: {error}", file=sys.stderr)
            all_ok = False
            continue
        ok, lines = check_lesson_text(text, path.name, args.lang)
        print("\n".join(lines), file=sys.stdout if ok else sys.stderr)
        all_ok = all_ok and ok
    return 0 if all_ok else 1


def _class_code(text: str) -> str:
    from sq_edu.links import ClassCodeError, clean_class_code

    try:
        return clean_class_code(text)
    except ClassCodeError:
        raise argparse.ArgumentTypeError(
            f"a class code is 1-30 letters, digits, '-' or '_', not {text!r}") from None


def _lessons(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    known = dashboards()
    unknown = [name for name in names if name not in known]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown lesson page(s) {', '.join(unknown) or text!r}; "
            f"choose from {', '.join(known)}")
    return names


def _class_size(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 200:
        raise argparse.ArgumentTypeError(f"a class size is 1 to 200 learners, not {value}")
    return value


def add_class_options(serve: argparse.ArgumentParser) -> None:
    """`serve` options for a class on this server: its code, the teacher's password, and
    kernels warmed up for the whole class before the lesson."""
    group = serve.add_argument_group("a class at once")
    group.add_argument("--class", dest="class_code", type=_class_code, metavar="NAME",
                       help="class code: the teacher page shows this class live")
    group.add_argument("--teacher-password", metavar="WORD",
                       help="password for the teacher page (at least 8 characters, not a common "
                            "word, name or pattern; '-' asks for it without echo). Kept only as "
                            "a salted hash")
    group.add_argument("--class-size", type=_class_size, default=0, metavar="N",
                       help="warm up N kernels per class lesson before the lesson starts")
    group.add_argument("--lessons", type=_lessons, default=None, metavar="A,B",
                       help="the lesson pages the class will open (default: equations)")


def class_environment(args: argparse.Namespace) -> dict[str, str]:
    """The class code and the teacher password's hash, for the kernels' environment."""
    from sq_edu.practice.classroom.live import CLASS_ENV
    from sq_edu.practice.classroom.teacher_key import TEACHER_KEY_ENV, hash_password

    env: dict[str, str] = {}
    if getattr(args, "class_code", None):
        env[CLASS_ENV] = args.class_code
    word = getattr(args, "teacher_password", None)
    if word == "-":
        word = getpass.getpass(t("cli.teacher_password_prompt", getattr(args, "lang", "en")))
    if word:
        weak = weak_password("teacher", word, args)
        if weak:
            raise ValueError(weak)
        env[TEACHER_KEY_ENV] = hash_password(word)
    return env


def class_pools(args: argparse.Namespace) -> list[str]:
    """Voila options for `--class-size` (none without it)."""
    if not getattr(args, "class_size", 0):
        return []
    return class_pool_options(args.class_size, args.lessons or ["equations"],
                              pool_size=max(args.pool_size, 0))


PAGES_PER_DEVICE = 3   # a child's lesson, a game and the index; a fourth waits


def add_security_options(serve: argparse.ArgumentParser) -> None:
    """Options that keep a served class safe (docs/deploy.md, "What the server protects")."""
    serve.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                       help="a host name pupils type to reach this server (repeatable); bare "
                            "IP addresses always work, other names are refused")
    serve.add_argument("--class-password", metavar="WORD",
                       help="password every page asks for once per browser (or set "
                            f"${CLASS_WORD_ENV}); required with --ip other than loopback")
    serve.add_argument("--no-password", action="store_true",
                       help="serve beyond loopback without a class password (only behind a "
                            "proxy that asks for one itself)")
    serve.add_argument("--max-pages", type=int, default=40, metavar="N",
                       help="lesson pages open at once (default 40); more get 'the class is "
                            "full, try again in a minute'")
    serve.add_argument("--pages-per-device", type=int, default=None, metavar="N",
                       help="lesson pages one device (address and device cookie) may hold "
                            "at once (default 3 when other computers can connect, no cap on "
                            "loopback; 0: no cap)")
    serve.add_argument("--kernel-memory-mb", type=int, default=1536, metavar="MB",
                       help="memory cap of each lesson page's kernel (default 1536; 0: none)")
    serve.add_argument("--log-file", metavar="FILE",
                       help="also write the lessons' log (tracebacks, failed saves) to FILE")


def security_settings(args: argparse.Namespace) -> tuple[list[str], dict[str, str], str]:
    """Voila flags and environment for the options above, and an error sentence ("" if
    none): a server reachable from other computers needs a class password."""
    password = args.class_password or os.environ.get(CLASS_WORD_ENV, "")
    loopback = args.ip in ("127.0.0.1", "localhost", "::1")
    if not loopback and not password and not args.no_password:
        return [], {}, t("cli.no_password_beyond_loopback", args.lang, ip=args.ip)
    weak = weak_password("class", password, args) if password else ""
    if weak:
        return [], {}, weak
    if args.max_pages < 1 or args.kernel_memory_mb < 0:
        return [], {}, "--max-pages must be at least 1 and --kernel-memory-mb at least 0"
    per_device = args.pages_per_device
    if per_device is None:
        per_device = 0 if loopback else PAGES_PER_DEVICE
    if per_device < 0:
        return [], {}, "--pages-per-device must be at least 0"
    flags = [f"--SafeVoila.max_kernels={args.max_pages}",
             f"--SafeVoila.max_pages_per_client={per_device}"]
    flags += [f"--SafeVoila.allowed_hosts={h.strip()}" for h in args.allow_host if h.strip()]
    env = {"SQ_EDU_KERNEL_MEMORY_MB": str(args.kernel_memory_mb)}
    if password:   # in the environment, not the command line other users can list
        env[CLASS_WORD_ENV] = password
    if args.log_file:
        env["SQ_EDU_LOG_FILE"] = os.path.abspath(os.path.expanduser(args.log_file))
    return flags, env, ""


def weak_password(which: str, word: str, args: argparse.Namespace) -> str:
    """Why the class or teacher password is refused, and what one needs, in the server's
    language ("" when it will do)."""
    from sq_edu.practice.classroom.teacher_key import (
        MIN_LENGTH,
        MIN_SCORE,
        TEACHER_MIN_SCORE,
        password_problem,
    )

    lang = getattr(args, "lang", "en")
    teacher = which == "teacher"
    problem = password_problem(word, getattr(args, "class_code", None) or "",
                               min_score=TEACHER_MIN_SCORE if teacher else MIN_SCORE)
    if problem is None:
        return ""
    return (t(f"cli.{which}_password_weak", lang, why=problem.render(lang)) + "\n"
            + t("cli.teacher_password_needs" if teacher else "cli.password_needs", lang,
                n=MIN_LENGTH))


def worksheet(args: argparse.Namespace) -> int:
    """Write the worksheet; a wrong lesson or level gets one clear line, not a traceback."""
    from sq_edu.practice import get_lesson, worksheet_html
    from sq_edu.practice.classroom.worksheet import review_html

    try:
        lesson = get_lesson(args.lesson)
        lesson.level(args.level)
        if args.sheet < 1:
            raise ValueError(f"the sheet number starts at 1, not {args.sheet}")
    except (KeyError, ValueError) as error:
        print(f"sq-edu worksheet: {str(error).strip(chr(39))}", file=sys.stderr)
        return 2
    if args.review:
        page = review_html(lesson, args.seed, args.count, args.lang, sheet=args.sheet)
    else:
        page = worksheet_html(lesson, args.level, args.seed, args.count, args.lang,
                              sheet=args.sheet)
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
        preheat=args.pool_size > 0 or args.class_size > 0,
        pool_size=max(args.pool_size, 1),
        open_browser=not args.no_browser,
        ip=args.ip,
    )
    flags, safety_env, _problem = security_settings(args)
    command += flags + class_pools(args)
    env = {**os.environ, **safety_env, "SQ_EDU_LANG": args.lang, **class_environment(args)}
    if args.progress_dir:   # the kernels inherit it: LessonApp keeps progress there
        env["SQ_EDU_PROGRESS_DIR"] = os.path.abspath(os.path.expanduser(args.progress_dir))
    return command, env


def front_page_urls(args: argparse.Namespace) -> list[str]:
    """Where the lesson index opens: `/` is the index (sq_edu/server/launch.py). A server
    listening on every address is also named by this computer's name, for the class."""
    if args.ip in ("0.0.0.0", "::", ""):  # noqa: S104 - only compared, never bound here
        return [f"http://localhost:{args.port}/", f"http://{socket.gethostname()}:{args.port}/"]
    host = f"[{args.ip}]" if ":" in args.ip else args.ip
    return [f"http://{host}:{args.port}/"]


def startup_message(args: argparse.Namespace) -> str:
    """The lines `sq-edu serve` prints first: the address of the lesson index."""
    here, *others = front_page_urls(args)
    lines = [t("cli.serve_front_page", args.lang, url=here)]
    lines += [t("cli.serve_other_computers", args.lang, url=url) for url in others]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        if importlib.util.find_spec("voila") is None:   # the package without its server extra
            print("Serving the dashboards needs Voila: pip install 'sq_edu[server]'",
                  file=sys.stderr)
            return 2
        problem = security_settings(args)[2]
        if problem:
            print(f"sq-edu serve: {problem}", file=sys.stderr)
            return 2
        try:
            command, env = serve_command(args)
        except ValueError as error:   # a weak teacher password
            print(f"sq-edu serve: {error}", file=sys.stderr)
            return 2
        print(startup_message(args), file=sys.stderr)
        sys.stderr.flush()
        # Become Voila, so Ctrl+C and a service manager's SIGTERM reach it (and its kernels).
        os.execve(command[0], command, env)  # noqa: S606 - fixed argv built above, no shell
    if args.command == "worksheet":
        return worksheet(args)
    if args.command == "unlock":
        return unlock(args)
    if args.command in ("lesson-schema", "check-lesson"):
        return lesson_tools(args)
    return 2  # pragma: no cover - argparse refuses unknown commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
