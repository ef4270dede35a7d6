"""What to look at: two or three lines per lesson, on its first screen, saying what to watch on the plot right now
(the long guide, "What to look at, what to try", may stay folded under the numbers). Glue: it draws with st."""

from __future__ import annotations

from pla_lab.framework import shared
from pla_lab.framework.say import st

KEY = "look-at"  # its container's key: the page's style and the browser tests find it by its class


def show(lesson) -> None:
    """The lesson's ``look`` (two or three lines naming only what it draws on its first screen at 1280×720: in the
    column under a wide lesson's chart, about 150 characters make three lines), as a caption. Not in presenter mode:
    there the lecturer says what to look at, and the column beside the plot keeps its room for the numbers the room
    reads (they are sized to fit 1280×720)."""
    if shared.SHARED["present"] or not lesson.look:
        return
    with st.container(key=KEY):
        st.caption(f"**:material/visibility: Look at:** {lesson.look}")
