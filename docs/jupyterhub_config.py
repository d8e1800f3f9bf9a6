"""JupyterHub for a class on one machine: each learner logs in with a name of
their choice and the class password, gets a Jupyter server of their own, and
lands in the Voilà lesson. docs/teachers.md ("Serving a class with JupyterHub")
says how to run it; tests/browser/test_jupyterhub.py rehearses this very file.

Run it from the folder that holds the notebooks (the repository, or a folder
with ``notebooks/lesson.ipynb`` and ``notebooks/play.ipynb``)::

    HEARTS_CLASS_PASSWORD='a long class password' jupyterhub -f docs/jupyterhub_config.py

No root and no system accounts are needed: every learner's server runs as the
user who started the hub, with a home folder of its own under
``HEARTS_CLASS_HOMES`` (default ``./class-homes``). That is also its limit: the
servers are not isolated from each other (a learner who opens JupyterLab at
``/user/<name>/lab`` could read the other learners' folders), so use it for a
class you trust, on a machine that holds nothing private. For isolation, give
each learner a system account (JupyterHub's default ``PAMAuthenticator`` and
``LocalProcessSpawner``, run as root) or a container spawner.
"""

import os

c = get_config()  # noqa: F821 - JupyterHub defines get_config when it loads this file

CLASS_DIR = os.getcwd()
PASSWORD = os.environ.get("HEARTS_CLASS_PASSWORD", "")
if len(PASSWORD) < 8:
    raise SystemExit("jupyterhub_config.py: set HEARTS_CLASS_PASSWORD to the class password (8 characters or more)")

# Where learners connect: every address of this machine, port 8000 (the hub's default).
c.JupyterHub.bind_url = "http://:8000"
# The hub's database, cookie secret and proxy's pid file are kept beside the homes.
HOMES = os.path.abspath(os.environ.get("HEARTS_CLASS_HOMES", os.path.join(CLASS_DIR, "class-homes")))
c.JupyterHub.db_url = "sqlite:///" + os.path.join(HOMES, "jupyterhub.sqlite")
c.JupyterHub.cookie_secret_file = os.path.join(HOMES, "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = os.path.join(HOMES, "jupyterhub-proxy.pid")
os.makedirs(HOMES, exist_ok=True)

# Logging in: any name (lower-case letters, digits, -), one shared password.
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = PASSWORD
c.Authenticator.allow_all = True
c.Authenticator.username_pattern = r"^[a-z0-9][a-z0-9-]{0,31}$"

# One Jupyter server per learner, as this user, with its own home (where the
# table keeps each browser's game), serving the class folder's notebooks.
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = os.path.join(HOMES, "{username}")
c.Spawner.notebook_dir = CLASS_DIR
c.Spawner.default_url = "/voila/render/notebooks/lesson.ipynb"  # where a learner lands after logging in
c.JupyterHub.implicit_spawn_seconds = 2  # a bookmarked /user/<name>/... address starts the server too
c.Spawner.start_timeout = 120  # a class logging in at once on a small machine
c.Spawner.http_timeout = 120
c.Spawner.args = [
    # A closed page's kernel goes; a server without pages stops itself, so the
    # machine's memory comes back when learners leave (a new login starts it again).
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    "--ServerApp.shutdown_no_activity_timeout=1800",
    "--ServerApp.terminals_enabled=False",
]

# Stopping the hub (Ctrl+C) stops every learner's server too.
c.JupyterHub.cleanup_servers = True
