"""Helpers the tests of more than one folder use: an alpha-beta written out apart from the package
(the strict tie rule), and tic-tac-toe positions reached by move numbers."""

from minimax_lab import TicTacToe


def strict_oracle(tree, maximizing=True, alpha=float("-inf"), beta=float("inf"), path=(), seen=None):
    """Return the leaves a textbook alpha-beta that cuts only on v > β (v < α) evaluates: written
    out here, apart from the package, to check strict_alphabeta's reduction to alphabeta."""
    seen = [] if seen is None else seen
    if not isinstance(tree, list):
        seen.append(path)
        return tree, seen
    v = float("-inf") if maximizing else float("inf")
    for i, child in enumerate(tree):
        value, _ = strict_oracle(child, not maximizing, alpha, beta, path + (i,), seen)
        if maximizing:
            v = max(v, value)
            if v > beta:
                break
            alpha = max(alpha, v)
        else:
            v = min(v, value)
            if v < alpha:
                break
            beta = min(beta, v)
    return v, seen


def position(moves, least=0):
    """Return the game and its position after `moves` (each the index, modulo their number, of
    an empty square), padded with zeros to at least `least` moves; play stops when the game ends."""
    game = TicTacToe()
    state = game.initial
    for move in [*moves, *[0] * (least - len(moves))]:
        if game.is_terminal(state):
            break
        empty = game.actions(state)
        state = game.result(state, empty[move % len(empty)])
    return game, state
