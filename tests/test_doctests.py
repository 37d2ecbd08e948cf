"""The examples in the package's docstrings run and give what they show."""

import doctest
import importlib
import pkgutil

import pytest

import minimax_lab

MODULES = sorted(info.name for info in pkgutil.walk_packages(minimax_lab.__path__, "minimax_lab."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0, f"{failed} of {attempted} examples in {name} failed"
