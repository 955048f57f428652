"""Offer ``tinygrad.py`` and ``check_engine.py`` at the top of every chapter.

The book promises that each chapter offers the download of the finished
engine, so a reader can keep it next to their own scripts, and of the checker
of the reader's own engine (``python check_engine.py engine.py``, chapter 5).
Rather than rely on every chapter remembering to, this transform puts the same
short line under each chapter's title, with a ``download`` reference per file
that Sphinx copies to ``_downloads/<hash>/<name>`` exactly as it is in
``src/``. The files are the settings ``engine_download`` and
``engine_check_download`` (paths relative to ``conf.py``), and with the second,
the exercises' checker, ``check_exercises.py``, which the build assembles
(exercises/); without it, the line offers the engine alone.

Where the build writes the chapter as a notebook (notebooks/), the line
offers it too, and, when ``book_repository`` (``BOOK_REPOSITORY``) names the
book's GitHub repository, a link that opens it in Colab from the site's
``gh-pages`` branch: a link only, nothing is loaded from Colab.

Only for the HTML site: an e-book or a printed page cannot run the file. The
line is in the language of the build (the Chinese edition's in Chinese): it is
added after the page was translated, so it is in no page's catalogue: its
words are in book.po, with the other extensions' (i18n/catalogue.py).
"""

from __future__ import annotations

import re
from fnmatch import fnmatch

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.locale import get_translation
from sphinx.transforms import SphinxTransform

from .. import exercises, priorities
from ..build import edition, output
from ..i18n.catalogue import N_
from ..notebooks.notebook import colab_url, notebook_name, writes_notebook

_ = get_translation("book")

ENGINE = N_(
    "Download {engine}, the finished engine, and keep it next to your own scripts."
)
ENGINE_AND_CHECK = N_(
    "Download {engine}, the finished engine, and keep it next to your own scripts;"
    " {check} checks the engine you build in chapter 5, and {exercises} your"
    " answers to the exercises."
)


def around(message: str, **links: nodes.Node) -> list[nodes.Node]:
    """The translated ``message`` as text nodes, with each ``{name}`` replaced by its link."""
    words: list[nodes.Node] = []
    for part in re.split(r"(\{\w+\})", str(_(message))):
        if part.startswith("{") and part[1:-1] in links:
            words.append(links[part[1:-1]])
        elif part:
            words.append(nodes.Text(part))
    return words


class EngineDownload(SphinxTransform):
    default_priority = priorities.AFTER_LOCALE

    def apply(self) -> None:
        config = self.config
        if not output(self.env).site or not config.engine_download:
            return
        if not any(fnmatch(self.env.docname, p) for p in config.engine_download_pages):
            return
        section = self.document.next_node(nodes.section)
        if section is None or not isinstance(section[0], nodes.title):
            return
        engine = self.link(config.engine_download)
        if config.engine_check_download:
            check = self.link(config.engine_check_download)
            answers = self.link(exercises.checks.download_path(self.env))
            words = around(
                ENGINE_AND_CHECK, engine=engine, check=check, exercises=answers
            )
        else:
            words = around(ENGINE, engine=engine)
        if writes_notebook(self.env, self.env.docname):
            words += self.notebook_words()
        line = nodes.paragraph("", "", *words, classes=["engine-download"])
        section.insert(1, line)

    def notebook_words(self) -> list[nodes.Node]:
        """The words "Download this chapter as a notebook: NN-name.ipynb." and "Open in Colab"."""
        name = notebook_name(self.env.docname)
        notebook = nodes.reference(
            "",
            "",
            nodes.literal(name, name),
            refuri=name,  # beside the page (notebooks/notebook.py writes it there)
            classes=["download", "notebook-download"],
        )
        space = "" if edition(self.config).cjk else " "  # none after a CJK stop
        words = [
            nodes.Text(space),
            *around(
                _("Download this chapter as a notebook: {notebook}."), notebook=notebook
            ),
        ]
        colab = colab_url(self.config, self.env.docname)
        if colab:
            words += [
                nodes.Text(space),
                nodes.reference(
                    "", _("Open in Colab"), refuri=colab, classes=["colab-link"]
                ),
            ]
        return words

    def link(self, path: str) -> addnodes.download_reference:
        """A download of ``path`` (relative to conf.py), shown as its file name."""
        filename = path.rsplit("/", 1)[-1]
        return addnodes.download_reference(
            "",
            "",
            nodes.literal(filename, filename),
            refdoc=self.env.docname,
            refdomain="",
            reftype="download",
            refexplicit=True,
            refwarn=False,
            reftarget="/" + path,  # relative to docs/
        )


def register(app: Sphinx) -> None:
    app.add_config_value("engine_download", "", "env", types=frozenset({str}))
    app.add_config_value("engine_check_download", "", "env", types=frozenset({str}))
    app.add_config_value(
        "engine_download_pages", ["chapters/*"], "env", types=frozenset({list})
    )
    app.add_transform(EngineDownload)
