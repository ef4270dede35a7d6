"""The first picture's place on the page: the server's picture of the step (pla_lab.drawing.picture) sent as an image
over the plot's place, where the live plot's plot area will be, until the page's plot has been heard from; the page's
style (frame.page_head) places it and hides it once the live plot has drawn its SVG."""

from __future__ import annotations

import json

from pla_lab.drawing import picture as drawing
from pla_lab.framework import shared
from pla_lab.framework.say import st
from pla_lab.words.text import literal

# The plot and its first picture (pla_lab.drawing.picture) share a box; the picture lies over the plot's place,
# where the live plot's plot area will be (its margins; a legend of more rows lowers it), until the live plot has drawn.
STACK, PICTURE = "plot-stack", "plot-picture-%s%s%d"  # its box: w(ide) or p(resent), a c(hart) or n(one) beside, rows
_WRAP = "[data-testid=stLayoutWrapper]:has(>[class*=st-key-plot-picture])"  # the picture's box, in the stack's
_OVER = f".st-key-{STACK}>{_WRAP}"


def _picture_box(mode: str, chart: str, rows: int) -> str:
    """The picture's place in the plot's box: the live plot's plot area, in the plot's share of the width where a
    chart will sit beside it (plot.css's grid: 3fr : 2fr, 5fr : 3fr in presenter mode, 14 px apart)."""
    left, right, top, bottom, row = drawing.MARGINS[mode]
    top += row * (rows - 1)
    share = "100%" if chart == "n" else "(100% - 14px) * 5 / 8" if mode == "present" else "(100% - 14px) * 3 / 5"
    return (f"left:{left}px;width:calc({share} - {left + right}px);top:{top}px;"
            f"height:calc(100% - {top + bottom}px)")


PICTURE_CSS = (f".st-key-{STACK}{{position:relative}}{_OVER}{{position:absolute;inset:0;z-index:1;pointer-events:none}}"
               f"{_OVER} *{{position:static}}.st-key-{STACK}:has(.pla-svg)>{_WRAP}{{display:none}}"
               f"{_OVER} img{{position:absolute;max-width:none}}"
               # the plot drawn on the picture (index.js's early) sits in the box, in the component's place: the
               # component's own place (Streamlit's placeholder, then the empty component) is hidden until it takes
               # the plot over
               f".st-key-{STACK}[data-pla-early]>[data-testid=stElementContainer]{{display:none}}"
               f".st-key-{STACK}>.pla-wrap{{width:100%}}"
               + "".join(f".st-key-{PICTURE % (m[0], c, r)} img{{{_picture_box(m, c, r)}}}"
                         for m in ("wide", "present") for c in "cn" for r in range(1, 5))
               # a phone draws a presenter's link as any other, its chart under the plot (phone.js)
               + "@media (max-width:640px){"
               + "".join(f".st-key-{PICTURE % (m, c, r)} img{{{_picture_box('phone', 'n', r)}}}"
                         for m in "wp" for c in "cn" for r in range(1, 5)) + "}")


def picture(data) -> None:
    """Until the page's live plot has been heard from (its modules loaded, its first event sent), the step as a plain
    image in the plot's place: it comes with the page's first elements, before the plot's modules have run.
    Its alt text is the live plot's. It carries the plot's payload (:func:`carried`): the plot's modules draw the live
    plot on it as soon as it is on the page (index.js's ``early``), before Streamlit has mounted the component."""
    box = ("p" if data["present"] else "w", "c" if data["chart"] else "n", min(4, drawing.legend_rows(data)))
    with st.container(key=PICTURE % box):
        uri = None if shared.APP["live"] else drawing.data_uri(data, metadata=carried(data))
        if uri:
            # the live plot's alt text as written, on one line (a table in it would end the image)
            st.markdown(f"![{literal(data['alt'])}]({uri})")


def carried(data) -> str:
    """The plot's payload as JSON, for its first picture to carry ("" where JSON cannot say it: the plot then waits
    for its component)."""
    try:
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return ""
