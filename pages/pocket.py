"""Noise & Pocket (seed 000): PLA wanders on noisy labels while the pocket keeps the best weights so far."""

import streamlit as st

from pla_lab import explain, lessons, ui

ui.leave_pages_folder_mode()
L = lessons.PocketLesson("pocket")
L.init()
L.clamp_step(L.run().trace)
st.markdown("### Noise and the Pocket algorithm")
L.show_messages()

WIDTHS = [1.45, 1]
tools, noise = st.columns(WIDTHS, gap="medium", vertical_alignment="bottom")
with tools:
    L.point_tools()
with noise:
    L.noise_controls()


@st.fragment
def lesson() -> None:
    L.keep_widgets()
    settings = ui.settings_values()
    run = L.run()
    t = L.clamp_step(run.trace)
    L.plot(run, settings, height=420)
    left, right = st.columns(WIDTHS, gap="medium")
    with left:
        L.transport(run.trace)
        L.jumps()
    with right:
        st.markdown(explain.pocket_numbers(run.trace, t, run.extras, noise=st.session_state[L.k("noise")],
                                           noisy=st.session_state[L.k("noisy")])
                    if run.trace is not None else run.reason)
    with st.expander("What to look at, what to try"):
        st.markdown(explain.POCKET_GUIDE)
    L.sync_url()
    L.share_link()
    L.show_toast()


lesson()
