"""No space between a Chinese word and the bold term that follows it.

CommonMark opens ``**`` only where it is not squeezed between a letter and
punctuation, so a bold glossary term, ``**{term}`...`**``, right after a
Chinese character stays text: the ``{`` of the role is punctuation, and a
Chinese character counts as a letter. The catalogues therefore write a space
before the asterisks, which Chinese typesetting never shows. In a CJK edition
this transform takes that space out again, after the page is translated: a
space between a CJK character and bold or emphasised text that begins with
one, or between such text and a CJK character after it. A space next to
Latin letters or digits stays (one space between Chinese and Latin, as the
house style has it):

>>> from docutils import nodes
>>> han, node, comma = "\u56fe\u7684", "\u8282\u70b9", "\uff0c"
>>> p = nodes.paragraph("", "", nodes.Text(han + " "), nodes.strong("", node),
...                     nodes.Text(" " + comma + han + " "), nodes.strong("", "MLP"))
>>> close_up(p)
>>> p.astext() == han + node + comma + han + " MLP"
True
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

from .. import priorities
from ..build import edition

# Ideographs and the full-width punctuation and forms around them.
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def _cjk(character: str) -> bool:
    return bool(character) and bool(CJK.match(character))


def close_up(tree: nodes.Element) -> None:
    """Drop the spaces between CJK text and the bold or emphasis beside it."""
    marks = (nodes.strong, nodes.emphasis)
    for marked in list(tree.findall(lambda n: isinstance(n, marks))):
        text = marked.astext()
        parent = marked.parent
        if not text or parent is None:
            continue
        before = marked.previous_sibling()
        if (
            isinstance(before, nodes.Text)
            and before.endswith(" ")
            and _cjk(before.rstrip(" ")[-1:])
            and _cjk(text[0])
        ):
            parent.replace(before, nodes.Text(before.rstrip(" ")))
        after = marked.next_node(descend=False, siblings=True)
        if (
            isinstance(after, nodes.Text)
            and after.startswith(" ")
            and _cjk(after.lstrip(" ")[:1])
            and _cjk(text[-1])
        ):
            parent.replace(after, nodes.Text(after.lstrip(" ")))


class CloseUpAroundBold(SphinxTransform):
    default_priority = priorities.AFTER_LOCALE

    def apply(self, **kwargs: object) -> None:
        if edition(self.config).cjk:
            close_up(self.document)


def register(app: Sphinx) -> None:
    app.add_transform(CloseUpAroundBold)
