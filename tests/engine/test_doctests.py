"""Every `>>>` example in the engine's docstrings runs, here and on Pyodide."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(info.name for info in pkgutil.walk_packages(engine.__path__, "engine."))


@pytest.mark.parametrize("name", ["engine", *MODULES])
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_examples_are_found() -> None:
    attempted = sum(doctest.testmod(importlib.import_module(n)).attempted for n in ["engine.rng", *MODULES])
    assert attempted >= 10
