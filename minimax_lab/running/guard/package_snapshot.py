"""Whether an answer cell changed the package: a snapshot of every module of minimax_lab as first
imported (its names, each function's code and defaults, each class's members), and
`verify_untouched`, which grading runs before every check cell, comparing the package with it."""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping, Optional

from .forbidden import active_forbidder, functions_of
from .problems import PackageChanged

if TYPE_CHECKING:
    import pytest


@dataclass
class Snapshot:
    """What the package's modules held when taken: each module's names, each function's code and
    defaults, each class's members."""

    names: dict[str, dict[str, int]] = field(default_factory=dict)
    functions: dict[int, tuple[str, types.FunctionType, types.CodeType, Optional[tuple[object, ...]],
                               Optional[dict[str, object]]]] = field(default_factory=dict)
    members: dict[str, dict[str, int]] = field(default_factory=dict)
    keep: list[object] = field(default_factory=list)  # holds every object whose id is recorded


UNWATCHED = frozenset({"__dict__", "__weakref__", "__slotnames__"})
"""Class members the snapshot ignores: copy.deepcopy caches __slotnames__ on a class it copies."""


def take_snapshot(prefix: str = "minimax_lab") -> Snapshot:
    """Return a Snapshot of every module under `prefix` imported so far."""
    snapshot = Snapshot()
    for module_name, module in sorted(sys.modules.items()):
        if module is None or not (module_name == prefix or module_name.startswith(prefix + ".")):
            continue
        names = {k: id(v) for k, v in vars(module).items()
                 if not k.startswith("__") and f"{module_name}.{k}" != __name__ + "._snapshots"}
        snapshot.names[module_name] = names
        snapshot.keep.append(list(vars(module).values()))
        for key, value in vars(module).items():
            if getattr(value, "__module__", None) != module_name:
                continue
            for function in functions_of(value):
                snapshot.functions[id(function)] = (f"{module_name}.{function.__qualname__}", function,
                                                    function.__code__, function.__defaults__,
                                                    function.__kwdefaults__)
            if isinstance(value, type):
                snapshot.members[f"{module_name}.{key}"] = {k: id(v) for k, v in vars(value).items()
                                                            if k not in UNWATCHED}
                snapshot.keep.append(list(vars(value).values()))
    return snapshot


_snapshots: list[Snapshot] = []


def accept_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Take the package as it is now as the one to compare with, until `monkeypatch` (pytest's
    fixture) is undone: for a test that patches the package on purpose."""
    monkeypatch.setattr(sys.modules[__name__], "_snapshots", [take_snapshot()])


def remember_package() -> None:
    """Take the snapshot verify_untouched compares with (minimax_lab.grading does on import); a
    second call changes nothing, so the snapshot is the package as first imported."""
    if not _snapshots:
        _snapshots.append(take_snapshot())


def changes(snapshot: Snapshot) -> list[str]:
    """Return what differs between the package now and `snapshot`, one line each."""
    found = []
    for module_name, names in snapshot.names.items():
        module = sys.modules.get(module_name)
        if module is None:
            found.append(f"the module {module_name} was removed from sys.modules")
            continue
        now = vars(module)
        for key, ident in names.items():
            if key not in now:
                found.append(f"{module_name}.{key} was deleted")
            elif id(now[key]) != ident:
                found.append(f"{module_name}.{key} was replaced")
    for shown, function, code, defaults, kwdefaults in snapshot.functions.values():
        if function.__code__ is not code and active_forbidder() is None:
            found.append(f"the code of {shown} was replaced")
        elif function.__defaults__ is not defaults or function.__kwdefaults__ is not kwdefaults:
            found.append(f"the defaults of {shown} were changed")
    for class_name, members in snapshot.members.items():
        module_name, _, name = class_name.rpartition(".")
        cls = getattr(sys.modules.get(module_name), name, None)
        held: Mapping[str, object] = vars(cls) if isinstance(cls, type) else {}
        for key in members.keys() | {k for k in held if k not in UNWATCHED}:
            if key not in members:
                found.append(f"{class_name}.{key} was added")
            elif key not in held:
                found.append(f"{class_name}.{key} was deleted")
            elif id(held[key]) != members[key]:
                found.append(f"{class_name}.{key} was replaced")
    return found


def verify_untouched() -> None:
    """Raise PackageChanged when an answer cell has changed the package since minimax_lab.grading
    was imported: a check rebound (`grading.check_minimax_value = ...`), a game's or a search's
    function replaced or patched. A check run in the notebook runs this before and after."""
    if not _snapshots:
        return
    found = changes(_snapshots[0])
    if found:
        more = f" (and {len(found) - 1} more changes)" if len(found) > 1 else ""
        raise PackageChanged(f"the course's package was changed: {found[0]}{more}. Answer cells may "
                             "define your functions only; restart the kernel and run the notebook again "
                             "without changing minimax_lab")
