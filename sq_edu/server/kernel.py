"""The dashboard kernel: ipykernel with a memory cap and a log for the server, not the page.

Voila starts every dashboard kernel through `python -m sq_edu.server.kernel -f <connection
file>` (the kernel spec `SafeKernelSpecManager` hands out). Before ipykernel takes over it

- caps the address space (`RLIMIT_AS`) at `SQ_EDU_KERNEL_MEMORY_MB`, so one page that builds
  huge widgets fails alone (a MemoryError in that kernel) instead of pushing the whole server
  into swap; a lesson kernel peaks near 0.38 GB of address space (72 MB resident) with two
  malloc arenas and one BLAS thread (measured, docs/deploy.md), so the default cap of 1.5 GB
  leaves four times that;
- keeps a copy of the server's stderr before ipykernel redirects file descriptor 2 into the
  page (a "stream" message), and sends every log record there (and to `SQ_EDU_LOG_FILE` when
  set), so a traceback lands in the operator's log and never on a child's screen.
"""

from __future__ import annotations

import logging
import os

MEMORY_ENV = "SQ_EDU_KERNEL_MEMORY_MB"
LOG_FILE_ENV = "SQ_EDU_LOG_FILE"
DEFAULT_MEMORY_MB = 1536
LOG_FORMAT = "[sq_edu kernel %(process)d] %(asctime)s %(levelname)s %(name)s: %(message)s"


def memory_cap_bytes(environ: dict[str, str] | os._Environ[str] = os.environ) -> int | None:
    """The address-space cap in bytes from the environment; None for "no cap" (0 or junk)."""
    text = environ.get(MEMORY_ENV, str(DEFAULT_MEMORY_MB)).strip()
    if not (text.isascii() and text.isdigit()) or int(text) == 0:
        return None
    return int(text) * 1024 * 1024


def cap_memory(limit: int | None) -> bool:
    """Set RLIMIT_AS where the OS has it (not on Windows); True if the cap is in place."""
    if limit is None:
        return False
    try:
        import resource
    except ImportError:   # Windows: no rlimits; docs/deploy.md says to cap the service instead
        return False
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):
        return False
    return True


def log_to_server(log_file: str = "") -> logging.Handler:
    """Send log records to the server's own stderr (a duplicate taken now, before ipykernel
    points fd 2 at the page) and, if named, to a log file as well."""
    stream = os.fdopen(os.dup(2), "w", buffering=1, encoding="utf-8", errors="replace")
    handler: logging.Handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    if log_file:
        try:
            to_file = logging.FileHandler(log_file, encoding="utf-8")
        except OSError:
            logging.getLogger(__name__).warning("cannot write the log file %s", log_file)
        else:
            to_file.setFormatter(logging.Formatter(LOG_FORMAT))
            root.addHandler(to_file)
    if root.level == logging.NOTSET:
        root.setLevel(logging.WARNING)
    logging.getLogger("sq_edu").setLevel(logging.INFO)   # refusals and saves are worth a line
    return handler


def main() -> None:
    cap_memory(memory_cap_bytes())
    log_to_server(os.environ.get(LOG_FILE_ENV, "").strip())
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


if __name__ == "__main__":  # pragma: no cover - runs as the kernel process
    main()
