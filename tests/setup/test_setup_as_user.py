"""`make setup` as a normal user with a clean environment, whose only certificate for the package
index is the one the machine's system pip file (/etc/pip.conf) names (uv reads no pip configuration:
scripts/setup.sh carries it over). Slow (a whole install into a new cache): `make test-browser` runs
it, as CI does; it needs root (to run the set-up as another user), the package index, and a machine
whose /etc/pip.conf names a certificate bundle, as this project's machines do."""

import configparser
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # installs the course as another user

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534


def system_pip_cert():
    """Return the certificate bundle /etc/pip.conf names, or None."""
    parser = configparser.ConfigParser(interpolation=None)
    parser.read("/etc/pip.conf", encoding="utf-8")
    return parser.get("global", "cert", fallback=None)


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root and setpriv")
@pytest.mark.skipif(system_pip_cert() is None, reason="/etc/pip.conf names no certificate bundle")
def test_setup_as_a_normal_user_honours_a_certificate_in_a_system_pip_file():
    bundle = system_pip_cert()
    with tempfile.TemporaryDirectory(prefix="minimax-lab-user-setup-") as folder:  # pytest's are root-only
        Path(folder).chmod(0o755)
        set_up_as_nobody(Path(folder), bundle)


def set_up_as_nobody(tmp_path, bundle):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    # the working tree as it is, so that the set-up under test is this one
    shutil.copy2(ROOT / "scripts" / "setup.sh", clone / "scripts" / "setup.sh")
    home = tmp_path / "home"
    home.mkdir()
    for path in [clone, home, *clone.rglob("*"), *home.rglob("*")]:
        os.lchown(path, NOBODY, NOBODY)
    env = {"HOME": str(home), "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
           "PYTHON": "/usr/bin/python3"}  # no SSL_CERT_FILE, PIP_CERT or UV_*: only the pip file
    run = subprocess.run(["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                          "make", "-C", str(clone), "setup"],
                         env=env, capture_output=True, text=True, timeout=1200)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert f"using pip's certificate bundle {bundle}" in run.stderr
    assert "is ready" in run.stderr
    check = subprocess.run([str(clone / ".venv" / "bin" / "python"), "-c", "import minimax_lab.search.textbook"],
                           env=env, capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
