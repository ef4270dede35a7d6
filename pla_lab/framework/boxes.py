"""The boxes under every lesson that take a demo away: the share link with its QR code, and saving or loading the
points, the run, an animation for slides. Each runs its content only while it is open."""

from __future__ import annotations

from functools import partial
from urllib.parse import urlencode

from pla_lab.drawing import animation
from pla_lab.framework import actions, links, model, notebook, shared, transfer
from pla_lab.framework.codec import MAX_COORD, MAX_POINTS
from pla_lab.framework.qr import DENSE, qr_svg
from pla_lab.framework.say import st
from pla_lab.words.text import literal


def share_box(lesson) -> None:
    """The current link with a copy button (st.code has one) and as a QR code, so a class opens the same demo on
    their phones. The expander runs its content only while open: st.code's syntax highlighter costs ~0.3 s of the
    browser's time on a cold load, even when closed."""
    box = st.expander("Share this demo: the address bar holds it all, copy it or scan it",
                      key=lesson.state.key("share"), on_change="rerun")
    if box.open:
        base = st.context.url or ""
        # the address less what is the tab's own (a lecturer's class: shared.TAB_KEYS), never a demo's
        params = urlencode({k: v for k, v in st.query_params.to_dict().items() if k not in shared.TAB_KEYS})
        url = f"{base}?{params}" if base else "?" + params
        text, code = box.columns([3, 2], vertical_alignment="center")
        text.code(url, language=None, wrap_lines=True)
        if "pts" in lesson.state.fields:
            view_only_switch(text)
        made = qr_svg(url)
        if made is None:
            text.caption(f"This link is {len(url):,} characters, too long for a QR code: share the address bar.")
            return
        svg, side = made
        code.image(svg, width=440 if shared.SHARED["present"] else 300, caption="Scan to open this demo" + (
            " (a dense code: fewer points make it easier to scan)" if side > DENSE else ""))


def view_only_switch(where) -> None:
    """For a link a class follows on their phones: view only (a tap on the plot steps, no point is added by
    accident), kept in the link; or editable again. The point tools (outside the lesson's part that reruns) show
    the switch while it is on, so the whole page is laid out again."""
    on = shared.SHARED["viewonly"]
    if where.button("Let taps edit the points again" if on else "Make the demo view only (taps step)",
                    icon=":material/edit:" if on else ":material/visibility:",
                    key=shared.SHARED.key("viewonly_button"), on_click=actions.set_view_only, args=(not on,), help=links.VIEW_ONLY.help):
        st.rerun(scope="app")


def transfer_box(lesson, page) -> None:
    """Save the points (CSV) and the run (JSON), or load points from a CSV. Like the share box, its content runs
    only while it is open; the run's JSON (up to a few MB for a long run) is written only when it is downloaded."""
    s = lesson.state
    box = st.expander("Save or load points (CSV), save the run (JSON) or a notebook", key=s.key("transfer"),
                      on_change="rerun")
    if not box.open:
        return
    points, trace = lesson.shown_points(page), lesson.saved_trace(page)
    target = s["f"] if "f" in s.fields else None
    notes = lesson.export_notes(page)
    with box:
        save, load = st.columns([1, 2], gap="medium")
        save.download_button(
            "Points (CSV)", transfer.points_csv(points, target=target, notes=notes) if points else "",
            file_name=transfer.file_name(lesson.slug, "points.csv"), mime="text/csv", on_click="ignore",
            icon=":material/download:", disabled=not points, width="stretch",
            help="x1, x2, y (labels ±1) as the plot shows them" + (", after a comment line with the target f"
                                                                   if target is not None else ""))
        save.download_button(
            "Run (JSON)", partial(transfer.run_json, trace, lesson=lesson.slug, target=target, notes=notes),
            file_name=transfer.file_name(lesson.slug, "run.json"), mime="application/json", on_click="ignore",
            icon=":material/download:", disabled=trace is None, width="stretch",
            help="The settings, the points, every wₜ and the points each update used: "
                 "pla_core.load_run(file).replay() runs it again")
        flat = trace is not None and trace.weights.shape[1] == 3  # a boundary that is a line (not the XOR lift's)
        save.download_button(
            "Animation (HTML)", partial(animation.html, points, trace, s["view"], title=lesson.title,
                                        axes=model.axis_titles(s["ax"]), theme=page.theme) if flat else "",
            file_name=transfer.file_name(lesson.slug, "animation.html"), mime="text/html", on_click="ignore",
            icon=":material/movie:", disabled=not flat, width="stretch",
            help=f"One file with plotly.js inside, for slides: Play/Pause and a step slider, works offline "
                 f"(about 5 MB; at most {animation.MAX_FRAMES} steps).")
        recipe = lesson.notebook(page) if page.trace is not None else None
        if recipe is not None:
            save.download_button(
                "Notebook (.ipynb)", partial(notebook.build, **notebook.inputs(lesson, page, recipe, shared.demo_link(lesson))),
                file_name=transfer.file_name(lesson.slug, "demo.ipynb"), mime="application/x-ipynb+json",
                on_click="ignore", icon=":material/code:", width="stretch",
                help="The demo as a Jupyter notebook: the points, the settings and the run with pla_core, the step "
                     "shown with the page's numbers, its picture, and things to try")
        chosen = load.file_uploader(
            "Load points from a CSV file", type=list(transfer.FILE_TYPES), key=s.key("upload"),
            on_change=actions.load_file, args=(lesson,), max_upload_size=transfer.MAX_FILE_MB,
            help=f"One point a row: x1, x2, y, separated by commas, tabs, spaces or semicolons (then with "
                 f"decimal commas, as a European spreadsheet saves CSV); a header row is optional; labels +1/−1 "
                 f"or 1/0. At most {MAX_POINTS} points and {transfer.MAX_FILE_MB} MB, coordinates within ±{MAX_COORD:g}. The file "
                 "replaces the points (Undo brings them back).")
        if chosen is None:  # the box was closed (Streamlit dropped the file) or the file removed: old news
            s["loaded"] = None
        if s["loaded"]:
            kind, text = s["loaded"]
            if kind == "ok":
                st.success(literal(text), icon=":material/check_circle:")
            else:
                st.warning(literal(text), icon=":material/warning:")
