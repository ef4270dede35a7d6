"""Every use of Streamlit's private API, in one place (tests/ui/test_streamlit_private.py fails loudly when a
Streamlit upgrade moves any of it).

1. **Asset folders for components.** Streamlit serves a v2 component's files (``/_stcore/bidi-components/<name>/…``)
   only for components declared in an *installed* package's ``pyproject.toml``. PLA Lab runs from its folder
   (``streamlit run app.py``, no install step), so it registers two folders with the component manager itself:
   ``pla_lab/assets`` for the plot's ES modules (``plot/index.js`` and the modules it imports), and the installed
   ``plotly`` package's own ``package_data`` folder for plotly.min.js (never a copy in this repository).
2. **Leaving the pages-folder mode.** See :func:`leave_pages_folder_mode`.
"""

from __future__ import annotations

import functools
from pathlib import Path

import streamlit as st

ASSETS = Path(__file__).parent / "assets"
PLOT = "pla_lab.plot"
PLOTLY = "pla_lab.plotly"


def _register(project: str, component: str, root: Path, asset_dir: str) -> None:
    from streamlit.components.v2.get_bidi_component_manager import get_bidi_component_manager
    from streamlit.components.v2.manifest_scanner import ComponentConfig, ComponentManifest

    mgr = get_bidi_component_manager()
    if mgr.get_component_path(f"{project}.{component}") is None:
        manifest = ComponentManifest(name=project, version="1",
                                     components=[ComponentConfig(name=component, asset_dir=asset_dir)])
        mgr.register_from_manifest(manifest, root)


def mount_plot(**kwargs):
    """Mount the plot component. Its entry module ``assets/plot/index.js`` is served from the assets folder, so its
    relative imports (``./geometry.js``…) load the other modules. The folder is registered before every mount, on
    whichever runtime is active (a test harness makes a new one per app), and the component is defined on the
    first mount, inside a runtime."""
    _register("pla_lab", "plot", ASSETS.parent, "assets")
    return _plot_component()(**kwargs)


@functools.cache
def _plot_component():
    return st.components.v2.component(PLOT, js="plot/index.js", css="plot/plot.css", isolate_styles=False)


def plotly_url() -> str:
    """Where the browser loads plotly.js: straight from the installed ``plotly`` package."""
    import plotly

    _register("pla_lab", "plotly", Path(plotly.__file__).parent, "package_data")
    base = (st.get_option("server.baseUrlPath") or "").strip("/")
    return f"{'/' + base if base else ''}/_stcore/bidi-components/{PLOTLY}/plotly.min.js"


def leave_pages_folder_mode() -> None:
    """Run app.py's navigation even when Streamlit started a page by itself (call first in every page).

    A process's first script run, when a ``pages/`` folder sits beside app.py, goes through Streamlit's older
    multipage mode, which runs a linked page's file directly: without app.py, its sidebar and its navigation.
    Only a call to ``st.navigation`` ends that mode, so the page ends it and asks for a rerun, which app.py then
    routes to this same page (url paths equal the file names).
    """
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()
