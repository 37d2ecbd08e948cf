"""The worker: the process in which a student's answers run while the grader checks them.

It is started by minimax_lab.running.sandbox, inside the sandbox, with only the standard library and
the kit (the course's game modules) to import. It reads requests from its standard input and writes
replies to its standard output, each a frame: 4 bytes of length (big-endian), then that many bytes of
UTF-8 JSON. Before it reads anything, it moves the two pipes to other descriptors and points 0, 1 and
2 at /dev/null, so what a student's code prints goes nowhere.

Requests, and the replies they get:

    {"op": "load", "prelude": SOURCE, "cells": [[LABEL, SOURCE], ...]}
        run the prelude, then each answer cell, in one namespace; reply {"errors": [TEXT, ...]}, a
        line for each cell that raised (a syntax error, a name error, ...).
    {"op": "call", "name": NAME, "args": [ARG, ...], "writes": [INDEX, ...]}
        call the student's function NAME; reply one of
        {"value": VALUE, "writes": {INDEX: ARG}}        returned VALUE (the `writes` arguments, lists
                                                        the function fills, as they ended up)
        {"raised": [TYPE, MESSAGE]}                     raised an exception
        {"unanswered": MESSAGE}                         raised NotImplementedError (not written yet)
        {"course": NAME}                                tried to import the course's NAME
        {"missing": NAME}                               no function NAME was defined
        {"unreadable": MESSAGE}                         returned something that cannot cross (wire)
        {"changed": INDEX}                              changed argument INDEX it was given
    {"op": "batch", "name": NAME, "shared": [ARG, ...], "calls": [[ARG, ...], ...]}
        call NAME on the shared arguments (read once: the maze evaluation's game) followed by each
        argument list in turn: reply {"replies": [REPLY, ...]}, stopping after the first reply that
        is not a value.

Everything here runs in the student's process, so nothing here is trusted: the grader checks every
reply (minimax_lab.running.sandbox.Worker).
"""

from __future__ import annotations

import json
import os
import struct
import sys
from typing import Any, BinaryIO, Callable, Optional, Sequence

from .notebook_shim import install, run_cell
from .wire import MAX_DEPTH, Decoder, Json, WireError, encode

HEADER = struct.Struct(">I")
"""A frame's header: the length of its JSON body in bytes."""

MAX_FRAME = 16 * 1024 * 1024
"""Largest frame either side accepts (16 MiB)."""

TEXT_LIMIT = 2000
"""Most characters of a student's message a reply carries (the grader cuts a forged reply's text to it too)."""

Reply = dict[str, Json]
"""A reply to a request (listed above): a JSON object."""


def read_frame(stream: BinaryIO) -> Optional[Json]:
    """Return the next request, or None at the end of the stream."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    (length,) = HEADER.unpack(header)
    if length > MAX_FRAME:
        raise ValueError(f"a request of {length} bytes")
    request: Json = json.loads(stream.read(length).decode("utf-8"))
    return request


def write_frame(stream: BinaryIO, message: Json) -> None:
    """Write one reply."""
    body = json.dumps(message, allow_nan=False, separators=(",", ":")).encode("utf-8")
    stream.write(HEADER.pack(len(body)) + body)
    stream.flush()


def course_module(error: BaseException) -> Optional[str]:
    """Return the course module or name an ImportError was about ('minimax_lab.search.textbook'), or None."""
    if isinstance(error, ImportError):
        name = error.name or ""
        if name == "minimax_lab" or name.startswith("minimax_lab."):
            return name
    return None


def message(error: BaseException) -> str:
    """Return str(error), or a stand-in when the student's exception cannot say its message."""
    try:
        return str(error)
    except BaseException as failed:  # noqa: BLE001 - a student's __str__ may raise anything
        return f"<its message could not be shown: {type(failed).__name__}>"


def by_value(value: object, depth: int = 0) -> object:
    """Return `value` with numpy's numbers and arrays in it as Python's (np.int64(3) -> 3), as a
    notebook's check compares them; anything else as it is."""
    kind = type(value)
    if depth > MAX_DEPTH:
        return value
    if kind.__module__ == "numpy":
        tolist = getattr(value, "tolist", None)
        if callable(tolist):
            return tolist()
    if type(value) is list or type(value) is tuple:
        return type(value)(by_value(item, depth + 1) for item in value)
    if type(value) is dict:
        return {by_value(k, depth + 1): by_value(v, depth + 1) for k, v in value.items()}
    if type(value) is set or type(value) is frozenset:
        return type(value)(by_value(item, depth + 1) for item in value)
    return value


class Answers:
    """The student's namespace, and how one call of one of its functions goes."""

    def __init__(self) -> None:
        self.namespace: dict[str, object] = {"__name__": "__main__", "__builtins__": __builtins__}
        self.decode = Decoder()

    def load(self, prelude: str, cells: list[list[str]]) -> Reply:
        """Run the prelude and the answer cells; return the errors, a line per failing cell."""
        exec(compile(prelude, "<prelude>", "exec"), self.namespace)  # noqa: S102 - the grader's own source
        errors: list[Json] = []
        for label, source in cells:
            try:
                run_cell(source, label, self.namespace)
            except BaseException as error:  # noqa: BLE001 - whatever an answer cell does is reported
                errors.append(self.describe_load_error(label, error))
        return {"errors": errors}

    @staticmethod
    def describe_load_error(label: str, error: BaseException) -> str:
        course = course_module(error)
        if course is not None:
            return f"{label} uses the course's {course.removeprefix('minimax_lab.')}"
        where = f", line {error.lineno}" if isinstance(error, SyntaxError) and error.lineno else ""
        return f"{label}{where}: {type(error).__name__}: {message(error)}"

    def function(self, name: str) -> Optional[Callable[..., object]]:
        found = self.namespace.get(name)
        return found if callable(found) else None

    def call(self, name: str, args: list[Json], writes: list[int], read: Sequence[object] = ()) -> Reply:
        """Call the student's function `name` on the decoded `args`; return the reply. The first
        arguments may come decoded already (`read`: a batch's shared ones)."""
        function = self.function(name)
        if function is None and self.namespace.get(name) is not None:
            return {"unreadable": f"is not a function: the answer cells make it a value of type "
                                  f"{type(self.namespace[name]).__name__}"}
        if function is None:
            return {"missing": name}
        values = [*read, *(self.decode(arg) for arg in args[len(read):])]
        try:
            returned = function(*values)
        except NotImplementedError as error:
            return {"unanswered": message(error)}
        except BaseException as error:  # noqa: BLE001 - the student's error is the reply
            course = course_module(error)
            if course is not None:
                return {"course": course}
            return {"raised": [type(error).__name__, message(error)[:TEXT_LIMIT]]}
        try:
            reply: Reply = {"value": encode(by_value(returned))}
            reply["writes"] = {str(i): encode(values[i]) for i in writes if 0 <= i < len(values)}
            for index, (arg, value) in enumerate(zip(args, values)):
                if index not in writes and encode(value) != arg:
                    return {"changed": index}
        except WireError as error:
            return {"unreadable": f"returned {error}"}
        except (ValueError, RecursionError) as error:
            return {"unreadable": f"returned something that cannot be sent: {error}"}
        return reply

    def handle(self, request: Any) -> Reply:
        """Return the reply to a request of the grader's (as listed above: its fields are trusted)."""
        op = request.get("op")
        if op == "load":
            return self.load(request["prelude"], request["cells"])
        if op == "call":
            return self.call(request["name"], request["args"], request.get("writes", []))
        if op == "batch":
            replies: list[Json] = []
            shared: list[Json] = request.get("shared", [])
            read = [self.decode(arg) for arg in shared]
            for args in request["calls"]:
                reply = self.call(request["name"], shared + args, [], read)
                replies.append(reply)
                if "value" not in reply:
                    break
            return {"replies": replies}
        return {"error": f"unknown request {op!r}"}


def main() -> None:
    """Serve the grader's requests until it closes the pipe."""
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    sys.stdin = open(os.devnull)  # noqa: SIM115 - stays open for the process's life
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115
    install()
    answers = Answers()
    while True:
        try:
            request = read_frame(requests)
        except (ValueError, RecursionError):
            return
        if request is None:
            return
        try:
            reply = answers.handle(request)
        except (WireError, KeyError, TypeError, ValueError, RecursionError) as error:
            reply = {"error": f"{type(error).__name__}: {error}"}
        write_frame(replies, reply)


if __name__ == "__main__":
    main()
