"""Offer ``tinygrad.py`` and ``check_engine.py`` at the top of every chapter.

The book promises that each chapter offers the download of the finished
engine, so a reader can keep it next to their own scripts, and of the checker
of the reader's own engine (``python check_engine.py engine.py``, chapter 5).
Rather than rely on every chapter remembering to, this transform puts the same
short line under each chapter's title, with a ``download`` reference per file
that Sphinx copies to ``_downloads/<hash>/<name>`` exactly as it is in
``src/``. The files are the settings ``engine_download`` and
``engine_check_download`` (paths relative to ``conf.py``); without the second,
the line offers the engine alone.

Where the build writes the chapter as a notebook (notebooks.py), the line
offers it too, and, when ``book_repository`` (``BOOK_REPOSITORY``) names the
book's GitHub repository, a link that opens it in Colab from the site's
``gh-pages`` branch: a link only, nothing is loaded from Colab.

Only for the HTML site: an e-book or a printed page cannot run the file. The
line is in the language of the build (the Chinese edition's in Chinese): it is
added after the page was translated, so it is in no page's catalogue; the
notebook's words are in the catalogue ``notebooks`` (notebooks.py).
"""

from __future__ import annotations

from fnmatch import fnmatch

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

import notebooks
from editions import text

BUILDERS = {"html", "dirhtml"}
# The words around the files' names, by language: before the engine, after it,
# and (with the checker) after the checker.
WORDS = {
    "en": ("Download ", ", the finished engine, and keep it next to your own scripts."),
    "zh": ("下载 ", "，这是完成后的引擎，把它保存在你自己的脚本旁边。"),
}
WORDS_WITH_CHECK = {
    "en": (
        "Download ",
        ", the finished engine, and keep it next to your own scripts; ",
        " checks the engine you build in chapter 5.",
    ),
    "zh": (
        "下载 ",
        "，这是完成后的引擎，把它保存在你自己的脚本旁边；",
        " 用来检查你在第 5 章自己搭建的引擎。",
    ),
}


class EngineDownload(SphinxTransform):
    default_priority = (
        400  # before the download collector (doctree-read) registers the file
    )

    def apply(self) -> None:
        config = self.config
        if self.app.builder.name not in BUILDERS or not config.engine_download:
            return
        if not any(fnmatch(self.env.docname, p) for p in config.engine_download_pages):
            return
        section = self.document.next_node(nodes.section)
        if section is None or not isinstance(section[0], nodes.title):
            return
        engine = self.link(config.engine_download)
        if config.engine_check_download:
            before, after, last = text(config, WORDS_WITH_CHECK)
            check = self.link(config.engine_check_download)
            words = [
                nodes.Text(before),
                engine,
                nodes.Text(after),
                check,
                nodes.Text(last),
            ]
        else:
            before, after = text(config, WORDS)
            words = [nodes.Text(before), engine, nodes.Text(after)]
        if notebooks.has_notebook(self.app, self.env.docname):
            words += self.notebook_words()
        line = nodes.paragraph("", "", *words, classes=["engine-download"])
        section.insert(1, line)

    def notebook_words(self) -> list[nodes.Node]:
        """The words "Download this chapter as a notebook: NN-name.ipynb." and "Open in Colab"."""
        _ = notebooks._
        name = notebooks.notebook_name(self.env.docname)
        notebook = nodes.reference(
            "",
            "",
            nodes.literal(name, name),
            refuri=name,  # beside the page (notebooks.py writes it there)
            classes=["download", "notebook-download"],
        )
        before, after = _("Download this chapter as a notebook: {notebook}.").split(
            "{notebook}"
        )
        space = text(self.config, {"en": " ", "zh": ""})  # none after "。"
        words = [nodes.Text(space + before), notebook, nodes.Text(after)]
        colab = notebooks.colab_url(self.config, self.env.docname)
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


def setup(app: Sphinx) -> dict[str, object]:
    app.setup_extension("notebooks")
    app.add_config_value("engine_download", "", "env", types=frozenset({str}))
    app.add_config_value("engine_check_download", "", "env", types=frozenset({str}))
    app.add_config_value(
        "engine_download_pages", ["chapters/*"], "env", types=frozenset({list})
    )
    app.add_transform(EngineDownload)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
