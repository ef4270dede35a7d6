"""PLA Lab: `streamlit run app.py`. The lessons' navigation is pla_lab/main.py; beside Streamlit's own routes the
server serves the plot's browser modules and the plotly package's plotly.js, both with long-lived caching, and puts a
small script first in every page's head (keys kept from the start, the server's address: pla_lab/framework/server.py)."""

import streamlit as st

from pla_lab.framework import server


def pages():
    """Every page's address and the lessons that step, for the head script: read when the first page is served (the
    lessons declare Streamlit components, which need its runtime)."""
    from pla_lab.course.path import server_pages

    return server_pages()


app = st.App("pla_lab/main.py", routes=server.routes(), middleware=server.middleware(pages))
