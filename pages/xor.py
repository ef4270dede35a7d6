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
            st.markdown(explain.cycle_text(run.trace) if not st.session_state[L.k("lift")] else
                        explain.lift_text(run.trace))
            st.caption(f"Every run stops at the cap of {settings['cap']:,} updates (sidebar: *Stop after*); "
                       f"this one has {len(run.trace):,}.")
            if st.session_state[L.k("lift")]:
                L.lifted_view(run, t)
            with st.expander("Step by step: the numbers", expanded=False):
                st.markdown(explain.step_numbers(run.trace, t))
            if not st.session_state[L.k("lift")]:
                st.markdown(explain.certificate_text(run.extras["sep"], st.session_state[L.k("pts")],
                                                     settings["bias"], run.trace.halted))
        with st.expander("What to look at, what to try"):
            st.markdown(explain.XOR_GUIDE)
        L.end()


lesson()
