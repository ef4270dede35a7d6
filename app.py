"""PLA Lab: routes to the lessons and draws the shared sidebar. Run with `streamlit run app.py`."""

import streamlit as st

from pla_lab import ui

st.set_page_config(page_title="PLA Lab", page_icon="📈", layout="wide", initial_sidebar_state="expanded")

ui.preload_plotly()
st.markdown(  # room on a 1280×720 projector: less padding above the lesson and the sidebar
    "<style>[data-testid=stMainBlockContainer]{padding-top:1.2rem;padding-bottom:1rem}"
    "[data-testid=stSidebarHeader]{height:1.5rem;min-height:0;padding:0}"
    "[data-testid=stSidebarUserContent]{padding-top:0}</style>",
    unsafe_allow_html=True,
)
# st.navigation is in charge. Each url path is its file's name, so that a process's first run, which Streamlit
# routes through its older pages/ auto-discovery, finds the page a link asks for (no "page not found"); the
# page then hands over to this script (ui.leave_pages_folder_mode).
page = st.navigation([
    st.Page("pages/pla.py", title="PLA step by step", icon="▶️", url_path="pla", default=True),
    st.Page("pages/pocket.py", title="Noise & Pocket", icon="👝", url_path="pocket"),
    st.Page("pages/xor.py", title="XOR: never halts", icon="🔁", url_path="xor"),
])
with st.sidebar:
    st.markdown("#### Algorithm settings")
    ui.sidebar_settings()
page.run()
