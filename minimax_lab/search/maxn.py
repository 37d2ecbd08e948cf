"""max^n for several players (AIMA 4th ed., section 5.2.2), and the trees it searches.

A max^n tree has utility vectors at its leaves, one component per player; players move in turn at
successive levels and each maximizes its own component. Leaves are tuples of numbers, nodes are
non-empty lists.
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

from ..core.text import path_name, shown
from ..core.trees import Path, check_leaf, walk_tree
from ..games.protocol import refuse_a_game
from .textbook import SearchResult

Vector = tuple[float, ...]
"""A utility vector: one number for each player."""

VectorTree = Union[Vector, list["VectorTree"]]
"""A max^n tree: a utility vector (a leaf) or a non-empty list of trees."""


def maxn(tree: VectorTree, players: Optional[int] = None, *,
         values: Optional[dict[Path, Vector]] = None,
         choices: Optional[dict[Path, int]] = None) -> SearchResult[Vector, int]:
    """Return the max^n value of a tree (a utility vector) and the line that reaches it: player 0
    moves at the root, player 1 at the next level, and so on in turn; each picks the child whose
    vector is best in its own component, the first such child on ties.

    Pass dicts as `values` and `choices` to have them filled, by path, with every node's
    backed-up vector and every inner node's chosen child (the strategy backward induction finds).

    >>> maxn([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]], players=3).value
    (7, 4, 1)
    """
    refuse_a_game(tree, "maxn", "nested lists with a tuple of utilities, one per player, at each leaf")
    players = check_vector_tree(tree, players)
    for name, given in (("values", values), ("choices", choices)):
        if given is not None and not isinstance(given, dict):
            raise TypeError(f"{name} must be a dict for maxn to fill, by path, or None, got {shown(given)}")
    nodes = leaves = 0

    def value(node: VectorTree, path: Path) -> tuple[Vector, Path]:
        nonlocal nodes, leaves
        nodes += 1
        best: Optional[Vector] = None
        line: Path = ()
        if isinstance(node, tuple):
            leaves += 1
            best = node
        else:
            mover = len(path) % players
            for i, child in enumerate(node):
                v, rest = value(child, path + (i,))
                if best is None or v[mover] > best[mover]:
                    best, line = v, (i,) + rest
            if choices is not None:
                choices[path] = line[0]
        assert best is not None   # check_vector_tree: every node has a child
        if values is not None:
            values[path] = best
        return best, line

    best, line = value(tree, ())
    return SearchResult(best, line[0] if line else None, line, nodes, leaves)


def check_vector_tree(tree: VectorTree, players: Optional[int] = None) -> int:
    """Return the number of players of a max^n tree after checking it without recursion: every
    leaf a tuple of `players` numbers (default: the length of the first leaf), every node a
    non-empty list, within the limits of trees.walk_tree; errors name the node."""
    if players is not None and (isinstance(players, bool) or not isinstance(players, int) or players < 1):
        raise ValueError(f"players must be a whole number >= 1, got {shown(players)}")
    found = [players]

    def children(node: VectorTree, path: Path) -> Optional[list[VectorTree]]:
        if isinstance(node, list):
            return node
        if not isinstance(node, tuple):
            raise TypeError(f"node {path_name(path)}: {shown(node)} is neither a list (a node) nor a tuple "
                            "of utilities (a leaf)")
        if found[0] is None:
            found[0] = len(node)
        if len(node) != found[0] or not node:
            raise ValueError(f"node {path_name(path)}: leaf {shown(node)} has {len(node)} utilities, "
                             f"expected one for each of {found[0]} players")
        for component in node:
            check_leaf(component, path)
        return None

    walk_tree(tree, children)
    assert found[0] is not None   # walk_tree refuses empty nodes, so the tree has a leaf
    return found[0]


def coalition(tree: VectorTree, members: Sequence[int]) -> VectorTree:
    """Return a copy of a max^n tree in which each player in `members` is paid the members' total:
    max^n on it plays the members as one side that shares its winnings.

    >>> coalition([(1, 2, 6), (5, 4, 5)], members=(1, 2))
    [(1, 8, 8), (5, 9, 9)]
    """
    players = check_vector_tree(tree)
    if isinstance(members, (str, bytes)) or not hasattr(members, "__iter__"):
        raise TypeError(f"coalition members are a sequence of players, like (1, 2), got {shown(members)}")
    members = tuple(members)
    for member in members:
        if isinstance(member, bool) or not isinstance(member, int) or not 0 <= member < players:
            raise ValueError(f"coalition members are players 0 to {players - 1}, got {shown(member)}")

    def pay(node: VectorTree) -> VectorTree:
        if isinstance(node, tuple):
            total = sum(node[i] for i in members)
            return tuple(total if i in members else u for i, u in enumerate(node))
        return [pay(child) for child in node]

    return pay(tree)


def strategy_values(tree: VectorTree, strategy: dict[Path, int],
                    players: Optional[int] = None) -> dict[Path, Vector]:
    """Return, by path, the utility vector each node of a max^n tree leads to when every player
    follows `strategy` (a strategy profile: the chosen child index at each inner node's path).

    >>> strategy_values([(1, 0), [(0, 2), (3, 1)]], {(): 1, (1,): 0})
    {(): (0, 2), (0,): (1, 0), (1,): (0, 2), (1, 0): (0, 2), (1, 1): (3, 1)}
    """
    check_vector_tree(tree, players)
    if not isinstance(strategy, dict):
        raise TypeError(f"a strategy is a dict from each inner node's path to a child index, not {shown(strategy)}")
    nodes = walk_tree(tree, lambda node, path: node if isinstance(node, list) else None)
    for path in strategy:
        if not isinstance(nodes.get(path), list):
            raise ValueError(f"the strategy chooses at {shown(path)}, which is not an inner node of the tree")
    values: dict[Path, Vector] = {}
    for path in sorted(nodes, key=len, reverse=True):     # children before their parents
        node = nodes[path]
        if isinstance(node, tuple):
            values[path] = node
            continue
        choice = strategy.get(path)
        if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < len(node):
            raise ValueError(f"the strategy must choose a child 0 to {len(node) - 1} at node "
                             f"{path_name(path)}, got {shown(choice)}")
        values[path] = values[path + (choice,)]
    return {path: values[path] for path in nodes}       # in preorder


def deviations(tree: VectorTree, strategy: dict[Path, int], players: Optional[int] = None) -> list[Path]:
    """Return the inner nodes, in preorder, at which the player to move would get more, by its own
    utility, from another child while everyone else keeps to `strategy`. A profile with none is
    subgame perfect (the one-shot deviation principle); backward induction (maxn's `choices`)
    finds one.

    >>> deviations([(1, 0), [(0, 2), (3, 1)]], {(): 1, (1,): 1})     # player 1 takes 2 at [1]
    [(1,)]
    """
    players = check_vector_tree(tree, players)
    values = strategy_values(tree, strategy, players)
    found = []
    for path in sorted(strategy):          # tuples in order: preorder
        mover = len(path) % players
        children = len(follow(tree, path))
        if max(values[path + (i,)][mover] for i in range(children)) > values[path][mover]:
            found.append(path)
    return found


def follow(tree: VectorTree, line: Sequence[int]) -> VectorTree:
    """Return the node reached from the root of a tree by the child indices in `line`.

    >>> follow([[1, 2], [3, 4]], (1, 0))
    3
    """
    if isinstance(line, (str, bytes)) or not hasattr(line, "__iter__"):
        raise TypeError(f"a line is a sequence of child indices, like (1, 0), got {shown(line)}")
    path: Path = ()
    for i in line:
        if not isinstance(tree, list):
            raise ValueError(f"node {path_name(path)} is a leaf, so the line {tuple(line)} cannot go on to {shown(i)}")
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(tree):
            raise ValueError(f"node {path_name(path)} has children 0 to {len(tree) - 1}, so the line "
                             f"{tuple(line)} cannot go on to {shown(i)}")
        tree, path = tree[i], path + (i,)
    return tree
