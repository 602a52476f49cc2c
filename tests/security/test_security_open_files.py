"""A flood of connections against a class server whose open-file limit is low (a hard limit
of 400, as on a small school server): the server closes the connections it has no room for
at once, never meets "Too many open files" (the accept loop that wrote 112,437 tracebacks),
answers a child within seconds of the flood letting go, its waiting kernels do not give up
on their pages' queries (they ask again), and its log stays small."""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path

from class_server import ARTIFACTS, class_server, closed_by_server, log_in, wait_until

from sq_edu.server.server import VoilaServer

FLOOD = 500   # idle connections, more than the 400 files the server may open


def logged_in(server: VoilaServer) -> bool:
    """A child's login goes through (a connection accepted in the same instant as the flood's
    last ones closed may still be refused: a child's second try must not be)."""
    try:
        return log_in(server, then="/voila/tree/")[0] == 200
    except OSError:
        return False


def test_a_connection_flood_is_refused_cleanly_before_the_files_run_out(tmp_path: Path) -> None:
    server = class_server(tmp_path, "open-files", pages_per_device=0)
    server.command = ["prlimit", "--nofile=400:400", "--", *server.command]
    with server:
        assert log_in(server, then="/voila/tree/")[0] == 200
        log_path = ARTIFACTS / "voila-attack-open-files.log"
        before = log_path.stat().st_size
        sockets = []
        try:
            for _ in range(FLOOD):
                with contextlib.suppress(OSError):
                    sockets.append(socket.create_connection(("127.0.0.1", server.port),
                                                            timeout=5))
            closed = closed_by_server(sockets, 3)
        finally:
            for flood in sockets:
                flood.close()
        assert closed > 0, "the server took every connection of the flood"
        assert wait_until(lambda: logged_in(server), 5), "no recovery after the flood"
        text = log_path.read_text(encoding="utf-8", errors="replace")
        assert "Too many open files" not in text
        assert "refused a connection" in text
        assert "query string" not in text, "a waiting kernel gave up on its page's query"
        assert log_path.stat().st_size - before < 32 * 1024
