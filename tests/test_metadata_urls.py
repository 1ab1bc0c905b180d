"""The project URLs of the package metadata (pyproject.toml) stay metadata: the
README, the docs pages, the docs site's configuration and the package's own text
(docstrings, messages, the viewer) name no repository, so nothing a user reads
presents an address that may not hold the project."""

from __future__ import annotations

import re
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # the package's own dependency before 3.11
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def metadata_urls() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return list(project.get("urls", {}).values())


def test_the_metadata_has_its_urls():
    urls = metadata_urls()
    assert urls and all(u.startswith("https://") for u in urls)


def test_no_page_or_package_text_names_the_metadata_urls():
    # The repository's address, however written (its URLs share it).
    repos = {re.match(r"https://[^/]+/[^/]+/[^/]+", u).group(0) for u in metadata_urls()}
    read = [ROOT / "README.md", ROOT / "mkdocs.yml", *sorted((ROOT / "docs").rglob("*"))]
    read += sorted((ROOT / "python" / "riichi").rglob("*.py*"))
    read += sorted((ROOT / "src").rglob("*.rs"))
    checked = 0
    for path in read:
        if not path.is_file() or path.suffix in (".so", ".pyc"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for repo in repos:
            assert repo.split("://")[1] not in text, f"{path.relative_to(ROOT)} names {repo}"
        checked += 1
    assert checked > 20
