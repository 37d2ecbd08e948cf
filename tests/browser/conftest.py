"""The real-browser lesson test runs only when named on the command line (`make test-browser`).

`make test` collects tests/ as a whole; this keeps it from importing test_lessons.py, which needs
Playwright and Chromium from `make test-browser`'s own set-up (requirements-browser.lock) and takes
a few minutes. pytest consults `collect_ignore` only for files it finds by walking a directory, not
for paths given explicitly, so `pytest tests/browser/test_lessons.py` still runs it.
"""

collect_ignore = ["test_lessons.py", "test_lite.py"]   # test_lite.py needs `make lite`'s site and Node
