"""What of the built folder reaches the branch: regular files, without build caches.

Part of ``publish.py``: a symbolic link or a ``.git`` entry in the site is
refused with one line naming it (:func:`check_site_files`); the copy that is
committed leaves out Sphinx's caches (:data:`BUILD_CACHES`) and adds
``.nojekyll``, so that GitHub Pages serves the folders whose names start with
an underscore (:func:`copy_site`).
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

from build_site import site_lock
from publish_remote import PublishError

BUILD_CACHES = (".doctrees", ".buildinfo", ".buildinfo.bak", "__pycache__", "*.pickle")


def check_site_files(site: Path) -> None:
    """Refuse anything in ``site`` that is not a folder or a regular file, and ``.git``."""
    for folder, folders, files in os.walk(site):  # never follows a link
        folders[:] = [f for f in folders if f not in BUILD_CACHES]
        for name in sorted(folders + files):
            path = Path(folder, name)
            where = path.relative_to(site).as_posix()
            mode = path.lstat().st_mode
            if stat.S_ISLNK(mode):
                raise PublishError(
                    f"the site holds a symbolic link, {where} -> {os.readlink(path)}: "
                    "only regular files are published; remove it or copy the file in"
                )
            if name == ".git":
                raise PublishError(
                    f"the site holds a git folder or file, {where}: it would break the branch; remove it"
                )
            if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                raise PublishError(
                    f"the site holds {where}, which is not a regular file; remove it"
                )


def copy_site(html: Path, site: Path) -> None:
    """Copy the built site, whole, into ``site``; refuse what must not be published."""
    if not html.is_dir():
        raise PublishError(
            f"{html} holds no built site (no index.html); run `make html` first"
        )
    with site_lock(html, shared=True, who="publish"):  # one whole site, not half of two
        if not (html / "index.html").is_file():
            raise PublishError(
                f"{html} holds no built site (no index.html); run `make html` first"
            )
        check_site_files(html)
        shutil.copytree(
            html, site, symlinks=True, ignore=shutil.ignore_patterns(*BUILD_CACHES)
        )
    check_site_files(site)  # what was copied, in case the site changed meanwhile
