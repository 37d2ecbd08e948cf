"""The examples in the package's docstrings run and give what they show."""

import doctest
import importlib
import pkgutil

import pytest

import minimax_lab

MODULES = sorted(info.name for info in pkgutil.iter_modules(minimax_lab.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"minimax_lab.{name}")
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0, f"{failed} of {attempted} examples in minimax_lab.{name} failed"
