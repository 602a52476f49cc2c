"""The table service on its own: `python -m sq_edu.server.tables.standalone --port 8790`.

For a JupyterHub, where every learner has a server of their own and no one server is the
class's: the hub starts this as a managed service (docs/deploy.md, "Tables on a hub"), and
each learner's server gets the service's address and its class's key in its environment
(`docs/jupyterhub_config.py`). It listens on one address only (loopback by default) and
keeps its tables in `$SQ_EDU_PROGRESS_DIR/classes/<class>/tables.sqlite3`, like the class
server does. `$SQ_EDU_TABLES_SECRET` (hex, at least 16 bytes) must be the one the hub's
configuration derives the class keys from.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from urllib.parse import urlsplit

import tornado.ioloop
import tornado.web

from sq_edu.practice.progress import default_progress_dir

from .handlers import table_handlers
from .mount import TICK_MS, service_secret
from .service import TableService

log = logging.getLogger(__name__)


def make_app(service: TableService, prefix: str = "/") -> tornado.web.Application:
    return tornado.web.Application(table_handlers(service, prefix))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sq_edu.server.tables.standalone")
    parser.add_argument("--ip", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    secret = service_secret()
    if secret is None:
        print("set $SQ_EDU_TABLES_SECRET (hex, at least 16 bytes): the class keys come from it",
              file=sys.stderr)
        return 2
    # A hub-managed service is told its address and prefix by the hub.
    hub_url = os.environ.get("JUPYTERHUB_SERVICE_URL", "")
    port = args.port or (urlsplit(hub_url).port if hub_url else 0) or 8790
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    service = TableService(default_progress_dir(), secret)
    make_app(service, prefix).listen(port, address=args.ip)
    tornado.ioloop.PeriodicCallback(service.tick, TICK_MS).start()
    log.info("table service on http://%s:%d%s", args.ip, port, prefix)
    tornado.ioloop.IOLoop.current().start()
    return 0


if __name__ == "__main__":  # pragma: no cover - runs as the service process
    sys.exit(main())
