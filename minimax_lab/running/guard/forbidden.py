"""Forbidding the package's own searches while a student's function runs, so that a check's verdict
is about the student's code: the code object of every function named in FORBIDDEN (and of every
method of a class named there) is swapped for one that raises PackageSearchUsed; the function
objects stay the same, so the swap is seen however the student reached them (`minimax_lab.minimax`,
`from minimax_lab.search import minimax`, an alias bound before the check). Functions in the
student's globals, closure and defaults that share a forbidden code object (a copy made with
`types.FunctionType`, or an oracle's inner function such as the one `exact_order` returns) are
swapped too. Every swap is undone when the call returns. Swapping costs some tens of microseconds
per call (`make bench` measures it); the student's code runs at full speed."""

from __future__ import annotations

import sys
import threading
import types
from types import MappingProxyType
from typing import Any, Callable, Iterator, Mapping, Optional, TypeVar

from .problems import PackageSearchUsed

R = TypeVar("R")

FORBIDDEN: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "minimax_lab.search.textbook": ("minimax", "negamax", "alphabeta", "Search"),
    "minimax_lab.search.plain": ("alphabeta_search", "ab_max_value", "ab_min_value",
                                 "monte_carlo_tree_search", "select", "ucb1", "expand", "back_propagate",
                                 "retrograde", "backed_up", "h_minimax", "averaging_over_clairvoyance"),
    "minimax_lab.search.imperfect": ("averaging_over_clairvoyance", "belief_values", "payoff_vectors",
                                     "clairvoyant_values"),
    "minimax_lab.checks.imperfect_information": ("mistaken_clairvoyance",),
    "minimax_lab.checks.alpha_beta": ("mistaken_alphabeta", "_mistaken_value", "examined_by_alphabeta"),
    "minimax_lab.search.solve": ("solve", "solve_order"),
    "minimax_lab.search.retrograde": ("tablebase", "backed_up", "Tablebase"),
    "minimax_lab.checks.solving_games": ("retrograde_reference",),
    "minimax_lab.checks.tic_tac_toe": ("reference_winner",),
    "minimax_lab.checks.horizon": ("mistaken_h_negamax", "search_reference"),
    "minimax_lab.checks.several_players_and_chance": ("mistaken_maze_value",),
    "minimax_lab.checks.chance": ("mistaken_value",),
    "minimax_lab.search.agents": ("agents_search", "agents_alphabeta"),
    "minimax_lab.search.ordering": ("best_first", "worst_first", "exact_values", "exact_order", "iterative_deepening"),
    "minimax_lab.core.trace": ("Trace", "bounds_of", "cutoff_reasons", "describe", "Narrator"),
    "minimax_lab.search.chance": ("expectiminimax",),
    "minimax_lab.search.maxn": ("maxn",),
    "minimax_lab.search.mcts": ("ucb1", "uct"),
    "minimax_lab.checks.monte_carlo_tree_search": ("mcts_reference", "mistaken_mcts", "mistaken_ucb1"),
    "minimax_lab.search.forward": ("Beam", "beam_search"),
    "minimax_lab.analysis.players": ("perfect_player", "reference_player"),
    "minimax_lab.analysis.experiments": ("minimal_nodes", "measure", "node_counts"),
    "minimax_lab.checks.practice.base": ("Practice",),
    "minimax_lab.checks.practice.trees": ("PruningPractice", "ValuePractice"),
    "minimax_lab.checks.practice.chance": ("ChancePractice",),
    "minimax_lab.checks.practice.retrograde": ("RetrogradePractice",),
    "minimax_lab.checks.practice.mcts": ("MCTSPractice",),
    "minimax_lab.search.windows": ("pvs", "aspiration", "mtdf"),
    "minimax_lab.core.table": ("TranspositionTable", "NaiveTable", "bound_flag"),
})
"""The package's searches, oracles and answer keys a student's function may not call during a check:
module name -> names of functions, or of classes whose every method is forbidden. A module not yet
imported is skipped (nothing in it can have been called). tests/running/test_guard.py checks that
every name is defined in its module and that every search of the registry whose trace a lesson
draws is here."""

_STUB_SOURCE = """
def _outer():
    {assign}
    def {name}(*args, **kwargs):
        {use}
        from minimax_lab.running.guard.forbidden import forbidden_call
        raise forbidden_call({shown!r})
    return {name}
"""


def _stub_code(name: str, shown: str, freevars: int) -> types.CodeType:
    """Return a code object that raises PackageSearchUsed naming `shown`, with `freevars` free
    variables, so that it can replace the code of a function (or closure) of that many cells."""
    cells = ", ".join(f"cell{i}" for i in range(freevars))
    assign, use = (f"{cells} = {', '.join(['None'] * freevars)}", cells) if freevars else ("pass", "pass")
    namespace: dict[str, Any] = {}
    exec(_STUB_SOURCE.format(name=name, shown=shown, assign=assign, use=use), namespace)  # noqa: S102
    code: types.CodeType = namespace["_outer"]().__code__
    return code


def functions_of(owner: object) -> Iterator[types.FunctionType]:
    """Yield `owner` if it is a function (with the function it wraps and its trace-free twins, for a
    search: search.twins), or every function defined in a class's body."""
    if isinstance(owner, types.FunctionType):
        yield owner
        for inner in (getattr(owner, "__wrapped__", None), *getattr(owner, "twins", {}).values()):
            if isinstance(inner, types.FunctionType) and inner is not owner:
                yield inner
    elif isinstance(owner, type):
        for member in vars(owner).values():
            member = getattr(member, "__func__", member)  # staticmethod, classmethod
            if isinstance(member, property):
                member = member.fget
            if isinstance(member, types.FunctionType):
                yield member


def _nested_codes(code: types.CodeType) -> Iterator[types.CodeType]:
    """Yield `code` and every code object defined inside it (inner functions, lambdas)."""
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _nested_codes(const)


def forbidden_functions() -> dict[types.FunctionType, str]:
    """Return the FORBIDDEN functions of the modules imported so far, each with the name a report
    shows (`minimax`, `Trace.leaf_values`)."""
    found: dict[types.FunctionType, str] = {}
    for module_name, names in FORBIDDEN.items():
        module = sys.modules.get(module_name)
        for name in names if module is not None else ():
            owner = getattr(module, name)
            for function in functions_of(owner):
                same = owner is function or function.__name__ == name
                found[function] = name if same else f"{name}.{function.__name__}"
    return found


def _reachable_functions(func: object) -> Iterator[tuple[object, types.FunctionType]]:
    """Yield (where, function) for the functions a student's function can reach without going
    through the package's modules: its globals (and one attribute level down), closure, defaults."""
    seen: set[int] = set()
    roots: list[object] = [func]
    while roots:
        root = roots.pop()
        if id(root) in seen:
            continue
        seen.add(id(root))
        root = getattr(root, "__func__", root)
        if not isinstance(root, types.FunctionType):
            continue
        values = list(root.__globals__.values()) + list(root.__defaults__ or ())
        values += [cell.cell_contents for cell in root.__closure__ or () if _has_contents(cell)]
        for value in values:
            yield from _functions_in(value)
            if hasattr(value, "__dict__") and not isinstance(value, (type, types.ModuleType)):
                for attribute in list(vars(value).values()):
                    yield from _functions_in(attribute)
            if isinstance(value, types.FunctionType) and value.__globals__ is root.__globals__:
                roots.append(value)  # the student's other functions, which this one may call


def _functions_in(value: object) -> Iterator[tuple[object, types.FunctionType]]:
    value = getattr(value, "__func__", value)
    if isinstance(value, types.FunctionType):
        yield value, value
    elif hasattr(value, "func") and isinstance(getattr(value, "func", None), types.FunctionType):
        yield value, value.func  # functools.partial


def _has_contents(cell: types.CellType) -> bool:
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


_state = threading.local()
"""The _Forbidder of the student's function running in this thread (`active`), if any."""


def active_forbidder() -> Optional["_Forbidder"]:
    """Return the _Forbidder of the student's function running in this thread, or None."""
    active: Optional[_Forbidder] = getattr(_state, "active", None)
    return active


def set_active(forbidder: Optional["_Forbidder"]) -> None:
    """Record `forbidder` as the one of the student's function running in this thread (None: none)."""
    _state.active = forbidder


class _Forbidder:
    """Swaps the code of the forbidden functions for raising stubs, and back."""

    def __init__(self, student: Callable[..., object]):
        self._saved: list[list[types.CodeType]] = []
        self.used: Optional[str] = None
        forbidden = forbidden_functions()
        codes = {code: shown for function, shown in forbidden.items()
                 for code in _nested_codes(function.__code__)}
        targets = dict(forbidden)
        for _, function in _reachable_functions(student):
            if function.__code__ in codes and function not in targets:
                targets[function] = codes[function.__code__]
        self._functions = list(targets)
        self._codes = [_cached_stub(function.__name__, shown, len(function.__code__.co_freevars))
                       for function, shown in targets.items()]

    def __enter__(self) -> "_Forbidder":
        # entered on every guarded call, with a couple of hundred functions: kept to plain loops
        functions = self._functions
        self._saved.append([function.__code__ for function in functions])  # a stack: entered again, undone in turn
        for function, stub in zip(functions, self._codes):
            function.__code__ = stub
        return self

    def __exit__(self, *exc: object) -> None:
        for function, original in zip(self._functions, self._saved.pop()):
            function.__code__ = original


class forbidding:  # noqa: N801 - used like a function: with forbidding(forbidder): ...
    """Swap the stubs of `forbidder` in for the block and make it the thread's active one (set_active);
    None: do nothing (a student's function called by another, whose forbidder is active already)."""

    __slots__ = ("forbidder",)

    def __init__(self, forbidder: Optional[_Forbidder]):
        self.forbidder = forbidder

    def __enter__(self) -> None:
        if self.forbidder is not None:
            self.forbidder.__enter__()
            set_active(self.forbidder)

    def __exit__(self, *exc: object) -> None:
        if self.forbidder is not None:
            set_active(None)
            self.forbidder.__exit__()


_stubs: dict[tuple[str, str, int], types.CodeType] = {}
_forbidders: dict[int, tuple[Callable[..., object], int, _Forbidder]] = {}


def forbidder_for(func: Callable[..., object]) -> _Forbidder:
    """Return the _Forbidder of a student's function, made once per function (and again when more
    modules have been imported)."""
    key = id(func)
    kept = _forbidders.get(key)
    if kept is None or kept[0] is not func or kept[1] != len(sys.modules):
        if len(_forbidders) > 256:
            _forbidders.clear()
        kept = (func, len(sys.modules), _Forbidder(func))
        _forbidders[key] = kept
    forbidder = kept[2]
    forbidder.used = None
    return forbidder


def _cached_stub(name: str, shown: str, freevars: int) -> types.CodeType:
    key = (name, shown, freevars)
    if key not in _stubs:
        _stubs[key] = _stub_code(name, shown, freevars)
    return _stubs[key]


def forbidden_call(shown: str) -> PackageSearchUsed:
    """Record that the running student's function called `shown`; return the error to raise (the
    stubs swapped in for the package's searches call this)."""
    active = active_forbidder()
    if active is not None and active.used is None:
        active.used = shown
    return PackageSearchUsed(f"called the package's {shown}")



def call_forbidding(func: Callable[..., R], *args: object) -> R:
    """Return func(*args) with the package's searches forbidden, as call_student runs it but here,
    without copies, time limit or captured output: for a student's function that a package search
    calls at every node (an ordering), the search itself run by run_limited. Raise PackageSearchUsed
    when it called one of them, even if it caught the error that call raised."""
    if active_forbidder() is not None:
        return func(*args)
    forbidder = forbidder_for(func)
    try:
        with forbidding(forbidder):
            value = func(*args)
    except Exception:
        if forbidder.used is not None:
            raise PackageSearchUsed(f"called the package's {forbidder.used}") from None
        raise
    if forbidder.used is not None:
        raise PackageSearchUsed(f"called the package's {forbidder.used}")
    return value

