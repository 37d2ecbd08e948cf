"""The README is true by construction: it links no file outside the repository, and every
relative link names a file the repository has."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_points_at_nothing_outside_the_repository():
    outside = re.findall(r"(?:\]\(|`)\.\./[^)`\s]*", README)
    assert outside == [], f"the README points outside the repository: {outside}"


def test_every_relative_link_of_the_readme_is_in_the_repository():
    links = re.findall(r"\]\((?!https?://|#)([^)\s]+)\)", README)
    assert links, "the README has relative links (docs/, notebooks/)"
    for link in links:
        assert (ROOT / link.split("#")[0]).exists(), f"the README links {link}, which is not in the repository"


# --- figures: measured ones come from the run that measured them, the rest are checked here -------

def prose(readme: str = README) -> str:
    """Return the README without its code blocks and without the blocks a tool writes."""
    text = re.sub(r"<!-- (\S+): (?:made|written) by .*? -->.*?<!-- end of \1 -->", "", readme, flags=re.DOTALL)
    return re.sub(r"```.*?```", "", text, flags=re.DOTALL)


def test_measured_figures_are_in_the_blocks_their_runs_wrote():
    from devtools.readme_blocks import MEASURED

    for name, block in MEASURED.items():
        stored = block.stored(README)
        assert stored is not None, f"the README has no {name} block"
        body = stored[len(block.start):-len(block.end)].strip()
        assert re.match(rf"```\n\$ make {name}\b.*# \d+ \w+ 20\d\d\n", body), f"the {name} block holds no run"
    bench = MEASURED["bench"].stored(README)
    assert bench is not None and "untraced against the lean loop (goal: at least 1.25x)" in bench
    assert "engine on 7 x 6 Connect Four against the exact solver" in bench


def test_the_prose_states_no_measured_figure():
    text = " ".join(prose().split())
    ratios = re.findall(r"\d\.\d+x", text)
    assert set(ratios) <= {"1.25x"}, f"ratios measured by a run belong in its block, not the prose: {ratios}"
    timings = re.findall(r"\d[\d,.]* ?(?:ms|µs|s of wall time|min \d+ s)\b", text)
    assert timings == [], f"timings belong in the block of the run that measured them: {timings}"


def test_the_limits_the_readme_states_are_the_graders():
    from minimax_lab.grading import class_grades, runner
    from minimax_lab.running import sandbox

    text = " ".join(prose().split())
    limits = re.search(r"\*\*Limits\.\*\* (\d+) seconds of CPU time a call of the functions of small trees.*? "
                       r"(\d+) seconds a call of the others.*?stopped after (\w+) times its limit; (\d+) seconds a "
                       r"check; (\d+) GiB of memory, (\d+) MiB per file, (\d+) open files, one process", text)
    assert limits, "the README states the grader's limits in its Limits paragraph"
    quick, call, factor, check, memory, file_size, files = limits.groups()
    assert (int(quick), int(call), int(check)) == (runner.QUICK_CALL_TIMEOUT, sandbox.CALL_TIMEOUT,
                                                   runner.CHECK_TIMEOUT)
    assert WORDS[factor] == sandbox.WALL_FACTOR and sandbox.PROCESS_LIMIT == 1
    assert (int(memory) * 1024 ** 3, int(file_size) * 1024 ** 2, int(files)) == (
        sandbox.MEMORY_LIMIT, sandbox.FILE_SIZE_LIMIT, sandbox.OPEN_FILES_LIMIT)
    biggest = re.search(r"over (\d+) MiB or not a notebook", text)
    assert biggest and int(biggest.group(1)) * 1024 ** 2 == class_grades.MAX_NOTEBOOK_BYTES
    assert f'"timed out after {runner.QUICK_CALL_TIMEOUT:g} s of CPU time"' in text


WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "ten": 10}


def test_the_figures_of_the_grading_model_are_the_graders():
    from minimax_lab.grading import class_grades, copies
    from minimax_lab.running import sandbox, wire

    text = " ".join(prose().split())
    assert f"a private working folder of {sandbox.WORK_SIZE // 1024 ** 2} MiB that is also its `/tmp`" in text
    assert f"copies are looked for in its first {copies.MOST_FUNCTIONS} functions" in text
    assert f"holds more than {wire.SHARED_HASH} different values sharing one hash is refused" in text
    assert f"each message cut at {class_grades.MESSAGE_LIMIT:,} characters" in text
    assert f"a literal table of {copies.TABLE_ENTRIES} entries or more" in text


def test_the_counts_the_readme_states_are_computed():
    from minimax_lab import TicTacToe, alphabeta, solve

    game = TicTacToe()
    searched = alphabeta(game)
    text = " ".join(prose().split())
    first_moves = sum(child is not None for state in game._states.values() for child in state.successors.values())
    assert (f"alpha-beta's {searched.nodes:,} nodes reach {len(game._states):,} positions by {first_moves:,} moves "
            "made for the first time") in text
    assert f"`solve` proves tic-tac-toe a draw with {solve(TicTacToe()).nodes:,} nodes" in text
    locked = re.search(r"^nbgrader==(\S+)", (ROOT / "requirements-browser.lock").read_text(encoding="utf-8"), re.M)
    assert locked and f"nbgrader {locked.group(1)} makes the student version" in text
