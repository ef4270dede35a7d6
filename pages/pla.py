"""PLA step by step: click points into the plane, then watch each update turn the boundary."""

import streamlit as st

from pla_lab import explain, ui

trace = ui.current_run()[0]
ui.clamp_step(trace)  # a link's step past the end of its run is reported with the other messages
st.markdown("### PLA, step by step")
ui.show_messages()

WIDTHS = [1.45, 1]
tools, jumps = st.columns(WIDTHS, gap="medium", vertical_alignment="bottom")
with tools:
    ui.point_tools()
with jumps:
    ui.jumps()


@st.fragment
def lesson() -> None:
    """What changes at every click, step and play: it reruns alone, without the sidebar and the rows around it."""
    settings = ui.settings_values()
    trace, reason, tid = ui.current_run()
    t = ui.clamp_step(trace)
    left, right = st.columns(WIDTHS, gap="medium")
    with left:
        ui.plot(trace, tid, settings)
        ui.transport(trace)
    with right:
        if trace is None:
            st.info(reason)
        else:
            numbers = explain.step_numbers(trace, t)
            st.markdown(explain.verdict(trace) + "\n\n" + numbers)
        with st.expander("What to look at, what to try", expanded=True):
            st.markdown(explain.GUIDE)
        ui.sync_url()  # before the share link, which shows the address it writes
        ui.share_link()
        ui.show_toast()


lesson()
