"""`sq-edu serve` runs Voila with the project's settings; bad arguments get clear errors."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import pytest

from sq_edu.cli import build_parser, serve_command, startup_message
from sq_edu.server.server import notebooks_dir, voila_command
from tests.support.served import served_page_problems


def test_serve_builds_the_voila_command_with_preheat_culling_and_no_sources() -> None:
    command, env = serve_command(build_parser().parse_args(["serve", "--port", "9001",
                                                            "--lang", "ru", "--no-browser"]))
    assert command[1:4] == ["-m", "sq_edu.server.launch", str(notebooks_dir())]  # SafeVoila
    for flag in ("--port=9001", "--preheat_kernel=True", "--pool_size=1",
                 "--strip_sources=True", "--show_tracebacks=False", "--no-browser",
                 "--MappingKernelManager.cull_idle_timeout=900"):
        assert flag in command
    assert env["SQ_EDU_LANG"] == "ru"


def test_pool_size_zero_turns_preheating_off() -> None:
    command, _ = serve_command(build_parser().parse_args(["serve", "--pool-size", "0"]))
    assert not any(flag.startswith("--preheat_kernel") for flag in command)
    assert "--no-browser" not in command


def test_notebooks_folder_holds_the_index() -> None:
    assert (notebooks_dir() / "index.ipynb").is_file()
    assert voila_command(port=1234, preheat=False)[3] == str(notebooks_dir())


@pytest.mark.parametrize("argv", [["serve", "--port", "0"], ["serve", "--port", "http"],
                                  ["serve", "--lang", "de"], []])
def test_bad_arguments_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(argv)
    assert exit_info.value.code == 2
    assert "error" in capsys.readouterr().err


def test_console_script_help_runs() -> None:
    out = subprocess.run([sys.executable, "-m", "sq_edu.cli", "serve", "--help"],
                         capture_output=True, text=True, check=True)
    assert "--lang" in out.stdout and "--port" in out.stdout


def test_sq_edu_serve_prints_the_address_of_the_lesson_index(tmp_path) -> None:
    """The real console script prints one address; that address opens the lesson index (not
    Voila's file list) with no CDN link in it, `?lang=ru` survives the redirect, and the
    server stops on SIGTERM."""
    import http.client
    import re
    import signal
    import time
    import urllib.request

    from sq_edu.server.server import free_port

    port = free_port()
    script = os.path.join(os.path.dirname(sys.executable), "sq-edu")
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen([script, "serve", "--port", str(port), "--no-browser",
                                   "--pool-size", "0"], stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while not log.read_text().strip():
            assert time.monotonic() < deadline, "sq-edu serve printed nothing in 60 s"
            time.sleep(0.1)
        first = log.read_text().splitlines()[0]
        assert first.startswith("The lessons: http://"), first
        url = re.search(r"http://\S+", first).group(0)
        assert url == f"http://127.0.0.1:{port}/"
        while True:
            try:
                with urllib.request.urlopen(url + "voila/tree/", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "sq-edu serve did not answer in 60 s"
                assert server.poll() is None, "sq-edu serve exited"
                time.sleep(0.3)
        with urllib.request.urlopen(url, timeout=60) as answer:
            landed, page = answer.url, answer.read().decode()
        assert landed == url + "voila/render/index.ipynb"
        assert served_page_problems(page, "index") == []   # rendered, clean, sources stripped
        plain = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        plain.request("GET", "/?lang=ru")
        answer = plain.getresponse()
        assert (answer.status, answer.getheader("Location")) == (
            302, "/voila/render/index.ipynb?lang=ru")
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=20) is not None


def test_a_classroom_server_prints_the_address_other_computers_use() -> None:
    args = build_parser().parse_args(["serve", "--ip", "0.0.0.0", "--port", "8870",
                                      "--lang", "ru"])
    here, there = startup_message(args).splitlines()
    assert here.startswith("Уроки: http://localhost:8870/")
    assert there.endswith(f"http://{socket.gethostname()}:8870/")


def test_worksheet_is_written_with_its_answer_key(tmp_path, capsys) -> None:
    from sq_edu.cli import main

    out = tmp_path / "sheet.html"
    assert main(["worksheet", "equations", "--level", "2", "--seed", "12", "--count", "4",
                 "--lang", "ru", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert '<html lang="ru">' in page and page.count('<li class="exercise">') == 4
    assert main(["worksheet", "equations", "--level", "99"]) == 2
    assert "levels 1.." in capsys.readouterr().err
    assert main(["worksheet", "no_such_lesson"]) == 2
    assert "no lesson" in capsys.readouterr().err


def test_worksheet_sheet_numbers_and_a_mixed_review(tmp_path, capsys) -> None:
    """Neighbours with one class link get different items (--sheet); --review mixes levels."""
    from sq_edu.cli import main
    from sq_edu.practice import get_lesson
    from sq_edu.practice.classroom.worksheet import review_exercises, worksheet_exercises

    pages = {}
    for sheet in (1, 2):
        out = tmp_path / f"sheet{sheet}.html"
        assert main(["worksheet", "chances", "--level", "2", "--seed", "7", "--count", "4",
                     "--sheet", str(sheet), "-o", str(out)]) == 0
        pages[sheet] = out.read_text(encoding="utf-8")
    assert pages[1] != pages[2]
    lesson = get_lesson("chances")
    first = [(ex.seed, ex.answers) for ex in worksheet_exercises(lesson, 2, 7, 4, 1)]
    second = [(ex.seed, ex.answers) for ex in worksheet_exercises(lesson, 2, 7, 4, 2)]
    assert not {seed for seed, _ in first} & {seed for seed, _ in second}
    assert [a for _, a in first] != [a for _, a in second]
    out = tmp_path / "review.html"
    assert main(["worksheet", "chances", "--review", "--count", "6", "-o", str(out)]) == 0
    mixed = review_exercises(lesson, 1, 6)
    assert len({ex.level for ex in mixed}) > 1
    assert out.read_text(encoding="utf-8").count('<li class="exercise">') == 6
    assert main(["worksheet", "chances", "--sheet", "0"]) == 2
    assert "sheet number" in capsys.readouterr().err


def test_class_mode_warms_a_pool_per_class_lesson_and_hands_class_and_hash_to_kernels() -> None:
    from sq_edu.practice.classroom.teacher_key import check_password

    args = build_parser().parse_args(["serve", "--class", "5B", "--teacher-password", "owls-at-9pm",
                                      "--class-size", "30", "--lessons", "equations,chances"])
    command, env = serve_command(args)
    pools = next(arg for arg in command if arg.startswith(
        "--VoilaKernelManager.kernel_pools_config="))
    assert json.loads(pools.split("=", 1)[1]) == {
        "default": {"pool_size": 1}, "equations.ipynb": {"pool_size": 30},
        "chances.ipynb": {"pool_size": 30}}
    assert sum(arg.startswith("--preheat_kernel") for arg in command) == 1
    assert env["SQ_EDU_CLASS"] == "5b"
    assert "owls-at-9pm" not in " ".join([*command, *env.values()])      # only the salted hash
    assert check_password("owls-at-9pm", env["SQ_EDU_TEACHER_KEY"])


def test_class_size_preheats_even_with_pool_size_zero() -> None:
    command, env = serve_command(build_parser().parse_args(
        ["serve", "--pool-size", "0", "--class-size", "3"]))
    assert "--preheat_kernel=True" in command and "SQ_EDU_TEACHER_KEY" not in env
    assert '"default": {"pool_size": 0}' in next(a for a in command if "kernel_pools" in a)


@pytest.mark.parametrize("argv", [["--class", "../x"], ["--class-size", "0"],
                                  ["--lessons", "nowhere"], ["--lessons", ","]])
def test_bad_class_options_are_refused(argv: list[str],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(["serve", *argv])
    assert exit_info.value.code == 2 and "error" in capsys.readouterr().err


@pytest.mark.parametrize(("word", "said"), [("abc", "fewer than 8 characters"),
                                             ("owls", "fewer than 8 characters"),
                                             ("password", "common word"),
                                             ("Teacher123", "common word"),
                                             ("12345678", "common word"),
                                             ("23456789", "common word"),
                                             ("sunflower", "common word"),
                                             ("qwertyuiop123", "common word")])
def test_a_weak_teacher_password_is_refused_with_what_one_needs(
        word: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    from sq_edu.cli import main

    assert main(["serve", "--teacher-password", word, "--no-browser"]) == 2
    why, needs = capsys.readouterr().err.strip().splitlines()
    assert why.startswith("sq-edu serve: the teacher password is too easy") and said in why
    assert needs.startswith("A teacher password needs at least 8 characters")


def test_a_class_strength_teacher_password_is_refused_by_the_real_cli_in_its_language() -> None:
    """zxcvbn score 3 does for the class password, not for the teacher's (score 4): run as a
    process, so the refusal is what a teacher sees before any server starts."""
    word = "blue-cat-42"   # score 3: 5 * 10^9 guesses, weeks for a cookie-minting script
    env = {k: v for k, v in os.environ.items() if k != "SQ_EDU_CLASS_PASSWORD"}
    for lang, said, needs in (
            ("en", "the teacher password is too easy to guess: a script trying passwords "
                   "could find it within weeks", "A teacher password needs at least 8"),
            ("ru", "пароль учителя слишком легко угадать: программа, перебирающая пароли",
                   "Пароль учителя должен быть не короче 8 символов и труднее пароля класса")):
        out = subprocess.run([sys.executable, "-m", "sq_edu.cli", "serve", "--no-browser",
                              "--port", "1", "--lang", lang, "--class", "5b",
                              "--class-password", word, "--teacher-password", word],
                             capture_output=True, text=True, timeout=60, env=env)
        assert out.returncode == 2 and said in out.stderr and needs in out.stderr, out.stderr
        assert "class password is too easy" not in out.stderr   # score 3 does for the class
        assert "Traceback" not in out.stderr


def test_a_weak_class_password_is_refused_in_the_servers_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    from sq_edu.cli import main

    assert main(["serve", "--class-password", "owls", "--no-browser"]) == 2
    assert "the class password is too easy to guess" in capsys.readouterr().err
    assert main(["serve", "--class-password", "sunflower", "--no-browser", "--lang", "ru"]) == 2
    said = capsys.readouterr().err
    assert "пароль класса слишком легко угадать" in said and "не короче 8" in said
    assert "password" not in said.replace("--", "")


def test_a_setting_is_replaced_not_given_twice() -> None:
    from sq_edu.server.server import with_option

    command = with_option(voila_command(port=1), "--VoilaExecutor.iopub_timeout", 90)
    assert [a for a in command if "iopub_timeout" in a] == ["--VoilaExecutor.iopub_timeout=90"]


def test_a_classroom_server_needs_a_class_password() -> None:
    """In a child process: if the check were missing, `serve` would become Voila."""
    env = {k: v for k, v in os.environ.items() if k != "SQ_EDU_CLASS_PASSWORD"}
    out = subprocess.run([sys.executable, "-m", "sq_edu.cli", "serve", "--ip", "0.0.0.0",
                          "--no-browser", "--port", "1"], capture_output=True, text=True,
                         timeout=60, env=env)
    assert out.returncode == 2 and "--class-password" in out.stderr


def test_security_options_reach_voila_and_the_kernels() -> None:
    args = build_parser().parse_args([
        "serve", "--ip", "0.0.0.0", "--class-password", "owls-fly-at-9",
        "--allow-host", "class.local", "--max-pages", "30", "--kernel-memory-mb", "1024",
        "--log-file", "lessons.log"])
    command, env = serve_command(args)
    assert "--SafeVoila.max_kernels=30" in command
    assert "--SafeVoila.max_pages_per_client=3" in command   # a classroom: 3 pages a device
    assert "--SafeVoila.allowed_hosts=class.local" in command
    assert not any("owls" in flag for flag in command), "the password must not be on argv"
    assert env["SQ_EDU_CLASS_PASSWORD"] == "owls-fly-at-9"
    assert env["SQ_EDU_KERNEL_MEMORY_MB"] == "1024"
    assert env["SQ_EDU_LOG_FILE"].endswith("lessons.log")


def test_serve_without_the_server_extra_says_how_to_get_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    from sq_edu.cli import main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "voila" else real(name, *a))
    assert main(["serve", "--no-browser"]) == 2
    assert "pip install 'sq_edu[server]'" in capsys.readouterr().err
