"""The one checking core: the cases a student's function is tried on (tree_cases), the comparison
of an answer with the answer key (same, same_move), the smallest failing case (smallest_failure),
and the verdict of a lesson's "Your turn" exercise (check_answer, check_function). The lessons'
checks (checks.lesson*) and the assignments' checks (grading.assignment*) are both built on it;
an assignment's check reports its verdict by raising CheckFailed instead (grading.reports).

An exercise keeps the student's answer in a variable that starts as `...` (Ellipsis). A check
prints one verdict and returns it as a Verdict, so a lesson runs top to bottom unanswered:

- unanswered (`...`, or a function that still raises NotImplementedError): "Not answered yet: <hint>";
- right: "Correct: ...";
- wrong: "Not correct: ..." saying what is wrong; a function is tried on many trees and the
  smallest one it gets wrong is shown (and drawn, under IPython, when the check is given `show`).

A check never raises because of the student's answer: a function that raises is a verdict too.

>>> verdict = check_answer(..., 3, hint="back up the values from the leaves")
Not answered yet: back up the values from the leaves
>>> verdict.correct is None
True
>>> check_answer(3, 3, hint="", why="MAX takes the best of 3, 2 and 2.").correct
Correct: 3. MAX takes the best of 3, 2 and 2.
True
"""

from __future__ import annotations

import contextlib
import contextvars
import copy
import functools
import inspect
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational
from typing import (TYPE_CHECKING, Any, Callable, Generic, Iterable, Iterator, Mapping, Optional, ParamSpec, Sequence,
                    TypeGuard, TypeVar, cast)

from ..core.text import path_name, shown, value_text
from ..core.trees import Path, Tree, is_nan, is_number, random_trees, validate_tree
from ..games.protocol import TreeGame
from ..running.kernel import in_worker, record_cells

if TYPE_CHECKING:
    from ..running.guard import Outcome

T = TypeVar("T")
C = TypeVar("C")
"""The type of a check's cases (a Case, a tuple of arguments, a game's position)."""
Args = TypeVar("Args", bound=tuple[object, ...])
"""The arguments of one call of a student's function, as check_function's cases hold them."""
K = TypeVar("K")
"""The type of the wrong answers a check's `mistakes` names (a number, a move, a pair, a set of paths)."""
R = TypeVar("R")
"""The type of the right result of a student's function, as the reference computes it."""

REL_TOLERANCE = 1e-9
"""How close a float answer must be to a float answer key (0.1 + 0.2 counts as 0.3)."""

ABS_TOLERANCE = 1e-12
"""How close a float answer must be to an answer key of 0 (a sum of floats may miss it by a hair)."""


@dataclass(frozen=True)
class Verdict:
    """What a check said: `correct` is True, False, or None when the exercise is not answered yet;
    `text` is what it printed; `failing` holds the arguments of the smallest failing case, and
    `outcome` (a guard.Outcome) what the student's function returned or raised on it, so
    that a check can name the mistake without calling the function again."""

    correct: Optional[bool]
    text: str
    failing: Optional[tuple[object, ...]] = None
    outcome: Optional[Outcome] = None
    answer: str = ""
    """What a wrong verdict holds back on an exercise's first wrong try: the right answer and why."""

    def __str__(self) -> str:
        return self.text

    def _ipython_display_(self) -> None:
        """Show nothing in a notebook: the check has already printed the verdict."""


def verdict(correct: Optional[bool], text: str, failing: Optional[tuple[object, ...]] = None,
            outcome: Optional[Outcome] = None, answer: str = "") -> Verdict:
    """Print the verdict and return it. `text` says what is right or wrong without giving the
    answer away; a wrong verdict's `answer` (the right answer, and why) is held back on an
    exercise's first wrong try, where the student is told instead how to see it, and printed after
    `text` on a later wrong try (or outside an exercise, as in the assignments' reports)."""
    exercise = _EXERCISE.get()
    if correct is False and answer and exercise is not None and exercise.wrong_tries == 0:
        shown = _sentence(text, f"Try again, or see the answer with {exercise.answer_call}.")
    else:
        shown = _sentence(text, answer)
    print(shown)
    return Verdict(correct, shown, failing, outcome, answer)


# --- an exercise: hint first, the answer on the second wrong try or on request ---------------------

EXERCISE_KINDS = ("predict", "code", "check-yourself")
"""The kinds of exercise: predict a value (a Your turn question), write code, and the multiple-choice
or short questions of Check yourself. make course-stats counts them by kind."""

P = ParamSpec("P")


class Exercise(Generic[P]):
    """A lesson's check of one exercise, which remembers the student's wrong tries: the first wrong
    try gets a hint about the mistake, a later one (or `answer()`) the answer as well.

    >>> @exercise("predict")
    ... def value_of_the_root(answer):
    ...     return check_answer(answer, 3, hint="back up the values", why="MAX takes the best of 3, 2 and 2.")
    >>> value_of_the_root(2).correct
    Not correct: you said 2. Try again, or see the answer with check.value_of_the_root.answer().
    False
    >>> value_of_the_root.answer()
    The answer is 3. MAX takes the best of 3, 2 and 2.
    >>> value_of_the_root(14).text
    Not correct: you said 14. The answer is 3. MAX takes the best of 3, 2 and 2.
    'Not correct: you said 14. The answer is 3. MAX takes the best of 3, 2 and 2.'
    """

    def __init__(self, check: Callable[P, Verdict], kind: str, prelude: Optional[str] = None):
        if kind not in EXERCISE_KINDS:
            raise ValueError(f"an exercise's kind is one of {', '.join(EXERCISE_KINDS)}, got {shown(kind)}")
        functools.update_wrapper(self, check)
        self.check, self.kind = check, kind
        self.prelude = prelude
        """For a code exercise whose answer runs in the grader's worker when checked in a notebook
        (running.kernel.in_worker): what the worker runs first, the names the lesson gives the
        answer, from the lessons' kit. None: the check calls the answer in the kernel, through the guard."""
        self.wrong_tries = 0
        self.held_back = ""

    @property
    def answer_call(self) -> str:
        """What a student types to see the answer, as the lesson imports its checks (`check`)."""
        return f"check.{self.check.__name__}.answer()"

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> Verdict:
        token = _EXERCISE.set(self)
        try:
            if self.prelude is None:
                result = self.check(*args, **kwargs)
            else:
                with in_worker(args, self.prelude) as given:  # the same arguments, or RemoteFunctions for them
                    result = self.check(*given, **kwargs)  # type: ignore[arg-type]  # a tuple, not P.args
        finally:
            _EXERCISE.reset(token)
        if result.correct is False and result.answer:
            self.wrong_tries += 1
            self.held_back = result.answer
        return result

    def forget(self) -> None:
        """Forget the wrong tries, as a fresh kernel would (tests start each exercise afresh)."""
        self.wrong_tries, self.held_back = 0, ""

    def answer(self) -> None:
        """Print the answer held back from the last wrong try."""
        print(self.held_back or "Run the check with your answer first: after a wrong try, this shows "
                                "the right answer for it.")

    def __repr__(self) -> str:
        return f"<{self.kind} exercise {self.check.__name__}>"


def exercise(kind: str, *, prelude: Optional[str] = None) -> Callable[[Callable[P, Verdict]], Exercise[P]]:
    """Return a decorator that makes a check function an Exercise of `kind` (EXERCISE_KINDS); a code
    exercise given a `prelude` runs the student's function in the grader's worker where it can
    (Exercise.prelude)."""
    if kind not in EXERCISE_KINDS:
        raise ValueError(f"an exercise's kind is one of {', '.join(EXERCISE_KINDS)}, got {shown(kind)}")
    if prelude is not None and kind != "code":
        raise ValueError(f"only a code exercise runs in a worker, not a {kind} exercise")
    return lambda check: Exercise(check, kind, prelude)


_EXERCISE: contextvars.ContextVar[Optional[Exercise[...]]] = contextvars.ContextVar("exercise", default=None)
"""The exercise whose check is running (set by Exercise.__call__ for the length of the call)."""


def unanswered(hint: str) -> Verdict:
    """Print and return the verdict of an exercise not answered yet."""
    return verdict(None, f"Not answered yet: {hint}".rstrip(": "))


# --- predict, then check -------------------------------------------------------------------------

def check_answer(answer: object, expected: object, *, hint: str, why: str = "",
                 mistakes: Optional[Mapping[K, str]] = None, note: str = "",
                 show: Optional[Callable[[], object]] = None) -> Verdict:
    """Return (and print) the verdict on a predicted answer: a value, a move, a node count, a
    tuple such as (α, β), a word (case and spaces ignored), or a set of paths (tuples, or text
    like '[1][1], [1][2]'; the set is compared as a set).

    `why` explains the answer: it follows "Correct", and on a wrong answer it is held back with the
    answer until the exercise's second wrong try (Exercise). `mistakes` maps typical wrong answers to
    a hint about what the student probably did (a hint, never the answer), `note` is a hint for
    this wrong answer (such as which moves there are), and `show()` returns a
    drawing displayed (under IPython) when the answer is wrong.

    >>> check_answer({(1, 2)}, {(1, 1), (1, 2)}, hint="").text
    Not correct: you said [1][2]. 1 more belongs in the answer. The answer is [1][1], [1][2].
    'Not correct: you said [1][2]. 1 more belongs in the answer. The answer is [1][1], [1][2].'
    """
    if answer is Ellipsis:
        return unanswered(hint)
    if isinstance(expected, (set, frozenset)):
        return _check_set(answer, expected, why, mistakes, show)
    if same(answer, expected):
        return verdict(True, _sentence("Correct:", f"{answer_text(expected)}.", why))
    display_in_notebook(show() if show is not None else None)
    kind = _kind_mismatch(answer, expected)
    return verdict(False, _sentence("Not correct:", f"you said {answer_text(answer)}.", kind,
                                    _known_mistake(answer, mistakes), note),
                   answer=_sentence(f"The answer is {answer_text(expected)}.", why))


def choice(answer: object, right: str, *, hint: str, why: str, mistakes: Mapping[str, str]) -> Verdict:
    """Return (and print) the verdict on a multiple-choice answer: a letter among `right` and the
    keys of `mistakes` ('b', 'B', '(b)' and 'b)' all read as b). `mistakes` gives each wrong letter a
    hint (never the right letter or its explanation); `why` explains the right one, shown with
    "Correct" or with the answer after the second wrong try. Anything but one of the letters is
    told how to answer, and is not counted as a try.

    >>> choice("(B)", "b", hint="", why="Because.", mistakes={"a": "Not quite."}).correct
    Correct: 'b'. Because.
    True
    """
    letters = sorted({right, *mistakes})
    letter = answer.strip().strip("().").strip().casefold() if type(answer) is str else None
    if answer is Ellipsis:
        return unanswered(hint)
    if letter not in letters:
        return verdict(False, _sentence(f"Not correct: you said {answer_text(answer)}.", text_trouble(answer),
                                        f"Answer with one of the letters {', '.join(letters[:-1])} or "
                                        f"{letters[-1]}, in quotes."))
    return check_answer(letter, right, hint=hint, why=why, mistakes=mistakes)


def same(answer: object, expected: object) -> bool:
    """Return True when `answer` matches `expected` by exact type and value, never asking the
    answer's own == (a class of one's own may say anything): numbers by value (plain numbers only,
    so not bools, NaN, or an int of a class of its own; whole numbers and fractions exactly, floats
    to REL_TOLERANCE, or ABS_TOLERANCE near 0), words (plain str only) ignoring case and surrounding
    spaces, tuples and lists element by element and sets as sets (their items read as the built-in
    type holds them, each compared by `same`), anything else by == on objects of the same type.

    >>> same(0.1 + 0.2, 0.3), same(True, 1), same(" MAX", "max"), same([3, 2.0], (3, 2))
    (True, False, True, True)
    >>> class Agreeable(int):
    ...     def __eq__(self, other): return True
    ...     __hash__ = int.__hash__
    >>> same(Agreeable(3), 3), same((Agreeable(3),), (3,)), same({Agreeable(3)}, {3})
    (False, False, False)
    """
    wanted = plain_real(expected)
    if wanted is not None:
        number = plain_real(answer)
        if number is None:
            return False
        if isinstance(number, Rational) and isinstance(wanted, Rational):
            return bool(number == wanted)
        try:
            return math.isclose(number, wanted, rel_tol=REL_TOLERANCE, abs_tol=ABS_TOLERANCE)
        except OverflowError:  # a whole number beyond any float (10**400) equals no float
            return False
    if isinstance(expected, str):
        return type(answer) is str and answer.strip().casefold() == expected.strip().casefold()
    if isinstance(expected, (tuple, list)):
        given = held_items(answer, (tuple, list))
        return (given is not None and len(given) == len(expected)
                and all(same(a, e) for a, e in zip(given, expected)))
    if isinstance(expected, (set, frozenset)):
        given = held_items(answer, (set, frozenset))
        return given is not None and same_set(given, list(expected))
    return type(answer) is type(expected) and bool(answer == expected)


def held_items(answer: object, kinds: tuple[type, ...]) -> Optional[list[object]]:
    """Return the items `answer` holds if it is one of the collection types `kinds` (tuple, list,
    set or frozenset), read with the built-in type's own iteration, so that a class of one's own
    cannot change what it says it holds; else None."""
    kind = next((kind for kind in kinds if isinstance(answer, kind)), None)
    return None if kind is None else list(_BUILT_IN_ITERATION[kind](answer))


_BUILT_IN_ITERATION: dict[type, Callable[[Any], Iterator[object]]] = {
    tuple: tuple.__iter__, list: list.__iter__, set: set.__iter__, frozenset: frozenset.__iter__}
"""How each collection type an answer may be is read: by the built-in type's own iteration."""


def same_set(given: Sequence[object], expected: Sequence[object]) -> bool:
    """Return True when the distinct items of `given` and `expected` match one to one by `same`
    (as sets, at once, when all are plain ints or paths of them, whose == is exact)."""
    if all(map(_plain_key, given)) and all(map(_plain_key, expected)):
        return set(given) == set(expected)
    return (all(any(same(item, want) for want in expected) for item in given)
            and all(any(same(item, want) for item in given) for want in expected))


def _plain_key(item: object) -> bool:
    """Return True for a plain int or a tuple of plain ints (a path): items a set compares exactly."""
    return type(item) is int or (type(item) is tuple and all(type(i) is int for i in item))


def plain_number(x: object) -> bool:
    """Return True for a number a check can compare: an int, float or Fraction, or a numpy number;
    not a bool, not NaN, and not an instance of a class of one's own (whose == could say anything)."""
    trusted = type(x) in (int, float, Fraction) or type(x).__module__ == "numpy"
    return trusted and is_number(x) and not is_nan(x)


def plain_real(x: object) -> Optional[float]:
    """Return `x` when it is a number a check can compare (plain_number), else None. It is typed
    float, as the package types a value: an int, a Fraction or a numpy number acts as one."""
    return cast(float, x) if plain_number(x) else None


def plain_sequence(x: object, length: Optional[int] = None) -> Optional[Sequence[object]]:
    """Return `x` when it is a plain tuple or list (not of a class of its own, whose len or items
    could say anything), of `length` items when a length is given; else None.

    >>> plain_sequence((3, 2), 2), plain_sequence([3], 2), plain_sequence("32")
    ((3, 2), None, None)
    """
    if (type(x) is tuple or type(x) is list) and (length is None or len(x) == length):
        return x
    return None


def number_trouble(x: object) -> str:
    """Return why `x` is no number a check can compare (plain_number is False): 'not a number
    (NaN)', 'a bool', or the class it is of.

    >>> number_trouble(float("nan")), number_trouble(True), number_trouble("3")
    ('not a number (NaN)', 'a bool', 'of the class str, not a number')
    """
    if isinstance(x, bool):
        return "a bool"
    if is_number(x) and is_nan(x):
        return "not a number (NaN)"
    if is_number(x):
        return f"of the class {type(x).__name__}, not a plain int or float"
    return f"of the class {type(x).__name__}, not a number"


def text_trouble(x: object) -> str:
    """Return a sentence when `x` is text of a class of its own (whose == or strip could say
    anything), which no check reads as text; else ''."""
    if isinstance(x, str) and type(x) is not str:
        return f"Your answer is of the class {type(x).__name__}, not a plain str: write the text itself, in quotes."
    return ""


def same_move(move: object, actions: Sequence[object]) -> bool:
    """Return True when `move` is one of `actions`, of the same type: numpy's 1 or the string '1'
    is not the move 1 (a wrong answer, reported like any other)."""
    return any(type(move) is type(action) and move == action for action in actions)


def _check_set(answer: object, expected: set[object] | frozenset[object], why: str, mistakes: Optional[Mapping[K, str]],
               show: Optional[Callable[[], object]]) -> Verdict:
    """Return the verdict on a set answer, naming what is missing and what should not be there."""
    paths = all(_is_path(item) for item in expected)
    try:
        given = set(read_paths(answer)) if paths else set(_collection(answer))
    except (TypeError, ValueError) as error:
        kind = "a set of paths like {(1, 1), (1, 2)} or text like '[1][1], [1][2]'" if paths else "a set"
        return verdict(False, f"Not correct: {error}. Write your answer as {kind}.")
    if same_set(list(given), list(expected)):
        return verdict(True, _sentence("Correct:", f"{answer_text(given)}.", why))
    display_in_notebook(show() if show is not None else None)
    missing = [want for want in expected if not any(same(item, want) for item in given)]
    extra = [item for item in given if not any(same(item, want) for want in expected)]
    parts = [f"you said {answer_text(given)}." if given else "you said none."]
    if extra:
        parts.append(f"{len(extra)} of {'them does' if len(extra) == 1 else 'them do'} not belong in the answer."
                     if len(given) > 1 else "It does not belong in the answer.")
    if missing:
        parts.append(f"{len(missing)} more {'belongs' if len(missing) == 1 else 'belong'} in the answer.")
    parts += [_odd_item(given), _known_mistake(frozenset(given), mistakes)]
    return verdict(False, _sentence("Not correct:", *parts),
                   answer=_sentence(f"The answer is {answer_text(set(expected))}.", why))


def _collection(answer: object) -> list[object]:
    """Return the items of `answer` if it is a set, list or tuple (see held_items); raise TypeError otherwise."""
    items = held_items(answer, (set, frozenset, list, tuple))
    if items is None:
        raise TypeError(f"you said {shown(answer)}, which is not a set")
    return items


def _known_mistake(answer: object, mistakes: Optional[Mapping[K, str]]) -> str:
    """Return what `mistakes` says about this wrong answer, or ''."""
    for wrong, explanation in (mistakes or {}).items():
        if same(answer, wrong):
            return explanation
    return ""


def _kind_mismatch(answer: object, expected: object) -> str:
    """Return a sentence when the answer is not even the right kind of thing, else ''."""
    if plain_number(expected) and not plain_number(answer):
        return ("The answer is a number." if not is_number(answer) or isinstance(answer, bool) else
                f"Your answer is {number_trouble(answer)}: write the number itself.")
    if isinstance(expected, str) and type(answer) is not str:
        return text_trouble(answer) or "The answer is text, in quotes."
    if isinstance(expected, (tuple, list)) and len(held_items(answer, (tuple, list)) or ()) != len(expected):
        return f"The answer is a tuple of {len(expected)}."
    if isinstance(expected, (tuple, list, set, frozenset)):
        return _odd_item(held_items(answer, (tuple, list, set, frozenset)) or [])
    return ""


def _odd_item(items: Iterable[object]) -> str:
    """Return a sentence naming the first of `items` that is a number of a class of its own, else ''."""
    odd = next((item for item in items if is_number(item) and not plain_number(item)), None)
    return "" if odd is None else f"Your answer holds {shown(odd)}, {number_trouble(odd)}."


def _sentence(*parts: str) -> str:
    """Join the non-empty parts with spaces."""
    return " ".join(part for part in parts if part)


def answer_text(answer: object) -> str:
    """Return an answer as a lesson writes it: numbers by value_text, tuples element by element,
    sets of paths as '[1][1], [1][2]' (left to right), anything else by repr."""
    if plain_number(answer):
        return value_text(answer)
    if isinstance(answer, (set, frozenset)):
        held = held_items(answer, (set, frozenset)) or []
        items = sorted(held, key=lambda item: (0, item) if _is_path(item) else (1, shown(item)))
        return ", ".join(path_name(item) if _is_path(item) else answer_text(item) for item in items) or "none"
    if isinstance(answer, tuple):
        held = held_items(answer, (tuple,)) or []
        return "(" + ", ".join(answer_text(item) for item in held) + ("," if len(held) == 1 else "") + ")"
    return shown(answer)


def returned_text(value: object) -> str:
    """Return what a student's function returned as a verdict writes it: answer_text, and for a
    number of a class of its own (whose == could say anything) which class it is.

    >>> class Agreeable(int):
    ...     def __eq__(self, other): return True
    ...     __hash__ = int.__hash__
    >>> returned_text(Agreeable(3)), returned_text(3)
    ('3 (of the class Agreeable, not a plain int or float)', '3')
    """
    text = answer_text(value)
    if is_number(value) and not plain_number(value) and not is_nan(value):
        return f"{text} ({number_trouble(value)})"
    return text


def error_text(error: BaseException) -> str:
    """Return str(error), or a stand-in when the error's own __str__ raises."""
    try:
        return str(error)
    except Exception as failed:  # noqa: BLE001 - a student's exception may define __str__ as it likes
        return f"<its message could not be shown: {type(failed).__name__}>"


def _is_path(x: object) -> TypeGuard[Path]:
    return isinstance(x, tuple) and all(type(i) is int and i >= 0 for i in x)


# --- paths and numbers typed by the student --------------------------------------------------------------------

_ONE_PATH = re.compile(r"(?:\[\s*\d+\s*\])+|root")
_SEPARATORS = re.compile(r"[\s,;]+")


def read_paths(answer: object) -> list[Path]:
    """Return the paths in an answer: text like '[1][1], [1][2]' ('root' for the root), or an
    iterable of such strings or of tuples of child indices. Raise ValueError naming what is unreadable.

    >>> read_paths("[1][1], [1][2]"), read_paths([(0,), "root"])
    ([(1, 1), (1, 2)], [(0,), ()])
    """
    if isinstance(answer, str):
        if type(answer) is not str:
            raise TypeError(f"{shown(answer)} is of the class {type(answer).__name__}, not a plain str")
        text = answer.strip()
        return [_read_one_path(token, answer) for token in _SEPARATORS.split(text) if token] if text else []
    if not isinstance(answer, Iterable) or isinstance(answer, (bytes, Mapping)):
        raise TypeError(f"{shown(answer)} is not a collection of paths")
    paths = []
    for item in answer:
        if type(item) is str:
            paths.append(_read_one_path(item.strip(), item))
        elif isinstance(item, (tuple, list)) and _is_path(tuple(item)):
            paths.append(tuple(item))
        else:
            raise ValueError(f"{shown(item)} is not a path (a tuple of child indices like (1, 0), or '[1][0]')")
    return paths


def read_number(value: object) -> Optional[float]:
    """Return the number a value or a typed text stands for ('−3' and '3.0' included), or None.

    >>> read_number(" −3 "), read_number("2.5"), read_number(True), read_number("x")
    (-3, 2.5, None, None)
    """
    if type(value) is str:  # plain text: a class of its own could make strip() say anything
        text = value.strip().replace("−", "-")
        try:  # a whole number exactly, however long (10**400 typed out is not +inf)
            value = int(text)
        except ValueError:
            try:
                number = float(text)
            except ValueError:
                return None
            if math.isinf(number) and "inf" not in text.casefold():  # '1e400': beyond any float, not infinite
                return None
            value = int(number) if number.is_integer() else number
    return plain_real(value)


def _read_one_path(token: str, whole: str) -> Path:
    """Return the path a token like '[1][0]' names; raise ValueError quoting `whole` otherwise."""
    token = token.strip()
    if not _ONE_PATH.fullmatch(token):
        raise ValueError(f"{shown(token)} in {shown(whole)} is not a path like [1][0]" if token != whole
                         else f"{shown(token)} is not a path like [1][0]")
    return tuple(int(i) for i in re.findall(r"\d+", token))


# --- the cases a function is tried on ------------------------------------------------------------

FIG_5_2: list[list[int]] = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""AIMA 4th ed. Fig. 5.2: the first tree every function is tried on."""

TEXTBOOK_TREES: dict[str, Tree] = {
    "AIMA Fig. 5.2": FIG_5_2,
    "the tutorial tree": [[[3, 5], [2, 9]], [[1, 7], [4, 6]]],
    "the ragged tree": [3, [[3, 5], [2, 9]]],
}
"""The fixed trees the tree cases start with: AIMA 4th ed. Fig. 5.2 (value 3), the introductory
tutorial's three-ply tree (value 6) and a ragged tree with a leaf beside a subtree (value 5)."""

RANDOM_TREES = 100
"""Random trees an assignment's tree check tries; each is searched with MAX and with MIN at the root."""

LESSON_TREES = 40
"""Random trees a lesson's function exercise tries, after AIMA Fig. 5.2 (the first 40 of the
assignments' RANDOM_TREES)."""

SHAPES = ((2, 6), (3, 4), (4, 3))
"""(branching, greatest depth) of the random trees: at most 127 nodes, small enough to draw."""

LEAF_RANGES = ((-9, 9), (-2, 2), (-20, -1), (1, 20))
"""Leaf ranges of the random trees, in turn: mixed signs, many ties, all negative, all positive."""

SIDES = ("MAX", "MIN")
"""The players who may move at the root of a tree case."""

CASE_SEED: contextvars.ContextVar[int] = contextvars.ContextVar("CASE_SEED", default=0)
"""The seed of the random cases when a check does not name one: 0 in a student's notebook (so the
stored outputs stay the same), the grading run's own seed while `make grade` grades (seeded)."""


@contextlib.contextmanager
def seeded(seed: int) -> Iterator[None]:
    """Draw the random cases of the checks run in this block from `seed`."""
    token = CASE_SEED.set(seed)
    try:
        yield
    finally:
        CASE_SEED.reset(token)


@dataclass(frozen=True)
class Case:
    """A nested-list tree to search, named, with the player who moves at its root."""

    name: str
    tree: Tree
    first: str = "MAX"

    @property
    def game(self) -> TreeGame:
        """Return the tree as a TreeGame with `first` to move at the root."""
        return TreeGame(self.tree, first=self.first)

    @property
    def maximizing(self) -> bool:
        """Return True when MAX moves at the root."""
        return self.first == "MAX"

    @property
    def color(self) -> int:
        """Return negamax's color of the root: +1 when MAX moves there, -1 when MIN does."""
        return 1 if self.first == "MAX" else -1

    @property
    def size(self) -> int:
        """Return the number of nodes of the tree."""
        return len(validate_tree(self.tree))

    def title(self) -> str:
        """Return the case's name and who moves at the root, as a failure report shows them."""
        return f"{self.name}, {self.first} to move at the root"


def tree_cases(count: int = RANDOM_TREES, *, seed: Optional[int] = None,
               textbook: Sequence[str] = tuple(TEXTBOOK_TREES), sides: Sequence[str] = SIDES) -> list[Case]:
    """Return the `textbook` trees (names in TEXTBOOK_TREES), then `count` random ones (random_trees
    with SHAPES and LEAF_RANGES, drawn from `seed`, default CASE_SEED), each with every player of
    `sides` to move at the root in turn.

    >>> [case.title() for case in tree_cases(1, textbook=["AIMA Fig. 5.2"], sides=["MIN"])]
    ['AIMA Fig. 5.2, MIN to move at the root', 'random tree #0, MIN to move at the root']
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"tree_cases: count is a whole number >= 0, got {shown(count)}")
    if (isinstance(textbook, str) or not isinstance(textbook, Sequence)
            or any(not isinstance(name, str) or name not in TEXTBOOK_TREES for name in textbook)):
        raise ValueError(f"tree_cases: textbook is a sequence of names in TEXTBOOK_TREES "
                         f"({', '.join(TEXTBOOK_TREES)}), got {shown(textbook)}")
    if (isinstance(sides, str) or not isinstance(sides, Sequence) or not sides
            or any(not isinstance(side, str) or side not in SIDES for side in sides)):
        raise ValueError(f"tree_cases: sides is a sequence of 'MAX' and 'MIN', got {shown(sides)}")
    seed = CASE_SEED.get() if seed is None else seed
    named = [(name, TEXTBOOK_TREES[name]) for name in textbook]
    randoms = random_trees(count, shapes=SHAPES, leaf_ranges=LEAF_RANGES, seed=seed)
    named += [(f"random tree #{i}", tree) for i, tree in enumerate(randoms)]
    return [Case(name, tree, first) for name, tree in named for first in sides]


def lesson_cases(sides: Sequence[str] = ("MAX",)) -> list[Case]:
    """Return the cases of a lesson's function exercise: AIMA Fig. 5.2, then LESSON_TREES random
    trees, each with every player of `sides` to move at the root."""
    return tree_cases(LESSON_TREES, textbook=("AIMA Fig. 5.2",), sides=sides)


# --- the smallest failing case ---------------------------------------------------------------------

def case_size(case: object) -> int:
    """Return how big a case is, to show the smallest failure: a Case's nodes; for a tuple of
    arguments, the nodes of each tree among them and 1 for each other argument (the length of its
    text, for something that is not a tree); 0 for anything else."""
    if isinstance(case, Case):
        return case.size
    if not isinstance(case, tuple):
        return 0
    total = 0
    for argument in case:
        try:
            total += len(validate_tree(argument)) if isinstance(argument, (list, tuple)) else 1
        except (TypeError, ValueError):
            total += len(repr(argument))
    return total


def smallest_failure(failures: Sequence[T], case_of: Callable[[T], C],
                     size: Callable[[C], int] = case_size) -> T:
    """Return the failure whose case, case_of(failure), is the smallest by `size`; the first of
    equals, so cases listed smallest first need no size. Raise ValueError when there is none."""
    if not failures:
        raise ValueError("smallest_failure needs at least one failure")
    return min(failures, key=lambda failure: size(case_of(failure)))


# --- write a little code ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Failure:
    """One case a student's function got wrong, as every check reports it (a lesson's verdict or an
    assignment's report): the case, the call as text, the right result and what came back (as
    text), the search whose values draw the case (or None), and how the call went: the exception it
    raised (`error`) or the guard's Outcome (`outcome`)."""

    case: object
    call: str
    expected: str
    returned: str
    algorithm: Optional[str] = None
    error: Optional[BaseException] = None
    outcome: Optional[Outcome] = None

    def said(self) -> str:
        """Return what the function did, as a lesson's verdict says it (without the right result)."""
        if self.error is not None:
            message = error_text(self.error)
            detail = f" ({message})" if message else ""
            return f"your function raised {type(self.error).__name__}{detail} on {self.call}"
        return f"{self.call} returned {self.returned}"


def check_function(student: object, reference: Callable[..., R], cases: Sequence[Args], *, hint: str,
                   show: Optional[Callable[..., object]] = None,
                   compare: Callable[[object, R], bool] = same,
                   explain: Optional[Callable[..., str]] = None,
                   size: Callable[[Args], int] = case_size, timed_out: str = "") -> Verdict:
    """Return (and print) the verdict on a student's function: it is called on every case (a tuple
    of arguments) and its result compared with reference(*case) by `compare`.

    Each call runs under the guard (guard.call_each, in a child process): on copies of the
    arguments, within a time limit, with the package's own searches forbidden. A call that times
    out, uses a package search or changes its arguments ends the check with that said. When the
    function is wrong on some cases the smallest of them is reported (by `size`: trees by node count), and
    show(*case) returns a drawing of it, displayed under IPython. explain(outcome, *case) returns a
    hint about what the function probably did there ('' if it cannot tell); the right result is
    held back until the exercise's second wrong try. `timed_out` is a hint added when a call times
    out (what most often makes such a function run forever).

    >>> def min_value(tree):
    ...     return tree if isinstance(tree, int) else max(min_value(child) for child in tree)
    >>> check_function(min_value, lambda tree: min(tree), [([3, 1],), ([2],)], hint="").failing
    Not correct: min_value([3, 1]) returned 3 (wrong on 1 of 2 cases; this is the smallest). The ...
    ([3, 1],)
    """
    from ..running.guard import Outcome, TimedOut, call_each

    if student is Ellipsis:
        return unanswered(hint)
    if not callable(student):
        return verdict(False, f"Not correct: the answer should be a function, but it is {shown(student)}.")
    if not cases:
        raise ValueError("check_function needs at least one case")
    name = str(getattr(student, "__name__", "your function"))
    failures: list[tuple[Args, Failure]] = []
    calls = call_each(student, cases, name=name)  # in a process of its own: a time limit stops anything
    for index, case in enumerate(cases):
        want = reference(*copy.deepcopy(case))
        call, expected = _call(name, case), answer_text(want)
        try:
            outcome = calls.next()
        except NotImplementedError as error:
            if index == 0:
                return unanswered(hint)
            failures.append((case, Failure(case, call, expected, "", error=error, outcome=Outcome(error=error))))
            continue
        if isinstance(outcome.error, TimedOut):
            return _failed(f"{outcome.problem}, on {call}", case, outcome, show, mistake=timed_out)
        if outcome.problem is not None:  # it used a package search, or changed its arguments
            return _failed(outcome.problem, case, outcome, show)
        if outcome.error is not None:
            failures.append((case, Failure(case, call, expected, "", error=outcome.error, outcome=outcome)))
        elif not _agrees(compare, outcome.value, want):
            failures.append((case, Failure(case, call, expected, returned_text(outcome.value), outcome=outcome)))
    if not failures:
        return verdict(True, f"Correct: {name} gives the right result on all {len(cases)} cases.")
    case, smallest = smallest_failure(failures, lambda failure: failure[0], size)
    count = (f"wrong on {len(failures)} of {len(cases)} cases; this is the smallest"
             if len(failures) > 1 or len(cases) > 1 else "")
    mistake = _hint(explain, smallest.outcome, case)
    right = "" if smallest.error is not None else f"The right result is {smallest.expected}."
    return _failed(smallest.said() + (f" ({count})" if count else ""), case, smallest.outcome, show,
                   mistake=mistake, answer=right)


def _failed(text: str, case: tuple[object, ...], outcome: Optional[Outcome], show: Optional[Callable[..., object]], *,
            mistake: str = "", answer: str = "") -> Verdict:
    """Print and return the verdict 'Not correct: <text>. <mistake>' on `case`, where the student's
    function went as `outcome` says, holding back `answer` on a first wrong try; display show(*case)
    under IPython."""
    if show is not None:
        display_in_notebook(_drawing(show, case))
    return verdict(False, _sentence(f"Not correct: {text}.", mistake), case, outcome, answer)


def _agrees(compare: Callable[[object, R], bool], value: object, want: R) -> bool:
    """Return compare(value, want), False when comparing what the student returned raises (a
    numpy array's truth value, an unhashable move): a wrong result, not an error of the check."""
    try:
        return bool(compare(value, want))
    except Exception:  # noqa: BLE001 - what a student's function returns may break any comparison
        return False


def _hint(explain: Optional[Callable[..., str]], outcome: Optional[Outcome], case: tuple[object, ...]) -> str:
    """Return explain(outcome, *case), or '' when there is no explain or it cannot read what the
    student's function returned (the verdict still says what came back)."""
    if explain is None:
        return ""
    try:
        return explain(outcome, *case)
    except Exception:  # noqa: BLE001 - a hint about a strange value is left out, not raised
        return ""


def _call(name: str, case: tuple[object, ...]) -> str:
    return f"{name}({', '.join(repr(argument) for argument in case)})"


def _drawing(show: Callable[..., object], case: tuple[object, ...]) -> object:
    """Return show(*case), or None when it cannot draw this case."""
    try:
        return show(*copy.deepcopy(case))
    except (TypeError, ValueError):
        return None


def display_in_notebook(thing: object) -> None:
    """Display `thing` when running under IPython (and `thing` is not None)."""
    if thing is None:
        return
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:
        return
    if get_ipython() is not None:
        display(thing)


# --- where a code exercise's answer runs ------------------------------------------------------------

LESSON_PRELUDE = ("import math\nfrom math import inf\n\nfrom minimax_lab import Chance\n"
                  "from minimax_lab.core.trees import is_leaf\n"
                  "from minimax_lab.games.tictactoe import LINES, LINES_THROUGH\n\nINF = math.inf\n")
"""What the grader's worker runs before a lesson's answer (Exercise.prelude): the names the lessons'
first cells give their answers (the tree helpers, tic-tac-toe's lines, chance nodes), from the lessons'
kit (running.sandbox.LESSON_KIT_MODULES)."""

CONNECT_FOUR_PRELUDE = (LESSON_PRELUDE + "\nfrom minimax_lab import ConnectFour\n"
                        "from minimax_lab.heuristics.connect_four_evaluation import (WEIGHTS, LinearEvaluation,\n"
                        "                                                            features)\n\nc4 = ConnectFour()\n")
"""LESSON_PRELUDE and what lessons 11 and 12 give an answer about Connect Four: the game as `c4`, with
its evaluation, and the evaluation's features and weights (from the lessons' kit, which has them)."""

HELPER_IMPORTS = ("from __future__ import annotations\n\nimport random\nfrom dataclasses import dataclass, field\n"
                  "from fractions import Fraction\nfrom math import log, sqrt\nfrom typing import Any, Optional\n\n"
                  "from minimax_lab.games.protocol import Game\n\n")
"""What the source of the course's plain helpers (search.plain) needs, and the imports a lesson that
hands them to its answer gives it (lesson_prelude)."""


def lesson_prelude(*helpers: Callable[..., object]) -> str:
    """Return the worker's prelude of a lesson that hands its answer some of the course's plain
    helpers (search.plain's reachable, MCTSNode, simulate, and lesson 14's minimax_value: short code
    the lesson prints, no evaluation): LESSON_PRELUDE, then the helpers' own source."""
    return HELPER_IMPORTS + LESSON_PRELUDE + "\n\n" + "\n\n".join(inspect.getsource(helper) for helper in helpers)


record_cells()  # in a kernel: the cells a code exercise's check hands the worker (running.kernel)
