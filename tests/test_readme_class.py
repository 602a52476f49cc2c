"""The README's "Teach a class" command, word for word, starts a class server.

The command is read from README.md itself (so the two cannot drift apart) and run by the real
console script as a teacher would: the class password from the environment, the teacher
password typed at the `-` prompt. Only a free port, `--no-browser` and a progress folder are
added. The same command with a weak class password is refused in the server's language.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from sq_edu.server.server import free_port

README = Path(__file__).resolve().parents[1] / "README.md"
TEACHER_WORD = "teacher-owls-22"


def readme_class_command() -> tuple[dict[str, str], list[str]]:
    """(environment, argv) of the README's `sq-edu serve` line under "Teach a class"."""
    section = README.read_text(encoding="utf-8").split("## Teach a class", 1)[1]
    block = section.split("```bash", 1)[1].split("```", 1)[0]
    line = next(text for text in block.splitlines() if "sq-edu serve" in text)
    words = shlex.split(line)
    env = {}
    while re.match(r"^[A-Z_]+=", words[0]):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    assert words[0] == ".venv/bin/sq-edu", words
    return env, [os.path.join(os.path.dirname(sys.executable), "sq-edu"), *words[1:]]


@contextlib.contextmanager
def readme_class_server(folder: Path, *options: str) -> Iterator[tuple[str, Path]]:
    """The README's class command running (teacher password typed at its prompt), with a
    free port, `--no-browser`, no preheated kernels, progress in `folder` and `options`
    added; (its address, its log) once its login page answers. Shared by the journey test."""
    env, argv = readme_class_command()
    assert env["SQ_EDU_CLASS_PASSWORD"] and argv[-1] == "-"   # the teacher types the password
    port = free_port()
    folder.mkdir(parents=True, exist_ok=True)
    log = folder.parent / f"{folder.name}-serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [*argv, "--port", str(port), "--no-browser", "--pool-size", "0",
             "--progress-dir", str(folder), *options],
            env={**os.environ, **env}, stdin=subprocess.PIPE, stdout=out,
            stderr=subprocess.STDOUT, start_new_session=True)   # no terminal: getpass reads stdin
    assert server.stdin is not None
    server.stdin.write(f"{TEACHER_WORD}\n".encode())
    server.stdin.close()
    try:
        deadline, page = time.monotonic() + 90, ""
        while not page:
            assert server.poll() is None, log.read_text(encoding="utf-8", errors="replace")
            assert time.monotonic() < deadline, "the README's class server did not answer"
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/login",
                                            timeout=5) as answer:
                    page = answer.read().decode("utf-8", "replace")
            except OSError:
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/", log
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def test_the_readme_class_command_starts_a_class_server(tmp_path: Path) -> None:
    with readme_class_server(tmp_path / "progress") as (url, log):
        with urllib.request.urlopen(f"{url}login", timeout=30) as answer:
            page = answer.read().decode("utf-8", "replace")
        assert "Пароль" in page   # --lang ru: the class login page speaks Russian
        assert "Уроки: http://localhost:" in log.read_text(encoding="utf-8")


def test_the_readme_command_with_a_weak_class_password_is_refused_in_russian() -> None:
    env, argv = readme_class_command()
    out = subprocess.run([*argv, "--no-browser"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, **env, "SQ_EDU_CLASS_PASSWORD": "owls"},
                         stdin=subprocess.DEVNULL, start_new_session=True)
    assert out.returncode == 2
    assert "пароль класса слишком легко угадать: в нём меньше 8 символов" in out.stderr
    assert "owls-fly-at-nine" in out.stderr   # what a class password needs, with an example
