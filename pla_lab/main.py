"""The app's script: routes to the lessons (pages/<slug>.py) and draws the shared sidebar.

It lives here rather than beside pages/, so Streamlit never runs its older pages-folder mode (which listed the
files in the sidebar and ran a linked page without this script on a server's first request).
"""

from pla_lab import frame, shared, widgets
from pla_lab.lessons import LESSONS
from pla_lab.say import st

shared.setup()  # the link's settings, presenter mode among them, before the page is laid out
present = shared.SHARED["present"]
# "auto": open on a desktop, closed on a phone (Streamlit closes it at 768 px and less), where it would cover most
# of the plot and catch the taps meant for it. Presenter mode closes it everywhere.
st.set_page_config(page_title="PLA Lab", page_icon="📈", layout="wide",
                   initial_sidebar_state="collapsed" if present else "auto")
frame.page_head(LESSONS, present=present)
# One flat list: with sections, Streamlit 1.67 puts their headings inside the list (<ul>) beside its items, which
# screen readers and axe-core reject (list, listitem).
pages = [st.Page(f"../pages/{lesson.slug}.py", title=lesson.title, icon=lesson.icon, url_path=lesson.slug)
         for lesson in LESSONS]
pages += [st.Page("../pages/sources.py", title="Sources", icon="📚", url_path="sources"),
          st.Page("../pages/glossary.py", title="Glossary", icon="📖", url_path="glossary")]
# "/" opens the first lesson too. A default page is served only at "/", so it is a hidden second page on the same
# file, and every lesson, the first included, keeps its own path (/pla, /pocket, /xor).
start = st.Page(f"../pages/{LESSONS[0].slug}.py", title=LESSONS[0].title, icon=LESSONS[0].icon, url_path="start",
                default=True, visibility="hidden")
page = st.navigation([*pages, start])
lesson = next((le for le in LESSONS if le.slug == page.url_path), LESSONS[0])
with st.sidebar:
    st.markdown("#### Algorithm settings")
    widgets.sidebar(own=lesson.own_settings())
page.run()
