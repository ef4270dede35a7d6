"""The app's script: routes to the home page (pages/home.py, at "/") and the lessons (pages/<slug>.py), and draws
the shared sidebar.

It lives here rather than beside pages/, so Streamlit never runs its older pages-folder mode (which listed the
files in the sidebar and ran a linked page without this script on a server's first request).
"""

from pla_lab.course.path import BY_SLUG
from pla_lab.framework import class_lecturer, frame, nav, shared, widgets
from pla_lab.framework.say import st
from pla_lab.lessons import LESSONS

shared.setup()  # the link's settings, presenter mode among them, before the page is laid out
present = shared.SHARED["present"]
# "auto": open on a desktop, closed on a phone (Streamlit closes it at 768 px and less), where it would cover most
# of the plot and catch the taps meant for it. Presenter mode closes it everywhere.
st.set_page_config(page_title="PLA Lab", page_icon="📈", layout="wide",
                   initial_sidebar_state="collapsed" if present else "auto")
frame.page_head(LESSONS, present=present)
# One flat list: with sections, Streamlit 1.67 puts their headings inside the list (<ul>) beside its items, which
# screen readers and axe-core reject (list, listitem). The home page first ("/"), then the lessons along the path.
page = st.navigation(nav.pages(LESSONS), expanded=True)  # every page listed: folded, a tenth lesson hid the last three
if page.url_path == "" and st.query_params.to_dict():
    # A link to "/" made before the home page existed opened the PLA lesson there: with any of a lesson's keys (all
    # but Streamlit's embed options, which to_dict leaves out) it still does, with the same points, step and settings.
    st.switch_page(nav.lesson_page(BY_SLUG["pla"]), query_params=st.query_params.to_dict())
lesson = BY_SLUG.get(page.url_path)
# the sidebar's w₀, which the lesson's run uses, read before the sidebar is drawn
w0_wrong = widgets.read_w0() if lesson is not None else None
if lesson is not None:  # a lecturer's tab asks in its class from every lesson, reloaded or not (its address says so)
    class_lecturer.adopt()
page.run()
# The page first, then its sidebar and the reconnect watch: the browser draws the elements in the order they come,
# and a lesson's first picture, which its plot is drawn on (first_picture.py), comes with the page's first elements.
with st.sidebar:
    if lesson is not None:  # the home page runs nothing: its sidebar is the navigation alone
        st.markdown("#### Algorithm settings")
        widgets.sidebar(own=lesson.own_settings(), words=lesson.setting_words, w0_wrong=w0_wrong)
frame.watch_reconnect()
