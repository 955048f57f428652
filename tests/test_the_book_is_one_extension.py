"""The book's extension is one package whose one ``setup()`` decides the order.

``docs/_ext/book/`` is listed once in ``conf.py``; its modules are parts, not
extensions. ``setup()`` loads the few third-party extensions the parts build
on, registers the parts, and connects one handler per event, which calls the
parts in the order written in ``book/__init__.py``. So the order is read in
one place, and a priority is named only where something outside the book
forces it (``book/priorities.py``), each with its reason. Nothing rewrites a
page once the build is done: the pages are written once, by Sphinx.
"""

from __future__ import annotations

import ast
import inspect
import re
from unittest import mock

import pytest

import book
from book import priorities
from built_site import ROOT

PACKAGE = ROOT / "docs" / "_ext" / "book"
THIRD_PARTY = {
    "sphinx_copybutton",
    "matplotlib.sphinxext.plot_directive",
    "sphinxext.opengraph",
    "sphinx_sitemap",
}


def set_up(monkeypatch, site_url: str) -> mock.MagicMock:
    """``book.setup`` run against a stand-in application: what it registers."""
    monkeypatch.setenv("BOOK_SITE_URL", site_url)
    app = mock.MagicMock()
    with mock.patch.object(book.words, "register_catalogue") as catalogue:
        book.setup(app)
    catalogue.assert_called_once_with(app)
    return app


def test_conf_py_lists_the_book_once_and_none_of_its_parts():
    tree = ast.parse((ROOT / "docs" / "conf.py").read_text(encoding="utf-8"))
    listed = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(getattr(t, "id", "") == "extensions" for t in node.targets)
    )
    assert listed.count("book") == 1, listed
    parts = {path.stem for path in PACKAGE.glob("*.py")}
    assert not parts & set(listed), parts & set(listed)
    assert "extensions.append" not in (ROOT / "docs" / "conf.py").read_text()


def test_only_the_package_has_a_setup_and_connects_handlers():
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name == "__init__.py":
            continue
        assert "def setup(" not in text, f"{path.name} is a part, not an extension"
        assert "app.connect(" not in text, f"{path.name}: connect it in __init__.py"
        assert "setup_extension(" not in text, f"{path.name}: load it in __init__.py"


@pytest.mark.parametrize("site_url", ["", "https://example.org/book/"])
def test_setup_loads_what_the_parts_build_on_and_connects_each_event_once(
    monkeypatch, site_url: str
):
    app = set_up(monkeypatch, site_url)
    loaded = [call.args[0] for call in app.setup_extension.call_args_list]
    assert set(loaded) <= THIRD_PARTY, loaded
    assert len(loaded) == (4 if site_url else 2)
    events = [call.args[0] for call in app.connect.call_args_list]
    assert len(events) == len(set(events)) <= 20, events
    named = {name: value for name, value in vars(priorities).items() if name.isupper()}
    assert len(named) <= 6, named
    for call in app.connect.call_args_list:
        if "priority" in call.kwargs:
            assert call.kwargs["priority"] in named.values(), call


def test_every_named_priority_says_what_forces_it():
    source = inspect.getsource(priorities)
    for name in (n for n in vars(priorities) if n.isupper()):
        lines = source[: source.index(f"\n{name} = ")].splitlines()
        assert lines[-1].startswith("#"), f"{name} has no comment above it"
    # no number stands for a priority anywhere else in the package
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"priority\s*=\s*\d", text), path.name


def test_the_handlers_call_the_parts_in_the_written_order(monkeypatch):
    app = set_up(monkeypatch, "")
    handlers = {call.args[0]: call.args[1] for call in app.connect.call_args_list}
    # config-inited: the edition's settings before anything that reads them
    calls = [
        f"{c.func.value.id}.{c.func.attr}"
        for c in ast.walk(ast.parse(inspect.getsource(handlers["config-inited"])))
        if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)
    ]
    assert calls[0] == "editions.configure", calls
    assert calls.index("doors.set_theme_options") < calls.index("previews.configure")
    assert calls[-1] == "copy_rule.use_the_rule", calls
    # build-finished: only what must wait for the written files, each saying why
    finish = inspect.getsource(handlers["build-finished"])
    after = re.findall(r"(\w+)\.(\w+)\(app, exception\)", finish)
    assert after == [
        ("upstream_fixes", "mend_search_stemmer"),  # language_data.js, Sphinx's
        ("previews", "finish_previews"),  # the cards' cache, the whole sitemap
    ]
    for module, function in after:
        doc = getattr(getattr(book, module), function).__doc__
        assert doc and re.search(r"\bbuild-finished\b|written", doc), function
