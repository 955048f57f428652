"""The ``exercise-check`` fence, and the download that carries every check.

A chapter writes each exercise's check beside the exercise (assemble.py says
how). On the page the fence shows nothing: :class:`ExerciseCheck` only refuses
a malformed one, naming it. Before the pages are read, :func:`stage_download`
assembles ``check_exercises.py`` from the machinery in ``src/`` and every
chapter's checks into a folder of the build's; the line under each chapter's
title offers it for download (site/downloads.py asks :func:`download_path`),
the in-page Python finds it there as it finds every download of the page, and
a notebook whose code imports it gets it in its first cell (``notebook_files``).
"""

from __future__ import annotations

import os
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

from . import assemble


class ExerciseCheck(SphinxDirective):
    """```{exercise-check} N.M: an exercise's check, for the download; nothing on the page."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        number = self.arguments[0]
        chapter = assemble.chapter_number(Path(self.env.doc2path(self.env.docname)))
        if (
            not assemble.NUMBER.fullmatch(number)
            or int(number.split(".")[0]) != chapter
        ):
            raise self.error(
                f"exercise-check {number}: write the exercise's number as"
                f" {chapter}.M, in its own chapter ({self.env.docname})"
            )
        return []


def staged(env) -> Path:
    """Where the build puts check_exercises.py: a folder beside its doctrees."""
    return Path(env.doctreedir, "exercises", assemble.NAME + ".py")


def download_path(env) -> str:
    """The staged check_exercises.py, relative to conf.py, as a download names it."""
    return os.path.relpath(staged(env), env.srcdir)


def stage_download(app: Sphinx) -> None:
    """builder-inited: write check_exercises.py, assembled, into a folder of the build's."""
    chapters = Path(app.srcdir, "chapters")
    try:
        text = assemble.assemble(chapters)
    except (ValueError, SyntaxError) as problem:
        raise ExtensionError(f"check_exercises.py: {problem}") from problem
    target = staged(app.env)
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    # a notebook that imports it gets it in its first cell (notebook_setup.py)
    relative = download_path(app.env)
    if relative not in app.config.notebook_files:
        app.config.notebook_files = [*app.config.notebook_files, relative]


def register(app: Sphinx) -> None:
    app.add_directive("exercise-check", ExerciseCheck)
