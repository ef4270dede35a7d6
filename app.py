"""PLA Lab: routes to the lessons and draws the shared sidebar. Run with `streamlit run app.py`."""

import streamlit as st

from pla_lab import ui

st.set_page_config(page_title="PLA Lab", page_icon="⊕", layout="wide", initial_sidebar_state="expanded")

page = st.navigation([st.Page("pages/pla.py", title="PLA step by step", icon="▶️", url_path="pla", default=True)])
with st.sidebar:
    st.markdown("#### Algorithm settings")
    ui.sidebar_settings()
page.run()
