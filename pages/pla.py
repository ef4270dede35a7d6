"""PLA step by step: click points into the plane, then watch each update turn the boundary."""

import streamlit as st

from pla_lab import explain, ui
from pla_lab.settings import SIGN_ZERO_LABELS

settings = ui.settings_values()
trace, reason, tid = ui.current_run()
t = ui.clamp_step(trace)

st.markdown("### PLA, step by step")
ui.show_messages()

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
        st.markdown(explain.verdict(trace))
        st.markdown(explain.step_numbers(trace, t, SIGN_ZERO_LABELS[settings["sign0"]]))
    with st.expander("What to look at, what to try", expanded=True):
        st.markdown(explain.GUIDE)

ui.sync_url()
with st.sidebar:
    st.markdown("#### Share this demo")
    st.caption("The address bar always holds the whole demo: points, settings and step. Copy it from here:")
    ui.share_link()
