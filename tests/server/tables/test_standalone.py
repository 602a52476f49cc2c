"""The table service as its own process (a JupyterHub-managed service): it starts from the
hub's environment, answers the class's key at the hub's prefix, and refuses anything else."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from sq_edu.server.server import free_port
from sq_edu.server.tables import TableService

SECRET = "ef" * 32
PREFIX = "/services/sq-edu-tables/"


def post(url: str, body: dict, key: str) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"X-SQ-Class": "7a", "X-SQ-Key": key})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refusal:
        return refusal.code, json.loads(refusal.read())


def test_the_service_runs_as_a_hub_service(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "SQ_EDU_TABLES_SECRET": SECRET, "SQ_EDU_PROGRESS_DIR": str(tmp_path),
           "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
           "JUPYTERHUB_SERVICE_PREFIX": PREFIX}
    process = subprocess.Popen([sys.executable, "-m", "sq_edu.server.tables.standalone"],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    api = f"http://127.0.0.1:{port}{PREFIX}sq-edu/tables/api/"
    key = TableService(tmp_path / "none", bytes.fromhex(SECRET)).class_key("7a")
    try:
        for _ in range(100):
            try:
                status, made = post(api + "create", {"name": "Masha", "size": 2}, key)
                break
            except OSError:
                time.sleep(0.1)
        assert status == 200 and len(made["view"]["code"]) == 6
        assert post(api + "list", {}, "0" * 64)[0] == 403
        status, listing = post(api + "list", {}, key)
        assert [t["code"] for t in listing["tables"]] == [made["view"]["code"]]
        assert (tmp_path / "classes" / "7a" / "tables.sqlite3").is_file()
    finally:
        process.terminate()
        process.wait(timeout=10)
