"""make test starts its longest files first (tests/heaviest_first.py, applied by tests/conftest.py): each file it names must exist, or the
ordering silently stops helping."""

from pathlib import Path

from heaviest_first import HEAVIEST_FIRST

ROOT = Path(__file__).resolve().parents[2]


def test_every_file_started_first_exists_once() -> None:
    assert [path for path in HEAVIEST_FIRST if not (ROOT / path).is_file()] == []
    assert len(set(HEAVIEST_FIRST)) == len(HEAVIEST_FIRST)


def test_make_test_keeps_the_collection_order() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert makefile.count("--dist loadfile --no-loadscope-reorder") == 2
