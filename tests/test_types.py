"""The package's type hints are checked: mypy (pinned in requirements.lock) reports no error."""

from pathlib import Path

from mypy import api

PACKAGE = Path(__file__).resolve().parent.parent / "minimax_lab"


def test_mypy_finds_no_errors_in_the_package():
    report, errors, status = api.run([str(PACKAGE), "--no-error-summary", "--hide-error-context",
                                      "--cache-dir", str(PACKAGE.parent / ".mypy_cache")])
    assert status == 0, f"mypy found errors:\n{report}{errors}"
