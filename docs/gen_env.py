"""Write the tables of docs/learning.md (action ids, plane channels, scalars, oracle
channels, token columns and kinds) from the installed `riichi` alone.

    python docs/gen_env.py            # print the page
    python docs/gen_env.py --write    # write docs/learning.md
    python docs/gen_env.py --check    # exit 1 if docs/learning.md is out of date

The page's prose is the part of docs/learning.md above the generated marker; the
tables below it come from `riichi.env` (`ACTION_GROUPS`, `PLANE_GROUPS`,
`SCALARS`, `ORACLE_GROUPS`, `TOKEN_COLUMNS`, `TOKEN_KINDS`), whose one source is the core's tables.
"""

from __future__ import annotations

import sys
from pathlib import Path

from riichi import env

OUT = Path(__file__).resolve().parent / "learning.md"
MARKER = "<!-- The tables below are written by docs/gen_env.py: do not edit them. -->"


def ids(first: int, count: int) -> str:
    return str(first) if count == 1 else f"{first}-{first + count - 1}"


def tables() -> str:
    out = [MARKER, "", f"## Action ids ({env.ACTION_COUNT})", ""]
    out += ["| ids | group | action |", "|---|---|---|"]
    out += [f"| {ids(f, c)} | `{n}` | {d} |" for n, f, c, d in env.ACTION_GROUPS]
    channels = sum(c for _, _, c, _ in env.PLANE_GROUPS)
    out += ["", f"## Plane channels ({channels} × 34)", ""]
    out += ["| channels | group | holds |", "|---|---|---|"]
    out += [f"| {ids(f, c)} | `{n}` | {d} |" for n, f, c, d in env.PLANE_GROUPS]
    out += ["", f"## Scalars ({len(env.SCALARS)})", ""]
    out += ["| index | name | holds |", "|---|---|---|"]
    out += [f"| {i} | `{n}` | {d} |" for i, (n, d) in enumerate(env.SCALARS)]
    oracle = sum(c for _, _, c, _ in env.ORACLE_GROUPS)
    out += ["", f"## Oracle channels ({oracle} × 34)", ""]
    out += ["| channels | group | holds |", "|---|---|---|"]
    out += [f"| {ids(f, c)} | `{n}` | {d} |" for n, f, c, d in env.ORACLE_GROUPS]
    out += ["", f"## Token columns ({len(env.TOKEN_COLUMNS)})", ""]
    out += ["| column | name | holds |", "|---|---|---|"]
    out += [f"| {i} | `{n}` | {d} |" for i, (n, d) in enumerate(env.TOKEN_COLUMNS)]
    out += ["", f"## Token kinds ({len(env.TOKEN_KINDS)})", ""]
    out += ["| kind | name | the row holds |", "|---|---|---|"]
    out += [f"| {v} | `{n}` | {d} |" for v, n, d in env.TOKEN_KINDS]
    return "\n".join(out) + "\n"


def render() -> str:
    """The whole page: the committed prose, then the tables as the runtime has them."""
    text = OUT.read_text(encoding="utf-8")
    prose = text.split(MARKER)[0]
    return prose + tables()


def main(argv: list[str]) -> int:
    page = render()
    if "--check" in argv:
        if OUT.read_text(encoding="utf-8") != page:
            print("docs/learning.md is out of date: run python docs/gen_env.py --write")
            return 1
        return 0
    if "--write" in argv:
        OUT.write_text(page, encoding="utf-8")
        return 0
    sys.stdout.write(page)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
