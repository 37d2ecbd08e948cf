"""Cross-references in the lessons' prose resolve (issue 38, item 4, in part): every "lesson N" names a
lesson there is, every "lesson N (section M)" a section of that lesson, and every bare "section M" a
section of the lesson it is in. A section is a heading '## M. ...'; the textbook's dotted sections
(AIMA's "section 5.3") are citations, not references."""

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def prose(path: Path) -> list[str]:
    return ["".join(cell["source"]) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
            if cell["cell_type"] == "markdown"]


def sections(path: Path) -> set[int]:
    return {int(number) for text in prose(path) for number in re.findall(r"^## (\d+)\.", text, re.MULTILINE)}


NUMBERED = {int(path.name[:2]): path for path in LESSONS}


def test_the_lessons_are_found() -> None:
    assert len(NUMBERED) >= 13 and all(sections(path) for number, path in NUMBERED.items() if number)


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.stem)
def test_every_reference_to_a_lesson_or_a_section_resolves(path: Path) -> None:
    broken = []
    own = sections(path)
    for text in prose(path):
        flat = " ".join(text.split())
        for match in re.finditer(r"\b[Ll]essons? (\d{1,2})(?: \(section (\d+)\))?", flat):
            lesson, section = int(match.group(1)), match.group(2)
            if lesson not in NUMBERED:
                broken.append(f"{match.group(0)!r}: there is no lesson {lesson}")
            elif section and int(section) not in sections(NUMBERED[lesson]):
                broken.append(f"{match.group(0)!r}: lesson {lesson} has no section {section}")
        for match in re.finditer(r"(?<!\()\b[Ss]ection (\d+)(?![.\d])", flat):
            if int(match.group(1)) not in own:
                broken.append(f"{flat[max(0, match.start() - 40):match.end()]!r}: this lesson has no section "
                              f"{match.group(1)}")
    assert not broken, "\n".join(broken)


def check_module(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [m for cell in cells if cell["cell_type"] == "code"
             for m in re.findall(r"from minimax_lab\.checks import (\w+) as check", "".join(cell["source"]))]
    assert len(set(found)) == 1, f"{path.name} imports one checks module as check"
    return found[0]


@pytest.mark.parametrize("path", [p for p in LESSONS if int(p.name[:2]) >= 1], ids=lambda path: path.stem)
def test_every_lesson_answers_its_check_yourself_questions_and_the_answers_are_right(path: Path) -> None:
    import importlib

    blocks = [text for text in prose(path) if re.search(r"<summary>(Worked )?[Aa]nswers</summary>", text)]
    assert blocks, f"{path.name} has no Answers block under its Check yourself questions"
    given = re.findall(r'check\.(quiz_\d)\("(\w)"\)', blocks[-1])
    worked = re.findall(r"^(\d)\. \*\*(\w)\.\*\*", blocks[-1], re.MULTILINE)
    answers = given or [(f"quiz_{number}", letter) for number, letter in worked]
    assert answers, f"{path.name}'s Answers block names no answer"
    module = importlib.import_module(f"minimax_lab.checks.{check_module(path)}")
    for quiz, letter in answers:
        verdict = getattr(module, quiz)(letter)
        assert verdict.text.startswith("Correct"), (path.name, quiz, letter, verdict.text)
