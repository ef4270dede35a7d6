"""PLA step by step: click points into the plane, then watch each update turn the boundary."""

import streamlit as st

from pla_lab import explain, ui
from pla_lab.settings import SIGN_ZERO_LABELS

ui.clamp_step(ui.current_run()[0])  # a link's step past the end of its run is reported with the other messages
st.markdown("### PLA, step by step")
ui.show_messages()


@st.fragment
def lesson() -> None:
    """Plot, controls and numbers. Clicks, steps and plays rerun only this part, not the sidebar."""
    settings = ui.settings_values()
    trace, reason, tid = ui.current_run()
    t = ui.clamp_step(trace)
    left, right = st.columns([1.45, 1], gap="medium")
    with left:
        ui.point_tools()
        ui.plot(trace, tid, settings)
        ui.transport(trace)
    with right:
        ui.jumps(trace)
        if trace is None:
            st.info(reason)
        else:
            numbers = explain.step_numbers(trace, t, SIGN_ZERO_LABELS[settings["sign0"]])
            st.markdown(explain.verdict(trace) + "\n\n" + numbers)
        with st.expander("What to look at, what to try", expanded=True):
            st.markdown(explain.GUIDE)
        ui.sync_url()
        ui.share_link()
        ui.show_toast()


lesson()
