"""Compile the rules engine's hot modules with mypyc, in place; or go back to plain Python.

Python imports a C extension before the `.py` of the same name, so after a build the package
runs compiled while the `.py` files stay the only source. The build is an option, never a
requirement: without a C compiler, mypyc or setuptools it is skipped with one line and the
plain engine runs as before (the static site and `pip install` use the plain wheel; the
extensions are git-ignored and left out of every wheel).

    python tools/compile_engine.py            compile (unless `--pure` was asked for last)
    python tools/compile_engine.py --compile  compile, even after `--pure`   (make engine)
    python tools/compile_engine.py --pure     delete the extensions          (make pure)

Each run writes what it did to `sq_edu/engine/.build` ("compiled ..." or "pure: why");
tests/engine/test_compiled.py reads it, so a build that failed does not pass for compiled.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "sq_edu" / "engine"
STAMP = ENGINE / ".build"
ASKED = "pure: asked for (make pure); make engine compiles it again"
# The modules every move runs through (the API path and `simulate`), and `RandomBot`'s own
# module (its `choose` runs once per decision of a random game). Left plain: bots.py and
# rules.py (other packages subclass their classes), moves.py (`Move` refuses a wrong field with
# IllegalMove, where compiled fields would raise TypeError first), log.py (`Played` subclasses
# gamekit's Sequence), view.py (`Unread` subclasses tuple) and what no move runs (save,
# explain, observation).
MODULES = ["actions", "cards", "chance", "discards", "drawing", "ending", "game", "legal",
           "random_bot", "setup", "simulate", "state"]
GROUP = "sq_edu.engine"  # mypyc's shared runtime: sq_edu/engine__mypyc.<suffix>


def extensions() -> list[Path]:
    """Every compiled file of the engine present now, for any Python version (`make pure`
    may run another Python than the one that compiled)."""
    return [path for pattern in ("*.so", "*.pyd") for path in
            (*ENGINE.glob(pattern), *(ROOT / "sq_edu").glob(f"engine__mypyc{pattern}"))]


def go_pure(why: str) -> None:
    for path in extensions():
        path.unlink()
    STAMP.write_text(why + "\n")


def why_not() -> str | None:
    """Why a build cannot run here, or None."""
    try:
        import mypyc  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as error:
        return f"{error.name} is not installed"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    return None


def build() -> None:
    """mypyc's C for MODULES, compiled next to them (build files in a temporary folder)."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    os.chdir(ROOT)
    with tempfile.TemporaryDirectory(prefix="sq_edu_mypyc_") as tmp:
        paths = [f"sq_edu/engine/{name}.py" for name in MODULES]
        modules = mypycify([*paths, "--no-warn-unused-configs"], group_name=GROUP,
                           target_dir=tmp, opt_level="3")
        # A bare Distribution: `setup()` would read pyproject.toml as setuptools metadata.
        dist = Distribution({"ext_modules": modules, "script_name": "compile_engine",
                             "script_args": ["-q", "build_ext", "--inplace", "--build-temp", tmp]})
        dist.parse_command_line()
        dist.run_commands()


def compile_engine(asked: bool) -> int:
    if not asked and STAMP.exists() and STAMP.read_text().startswith(ASKED):
        STAMP.touch()
        print("sq_edu: the engine stays plain Python, as asked (`make engine` compiles it).")
        return 0
    reason = why_not()
    if reason:
        go_pure(f"pure: {reason}")
        print(f"sq_edu: the engine runs as plain Python ({reason}): fine, games are slower.")
        return 0
    print(f"sq_edu: compiling the engine's {len(MODULES)} hot modules with mypyc "
          "(half a minute; `make pure` skips it)...")
    start = time.monotonic()
    try:
        build()
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        go_pure(f"pure: the compile failed ({error!r})")
        print(f"sq_edu: the engine compile FAILED ({error!r}); it runs as plain Python.")
        return 0
    STAMP.write_text(f"compiled {' '.join(MODULES)}\n")
    print(f"sq_edu: engine compiled with mypyc in {time.monotonic() - start:.0f} s.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--compile", action="store_true", help="compile, even after --pure")
    which.add_argument("--pure", action="store_true", help="delete the compiled modules")
    args = parser.parse_args(argv)
    if args.pure:
        go_pure(ASKED)
        print("sq_edu: the engine runs as plain Python now (`make engine` compiles it).")
        return 0
    return compile_engine(asked=args.compile)


if __name__ == "__main__":
    sys.exit(main())
