"""The share link as a QR code (``segno``, pure Python), as SVG text for ``st.image`` (an image, never inline HTML).
No Streamlit here."""

from __future__ import annotations

from functools import lru_cache

import segno

#: Past this many modules a side, a code on a projector is hard to scan from the back of a room; it is still made.
DENSE = 73


@lru_cache(maxsize=256)  # the same link's code at every rerun (the class's projector redraws every second)
def qr_svg(text: str, *, scale: int = 5) -> tuple[str, int] | None:
    """(SVG, modules a side) of a QR code for ``text``, dark on white with the standard 4-module quiet zone (so it
    scans in either theme), or None when ``text`` is too long for any QR code. Error correction M (15 %) when it
    fits, else L."""
    for level in ("m", "l"):
        try:
            code = segno.make(text, error=level, boost_error=False, micro=False)
        except segno.DataOverflowError:
            continue
        return code.svg_inline(scale=scale, dark="#000000", light="#ffffff", border=4), code.symbol_size(border=0)[0]
    return None
