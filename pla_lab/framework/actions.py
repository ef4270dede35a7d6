"""What the controls do to a lesson's state: widget callbacks (they run before the script, so they may change
widget values) and the plot's events. Each takes the lesson; the state they change is its table's."""

from __future__ import annotations

from pla_lab.framework import inbox, links, model, protocol, runs, shared, transfer
from pla_lab.framework.codec import encode_points


def current_run(lesson):
    """The run for the lesson's points, settings and options as they are now (cached by run id)."""
    s = lesson.state
    return runs.run(lesson, s["pts"], points_code(lesson), lesson.run_settings(shared.values()), lesson.option_values())


def points_code(lesson) -> str:
    """The points encoded as in the link, kept with the points so each run encodes them once."""
    s = lesson.state
    cached = s["code"]
    if cached is None or cached[0] is not s["pts"]:
        cached = (s["pts"], encode_points(s["pts"]))
        s["code"] = cached
    return cached[1]


# -- the playhead -------------------------------------------------------------------------------------------------


def move(lesson, how: str, *args) -> None:
    """A Playhead move (``"step"``, ``"back"``, ``"to_end"``, ``"reset"``, ``"forward"``…) on the current run."""
    run = current_run(lesson)
    if run.trace is not None:
        lesson.state["head"] = getattr(lesson.state["head"], how)(*args, run.T)


def epoch(lesson) -> None:
    """Finish the current pass over the data."""
    run = current_run(lesson)
    if run.trace is not None:
        head = lesson.state["head"]
        lesson.state["head"] = head.goto(model.epoch_end(run.trace, head.t), run.T)


def toggle_play(lesson, shown_pause: bool | None = None) -> None:
    """Play or Pause, as the button said when the learner saw it (``shown_pause``): if a rerun in between (the
    browser reporting its step while it plays) changed the state, a click on Pause still pauses and one on Play
    never pauses."""
    s = lesson.state
    if shown_pause is not None and s["head"].playing != shown_pause:
        if shown_pause:  # it said Pause: stop wherever the run is
            s["events_now"] = True
            s["head"] = s["head"].pause()
        return
    if s["head"].playing:  # Pause: a scrubber value in the same rerun is the one the server wrote (see scrubbed)
        s["events_now"] = True
    s["head"] = s["head"].toggle_play(current_run(lesson).T)


def play_cycle(lesson) -> None:
    """Jump to where the weights start repeating and play one full period (``trace.weight_cycle``: w_s to w_{s+p},
    the repeat the verdict names)."""
    run = current_run(lesson)
    if run.trace is not None and run.trace.cycle is not None:
        start, period = run.trace.weight_cycle
        lesson.state["head"] = lesson.state["head"].play_between(start, start + period, run.T)


def keep_step(lesson) -> None:
    """A changed option that makes a new run of the same points: stay at the same step (or the run's end), so the
    two runs can be compared, and stop playing. Staying is not a move of the step (the seq stays, unless the new
    run is shorter): a step the browser took while this rerun ran still stands, in the new run (see the delivery
    rules in :mod:`pla_lab.framework.protocol`)."""
    if "head" in lesson.state.fields:  # a lesson without steps has nothing to keep
        lesson.state["head"] = lesson.state["head"].pause().clamp(current_run(lesson).T)


def restart(lesson) -> None:
    """A new run, shown from step 0."""
    if "head" in lesson.state.fields:
        lesson.state["head"] = lesson.state["head"].goto(0, current_run(lesson).T)


def remember(lesson) -> None:
    """What Undo brings back: the state before a change of the points (or of what came with them)."""
    s = lesson.state
    s["undo_stack"] = (s["undo_stack"] + [s.snapshot()])[-100:]


def set_w(lesson, w) -> None:
    """A w set by hand (typed, or the arrow dragged): the run starts from it, shown from step 0; Undo goes back."""
    s = lesson.state
    remember(lesson)
    s["wh"] = None if w is None else tuple(float(links.dump_hand(v)) for v in w)
    s["hand_text"] = links.hand_text(s["wh"])
    restart(lesson)


def hand_typed(lesson) -> None:
    s = lesson.state
    try:
        w = links.parse_hand(s["hand_text"].strip())
    except ValueError as e:
        s["toast"] = f"w by hand {e}."
        return
    set_w(lesson, w)


def option_changed(lesson) -> None:
    (restart if lesson.on_option_change == "restart" else keep_step)(lesson)


def callbacks_read(lesson) -> None:
    """At the top of the part that reruns: the callbacks before this run have read ``events_now``. A report's old
    step (``echo``) is kept for the run after the report's own only (see scrubbed): a run that heard nothing from
    the plot drops it."""
    s = lesson.state
    if not s["events_now"]:
        s["echo"] = None
    s["events_now"] = False


def scrubbed(lesson) -> None:
    # A slider value that comes with an event from the plot, while playing or with Pause, is the browser sending
    # back what the server wrote a rerun earlier (it had not drawn the newer one yet), not the learner dragging: the
    # plot's step stands. (A drag is told by the plot itself too, pausing first: pla_lab/drawing/plot/scrub.js.)
    # Nor is the step the scrubber showed before the plot's last report, in the run after the report's: a control
    # pressed before the browser had drawn that run (Add, a box opened) sends the scrubber it showed, the old step.
    s = lesson.state
    if s["events_now"] or s["head"].playing or _pending_events(lesson) or s["scrub"] == s["echo"]:
        return
    s["head"] = s["head"].goto(s["scrub"], current_run(lesson).T)


# -- the points ---------------------------------------------------------------------------------------------------


def set_points(lesson, pts, view=None, **more) -> None:
    """New points (and view, and whatever came with them, e.g. f): Undo can bring back the old; shown from 0."""
    s = lesson.state
    remember(lesson)
    s.restore({"pts": pts, "view": s["view"] if view is None else view, **more})
    restart(lesson)


def undo(lesson) -> None:
    """The points (and what came with them) as they were before the last change, shown at the step they were at:
    a stray tap mid-run loses nothing. The step is a new move (a new seq), so the browser animates back to it."""
    s = lesson.state
    if s["undo_stack"]:
        snap = dict(s["undo_stack"].pop())
        head = snap.pop("head", None)
        s.restore(snap)
        if head is None:
            restart(lesson)
        else:
            s["head"] = s["head"].goto(head.t, current_run(lesson).T)


def _fresh_extras(s) -> dict:
    """What came with the points (an example's target f, a w set by hand) as it is without them. Not the step:
    a fresh playhead would count its seq from 0 again, which the browser would take for an old move."""
    return {name: s.fields[name].fresh() for name in s.snapshot() if name not in ("pts", "view", "head")}


def clear(lesson) -> None:
    """No points, and nothing that came with them (an example's target f): the view stays."""
    set_points(lesson, [], **_fresh_extras(lesson.state))


def load_preset(lesson, name: str) -> None:
    preset = lesson.presets[name]
    pts, view, f = preset.build(int(shared.SHARED["seed"]))
    set_points(lesson, pts, view, ax=preset.ax, **({"f": f} if "f" in lesson.state.fields else {}))


def load_file(lesson) -> None:
    """A CSV file chosen in the uploader: its points replace the lesson's (Undo brings them back), with the target
    f of its ``# target f:`` line (if the lesson keeps one) and a view that fits them. A file that cannot be read
    changes nothing but the message under the uploader."""
    s = lesson.state
    f = s.store.get(s.key("upload"))
    if f is None:  # the file was removed from the uploader
        s["loaded"] = None
        return
    try:
        got = transfer.read_points(f.getvalue(), name=f.name)
    except ValueError as e:
        s["loaded"] = ("error", f"{f.name} was not loaded (the points on screen stay): {e}")
        return
    others = _fresh_extras(s)
    if "f" in s.fields:
        others["f"] = got.target
    set_points(lesson, got.points, model.fit_view(got.points), **others)
    n = len(got.points)
    s["loaded"] = ("ok", " ".join([f"Loaded {n} point{'s' if n > 1 else ''} from {f.name}"
                                   + (", with its target f." if got.target is not None else "."), *got.notes]))


def preset_chosen(lesson) -> None:
    s = lesson.state
    if s["preset"]:
        load_preset(lesson, s["preset"])
    s["preset"] = None  # a menu of actions, not a setting: back to "Examples…"


def set_view_only(on: bool) -> None:
    """View only on (a tap on the plot steps; the link says viewonly=1) or off (taps edit the points)."""
    shared.SHARED["viewonly"] = on


# -- the plot's events --------------------------------------------------------------------------------------------


def _batch(lesson):
    value = lesson.state.store.get(lesson.state.key("plot"))
    return value.get("events") if value else None


def _pending_events(lesson) -> bool:
    nonce, ack = lesson.state["inbox"]
    return bool(inbox.new_events(_batch(lesson), nonce, ack)[2])


def on_events(lesson) -> None:
    """Clicks and ticks from the plot, in order (see the delivery rules in :mod:`pla_lab.framework.protocol`)."""
    s = lesson.state
    nonce, ack, events = inbox.new_events(_batch(lesson), *s["inbox"])
    s["inbox"] = (nonce, ack)
    shared.APP["live"] = True  # the page's live plot has been heard from: the first picture is no longer sent
    s["events_now"] = True  # for the callbacks after this one in the same rerun (see scrubbed)
    for ev in events:
        if ev["kind"] == "tick":
            _tick(lesson, ev)
        elif shared.SHARED["viewonly"]:  # an edit sent by a page drawn before view only was switched on: dropped
            continue
        elif ev["kind"] == "click":
            _click(lesson, ev)
        else:
            set_w(lesson, ev["w"])


def _click(lesson, ev: protocol.Click) -> None:
    s = lesson.state
    cls = -1.0 if s["cls"] == "-1" else 1.0
    pts, why = model.apply_click(s["pts"], ev, cls, s["view"])
    if why:
        s["toast"] = why
    if pts is not s["pts"]:
        set_points(lesson, pts)


def _tick(lesson, ev: protocol.Tick) -> None:
    run = current_run(lesson)
    s = lesson.state
    if run.trace is None or ev["run"] != run.id or ev["seq"] < s["head"].seq:
        return  # about a run since replaced (new points or settings), or sent before the server moved the step
    old = s["head"].t
    s["head"] = s["head"].tick(ev["t"], ev["playing"], run.T, jump=ev["jump"])
    if s["head"].t != old:  # the browser's scrubber still shows the old step until this run is drawn (see scrubbed)
        s["echo"] = old
