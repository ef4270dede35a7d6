"""Noise & Pocket (seed 000): PLA wanders on noisy labels while the pocket keeps the best weights so far."""

import streamlit as st

from pla_lab import explain, lessons

L = lessons.PocketLesson("pocket")
L.open_page("Noise and the Pocket algorithm")
L.toolbar(L.noise_controls)


@st.fragment
def lesson() -> None:
    settings, run, t = L.begin()
    L.plot(run, settings, height=420)
    left, right = st.columns(L.WIDTHS, gap="medium")
    with left:
        L.transport(run.trace)
        L.jumps()
    with right:
        st.markdown(L.numbers(run, t) if run.trace is not None else run.reason)
    with st.expander("What to look at, what to try"):
        st.markdown(explain.POCKET_GUIDE)
    L.end()


lesson()
