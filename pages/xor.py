"""XOR never halts (seeds 001, 003): the weights cycle, a certificate shows no line works, a lift fixes it."""

import streamlit as st

from pla_lab import explain, lessons

L = lessons.XorLesson("xor")
L.open_page("XOR: the data set on which PLA never halts")
L.toolbar(L.jumps)


@st.fragment
def lesson() -> None:
    settings, run, t = L.begin()
    left, right = st.columns(L.WIDTHS, gap="medium")
    with left:
        L.plot(run, settings)
        L.transport(run.trace)
    with right:
        L.options_row(run)
        if run.trace is None:
            st.info(run.reason)
        else:
            L.why(run, t, settings)
        with st.expander("What to look at, what to try"):
            st.markdown(explain.XOR_GUIDE)
        L.end()


lesson()
