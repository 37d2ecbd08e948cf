"""The type variables of a game: S, its states, and A, its actions (minimax_lab.games.Game[S, A]).

They live here, below games and search, so that a search result, a trace or a check can name the
state and action types of the game it came from without importing the games layer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # Defaults (PEP 696), so that a bare `Game` (as the plain versions the lessons print write it)
    # means a game of any states and actions; Python 3.11's TypeVar has no default at run time.
    from typing_extensions import TypeVar
    S = TypeVar("S", default=Any)
    A = TypeVar("A", default=Any)
else:
    from typing import TypeVar
    S = TypeVar("S")
    A = TypeVar("A")
S.__doc__ = "A game's state: immutable and hashable."
A.__doc__ = "A game's action (a move)."

__all__ = ["A", "S"]
