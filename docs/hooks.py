"""MkDocs hooks for the docs site (mkdocs.yml): the project README becomes the
site's home page, and the pages' links out of docs/ are made to work on the site.

The pages are written to read well where they lie (in the source tree, in an
editor): `../README.md` is the README, `../tests/x.py` a file of the source tree.
On the site the README is `index.md`, and a link to a source file, which the site
does not hold, becomes its text alone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
# A link that is no web address or anchor: its text and its target.
WHOLE_LINK = re.compile(r"\[([^\]]*)\]\((?!https?://|#)([^)\s]+)\)")


def on_files(files: Files, config: Any) -> Files:
    """Adds the README as the home page (docs/README.md, the list of pages, is
    the site's navigation instead)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    files.append(File.generated(config, "index.md", content=readme_for_site(text, config)))
    return files


def readme_for_site(text: str, config: Any) -> str:
    def fix(m: re.Match[str]) -> str:
        label, target = m.group(1), m.group(2)
        if target.startswith("docs/"):
            return f"[{label}]({target.removeprefix('docs/')})"
        return label  # a source file: not on the site

    return WHOLE_LINK.sub(fix, text)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    if page.file.src_uri == "index.md":
        return markdown

    def fix(m: re.Match[str]) -> str:
        label, target = m.group(1), m.group(2)
        if target.startswith("../README.md"):
            return f"[{label}](index.md" + target.removeprefix("../README.md") + ")"
        if target.startswith("../"):
            return label  # a source file: not on the site
        return m.group(0)

    return WHOLE_LINK.sub(fix, markdown)
