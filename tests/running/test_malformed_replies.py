"""A worker's reply is the student's process talking: whatever it sends, a call of a student's
function gives a value or a clear error (a StudentProblem, the student's RemoteError, or
NotImplementedError), never a raw error of the grader's own code."""

from __future__ import annotations

from typing import Any, Sequence

import pytest

from minimax_lab.running.guard import StudentProblem
from minimax_lab.running.sandbox import RemoteError, RemoteFunction
from minimax_lab.running.wire import WireError, decode


class FakeWorker:
    """A worker whose every call gets the same reply."""

    sources = {"cell 1": "def f(x): pass"}
    load_errors: list[str] = []

    def __init__(self, reply: Any) -> None:
        self.reply = reply

    def call(self, name: str, args: Sequence[Any], writes: Sequence[int] = ()) -> Any:
        return self.reply


class Counted:
    """An argument the student's function fills (as an evaluation that counts its calls)."""

    def fill_from(self, items: object) -> None:
        pass


MALFORMED = [None, True, 5, 1.5, [], [1, 2, 3], {"fraction": [1]}, {"fraction": [1, 2, 3]}, {"Chance": [1, 2, 3]},
             {"Chance": [[5], None]}, {"Chance": [[[1, 2, 3]], None]}, {"Chance": [[[1, {}]], "X"]}]


@pytest.mark.parametrize("data", MALFORMED[6:])
def test_malformed_tagged_data_is_a_wire_error(data: Any) -> None:
    with pytest.raises(WireError):
        decode(data)


@pytest.mark.parametrize("key", ["value", "raised", "changed", "writes"])
@pytest.mark.parametrize("data", MALFORMED)
def test_a_malformed_reply_gives_a_clear_error(key: str, data: Any) -> None:
    reply = {"value": 1, "writes": {"0": data}} if key == "writes" else {key: data}
    for args in ([1], [[]], [Counted()]):
        try:
            RemoteFunction(FakeWorker(reply), "f").call_with_writes(args, [0] if key == "writes" else [])
        except (StudentProblem, RemoteError, NotImplementedError):
            pass


@pytest.mark.parametrize("kind, mirrored", [
    ("TypeError", TypeError), ("KeyError", KeyError), ("ZeroDivisionError", ArithmeticError), ("OSError", OSError),
    ("ValueError", ValueError), ("MyOwnError", None), ("SystemExit", None), ("KeyboardInterrupt", None),
    ("StopIteration", None), ("MemoryError", None), ("UnicodeDecodeError", None), ("not a name", None),
    ("X" * 101, None)])
def test_the_student_s_exception_keeps_its_name_and_a_built_in_one_its_type(kind: str, mirrored: Any) -> None:
    """What a check says of an exception raised in the worker, and the hint it gives for a TypeError
    or a ValueError, are what the kernel gives; an exception that steers this process (SystemExit,
    StopIteration, MemoryError) is never one here."""
    reply = {"raised": [kind, "the message"]}
    with pytest.raises(RemoteError) as raised:
        RemoteFunction(FakeWorker(reply), "f")(1)  # type: ignore[arg-type]
    error = raised.value
    assert str(error) == "the message" and error.kind == kind
    assert type(error).__name__ == (kind if kind.isidentifier() and len(kind) <= 100 else "RemoteError")
    assert isinstance(error, Exception) and not isinstance(error, (SystemExit, KeyboardInterrupt, StopIteration,
                                                                   MemoryError, StudentProblem))
    if mirrored is not None:
        assert isinstance(error, mirrored)


@pytest.mark.parametrize("reply", [{"unreadable": "x" * 10_000_000}, {"raised": ["ValueError", "y" * 10_000_000]},
                                   {"unanswered": "z" * 10_000_000}, {"course": "w" * 10_000_000}])
def test_a_forged_reply_s_text_is_cut_to_the_limit(reply: Any) -> None:
    """The worker sends at most 2,000 characters of a student's message; a forged reply that sends
    megabytes is cut as it is read, so no mark, report or note holds more."""
    with pytest.raises((StudentProblem, RemoteError, NotImplementedError)) as raised:
        RemoteFunction(FakeWorker(reply), "f")(1)  # type: ignore[arg-type]
    assert 100 < len(str(raised.value)) <= 2100
