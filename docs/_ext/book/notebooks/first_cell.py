"""The notebook's first cell: the book's files, written without overwriting a reader's.

It writes the files the chapter imports (:func:`setup_cell`), keeps a file of
the same name that is not the book's (the reader's ``engine.py``), and in
Jupyter shows errors by their last line and defines ``%%skip_if``. Its words are
in ``book.po``. A chapter that imports ``engine`` means the reader's own file
(chapter 5 has them type it): the book offers its copy as ``engine_book.py``,
a name that never replaces theirs, and the notebook writes that copy as
``engine.py`` where the folder has none (:data:`READERS_OWN`).
"""

from __future__ import annotations

import ast
from pathlib import Path

from sphinx.application import Sphinx

from ..i18n.catalogue import translated as _  # book.po

SKIP_MAGIC = "skip_if"


def python_literal(text: str) -> str:
    """``text`` as a readable Python string literal (a raw triple-quoted one if it can be).

    >>> python_literal('a = "\\\\n"\\n')
    'r\\'\\'\\'a = "\\\\n"\\n\\'\\'\\''
    """
    literal = f"r'''{text}'''"
    if "'''" not in text and not text.endswith("\\") and "\r" not in text:
        try:
            if ast.literal_eval(literal) == text:
                return literal
        except (SyntaxError, ValueError):
            pass
    return repr(text)


def imported_modules(code: str, inside_functions: bool = True) -> set[str]:
    """The top-level names of the modules that ``code`` imports (empty if it does
    not parse); without ``inside_functions``, only what importing it imports: a
    book file's function that imports a module when called (check_exercises.py's
    checks of chapter 10) does not bring that module into every notebook."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    names = set()
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
        elif not inside_functions and isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
        ):
            continue
        todo.extend(ast.iter_child_nodes(node))
    return names


# --- the notebook ---------------------------------------------------------------

# In Jupyter (IPython): errors shown as the book shows them, by their last line
# (IPython would take a minute to lay out chapter 5's RecursionError of a
# thousand frames), and, where the chapter has cells to skip, the cell magic.
IPYTHON_CODE = """
try:
    from IPython import get_ipython
except ImportError:  # no IPython: a script shows errors as Python does
    get_ipython = type(None)
if get_ipython() is not None:
    # {errors}
    get_ipython().InteractiveTB.set_mode("Minimal")
"""
SKIP_MAGIC_CODE = """
    # %%{magic} CONDITION: {comment}
    def {magic}(condition, cell):
        \"\"\"Run the cell unless the condition holds.\"\"\"
        if eval(condition, get_ipython().user_ns):
            print({skipped!r}.format(condition))
        else:
            get_ipython().run_cell(cell)

    get_ipython().register_magic_function({magic}, "cell")
"""


# The first cell writes the book's files with this function: a file of that name
# already in the folder is the reader's (their engine.py of chapter 5, an older
# tinygrad.py) and is never replaced; the book's copy goes beside it, if it can.
BOOK_FILE_CODE = """


def book_file(name, text):
    \"\"\"{doc}\"\"\"
    try:
        with open(name, "x", encoding="utf-8") as file:  # {only_new}
            file.write(text)
        return
    except FileExistsError:
        with open(name, encoding="utf-8") as file:
            yours = file.read()
    if yours == text:
        return
    mine, book = yours.splitlines(), text.splitlines()
    differ = [n for n, (a, b) in enumerate(zip(mine, book), 1) if a != b]
    line = differ[0] if differ else min(len(mine), len(book)) + 1
    copy = name[: -len(".py")] + "_book.py"
    try:
        with open(copy, "x", encoding="utf-8") as file:
            file.write(text)
    except FileExistsError:
        with open(copy, encoding="utf-8") as file:
            if file.read() != text:
                copy = None
    if copy:
        where = {written!r}.format(copy=copy)
    else:
        where = {on_the_page!r}.format(name={downloads!r}.get(name, name))
    if name in {own!r}:  # {own_comment}
        print({yours!r}.format(name=name, line=line, where=where))
    else:
        print({kept!r}.format(name=name, line=line, where=where))


for name, text in BOOK_FILES.items():
    book_file(name, text)
importlib.invalidate_caches()  # {at_once}
"""
# The files a reader writes themselves, by module, and the book's copy of each:
# where a chapter imports engine, it means the reader's engine.py; the book
# offers its own as engine_book.py, and writes it as engine.py only where the
# folder has none (beside theirs it is saved under its own name).
READERS_OWN = {"engine": "engine_book"}


def setup_cell(app: Sphinx, modules: set[str], skips: bool) -> str:
    """The first cell: write the book's files the chapter imports, with plain Python."""
    files = {}
    offered = {Path(p).stem: Path(app.confdir, p) for p in app.config.notebook_files}
    for own, book in READERS_OWN.items():
        if book in offered:
            offered[own] = offered[book]
    todo = ["tinygrad", *sorted(modules & set(offered))]
    while todo:
        stem = todo.pop(0)
        if stem in files or stem not in offered:
            continue
        text = offered[stem].read_text(encoding="utf-8")
        files[stem] = (f"{stem}.py", text)
        todo += sorted(imported_modules(text, inside_functions=False) & set(offered))
    names = ", ".join(name for name, _text in files.values())
    lines = [
        "# "
        + _(
            "The book's files this notebook needs: {names}. Each is written into"
            " the notebook's folder unless a file of that name is there: a file"
            " of yours is never replaced."
        ).format(names=names),
        "import importlib",
        "",
        "BOOK_FILES = {",
    ]
    for name, text in files.values():
        lines.append(f"    {name!r}: {python_literal(text)},")
    lines.append("}")
    code = "\n".join(lines)
    code += BOOK_FILE_CODE.format(
        own=tuple(f"{own}.py" for own in READERS_OWN),
        downloads={f"{own}.py": f"{book}.py" for own, book in READERS_OWN.items()},
        own_comment=_("the reader's own file: the chapter means theirs"),
        doc=_(
            "Write the book's file into this folder, unless a file of that name is here."
        ),
        only_new=_('"x": only a new file, never over one'),
        at_once=_("the new files can be imported at once"),
        yours=_(
            "Using your own {name} (it differs from the book's from line {line} on);"
            " the book's is {where}, if you want it."
        ),
        kept=_(
            "Your {name} is not the book's (it differs from line {line} on): it is"
            " kept, and this notebook runs with it; the book's is {where}: rename"
            " it to {name} to use it."
        ),
        written=_("saved beside it as {copy}"),
        on_the_page=_("the download {name} on the chapter's page"),
    ).rstrip()
    code += IPYTHON_CODE.format(
        errors=_(
            "Errors as the book shows them, by their last line"
            " (%xmode Context shows the whole traceback)."
        )
    ).rstrip()
    if skips:
        code += SKIP_MAGIC_CODE.format(
            comment=_("a cell that the book skips when CONDITION holds"),
            magic=SKIP_MAGIC,
            skipped=_("(skipped, as in the book: {})"),
        ).rstrip()
    return code
