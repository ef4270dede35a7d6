"""Streamlit, with the app's own words shown as written. A module that puts words on the page imports
``from .say import st`` (not ``import streamlit as st``): the same ``st``, except that every text, label, help
tooltip and radio option it is given goes through :func:`pla_lab.words.text.md`, so a formula's star, underscore or
backslash (R²/ρ*², E_in) reaches the reader instead of turning into italics, while **bold** and *italics* around
whole words stay marks. Text a user controls is still passed through :func:`pla_lab.words.text.literal` first, which
``md`` leaves as it is. Elements reached through a container (``cols[0].button(…)``) are Streamlit's own: their
words go through ``md`` by hand."""

from __future__ import annotations

import functools

import streamlit

from pla_lab.words.text import md

# Streamlit calls whose first argument (every one, for write) is Markdown, a body or a label; so is their ``help``.
_WORDS = ("markdown", "write", "caption", "info", "success", "warning", "error", "toast", "expander", "popover",
          "button", "toggle", "checkbox", "radio", "selectbox", "select_slider", "slider", "number_input", "text_input",
          "download_button", "file_uploader", "title", "header", "subheader")


def _shown(fn):
    def words(text):
        return md(text) if isinstance(text, str) else text

    @functools.wraps(fn)
    def call(*args, **kw):
        if not kw.get("unsafe_allow_html"):  # an HTML block is code, not words
            args = tuple(map(words, args)) if fn.__name__ == "write" else (*map(words, args[:1]), *args[1:])
            kw.update({k: words(kw[k]) for k in ("body", "label") if k in kw})
        if "help" in kw:
            kw["help"] = words(kw["help"])
        if fn.__name__ == "radio":  # a radio's options are Markdown (a selectbox's are plain text)
            kw["format_func"] = lambda v, name=kw.get("format_func", str): md(name(v))
        return fn(*args, **kw)

    return call


class _Streamlit:
    """``streamlit`` with :data:`_WORDS` shown as written; every other name is Streamlit's own."""

    def __getattr__(self, name: str):
        return getattr(streamlit, name)


for _name in _WORDS:
    setattr(_Streamlit, _name, staticmethod(_shown(getattr(streamlit, _name))))

st = _Streamlit()
