"""The book's extension is one package, a folder per job, whose one ``setup()`` decides the order.

``docs/_ext/book/`` is listed once in ``conf.py``; its modules are parts, not
extensions. Each folder of it holds one job (its ``__init__.py`` says which,
and names every file in it), so a newcomer finds a job by its folder's name;
a job is never split into modules by size. ``setup()`` loads the few
third-party extensions the parts build on, registers the parts, and connects
one handler per event, which calls the parts in the order written in
``book/__init__.py``. So the order is read in one place, and a priority is
named only where something outside the book forces it (``book/priorities.py``),
each with its reason. What depends on the builder asks ``book/build.py``, what
depends on a code block's language asks ``book/code/languages.py``: no other
module names a builder or a Python language. Nothing rewrites a page once the
build is done: the pages are written once, by Sphinx.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path
from unittest import mock

import pytest

import book
from book import build, priorities
from book.code import languages
from helpers import ROOT

PACKAGE = ROOT / "docs" / "_ext" / "book"
THIRD_PARTY = {
    "sphinx_copybutton",
    "matplotlib.sphinxext.plot_directive",
    "sphinxext.opengraph",
    "sphinx_sitemap",
}
# The package's own top level: the setup, and what every folder asks.
TOP_LEVEL = {"__init__.py", "build.py", "priorities.py"}
# Module-level state that is a pure function's memo, not a build's record.
MEMOS = {
    "math/katex.py": {"_rendered"},  # KaTeX's HTML of each formula, per process
}


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def folders() -> list[Path]:
    return sorted(p for p in PACKAGE.iterdir() if p.is_dir() and p.name[0] != "_")


def set_up(monkeypatch, site_url: str) -> mock.MagicMock:
    """``book.setup`` run against a stand-in application: what it registers."""
    monkeypatch.setenv("BOOK_SITE_URL", site_url)
    app = mock.MagicMock()
    with mock.patch.object(book.i18n.catalogue, "register_catalogue") as catalogue:
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
    parts = {path.stem for path in modules()} | {f.name for f in folders()}
    assert not parts & set(listed), parts & set(listed)
    assert not [name for name in listed if name.startswith("book.")], listed
    assert "extensions.append" not in (ROOT / "docs" / "conf.py").read_text()


def test_only_the_package_has_a_setup_and_connects_handlers():
    for path in modules():
        text = path.read_text(encoding="utf-8")
        if path == PACKAGE / "__init__.py":
            continue
        name = path.relative_to(PACKAGE).as_posix()
        assert "def setup(" not in text, f"{name} is a part, not an extension"
        assert "app.connect(" not in text, f"{name}: connect it in book/__init__.py"
        assert "setup_extension(" not in text, f"{name}: load it in book/__init__.py"


def test_every_part_is_in_the_folder_of_its_job():
    """The top level holds the setup and what every folder asks; each folder is
    one job, whose ``__init__.py`` says which on its first line and names every
    file of the folder; a folder's own name is never repeated as a prefix."""
    top = {p.name for p in PACKAGE.iterdir() if p.is_file()}
    assert top <= TOP_LEVEL, f"put {sorted(top - TOP_LEVEL)} in the folder of its job"
    assert len(folders()) >= 6, folders()
    for folder in folders():
        init = folder / "__init__.py"
        assert init.is_file(), f"{folder.name}/ is not a package"
        tree = ast.parse(init.read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree) or ""
        job = doc.split("\n", 1)[0]
        assert job.endswith(".") and len(job) <= 88, f"{folder.name}/: {job!r}"
        files = sorted(
            p.name
            for p in folder.iterdir()
            if p.is_file() and p.suffix in (".py", ".js") and p.name != "__init__.py"
        )
        assert files, f"{folder.name}/ is empty"
        for name in files:
            assert f"``{name}``" in doc, (
                f"{folder.name}/__init__.py does not name {name}"
            )
        code = [n for n in tree.body[1:] if not isinstance(n, ast.ImportFrom)]
        assert all(
            isinstance(n, ast.Assign) and n.targets[0].id == "__all__" for n in code
        ), f"{folder.name}/__init__.py: only the map and its imports"
        stems = {Path(name).stem for name in files}
        for stem in stems:
            for prefix in (folder.name, folder.name.rstrip("s")):
                assert not stem.startswith(prefix + "_"), (
                    f"{folder.name}/{stem}.py: the folder already says {prefix!r}"
                )
        assert not (folder / "__init__.py").read_text().count("def "), folder.name


def test_the_builder_and_the_code_languages_are_asked_in_one_place_each():
    builder = re.compile(
        r"builder\.name\b|builder\.format\b|_builder_cls|book_builder_name"
        r"|[\"'](?:dirhtml|singlehtml|gettext)[\"']"
    )
    spelled = r"[\"'](?:python3?|py|pycon|ipython)[\"']"
    python = re.compile(
        rf"[=!]=\s*{spelled}|{spelled}\s*,\s*{spelled}"
    )  # a test, a table
    for path in modules():
        name = path.relative_to(PACKAGE).as_posix()
        text = path.read_text(encoding="utf-8")
        if name != "build.py":
            assert not builder.search(text), f"{name}: ask build.output()"
        if name != "code/languages.py":
            assert not python.search(text), f"{name}: ask code/languages.py"
    assert build.made_by("dirhtml").site and not build.made_by("dirhtml").page_files
    assert build.made_by("singlehtml").html and not build.made_by("epub").html
    assert languages.PYTHON >= {"python", "py", "pycon", "ipython"}


def test_no_module_keeps_a_record_of_the_build():
    """State the build collects as it goes (a list of what it wrote) is lost with
    ``-j``, whose workers are separate processes: none at module level."""
    for path in modules():
        name = path.relative_to(PACKAGE).as_posix()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.AnnAssign):
                target, value = node.target, node.value
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
            else:
                continue
            if not isinstance(target, ast.Name) or target.id.isupper():
                continue
            empty = isinstance(value, ast.List | ast.Dict | ast.Set) and not (
                getattr(value, "elts", None) or getattr(value, "keys", None)
            )
            empty |= (
                isinstance(value, ast.Call)
                and getattr(value.func, "id", "") in ("list", "dict", "set")
                and not value.args
            )
            if empty:
                assert target.id in MEMOS.get(name, set()), f"{name}: {target.id}"


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
    writers = {call.args[0] for call in app.set_translator.call_args_list}
    assert writers == {"html", "dirhtml", "singlehtml"}, writers


def test_every_named_priority_says_what_forces_it():
    source = inspect.getsource(priorities)
    for name in (n for n in vars(priorities) if n.isupper()):
        lines = source[: source.index(f"\n{name} = ")].splitlines()
        assert lines[-1].startswith("#"), f"{name} has no comment above it"
    # no number stands for a priority anywhere else in the package
    for path in modules():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"priority\s*=\s*\d", text), path.name


def test_the_handlers_call_the_parts_in_the_written_order(monkeypatch):
    app = set_up(monkeypatch, "")
    handlers = {call.args[0]: call.args[1] for call in app.connect.call_args_list}
    # config-inited: the edition's settings before anything that reads them
    calls = [
        ast.unparse(c.func)
        for c in ast.walk(ast.parse(inspect.getsource(handlers["config-inited"])))
        if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)
    ]
    assert calls[:2] == ["build.configure", "i18n.editions.apply_edition_config"]
    assert calls.index("site.doors.set_theme_options") < calls.index(
        "site.previews.configure"
    )
    assert calls[-1] == "code.copy_rule.use_the_rule", calls
    # build-finished: only what must wait for the written files, each saying why
    finish = inspect.getsource(handlers["build-finished"])
    after = re.findall(r"([\w.]+)\.(\w+)\(app, exception\)", finish)
    assert after == [
        ("i18n.upstream_fixes", "mend_search_stemmer"),  # language_data.js
        ("site.previews", "finish_previews"),  # the cards' cache, the whole sitemap
    ]
    for module, function in after:
        part = book
        for name in module.split("."):
            part = getattr(part, name)
        doc = getattr(part, function).__doc__
        assert doc and re.search(r"\bbuild-finished\b|written", doc), function


def test_the_page_description_is_computed_once(monkeypatch):
    """previews.py hands on the description polish.py computed: one computation."""
    from book.site import polish, previews

    monkeypatch.setenv("BOOK_SITE_URL", "https://example.org/book/")
    app = mock.MagicMock()
    app.builder.name = "html"
    context: dict = {}
    with mock.patch.object(polish, "description", return_value="Slopes.") as made:
        polish.add_description(app, "index", "page.html", context, object())
        previews.book_description(app, "index", "page.html", context, object())
    made.assert_called_once()
    assert context["meta"]["og:description"] == "Slopes."
    assert 'content="Slopes."' in context["metatags"]
