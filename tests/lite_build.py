"""scripts/build_lite.py as a module, for the tests of the server-free edition (test_lite_build.py,
browser/test_lite.py): its lessons, its lock builder and its site configuration."""

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_build_lite() -> ModuleType:
    """Return scripts/build_lite.py, imported as the module build_lite."""
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_lite = load_build_lite()
