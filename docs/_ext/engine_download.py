"""Offer ``tinygrad.py`` at the top of every chapter.

The book promises that each chapter offers the download of the finished
engine, so a reader can keep it next to their own scripts. Rather than rely on
every chapter remembering to, this transform puts the same short line under
each chapter's title, with a ``download`` reference that Sphinx copies to
``_downloads/<hash>/tinygrad.py`` exactly as it is in ``src/``.

Only for the HTML site: an e-book or a printed page cannot run the file. The
line is in the language of the build (the Chinese edition's in Chinese): it is
added after the page was translated, so it is in no catalogue.
"""

from __future__ import annotations

from fnmatch import fnmatch

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

from editions import text

BUILDERS = {"html", "dirhtml"}
# The words before and after the file's name, by language.
WORDS = {
    "en": ("Download ", ", the finished engine, and keep it next to your own scripts."),
    "zh": ("下载 ", "，这是完成后的引擎，把它保存在你自己的脚本旁边。"),
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
        filename = config.engine_download.rsplit("/", 1)[-1]
        link = addnodes.download_reference(
            "",
            "",
            nodes.literal(filename, filename),
            refdoc=self.env.docname,
            refdomain="",
            reftype="download",
            refexplicit=True,
            refwarn=False,
            reftarget="/" + config.engine_download,  # relative to docs/
        )
        before, after = text(config, WORDS)
        line = nodes.paragraph(
            "",
            "",
            nodes.Text(before),
            link,
            nodes.Text(after),
            classes=["engine-download"],
        )
        section.insert(1, line)


def setup(app: Sphinx) -> dict[str, object]:
    app.add_config_value("engine_download", "", "env", types=frozenset({str}))
    app.add_config_value(
        "engine_download_pages", ["chapters/*"], "env", types=frozenset({list})
    )
    app.add_transform(EngineDownload)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
