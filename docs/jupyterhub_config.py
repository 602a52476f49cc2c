"""JupyterHub for a school: every learner logs in and gets a server of their own with the lessons.

Copy this file to the hub machine (where `pip install .` put sq_edu, jupyterhub and voila in
one environment, and `npm install -g configurable-http-proxy` the proxy), then:

    jupyterhub -f jupyterhub_config.py

Learners open http://<hub>:8000/, log in, and land on the lesson index. Each learner's progress
is kept in their own home folder (`~/.local/share/sq_edu/progress`), never beside another
learner's. `tests/hub/test_hub.py` starts a real hub with exactly this file (two learners,
Chromium through the proxy) and checks that.

Two parts:
1. Lessons (keep as they are): what every learner's server serves and how.
2. Accounts (change for real use): as shipped, a shared password and servers that run as the
   hub's own user (`SimpleLocalProcessSpawner`). That is fine on one trusted classroom machine
   or to try the hub out, but it gives no isolation between users. For a school, use real
   accounts (see the commented lines) or Zero to JupyterHub on Kubernetes (docs/deploy.md).

Settings the test changes come from environment variables with the defaults shown.
"""

import os
import sys

from sq_edu.server.server import notebooks_dir

c = get_config()  # noqa: F821 - JupyterHub provides get_config() when it reads this file

env = os.environ.get

# --- where the hub listens and keeps its own files --------------------------------------------
c.JupyterHub.bind_url = f"http://{env('SQ_EDU_HUB_IP', '0.0.0.0')}:{env('SQ_EDU_HUB_PORT', '8000')}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{env('SQ_EDU_HUB_API_PORT', '8081')}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{env('SQ_EDU_HUB_PROXY_API_PORT', '8001')}"
hub_data = env("SQ_EDU_HUB_DATA", "/srv/sq_edu-hub")
os.makedirs(hub_data, exist_ok=True)
c.JupyterHub.db_url = f"sqlite:///{os.path.join(hub_data, 'jupyterhub.sqlite')}"
c.JupyterHub.cookie_secret_file = os.path.join(hub_data, "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = os.path.join(hub_data, "proxy.pid")
if env("SQ_EDU_HUB_PROXY"):   # the proxy, if it is not on PATH
    c.ConfigurableHTTPProxy.command = [env("SQ_EDU_HUB_PROXY")]
c.JupyterHub.cleanup_servers = True   # stopping the hub stops the learners' servers

# --- 1. lessons: what each learner's server serves --------------------------------------------
c.Spawner.cmd = [os.path.join(os.path.dirname(sys.executable), "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(notebooks_dir())        # the dashboards shipped with sq_edu
c.Spawner.default_url = "/voila/render/index.ipynb"  # log in, see the lessons
c.Spawner.args = [
    # A child never sees Python: no sources, no tracebacks (as `sq-edu serve`).
    "--VoilaConfiguration.strip_sources=True",
    "--VoilaConfiguration.show_tracebacks=False",
    # A page left open keeps its kernel; a closed tab frees it after 15 idle minutes, and an
    # idle server stops after an hour (the learner's progress is on disk, nothing is lost).
    "--MappingKernelManager.cull_idle_timeout=900",
    "--MappingKernelManager.cull_interval=60",
    "--ServerApp.shutdown_no_activity_timeout=3600",
]
c.Spawner.environment = {"SQ_EDU_LANG": env("SQ_EDU_HUB_LANG", "en")}
# One learner's server (Python, Voila and one lesson kernel) stays well under 512 MB; the limit
# is enforced by spawners that can (KubeSpawner, SystemdSpawner), ignored by local processes.
c.Spawner.mem_limit = "512M"
c.Spawner.start_timeout = 120   # a busy classroom machine starts servers slowly
c.Spawner.http_timeout = 120

# --- 2. accounts: CHANGE FOR REAL USE ---------------------------------------------------------
learners = [name.strip() for name in env("SQ_EDU_HUB_USERS", "").split(",") if name.strip()]
c.JupyterHub.authenticator_class = "dummy"          # one shared password, for trying it out
c.DummyAuthenticator.password = env("SQ_EDU_HUB_PASSWORD", "change-me")
if learners:
    c.Authenticator.allowed_users = set(learners)
else:
    c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"                # servers run as the hub's user
if hasattr(os, "geteuid") and os.geteuid() == 0:
    # A hub started as root (a container, CI) would run every learner's server as root; Jupyter
    # refuses that unless told. Better: start the hub as an unprivileged user.
    c.Spawner.args.append("--allow-root")
c.SimpleLocalProcessSpawner.home_dir_template = os.path.join(
    env("SQ_EDU_HUB_HOMES", "/srv/sq_edu-hub/homes"), "{username}")

# Real accounts on this machine (each learner a system user, servers run as that user):
#   c.JupyterHub.authenticator_class = "pam"
#   c.JupyterHub.spawner_class = "localprocess"
# Learners sign up and a teacher approves them (pip install jupyterhub-nativeauthenticator):
#   c.JupyterHub.authenticator_class = "native"
# Teachers as admins (they can open a learner's server from the hub's admin page):
#   c.Authenticator.admin_users = {"teacher"}

# --- 3. tables of classmates (optional): one class per hub ----------------------------------
# With SQ_EDU_HUB_CLASS set, the hub runs the table service as a managed service on loopback
# and every learner's server is told where it is and holds its class's key (docs/deploy.md,
# "Tables on a hub"). The secret must stay the same across restarts (keep it in a file).
hub_class = env("SQ_EDU_HUB_CLASS", "")
if hub_class:
    import hashlib
    import hmac

    secret_file = os.path.join(hub_data, "tables_secret")
    if not os.path.exists(secret_file):
        with open(os.open(secret_file, os.O_WRONLY | os.O_CREAT, 0o600), "w") as out:
            out.write(os.urandom(32).hex())
    with open(secret_file) as kept:
        tables_secret = kept.read().strip()
    tables_port = int(env("SQ_EDU_HUB_TABLES_PORT", "8790"))
    tables_data = env("SQ_EDU_HUB_TABLES_DATA", os.path.join(hub_data, "tables"))
    c.JupyterHub.services = [{
        "name": "sq-edu-tables",
        "url": f"http://127.0.0.1:{tables_port}",
        "command": [sys.executable, "-m", "sq_edu.server.tables.standalone",
                    f"--port={tables_port}"],
        "environment": {"SQ_EDU_TABLES_SECRET": tables_secret,
                        "SQ_EDU_PROGRESS_DIR": tables_data},
    }]
    class_name = hub_class.strip().casefold()
    class_key = hmac.new(bytes.fromhex(tables_secret), f"sq-edu-table:{class_name}".encode(),
                         hashlib.sha256).hexdigest()
    c.Spawner.environment.update({
        "SQ_EDU_CLASS": class_name,
        # The service answers on loopback at the hub's prefix for it (no proxy in between).
        "SQ_EDU_TABLES_URL": f"http://127.0.0.1:{tables_port}/services/sq-edu-tables/"
                             "sq-edu/tables/api/",
        "SQ_EDU_TABLES_KEY": class_key,
    })
