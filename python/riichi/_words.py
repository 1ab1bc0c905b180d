"""The words for what a seat does in a hand, in one place: the game viewer names
seats by wind and name and tiles in words, the token encoding's text names seats
relative to the observer and tiles in mpsz; both say the same thing the same way."""

from __future__ import annotations

from collections.abc import Sequence

from riichi._core import TOKEN_KINDS

#: What a seat may do, by the token encoding's kind names (all but the hand's
#: start, its dealt tiles and the padding).
KINDS = tuple(name for _, name, _ in TOKEN_KINDS if name not in ("padding", "start", "deal"))


def action_words(
    kind: str,
    who: str,
    tile: str = "",
    *,
    source: str = "",
    tsumogiri: bool = False,
    hand: Sequence[str] = (),
) -> str:
    """One thing a seat does in words: `kind` one of `KINDS`, `who` the seat,
    `tile` the tile it draws, discards, calls, adds or sets aside, `source` the
    seat a called tile came from, `hand` the tiles a call takes from the hand."""
    with_hand = f" with {' '.join(hand)}" if hand else ""
    if kind == "draw":
        return f"{who} draws {tile}"
    if kind == "discard":
        return f"{who} discards {tile}" + (" (tsumogiri)" if tsumogiri else "")
    if kind == "riichi":
        return f"{who} declares riichi"
    if kind == "riichi_accepted":
        return f"{who} puts down a riichi stick"
    if kind in ("chi", "pon", "daiminkan"):
        return f"{who} calls {kind} on {tile} from {source}{with_hand}"
    if kind == "kakan":
        return f"{who} adds {tile} to its pon (kakan)"
    if kind == "ankan":
        return f"{who} declares a closed kan of {tile}{with_hand}"
    if kind == "kita":
        return f"{who} sets {tile} aside (kita)"
    if kind == "dora":
        return f"new dora indicator {tile}"
    raise ValueError(f"no words for {kind!r}: one of {', '.join(KINDS)}")
