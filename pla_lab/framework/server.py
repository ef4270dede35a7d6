"""What PLA Lab serves beside Streamlit's own routes (wired in app.py through the public ``st.App``): the plot's
browser modules (``pla_lab/drawing/plot``), which draw the plot as SVG, and the installed ``plotly`` package's own
plotly.min.js (never a copy here), which no page of the app asks for: the benchmarks' bare Plotly page measures the
plot against it.

Both URLs carry a version — a hash of the modules' contents, plotly's version — so the browser may keep them for a
year (``Cache-Control: immutable``): on a repeat visit it neither downloads nor, from the third visit on, compiles
them again. It also puts a small script first in every page's head (:class:`HeadScript`). No Streamlit import
at import time: this module builds URLs, Starlette routes and middleware (it reads the server's base path, and
Streamlit's own files, once it serves).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
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


BUNDLE = "plot.bundle.js"  # the plot's modules in one file (pla_lab/framework/bundle.py)


def plot_url() -> str:
    """The plot's code: its modules in one ES module, whose exports are the entry module's (index.js)."""
    return f"{PREFIX}/plot-{plot_version()}/{BUNDLE}"


@cache
def plot_bundle() -> str:
    from pla_lab.framework.bundle import bundle

    return bundle(PLOT_DIR)


def plot_css_url() -> str:
    """The plot's style (plot.css), which the page's head asks for on a lesson's page: the plot drawn on its first
    picture (early.js's watchPicture) is drawn before its component brings the same rules."""
    return f"{PREFIX}/plot-{plot_version()}/plot.css"


def plot_modules() -> list[str]:
    """What the page fetches ahead for the plot (``modulepreload``): its one file."""
    return [plot_url()]


def plotly_url() -> str:
    return f"{PREFIX}/plotly-{plotly_version()}/plotly.min.js"


def routes() -> list:
    """Starlette routes for ``st.App(routes=…)``."""
    from starlette.responses import FileResponse, Response
    from starlette.routing import Route

    async def plot_module(request):
        name = request.path_params["name"]
        path = PLOT_DIR / name
        if name == BUNDLE and request.path_params["version"] == plot_version():
            return Response(plot_bundle(), media_type="text/javascript", headers=CACHE_FOREVER)
        if request.path_params["version"] != plot_version() or not name.endswith((".js", ".css")) \
                or "/" in name or not path.is_file():
            return Response("not found", status_code=404)
        return FileResponse(path, media_type="text/javascript" if name.endswith(".js") else "text/css",
                            headers=CACHE_FOREVER)

    async def plotly_js(request):
        if request.path_params["version"] != plotly_version():
            return Response("not found", status_code=404)
        return FileResponse(plotly_file(), media_type="text/javascript", headers=CACHE_FOREVER)

    from pla_lab.framework.classes import room_state  # a class's page follows its room by asking this

    return [Route(PREFIX + "/plot-{version}/{name}", plot_module),
            Route(PREFIX + "/plotly-{version}/plotly.min.js", plotly_js), Route(PREFIX + "/class/{room}", room_state)]


# The page's own head (Streamlit's index.html, served for every page's address) -------------------------------------
#
# Streamlit's page is its index.html; the lesson is drawn into it only after its JavaScript has loaded, connected and
# run the script. Four things cannot wait that long, so a small classic script goes first in the head:
#   * keys kept from the moment the page starts (early.js's listen): → pressed as soon as a lesson shows is applied
#     once its plot can take it, whatever has not been drawn yet (Step, the plot's modules);
#   * on a lesson's page, the plot's style, and a watch for its first picture: the plot's modules draw the live plot on
#     it as soon as it is there (early.js's watchPicture), where Streamlit would mount the component only after the rest
#     of the page;
#   * the browser's id cookie, and a lecturer's tab's class back in a lesson's address (ids.js), for the first run;
#   * where Streamlit's server is. On a lesson's address (/pla) Streamlit's frontend first asks /pla/_stcore/health,
#     gets a 404 and asks again one folder up, ~0.1 s later; the page knows that its last part names a page, so it
#     says where the server is (window.__streamlit.BACKEND_BASE_URL, which the frontend reads as it starts). Left
#     unset where the address names no page of ours, or if a host embedding the app has set it already.


@cache
def _head_source() -> str:
    """early.js, clicker.js and ids.js as a classic script's body: their ``export``s and comments dropped (a module
    would run only after the page has been parsed, as Streamlit's own, too late to be first)."""
    text = "\n".join((PLOT_DIR / name).read_text(encoding="utf-8") for name in ("early.js", "clicker.js", "ids.js"))
    text = re.sub(r"^export ", "", text, flags=re.M)
    comment = ("//", "/**", "*")
    return "\n".join(line for line in text.splitlines() if line.strip() and not line.lstrip().startswith(comment))


def head_script(strip: int | None, stepping: list[str], modules: list[str] = (), chunks: list[str] = (),
                lessons: list[str] = ()) -> str:
    """The script put first in the page's head: keys kept on the ``stepping`` lessons, a clicker's keys, ids.js's
    (``lessons``: every lesson's slug), the server's address (the page's address less its last ``strip`` parts;
    None: not said). On a stepping lesson's page the plot's style and its ``modules`` are asked for at once, and the
    plot is drawn on its first picture as soon as that is there (early.js's watchPicture); elsewhere the modules wait
    until the page's own code has loaded (not to compete with Streamlit's for the first paint), as ``chunks`` do."""
    base = "" if strip is None else (
        "if (!window.__streamlit) { const parts = location.pathname.split('/').filter(Boolean);"
        f" parts.splice(parts.length - {strip}, {strip});"
        " window.__streamlit = { BACKEND_BASE_URL: location.origin + '/' + parts.join('/') }; }")
    steps = json.dumps(stepping)
    ask = ("const ask = (hrefs) => { for (const href of hrefs) { const l = document.createElement('link');"
           " l.rel = 'modulepreload'; l.href = href; document.head.appendChild(l); } };"
           f" const modules = {json.dumps(list(modules))}, lesson = {steps}.includes(slugOf(location.pathname));")
    early = ("if (lesson) { const css = document.createElement('link'); css.rel = 'stylesheet';"
             f" css.href = {json.dumps(plot_css_url())}; document.head.appendChild(css);"
             f" const plot = import(new URL({json.dumps(plot_url())}, location.origin).href);"
             " plot.catch(() => {}); watchPicture(document, () => plot); }")  # failed: the component draws it
    later = f"addEventListener('load', () => ask((lesson ? [] : modules).concat({json.dumps(list(chunks))})));"
    return (f"<script>(() => {{\n{_head_source()}\nidentify(window, {json.dumps(list(lessons))}, slugOf);\n"
            f"listen(window, {steps});\n"
            f"listenClicker(window, (path) => {steps}.includes(slugOf(path)));\n{ask}\n{early}\n{base}\n{later}\n"
            "})();</script>")


def _strip(path: str, base: str, pages: list[str]) -> int | None:
    """How many parts of the address name the page: 0 on the home page, 1 on another page, None if the path is
    not one of ours (Streamlit's own fallback page, an address under a prefix a proxy strips is counted the same)."""
    rest = path.rstrip("/")
    base = "/" + base.strip("/") if base.strip("/") else ""
    if not rest.startswith(base):
        return None
    page = rest[len(base):].strip("/")
    return 0 if page == "" else 1 if page in pages else None


class HeadScript:
    """ASGI middleware: every HTML page the server sends (Streamlit's index.html, 200, plain or gzipped as
    Streamlit sends a page's address) gets :func:`head_script` first in its head. Anything else passes as it is."""

    def __init__(self, app, pages):
        self.app, self.pages, self.read = app, pages, None

    def page_paths(self) -> tuple[list[str], list[str], list[str], str]:
        """(every page's address's last part, the lessons that step, every lesson's, the server's base path), read on
        the first page served (the registry imports the lessons, which need Streamlit's runtime, as its setting)."""
        if self.read is None:
            from streamlit import config

            self.read = (*self.pages(), config.get_option("server.baseUrlPath") or "")
        return self.read

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("method") != "GET":
            await self.app(scope, receive, send)
            return
        held: dict = {}

        async def send_html(message):
            if message["type"] == "http.response.start":
                headers = {k.lower(): v for k, v in message.get("headers", [])}
                if message.get("status") == 200 and headers.get(b"content-type", b"").startswith(b"text/html") \
                        and headers.get(b"content-encoding", b"gzip") == b"gzip":
                    held["gzip"] = b"content-encoding" in headers
                    held["start"], held["body"] = message, []
                    return
            elif "start" in held:
                held["body"].append(message.get("body", b""))
                if message.get("more_body"):
                    return
                body = b"".join(held["body"])
                body = _with_head(gzip.decompress(body) if held["gzip"] else body, scope.get("path", ""),
                                  self.page_paths())
                body = gzip.compress(body, mtime=0) if held["gzip"] else body
                start = held.pop("start")
                start["headers"] = [(k, v) for k, v in start.get("headers", [])
                                    if k.lower() not in (b"content-length", b"etag", b"last-modified")]
                start["headers"].append((b"content-length", str(len(body)).encode()))
                await send(start)
                await send({"type": "http.response.body", "body": body})
                return
            await send(message)

        await self.app(scope, receive, send_html)


def _with_head(html: bytes, path: str, paths: tuple[list[str], list[str], list[str], str]) -> bytes:
    at = html.find(b"<head>")
    if at < 0:
        return html
    pages, stepping, lessons, base = paths
    script = head_script(_strip(path, base, pages), stepping, plot_modules(), streamlit_chunks(LAZY_CHUNKS), lessons)
    return html[:at + 6] + script.encode() + html[at + 6:]


def middleware(pages) -> list:
    """Starlette middleware for ``st.App(middleware=…)``; ``pages()`` gives (the last part of every page's address,
    the slugs of the lessons that step, every lesson's), and is called once, when the first page is served."""
    from starlette.middleware import Middleware

    return [Middleware(HeadScript, pages=pages)]


#: Streamlit's own lazily loaded code that a lesson needs before its plot can mount: its components-v2 element.
LAZY_CHUNKS = ("BidiComponent",)


@cache
def streamlit_chunks(names: tuple[str, ...]) -> list[str]:
    """Streamlit's lazily loaded modules ``names`` (by the name before their hash) with what they import that its
    page does not already ask for, as the page's relative URLs. Streamlit asks for them only when the first element
    that needs one is drawn; asked for ahead, they are ready by then. None if a later Streamlit names them otherwise."""
    import streamlit

    static = Path(streamlit.__file__).parent / "static"
    have = set(re.findall(r'static/js/([^"]+\.js)', (static / "index.html").read_text(encoding="utf-8")))
    out, todo = [], [f.name for n in names for f in sorted((static / "static" / "js").glob(n + ".*.js"))]
    while todo:
        name = todo.pop()
        if name in have:
            continue
        have.add(name)
        out.append("./static/js/" + name)
        text = (static / "static" / "js" / name).read_text(encoding="utf-8")
        todo += re.findall(r'(?:from|import)\s*"\./([^"]+\.js)"', text)
    return out
