"""A lecture's pieces on every lesson (the lecture itself: framework/deck.py; its page: course/lecture.py).

* *Add this demo to my lecture*, beside the share box: the demo as it is now (its link: step, points, settings,
  presenter mode) with a caption the lecturer types, appended to the lecture being prepared.
* While a lecture is presented (its link names the demo shown, ``slide``): a bar with where the lecture is (3 / 7)
  and the demo's caption, the demos before and after it (the head script's clicker keys follow them,
  drawing/plot/clicker.js), and the demo's own QR code, shown full screen by Q. In presenter mode a replayed lesson
  draws the bar at the top of its column of controls (:func:`deck_bar` with ``beside``), where it costs the plot and
  the numbers nothing; elsewhere (a page not in presenter mode, Experiments) it sits in the bottom left corner, over
  the page, which keeps room for it under its last line.
"""

from __future__ import annotations

from urllib.parse import urlencode, urljoin

from pla_lab.framework import deck as D
from pla_lab.framework import demos, nav, shared
from pla_lab.framework.qr import qr_svg
from pla_lab.framework.say import st
from pla_lab.framework.widgets import theme
from pla_lab.words.text import literal

BAR, NEXT, BACK, QR, STEPS, ROW = "deck-bar", "deck-next", "deck-back", "deck-qr", "deck-steps", "deck-row"
BACKGROUND = {"light": "#ffffff", "dark": "#0e1117"}  # Streamlit's own page backgrounds, under the bar
#: The bar in a corner, over the page (a projector's screen is full); B or . blanks the screen; Q shows the QR code.
_WRAP = f"[data-testid=stLayoutWrapper]:has(>.st-key-{BAR})"  # out of the page's flow: nothing under it moves
#: px the bar in the corner takes at most (one row, the caption in at most two lines): kept free under the page's
#: last line, so that the page scrolled to its end shows every link.
BAR_ROOM = 64
CSS = (f"{_WRAP}{{position:fixed;left:0.75rem;bottom:0.4rem;z-index:999990;max-width:46vw}}"
       f".st-key-{BAR}{{flex-direction:row;align-items:center;gap:0.6rem;padding:0.25rem 0.6rem;border-radius:0.5rem;"
       f"max-height:{BAR_ROOM - 10}px;overflow:hidden;"
       "background:%s;opacity:0.94;box-shadow:0 0 0.4rem rgba(128,128,128,0.5)}"
       f".st-key-{BAR}>*{{width:auto!important;flex:0 0 auto}}.st-key-{BAR}>:first-child{{flex:0 1 auto;min-width:0}}"
       f".st-key-{BAR} p{{margin:0!important;font-size:1rem;line-height:1.3;display:-webkit-box;"
       "-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}"
       f".st-key-{BAR} [data-testid=stMarkdownContainer]{{margin:0!important}}"
       f".st-key-{BAR} [data-testid=stHorizontalBlock]{{gap:0.4rem;flex-wrap:nowrap}}"
       f".st-key-{BAR} [data-testid=stColumn]{{width:auto!important;flex:0 0 auto;min-width:0}}"
       f".st-key-{BAR} a{{min-height:0;padding:0.05rem 0.6rem;white-space:nowrap}}"
       f"[data-testid=stMain]{{--pla-bar:{BAR_ROOM}px}}"
       f"[data-testid=stLayoutWrapper]:has(>.st-key-{QR}){{display:none}}"
       f"body.pla-qr [data-testid=stLayoutWrapper]:has(>.st-key-{QR}){{display:flex;position:fixed;inset:2vh 0;"
       "z-index:999995;justify-content:center;align-items:center}"
       f".st-key-{QR}{{width:min(80vh,90vw)!important;flex:none;background:#fff;border-radius:0.8rem;padding:1rem}}"
       f".st-key-{QR} *{{color:#000}}"
       "body.pla-blank::after{content:'';position:fixed;inset:0;background:#000;z-index:2147483647}"
       "@media (max-width:640px){" f"{_WRAP}{{max-width:none;right:0.75rem}}}}"
       # the page's last line (a lesson's "← Previous" link) scrolls clear of the bar
       f"[data-testid=stMainBlockContainer]{{padding-bottom:calc({BAR_ROOM}px + 1rem)!important}}")
#: The bar beside the plot, in presenter mode's column of controls, in the row of its Dark and Leave presenter mode
#: (which it costs no room): the demo's place and caption (one line, cut at the row's end) and the demos before and
#: after, all but the caption as icons (their names read out, and shown on hover).
_SR = "position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap"
BESIDE_CSS = (f".st-key-{ROW}{{flex-wrap:nowrap}}.st-key-{ROW}>*{{flex:0 0 auto;width:auto!important}}"
              f".st-key-{ROW}>:has(>.st-key-{BAR}),.st-key-{ROW}>.st-key-{BAR}{{flex:1 1 auto;min-width:0}}"
              f".st-key-{ROW} button{{padding:0.2rem 0.55rem;min-height:0}}"
              f".st-key-{ROW} button [data-testid=stMarkdownContainer]{{{_SR}}}"
              f".st-key-{BAR}{{padding:0.15rem 0.2rem 0.15rem 0.6rem;border-radius:0.5rem;"
              "box-shadow:0 0 0.3rem rgba(128,128,128,0.5);flex-wrap:nowrap}"
              f".st-key-{BAR}>:first-child{{flex:1 1 auto;min-width:0}}.st-key-{BAR}>*{{flex:0 0 auto;width:auto}}"
              f"[data-testid=stMain] .st-key-{BAR} p{{margin:0!important;font-size:1rem!important;line-height:1.3;"
              "white-space:nowrap;overflow:hidden;text-overflow:ellipsis}"
              f".st-key-{BAR} [data-testid=stMarkdownContainer]{{margin:0!important}}"
              f".st-key-{BAR} a{{min-height:0;padding:0.2rem 0.45rem}}"
              f".st-key-{BAR} a [data-testid=stMarkdownContainer]{{{_SR}}}"
              f"[data-testid=stLayoutWrapper]:has(>.st-key-{QR}){{display:none}}"
              f"body.pla-qr [data-testid=stLayoutWrapper]:has(>.st-key-{QR}){{display:flex;position:fixed;inset:2vh 0;"
              "z-index:999995;justify-content:center;align-items:center}"
              f".st-key-{QR}{{width:min(80vh,90vw)!important;flex:none;background:#fff;border-radius:0.8rem;"
              f"padding:1rem}}.st-key-{QR} *{{color:#000}}"
              "body.pla-blank::after{content:'';position:fixed;inset:0;background:#000;z-index:2147483647}")


def demo_params(lesson) -> dict[str, str]:
    """The demo's own link: the shared settings and the lesson's state, without a lecture's place in it."""
    return {k: v for k, v in shared.lesson_link(lesson).items() if k not in D.DECK_KEYS}


def demo_url(slides, k: int, *, at_last: bool = False) -> str:
    """Demo k of the lecture as presented: its own link in presenter mode, with the lecture and its number,
    relative to the page shown (a page's address is one part: /pla, /lecture); ``at_last``: at its last step (a
    clicker's PageUp from the demo after it)."""
    s = slides[k]
    params = {**s.params, "present": "1", "deck": D.pack(slides), "slide": str(k)}
    if at_last:
        params["t"] = str(span(s).last)
    return f"{s.page}?" + urlencode(params)


def span(slide: D.Slide) -> demos.Span:
    """The steps a clicker shows of this demo (none for a lesson this app no longer has)."""
    lesson = nav.lesson(slide.page)
    return demos.Span(0, 0, 0, "no such lesson") if lesson is None else demos.span(lesson, slide.params, slide.last)


def add_box(lesson) -> None:
    """Add the demo as it is now to the lecture being prepared, with a caption (plain text, shown as text)."""
    s = lesson.state
    box = st.expander("Add this demo to my lecture", key=s.key("lecture"), on_change="rerun")
    if not box.open:
        return
    with box:
        slides = shared.SHARED["deck"]
        where = "presenter mode, " if shared.SHARED["present"] else ""
        st.caption(f"Your lecture has {len(slides)} demo{'s' * (len(slides) != 1)}. This one is added as it is now "
                   f"({where}step, points and settings: its link), with the caption you type.")
        text, add = st.columns([3, 1], vertical_alignment="bottom")
        with text:
            st.text_input("Caption shown with the demo", key=s.key("caption"), max_chars=D.MAX_CAPTION,
                          placeholder="e.g. PLA on five points: watch the line turn")
        if add.button("Add", key=s.key("add"), icon=":material/playlist_add:", width="stretch",
                      help="Append this demo to your lecture (the Lecture page lists it)"):
            slide = D.Slide(lesson.slug, demo_params(lesson), s["caption"].strip())
            why = D.refusal((*slides, slide))
            if why:
                st.warning(why)
            else:
                shared.SHARED["deck"] = (*slides, slide)
                st.success(f"Added as demo {len(slides) + 1} of your lecture.")
        st.page_link(nav.book_page("lecture"), label="Open the Lecture page: reorder, caption, present",
                     icon=":material/co_present:")
        st.caption("The lecture is kept while this tab is open; the Lecture page's address holds it for good.")


def shown(lesson) -> bool:
    """Whether a lecture is presented and this lesson shows its demo (the bar is drawn then)."""
    k, slides = shared.SHARED["slide"], shared.SHARED["deck"]
    return k is not None and k < len(slides) and slides[k].page == lesson.slug


def beside(lesson) -> bool:
    """Whether the lesson draws the bar itself, beside its plot (a replayed lesson in presenter mode)."""
    return bool(shared.SHARED["present"] and getattr(lesson, "deck_bar_beside", False))


def deck_bar(lesson, *, here: bool = False, beside_it=()) -> bool:
    """While a lecture is presented and this lesson shows its demo: the bar (3 / 7, the caption), the demos before
    and after, and the demo's QR code (Q). In the bottom left corner; or, for a lesson that draws it beside its plot
    (:func:`beside`), where that lesson calls it (``here``) and nowhere else, in one row with ``beside_it`` (functions
    that draw a button each in the place they are given: the lesson's Dark and Leave presenter mode, then shown as
    icons). Whether it was drawn."""
    if not shown(lesson) or beside(lesson) != here:
        return False
    k, slides = shared.SHARED["slide"], shared.SHARED["deck"]
    st.html(f"<style>{BESIDE_CSS if here else CSS % BACKGROUND[theme()]}</style>")
    caption, steps = slides[k].caption, span(slides[k])
    row = st.container(key=ROW, horizontal=True, vertical_alignment="center", gap="small") if here else st.container()
    with row:
        bar = st.container(key=BAR, horizontal=True, vertical_alignment="center", gap="small") if here else \
            st.container(key=BAR)
        for i, draw in enumerate(beside_it):
            draw(row.container(key=f"{ROW}-{i}"))
    with bar:
        # The steps a clicker walks here, for clicker.js: its key's class is deck-steps-<first>-<last>
        with st.container(key=f"{STEPS}-{steps.start}-{steps.last}"):
            st.markdown(f"**{k + 1} / {len(slides)}**" + (f" · {literal(caption)}" if caption else ""))
        back, nxt = (bar, bar) if here else st.columns(2, wrap=False)
        with back.container(key=BACK):
            if k > 0:
                st.link_button("Previous demo", demo_url(slides, k - 1, at_last=True), icon=":material/skip_previous:",
                               help="Previous demo, at its last step (PageUp at this demo's first step)")
        with nxt.container(key=NEXT):
            if k + 1 < len(slides):
                st.link_button("Next demo", demo_url(slides, k + 1), icon=":material/skip_next:",
                               help=f"Next demo (PageDown at this demo's last step, step {steps.last})")
    with st.container(key=QR):  # the demo's own link (not the lecture's): the class opens this demo alone
        own = urljoin(st.context.url or "", slides[k].link().lstrip("/"))
        made = qr_svg(own)
        if made is None:
            st.markdown(f"This demo's link is {len(own):,} characters, too long for a QR code.")
        else:
            st.image(made[0], caption="Scan to open this demo (Q closes this)", width="stretch")
    return True
