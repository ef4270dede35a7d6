"""PLA Lab: routes to the lessons and draws the shared sidebar. Run with `streamlit run app.py`."""

import streamlit as st

from pla_lab import widgets
from pla_lab.lessons import LESSONS

st.set_page_config(page_title="PLA Lab", page_icon="📈", layout="wide", initial_sidebar_state="expanded")
st.markdown(  # room on a 1280×720 projector: less padding above the lesson and the sidebar
    "<style>[data-testid=stMainBlockContainer]{padding-top:1.2rem;padding-bottom:1rem}"
    "[data-testid=stSidebarHeader]{height:1.5rem;min-height:0;padding:0}"
    "[data-testid=stSidebarUserContent]{padding-top:0}</style>",
    unsafe_allow_html=True,
)
# st.navigation is in charge; each lesson's url path is its slug, which is also its page file's name.
page = st.navigation([st.Page(f"pages/{lesson.slug}.py", title=lesson.title, icon=lesson.icon, url_path=lesson.slug,
                              default=i == 0) for i, lesson in enumerate(LESSONS)])
with st.sidebar:
    st.markdown("#### Algorithm settings")
    widgets.sidebar()
page.run()
