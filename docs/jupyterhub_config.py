"""JupyterHub for a class on one machine: each learner logs in with a name of
their choice and the class password, gets a Jupyter server of their own, and
lands in the Voilà lesson; the teacher logs in with the teacher's password and
sees the class at ``/services/hearts-class/``. docs/teachers.md ("Serving a class
with JupyterHub") says how to run it; tests/browser/test_jupyterhub.py rehearses
this very file.

Run it from the folder that holds the notebooks (the repository, or a folder
with ``notebooks/lesson.ipynb`` and ``notebooks/play.ipynb``)::

    HEARTS_CLASS_PASSWORD='a long class password' HEARTS_TEACHER_PASSWORD='another one' \
        jupyterhub -f docs/jupyterhub_config.py

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
import sys

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

# The teacher's view: a service the hub starts (hearts_widget.classroom.service) that keeps
# each learner's progress in one SQLite file beside the homes. The learners' lessons post
# their progress to it with their own hub token; the teacher's page is at
# /services/hearts-class/, for a hub admin or a member of the group "teachers": logging in
# with the teacher's password (any name) puts that user in the group, the class password never.
SERVICE = "hearts-class"
SERVICE_URL = "http://127.0.0.1:" + os.environ.get("HEARTS_CLASS_SERVICE_PORT", "10101")
TEACHER_PASSWORD = os.environ.get("HEARTS_TEACHER_PASSWORD", "")
c.JupyterHub.services = [{
    "name": SERVICE,
    "url": SERVICE_URL,
    "command": [sys.executable, "-m", "hearts_widget.classroom.service",
                "--db", os.path.join(HOMES, "hearts-class.sqlite"), "--keep-days", "30"],
    "oauth_no_confirm": True,  # the teacher is not asked to allow the service to know their name
}]
# Every user may reach the service (its page lets in only teachers; its API, a learner's own
# progress), and a learner's server token may post there.
c.JupyterHub.load_roles = [{"name": "user", "scopes": ["self", f"access:services!service={SERVICE}"]}]
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", f"access:services!service={SERVICE}"]
c.Spawner.environment = {"HEARTS_CLASS_SERVICE_URL": f"{SERVICE_URL}/services/{SERVICE}/"}
if TEACHER_PASSWORD:
    if len(TEACHER_PASSWORD) < 8 or TEACHER_PASSWORD == PASSWORD:
        raise SystemExit("jupyterhub_config.py: HEARTS_TEACHER_PASSWORD must be 8 characters or more, "
                         "and not the class password")
    c.Authenticator.manage_groups = True  # (before password_groups, which needs it)
    c.SharedPasswordAuthenticator.password_groups = {TEACHER_PASSWORD: ["teachers"]}

# Stopping the hub (Ctrl+C) stops every learner's server too.
c.JupyterHub.cleanup_servers = True
