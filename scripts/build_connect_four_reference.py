"""Make the Connect Four reference set (minimax_lab/analysis/connect_four_reference.json): quiet
positions solved exactly by the package's own solver, and won and drawn openings for games against
it. Pure Python; run it with `nice`, it takes a while (the time is printed and stored in the file).

    python scripts/build_connect_four_reference.py --measure 12 14 16   # CPU seconds a position, by ply
    nice python scripts/build_connect_four_reference.py                 # the stored set (the PLAN below)
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from minimax_lab.analysis import connect_four_reference as reference
from minimax_lab.heuristics.connect_four import ConnectFour

PLAN = {ply: 20 for ply in range(12, 30)}
"""Positions per ply: 20 at each ply from 12 to 29 (360 in all). Measured first (--measure, six
quiet positions a ply, about half of them kept): a ply-12 candidate takes a median 2.2 CPU seconds
to solve move by move (at most 5.4), ply 14 1.2 s, ply 16 0.24 s, ply 20 0.04 s, ply 24 0.01 s."""

OPENINGS_PLY, OPENINGS = 10, 20
"""The openings of the games against the solver: 20 won and 20 drawn for the player to move, at
ply 10. Solving a ply-10 position took 5-16 CPU seconds (ply 8: 2-46 s), and the solver's first
move in a game from it 2-5 s (ply 8: 19-30 s); after that its table answers most moves at once."""

SEED = 0


def measure(plies: list[int], count: int, seed: int) -> None:
    """Print the CPU seconds it takes to solve `count` candidate positions at each of `plies`."""
    game, rng = ConnectFour(), random.Random(seed)
    for ply in plies:
        seconds, kept = [], 0
        while len(seconds) < count:
            played = reference.played_to(game, ply, rng)
            if played is None or not reference.quiet(game, played.state):
                continue
            start = time.process_time()
            kept += reference.solve_position(game, played) is not None
            seconds.append(time.process_time() - start)
        print(f"ply {ply}: {count} quiet positions, {kept} kept; CPU seconds median "
              f"{statistics.median(seconds):.2f}, mean {statistics.mean(seconds):.2f}, most {max(seconds):.2f}",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--measure", type=int, nargs="+", metavar="PLY",
                        help="only measure the time to solve positions of these plies")
    parser.add_argument("--count", type=int, default=6, help="positions per ply to measure (default 6)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path,
                        default=Path(reference.__file__).with_name(reference.REFERENCE_FILE))
    args = parser.parse_args()
    if args.measure:
        measure(args.measure, args.count, args.seed)
        return
    start = time.perf_counter()
    made = reference.build(PLAN, openings_ply=OPENINGS_PLY, openings=OPENINGS, seed=args.seed,
                           log=lambda line: print(line, flush=True))
    made.about["wall seconds"] = round(time.perf_counter() - start, 1)
    args.out.write_text(json.dumps(made.to_json(), indent=1) + "\n", encoding="utf-8")
    print(f"{len(made.positions)} positions and {len(made.openings)} openings in "
          f"{made.about['cpu seconds']:.0f} CPU seconds ({made.about['wall seconds']:.0f} s of wall time): {args.out}")


if __name__ == "__main__":
    main()
