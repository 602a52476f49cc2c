"""`python -m sq_edu.voila.launch`: the Voila server, now `sq_edu.server.launch`."""

from __future__ import annotations

from sq_edu.server.launch import main

if __name__ == "__main__":  # pragma: no cover - runs as the server process
    main()
