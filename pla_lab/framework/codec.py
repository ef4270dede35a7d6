"""Points and coordinates in a link: stored to a fixed resolution, packed, compressed and base64url-encoded
(about 7 characters a point), with the caps a link may not exceed. No Streamlit."""

from __future__ import annotations

import base64
import struct
import zlib

#: Most points a page draws (and a link may carry): about 3.5 KB of URL, well under the 8 KB proxies allow.
MAX_POINTS = 500
#: Largest |coordinate| accepted from a link or a click (views may reach 10× that).
MAX_COORD = 1e5
#: Links longer than this are refused outright rather than decoded.
MAX_PARAM_CHARS = 20_000
#: Coordinates are stored to this resolution, so a link reproduces the points (and the run) exactly.
RESOLUTION = 1e-3
#: Steps of RESOLUTION in one unit: a stored coordinate is k / PER_UNIT for an integer k.
PER_UNIT = 1000


def q(v: float) -> float:
    """Round a coordinate to the stored resolution (the same function on the way in and out of a link): the float
    nearest k/1000, so it is written as its shortest decimal, "-0.823" (k·0.001 would be -0.8230000000000001)."""
    return round(float(v) / RESOLUTION) / PER_UNIT if abs(v) < MAX_COORD else float(v)



def encode_points(points) -> str:
    """[(x, y, label), …] → compact text: int32 pairs in units of RESOLUTION plus a bit per label, zlib, base64url."""
    n = len(points)
    xy = [int(round(v / RESOLUTION)) for x, y, _ in points for v in (x, y)]
    bits = bytearray((n + 7) // 8)
    for i, (_, _, lab) in enumerate(points):
        if lab > 0:
            bits[i // 8] |= 1 << (i % 8)
    raw = struct.pack(f"<I{2 * n}i", n, *xy) + bytes(bits)
    return "1" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode_points(text: str, *, max_points: int = MAX_POINTS) -> tuple[list[tuple[float, float, float]], list[str]]:
    """The inverse of :func:`encode_points`; raises ValueError for damaged text; keeps at most ``max_points``."""
    if len(text) > MAX_PARAM_CHARS:
        raise ValueError(f"the points in the link are longer than {MAX_PARAM_CHARS:,} characters")
    if not text.startswith("1"):
        raise ValueError("the points in the link are not in a format this version reads")
    try:
        body = text[1:]
        raw = zlib.decompressobj().decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)), 64 * 1024)
        (n,) = struct.unpack_from("<I", raw)
        if n > 100_000 or len(raw) != 4 + 8 * n + (n + 7) // 8:
            raise ValueError
        xy = struct.unpack_from(f"<{2 * n}i", raw, 4)
        bits = raw[4 + 8 * n:]
    except (ValueError, struct.error, zlib.error, TypeError):
        raise ValueError("the points in the link are damaged (was it cut short?)") from None
    pts = [(xy[2 * i] / PER_UNIT, xy[2 * i + 1] / PER_UNIT, 1.0 if bits[i // 8] >> (i % 8) & 1 else -1.0)
           for i in range(n)]
    notes = []
    far = [p for p in pts if max(abs(p[0]), abs(p[1])) > MAX_COORD]
    if far:
        pts = [p for p in pts if max(abs(p[0]), abs(p[1])) <= MAX_COORD]
        notes.append(f"{len(far)} point{'s' if len(far) > 1 else ''} in the link {'lie' if len(far) > 1 else 'lies'} "
                     f"beyond ±{MAX_COORD:g}: left out.")
    if len(pts) > max_points:
        notes.append(f"The link holds {len(pts):,} points; PLA Lab draws at most {max_points:,}, so the first "
                     f"{max_points:,} are kept.")
        pts = pts[:max_points]
    return pts, notes
