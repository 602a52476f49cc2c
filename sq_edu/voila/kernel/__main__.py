"""`python -m sq_edu.voila.kernel`: the kernel process, now `sq_edu.server.kernel`."""

from __future__ import annotations

from sq_edu.server.kernel import main

if __name__ == "__main__":  # pragma: no cover - runs as the kernel process
    main()
