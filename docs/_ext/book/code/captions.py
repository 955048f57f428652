"""Captions that say where an included piece of Python goes.

A reader who builds the engine alongside the book should never have to guess
where a snippet belongs. This part registers itself over Sphinx's
``literalinclude``: when a chapter includes part of a Python file and gives no
``:caption:`` of its own, the snippet gets one generated from the real file,
for example

    tinygrad.py, in class ``Value``, after ``__add__``
    tinygrad.py, top level, after ``gradient_descent``

The place is found with :mod:`ast`: the enclosing class (or function) of the
snippet's first line and the statement just before it in the same block.
Authors keep writing a plain ``literalinclude`` with ``:pyobject:`` (or with
markers); an explicit ``:caption:`` always wins.

The caption is written in the language of the build, from the templates of
the catalogue ``book.po`` (i18n/catalogue.py), and marked as not translatable in
the page: it follows the code by itself, so it is in no page's catalogue.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.directives.code import LiteralInclude, LiteralIncludeReader
from sphinx.locale import get_translation
from sphinx.util import logging

logger = logging.getLogger(__name__)
_ = get_translation("book")

# Options that cannot be combined with ``lineno-match``; they do not change
# where the snippet starts in the file, so they are dropped for the lookup.
_NOT_FOR_LOOKUP = (
    "lineno-start",
    "append",
    "prepend",
    "diff",
    "dedent",
    "emphasize-lines",
)


@dataclass(frozen=True)
class Place:
    """Where line ``line`` of a Python file sits: inside ``scope``, after ``previous``."""

    scope: (
        tuple[str, str] | None
    )  # ("class", "Value"), ("function", "train_line"), None: top level
    previous: (
        str | None
    )  # how to name the statement before it; None: first in its block
    whole: bool = False  # the snippet is the whole file

    def words(self, filename: str) -> list[str | tuple[str]]:
        """The caption as pieces, in the build's language: plain strings, and 1-tuples for code."""
        if self.whole:
            return _fill(str(_("{file}, the whole file")), {"file": filename})
        if self.scope is None:
            kind, name = "", ""
            template = _("{file}, at the top") if self.previous is None else None
            template = template or _("{file}, top level, after {previous}")
        elif self.scope[0] == "class":
            kind, name = self.scope
            template = (
                _("{file}, at the start of class {name}")
                if self.previous is None
                else _("{file}, in class {name}, after {previous}")
            )
        else:
            kind, name = self.scope
            template = (
                _("{file}, at the start of function {name}")
                if self.previous is None
                else _("{file}, in function {name}, after {previous}")
            )
        values: dict[str, str | tuple[str]] = {"file": filename, "name": (name,)}
        if self.previous is not None:
            values["previous"] = (
                str(_PREVIOUS[self.previous]())
                if self.previous in _PREVIOUS
                else (self.previous,)
            )
        return _fill(str(template), values)

    def text(self, filename: str) -> str:
        return "".join(p if isinstance(p, str) else p[0] for p in self.words(filename))


# Statements named in words rather than as code ("after the docstring").
_PREVIOUS = {
    "the docstring": lambda: _("the docstring"),
    "the imports": lambda: _("the imports"),
}
# A space that the template put between a placeholder and a CJK character,
# where the placeholder became CJK words too (Chinese sets no space there).
_SPACE_BETWEEN_CJK = re.compile(
    r"(?<=[\u3000-\u9fff\uff00-\uffef]) (?=[\u3000-\u9fff\uff00-\uffef])"
)


def _fill(template: str, values: dict[str, str | tuple[str]]) -> list[str | tuple[str]]:
    """``template`` with its ``{placeholders}`` filled, as pieces (code stays a 1-tuple).

    >>> _fill("{file}, in class {name}", {"file": "a.py", "name": ("A",)})
    ['a.py, in class ', ('A',)]
    """
    pieces: list[str | tuple[str]] = []
    for i, part in enumerate(re.split(r"\{(\w+)\}", template)):
        piece = values[part] if i % 2 else part
        if isinstance(piece, str) and pieces and isinstance(pieces[-1], str):
            pieces[-1] += piece
        elif piece:
            pieces.append(piece)
    return [_SPACE_BETWEEN_CJK.sub("", p) if isinstance(p, str) else p for p in pieces]


def _start(node: ast.stmt) -> int:
    """First line of a statement, decorators included."""
    decorators = getattr(node, "decorator_list", [])
    return min([node.lineno] + [d.lineno for d in decorators])


def _name_of(node: ast.stmt) -> str:
    """How a reader finds this statement in the file."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return "the imports"
    if (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    ):
        return "the docstring"
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        targets = [node.target]
    names = [ast.unparse(t) for t in targets]
    if names:
        return " = ".join(names)
    text = ast.unparse(node).splitlines()[0]
    return text if len(text) <= 40 else text[:37] + "..."


def place_of_line(source: str, line: int) -> Place:
    """Find the block that line ``line`` (1-based) of ``source`` belongs to.

    >>> src = "import math\\n\\nclass A:\\n    def f(self):\\n        pass\\n\\n    def g(self):\\n        pass\\n"
    >>> place_of_line(src, 7).text("a.py")
    'a.py, in class A, after f'
    >>> place_of_line(src, 3).text("a.py")
    'a.py, top level, after the imports'
    >>> place_of_line(src, 4).text("a.py")
    'a.py, at the start of class A'
    """
    body: list[ast.stmt] = ast.parse(source).body
    scope: tuple[str, str] | None = None
    while True:
        previous: ast.stmt | None = None
        for node in body:
            if node.end_lineno is not None and node.end_lineno < line:
                previous = node
                continue
            if _start(node) < line and isinstance(
                node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
            ):
                # The snippet starts inside this definition: look in its body.
                kind = "class" if isinstance(node, ast.ClassDef) else "function"
                scope = (kind, node.name)
                body = node.body
                break
            return Place(scope, None if previous is None else _name_of(previous))
        else:
            return Place(scope, None if previous is None else _name_of(previous))


class CaptionedLiteralInclude(LiteralInclude):
    """``literalinclude`` that captions Python snippets with their place in the file."""

    _auto_caption: Place | None = None
    _auto_filename = ""

    def run(self) -> list[nodes.Node]:
        if "caption" not in self.options and self.arguments[0].endswith(".py"):
            _, filename = self.env.relfn2path(self.arguments[0])
            place = self._place(Path(filename))
            if place is not None:
                self._auto_caption = place
                self._auto_filename = Path(filename).name
                self.options["caption"] = place.text(self._auto_filename)
        result = super().run()
        if self._auto_caption is not None:
            for node in result:
                for caption in node.findall(nodes.caption):
                    caption["translatable"] = False  # already in the build's language
        return result

    def _place(self, path: Path) -> Place | None:
        if not path.is_file():
            return None  # the base directive reports the missing file
        options = {k: v for k, v in self.options.items() if k not in _NOT_FOR_LOOKUP}
        options["lineno-match"] = True
        location = self.state_machine.get_source_and_line(self.lineno)
        try:
            reader = LiteralIncludeReader(path, options, self.config)
            snippet, _lines = reader.read(location=location)
        except Exception:
            return None  # a bad option: the base directive reports it
        source = path.read_text(encoding="utf-8")
        if snippet == source:
            return Place(None, None, whole=True)
        try:
            return place_of_line(source, reader.lineno_start)
        except SyntaxError as exc:
            logger.warning(
                "cannot tell where this snippet of %s goes (%s); add a :caption:",
                path.name,
                exc,
                location=location,
                type="include_captions",
            )
            return None

    def parse_text_to_nodes(
        self, text: str = "", /, *args, **kwargs
    ) -> list[nodes.Node]:
        # container_wrapper() parses the caption with the page's own parser
        # (MyST or reST, which read `__mul__` differently): hand it ready nodes.
        place = self._auto_caption
        if place is not None and text == place.text(self._auto_filename):
            children = [
                nodes.Text(p) if isinstance(p, str) else nodes.literal(p[0], p[0])
                for p in place.words(self._auto_filename)
            ]
            return [nodes.paragraph(text, "", *children)]
        return super().parse_text_to_nodes(text, *args, **kwargs)


def register(app: Sphinx) -> None:
    app.add_directive("literalinclude", CaptionedLiteralInclude, override=True)
