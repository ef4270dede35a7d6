"""What to look at: two or three lines per lesson, on its first screen, saying what to watch on the plot right now
(the long guide, "What to look at, what to try", may stay folded under the numbers). Glue: it draws with st."""

from __future__ import annotations

from pla_lab.framework import shared
from pla_lab.framework.say import st

#: By lesson slug. Each names only what the lesson draws on its first screen at 1280×720 (and stays short: in the
#: column under a wide lesson's chart, about 150 characters make three lines).
LOOK = {
    "pla": "The circled point is on the wrong side. **Step** adds η·y·x̃ to w: the line turns toward that point, "
           "and the numbers show its score y·wᵀx̃ rising.",
    "pocket": "The chart: PLA's error (grey) jumps at every update, the pocket's (pink) never rises. The pink "
              "dash-dot line ŵ is the best line so far.",
    "xor": "Each update fixes the circled point and breaks another. **Run**, then **Replay one period**: the line "
           "comes back to where it was.",
    "halts": "Chart ① climbs at least as fast as its dashed line, ② stays under its own; so ③, a cosine, would pass "
             "1 after R²/ρ*² updates: PLA halts first.",
    "compare": "Two runs on the same points, one setting changed: solid is one, dashed the other. **Step** and "
               "watch where they part; the table counts their updates.",
    "margin": "The yellow band is where a point counts as a mistake, even on the right side. **Step**: the circled "
              "point is in it.",
    "batch": "Every mistake of w is circled; the chain of small arrows adds them up into one update. In the chart, "
             "a red stroke marks a step where J went up.",
    "online": "A point arrives as a grey **?** with the prediction beside it; **Step** reveals its label. The chart "
              "counts the mistakes under the dashed bound.",
    "experiments": "Press **Start**: one histogram counts the updates T each run needed, the other how often its g "
                   "disagrees with f. Compare the mean with the slowest run.",
}

KEY = "look-at"  # its container's key: the page's style and the browser tests find it by its class


def show(slug: str) -> None:
    """The lesson's lines, as a caption. Not in presenter mode: there the lecturer says what to look at, and the
    column beside the plot keeps its room for the numbers the room reads (they are sized to fit 1280×720)."""
    if shared.SHARED["present"] or slug not in LOOK:
        return
    with st.container(key=KEY):
        st.caption(f"**:material/visibility: Look at:** {LOOK[slug]}")
