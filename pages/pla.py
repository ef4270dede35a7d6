"""PLA step by step: click points into the plane, then watch each update turn the boundary."""

import streamlit as st

from pla_lab import explain, ui

ui.leave_pages_folder_mode()
L = ui.Lesson("pla")
L.init()
L.clamp_step(L.run().trace)  # a link's step past the end of its run is reported with the other messages
st.markdown("### PLA, step by step")
L.show_messages()

WIDTHS = [1.45, 1]
tools, jumps = st.columns(WIDTHS, gap="medium", vertical_alignment="bottom")
with tools:
    L.point_tools()
with jumps:
    L.jumps()


@st.fragment
def lesson() -> None:
    """What changes at every click, step and play: it reruns alone, without the sidebar and the rows around it."""
    L.keep_widgets()
    settings = ui.settings_values()
    run = L.run()
    t = L.clamp_step(run.trace)
    left, right = st.columns(WIDTHS, gap="medium")
    with left:
        L.plot(run, settings)
        L.transport(run.trace)
    with right:
        if run.trace is None:
            st.info(run.reason)
        else:
            st.markdown(explain.verdict(run.trace) + "\n\n" + explain.step_numbers(run.trace, t))
        with st.expander("What to look at, what to try", expanded=True):
            st.markdown(explain.GUIDE)
        L.sync_url()  # before the share link, which shows the address it writes
        L.share_link()
        L.show_toast()


lesson()
