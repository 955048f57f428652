"""A 404 page that works wherever the site is hosted.

GitHub Pages answers any missing address under the site with the site's
``404.html``, served *at the missing address*. A normal Sphinx page would then
look for its styles and links relative to the wrong folder. This page needs
nothing else: its style and icon are inline, and its links (to the start and to
every chapter) are written relative to the site root, which is right when the
page is opened as ``404.html``. When it is served elsewhere, a few lines of
script find the site root among the folders of the missing address (the
first one that holds the book's ``objects.inv``, asked of the same host) and
point the links there.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path

from sphinx import addnodes
from sphinx.application import Sphinx

PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page not found - {title}</title>
{icon}
<style>
  :root {{ color-scheme: light dark; --fg: #222; --muted: #646776; --bg: #fff; --link: #2962ff; }}
  @media (prefers-color-scheme: dark) {{
    :root {{ --fg: #cfd0d0; --muted: #81868d; --bg: #131416; --link: #3d94ff; }}
  }}
  body {{ margin: 0; background: var(--bg); color: var(--fg);
         font: 1.05rem/1.6 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial,
               sans-serif; }}
  main {{ max-width: 40rem; margin: 0 auto; padding: 3rem 1.25rem; }}
  h1 {{ font-size: 1.8rem; line-height: 1.25; margin: 0 0 1rem; }}
  a {{ color: var(--link); }}
  .book {{ color: var(--muted); margin: 0 0 2rem; }}
  h2 {{ font-size: 0.8rem; text-transform: uppercase; color: var(--muted); margin: 1.5rem 0 0.25rem; }}
  ul.pages {{ list-style: none; padding-left: 0; margin: 0; }}
  li {{ margin: 0.2rem 0; }}
</style>
</head>
<body>
<main>
<p class="book"><a href="index.html" data-site-link>{title}</a></p>
<h1>This page is not in the book</h1>
<p>The address may be mistyped, or the page may have moved.
Start again from <a href="index.html" data-site-link>the contents</a>, or pick a page:</p>
{chapters}
</main>
<script>
(function () {{
  if (!/^https?:$/.test(location.protocol)) return;
  var parts = location.pathname.split("/").slice(1, -1), roots = [];
  for (var i = parts.length; i >= 0; i--) roots.push("/" + parts.slice(0, i).map(function (p) {{ return p + "/"; }}).join(""));
  (function tryRoot(k) {{
    if (k >= roots.length) return;
    fetch(roots[k] + "objects.inv", {{cache: "no-store"}}).then(function (r) {{
      r.arrayBuffer();  // read it to the end (a few kilobytes)
      if (!r.ok) return tryRoot(k + 1);
      document.querySelectorAll("a[data-site-link]").forEach(function (a) {{
        a.href = roots[k] + a.getAttribute("href");
      }});
    }}, function () {{ tryRoot(k + 1); }});
  }})(0);
}})();
</script>
</body>
</html>
"""


def _contents(app: Sphinx) -> list[tuple[str, list[tuple[str, str]]]]:
    """The book's tables of contents as (caption, [(link, title)]), as in the sidebar."""
    env = app.env
    groups = []
    for toctree in env.get_doctree(app.config.root_doc).findall(addnodes.toctree):
        pages = []
        for _, docname in toctree["entries"]:
            if docname not in env.titles:
                continue
            title = env.titles[docname].astext()
            number = env.toc_secnumbers.get(docname, {}).get("")
            if number:
                title = ".".join(map(str, number)) + ". " + title
            pages.append((app.builder.get_target_uri(docname), title))
        groups.append((toctree.get("caption") or "", pages))
    return groups


def write_404(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.name not in {"html", "dirhtml"}:
        return
    icon = ""
    if app.config.html_favicon:
        svg = Path(app.confdir, app.config.html_favicon).read_bytes()
        data = base64.b64encode(svg).decode("ascii")
        icon = f'<link rel="icon" type="image/svg+xml" href="data:image/svg+xml;base64,{data}">'
    chapters = "\n".join(
        (f"<h2>{html.escape(caption)}</h2>\n" if caption else "")
        + '<ul class="pages">\n'
        + "\n".join(
            f'<li><a href="{html.escape(uri)}" data-site-link>{html.escape(title)}</a></li>'
            for uri, title in pages
        )
        + "\n</ul>"
        for caption, pages in _contents(app)
    )
    page = PAGE.format(
        lang=html.escape(app.config.language or "en"),
        title=html.escape(app.config.html_title or app.config.project),
        icon=icon,
        chapters=chapters,
    )
    Path(app.outdir, "404.html").write_text(page, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, object]:
    app.connect("build-finished", write_404)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
