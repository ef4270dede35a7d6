"""What PLA Lab serves beside Streamlit's own routes (wired in app.py through the public ``st.App``): the plot's
browser modules (``pla_lab/drawing/plot``) and the installed ``plotly`` package's own plotly.min.js (never a copy here).

Both URLs carry a version — a hash of the modules' contents, plotly's version — so the browser may keep them for a
year (``Cache-Control: immutable``): on a repeat visit it neither downloads nor, from the third visit on, compiles
plotly.js again. No Streamlit import here: this module only builds URLs and Starlette routes.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

PLOT_DIR = Path(__file__).parents[1] / "drawing" / "plot"
PREFIX = "/pla-lab"
CACHE_FOREVER = {"Cache-Control": "public, max-age=31536000, immutable"}


@cache
def plot_version() -> str:
    """A hash of every file of the plot's modules: a new version of any of them is a new URL."""
    h = hashlib.blake2b(digest_size=6)
    for f in sorted(PLOT_DIR.iterdir()):
        if f.is_file():
            h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


@cache
def plotly_file() -> Path:
    import plotly

    return Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


@cache
def plotly_version() -> str:
    import plotly

    return plotly.__version__


def plot_url() -> str:
    """The plot's entry module (its relative imports load the other modules from the same versioned folder)."""
    return f"{PREFIX}/plot-{plot_version()}/index.js"


def plot_modules() -> list[str]:
    """Every module of the plot, for the page to fetch ahead (``modulepreload``)."""
    return [f"{PREFIX}/plot-{plot_version()}/{f.name}" for f in sorted(PLOT_DIR.glob("*.js"))]


def plotly_url() -> str:
    return f"{PREFIX}/plotly-{plotly_version()}/plotly.min.js"


def routes() -> list:
    """Starlette routes for ``st.App(routes=…)``."""
    from starlette.responses import FileResponse, Response
    from starlette.routing import Route

    async def plot_module(request):
        name = request.path_params["name"]
        path = PLOT_DIR / name
        if request.path_params["version"] != plot_version() or not name.endswith((".js", ".css")) \
                or "/" in name or not path.is_file():
            return Response("not found", status_code=404)
        return FileResponse(path, media_type="text/javascript" if name.endswith(".js") else "text/css",
                            headers=CACHE_FOREVER)

    async def plotly_js(request):
        if request.path_params["version"] != plotly_version():
            return Response("not found", status_code=404)
        return FileResponse(plotly_file(), media_type="text/javascript", headers=CACHE_FOREVER)

    return [Route(PREFIX + "/plot-{version}/{name}", plot_module),
            Route(PREFIX + "/plotly-{version}/plotly.min.js", plotly_js)]

