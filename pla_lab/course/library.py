"""The two pages beside the lessons: *Sources* (the five notes, where they disagree, the slips the app found in them)
and *Glossary* (every term the lessons link, in plain words). Words only, no plot: readable on a phone."""

from __future__ import annotations

from pla_lab.framework.say import st
from pla_lab.lessons import LESSONS
from pla_lab.words import glossary, notes
from pla_lab.words.text import literal

TITLES = {lesson.slug: lesson.title for lesson in LESSONS}
SOURCES_TITLE, GLOSSARY_TITLE = "Sources: the five notes", "Glossary"


def lesson_links(slugs) -> str:
    """The lessons as Markdown links (relative, so they follow the app wherever it is served)."""
    return ", ".join(f"[{literal(TITLES[s])}]({s})" for s in slugs if s in TITLES)


def sources() -> None:
    st.markdown(f"### {SOURCES_TITLE}")
    st.markdown("PLA Lab follows five sets of lecture notes on the perceptron. Each lesson names the note it "
                "shows; where the notes disagree, the app makes the choice explicit and lets you switch.")
    for note in notes.NOTES:
        with st.container(border=True):
            st.markdown(f"**{note.Name}**  \n{note.who}")
            st.markdown(f"*Covers:* {note.line}")
            st.markdown(f"*Lessons:* {lesson_links(note.lessons)}")
    st.markdown("#### Where they disagree")
    for topic, says in notes.DISAGREE:
        st.markdown(f"**{topic}**\n" + "\n".join(f"- {n.Name}: {what}" for n, what in says))
    st.markdown("#### Slips the app points out")
    st.markdown("Where a lesson is named, it shows the slip with the numbers.")
    st.markdown("\n".join(f"- **{n.Name}.** {slip}" + (f" ({lesson_links([slug])})" if slug else "")
                          for n, slip, slug in notes.SLIPS))


def glossary_page() -> None:
    st.markdown(f"### {GLOSSARY_TITLE}")
    st.markdown("The words the lessons use, in plain words, and where the app shows each. A lesson links a word "
                "here where it first uses it.")
    st.markdown(" · ".join(f"[{literal(t.name)}](#{t.key})" for t in glossary.TERMS))
    for t in glossary.TERMS:
        st.subheader(t.name, anchor=t.key)
        st.markdown(t.says)
        st.caption(" ".join(x for x in (t.shown, f"Lessons: {lesson_links(t.where)}.") if x))
    # Streamlit scrolls to the address's #term as the heading appears, but not to where it ends up once the page is
    # laid out (measured: 103 px above the top at 1280×720, and again after a re-render): the term is brought back.
    st.html(_TO_TERM, unsafe_allow_javascript=True, width="content")


_TO_TERM = """<style>h3[id]{scroll-margin-top:3.5rem}</style><script>(() => {
  const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (!el) return;
  const go = () => el.scrollIntoView({block: "start"});
  let user = false;  // once the reader scrolls, the page is theirs
  for (const ev of ["wheel", "touchstart", "keydown", "mousedown"]) {
    addEventListener(ev, () => { user = true; }, {capture: true, once: true});
  }
  // Streamlit may scroll to the heading again as it re-renders it: the term is brought back, for 5 s.
  const at = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
  const back = () => { if (!user && Math.abs(el.getBoundingClientRect().top - at) > 8) go(); };
  document.addEventListener("scroll", back, {capture: true, passive: true});
  const resized = new ResizeObserver(back);  // and as the words above it settle (no scroll event then)
  document.querySelectorAll("[data-testid=stMainBlockContainer] > div").forEach((e) => resized.observe(e));
  setTimeout(() => { document.removeEventListener("scroll", back, {capture: true}); resized.disconnect(); }, 5000);
  go();
  document.fonts.ready.then(go);
})();</script>"""
