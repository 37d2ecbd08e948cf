"""The examples in the docstrings of the package and of its developer tooling (devtools/) run and give
what they show."""

import doctest
import importlib
import pkgutil

import pytest

import devtools
import minimax_lab

MODULES = sorted(info.name for package in (minimax_lab, devtools)
                 for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0, f"{failed} of {attempted} examples in {name} failed"
