"""PLA step by step: click points into the plane, then watch each update turn the boundary."""

import streamlit as st

from pla_lab import explain, ui

L = ui.Lesson("pla")
L.open_page("PLA, step by step")
L.toolbar(L.jumps)


@st.fragment
def lesson() -> None:
    """What changes at every click, step and play: it reruns alone, without the sidebar and the rows around it."""
    settings, run, t = L.begin()
    left, right = st.columns(L.WIDTHS, gap="medium")
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
        L.end()


lesson()
