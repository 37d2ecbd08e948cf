"""The README is true by construction: it links no file outside the repository, and every
relative link names a file the repository has."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_points_at_nothing_outside_the_repository():
    outside = re.findall(r"(?:\]\(|`)\.\./[^)`\s]*", README)
    assert outside == [], f"the README points outside the repository: {outside}"


def test_every_relative_link_of_the_readme_is_in_the_repository():
    links = re.findall(r"\]\((?!https?://|#)([^)\s]+)\)", README)
    assert links, "the README has relative links (docs/, notebooks/)"
    for link in links:
        assert (ROOT / link.split("#")[0]).exists(), f"the README links {link}, which is not in the repository"
