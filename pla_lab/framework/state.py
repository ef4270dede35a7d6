"""A page's state, declared once as a table of fields: session keys, the link and Undo all derive from it.

Each :class:`Field` has a name and a default, and says whether it goes in the link (and how: a
:class:`~pla_lab.framework.settings.Setting` with the URL key, parser and dumper), whether Undo restores it, and whether a
widget of the same key draws it. :class:`PageState` keeps a table's values in ``st.session_state`` under
``"<ns>.<name>"`` (one namespace per lesson, so every lesson keeps its own demo), and nothing else in the app
spells a session key.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator, MutableMapping

from pla_lab.framework.settings import Setting, read_params, write_params


@dataclass(frozen=True)
class Field:
    """One piece of a page's state. ``default`` is a value, or a callable that makes a fresh one (``list``)."""

    name: str
    default: Any = None
    link: Setting | None = None     # how it is written in the link; None: not in the link
    undo: bool = False              # Undo restores it
    widget: bool = False            # a widget with this key draws it (its value is kept while the page is away)
    stored: bool = True             # False: only a key (a button's: Streamlit owns its value, it is never set)

    def fresh(self):
        return self.default() if callable(self.default) else self.default


def button(name: str) -> Field:
    """The key of a button (Streamlit owns a button's value: nothing here reads or sets it)."""
    return Field(name, stored=False)


def linked(setting: Setting, *, undo: bool = False, widget: bool = False, name: str | None = None) -> Field:
    """A field that goes in the link as ``setting`` says, with the setting's default."""
    return Field(name or setting.key, setting.default, link=setting, undo=undo, widget=widget)


_DETACHED = threading.local()  # Streamlit runs each session's script in a thread of its own


@contextmanager
def detached() -> Iterator[dict]:
    """Within it, every table in this thread keeps its values in one fresh dict, not in the session: a demo read
    from a link (a lecture's other demos, framework/demos.py) runs the lesson's own code without touching the
    session's state, nor another session's (the lessons are shared objects, their state is found per thread)."""
    before = getattr(_DETACHED, "store", None)
    _DETACHED.store = {}
    try:
        yield _DETACHED.store
    finally:
        _DETACHED.store = before


#: What every table has: whether the page has been set up in this session, and the kept widget values.
_HOUSEKEEPING = (Field("ready", False), Field("kept", dict))


class PageState:
    """The values of one table of fields in a session (``store``: ``st.session_state`` unless given, e.g. a dict
    in unit tests). ``state["t"]`` reads a field, ``state["t"] = …`` writes it; unknown names are an error."""

    def __init__(self, ns: str, fields: tuple[Field, ...], store: MutableMapping | None = None):
        self.ns = ns
        self.fields = {f.name: f for f in (*fields, *_HOUSEKEEPING)}
        self._store = store

    @property
    def store(self) -> MutableMapping:
        if self._store is not None:
            return self._store
        elsewhere = getattr(_DETACHED, "store", None)
        if elsewhere is not None:
            return elsewhere
        import streamlit as st

        return st.session_state

    def key(self, name: str) -> str:
        """The session key of field ``name`` (also the key of the widget that draws it)."""
        if name not in self.fields:
            raise KeyError(f"{self.ns} has no field {name!r}")
        return f"{self.ns}.{name}"

    def __getitem__(self, name: str):
        key = self.key(name)
        if key not in self.store:  # never set in this session (or dropped with its widget): the default
            self.store[key] = self.fields[name].fresh()
        return self.store[key]

    def __setitem__(self, name: str, value) -> None:
        self.store[self.key(name)] = value

    def __contains__(self, name: str) -> bool:
        return self.key(name) in self.store

    @property
    def ready(self) -> bool:
        return bool(self.store.get(self.key("ready")))

    def setup(self, params: dict[str, str]) -> list[str]:
        """Every field from the link's parameters (linked fields) or its default; the problems with the link, in
        words. Marks the page ready."""
        linked = [f for f in self.fields.values() if f.link is not None]
        values, problems = read_params(params, tuple(f.link for f in linked))
        for f in self.fields.values():
            if not f.stored:
                continue
            value = values[f.link.key] if f.link is not None else None
            self[f.name] = f.fresh() if value is None else value
        self["ready"] = True
        self.keep_widgets()
        return problems

    def link_keys(self) -> list[str]:
        """The keys this table writes in the link."""
        return [f.link.key for f in self.fields.values() if f.link is not None]

    def link(self) -> dict[str, str]:
        """The link's parameters for every linked field."""
        linked = [f for f in self.fields.values() if f.link is not None]
        return write_params({f.link.key: self[f.name] for f in linked}, tuple(f.link for f in linked))

    def snapshot(self) -> dict:
        """What Undo restores."""
        return {name: self[name] for name, f in self.fields.items() if f.undo}

    def restore(self, snap: dict) -> None:
        for name, value in snap.items():
            self[name] = value

    def keep_widgets(self) -> None:
        """Copy the widget fields aside, or put them back where Streamlit dropped them: it deletes a widget's value
        from the session after a run that did not draw the widget (while another lesson was shown)."""
        kept = self["kept"]
        for name, f in self.fields.items():
            if not f.widget:
                continue
            if self.key(name) in self.store:
                kept[name] = self[name]
            elif name in kept:
                self[name] = kept[name]
