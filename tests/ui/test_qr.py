"""The share link as a QR code: what segno makes reads back as the link; a link too long for any QR code says so."""


import numpy as np
import zxingcpp
from PIL import Image

from pla_lab.framework import codec as C
from pla_lab.framework.qr import qr_svg


def _read(svg: str) -> list[str]:
    """Decode the SVG's modules by drawing its path (segno's inline SVG: one path of h/v runs) into pixels."""
    import re

    side = int(re.search(r'width="(\d+)"', svg).group(1))
    scale = int(re.search(r"scale\((\d+)\)", svg).group(1))
    n = side // scale
    grid = np.full((n, n), 255, dtype=np.uint8)
    d = re.search(r'class="qrline"[^>]* d="([^"]+)"', svg).group(1)
    x = y = 0.0
    for cmd, val in re.findall(r"([Mmhv])(-?[\d.]+(?: -?[\d.]+)?)", d):
        nums = [float(v) for v in val.split()]
        if cmd == "M":
            x, y = nums
        elif cmd == "m":
            x, y = x + nums[0], y + nums[1]
        elif cmd == "h":
            x0, x = x, x + nums[0]
            grid[int(y), int(min(x0, x)):int(max(x0, x))] = 0
    img = Image.fromarray(np.kron(grid, np.ones((8, 8), dtype=np.uint8)))
    return [r.text for r in zxingcpp.read_barcodes(img)]


def test_the_qr_code_reads_back_as_the_link():
    link = "http://localhost:8501/halts?v=1&order=cyclic&pts=" + C.encode_points([(0.1, 0.2, 1.0), (-0.3, 0.4, -1.0)])
    svg, side = qr_svg(link)
    assert _read(svg) == [link]
    assert side < 73  # a short link makes a code that scans from the back of a room


def test_a_link_too_long_for_a_qr_code_is_none():
    """500 points (the cap) make a link past any QR code's capacity: the share box then says so in words."""
    rng = np.random.default_rng(0)
    pts = [(round(float(a), 3), round(float(b), 3), 1.0 if c else -1.0)
           for a, b, c in zip(rng.uniform(-1, 1, 500), rng.uniform(-1, 1, 500), rng.integers(0, 2, 500))]
    link = "http://localhost:8501/pla?v=1&pts=" + C.encode_points(pts)
    assert len(link) > 2953 and qr_svg(link) is None
    assert qr_svg("x" * 5000) is None
