"""A demo as a Jupyter notebook (issue 36): for each lesson that has one, the notebook of its default demo and of
shared links (another η, another reading of sign(0), w₀ set by hand, a late step, a cycle) is valid under nbformat,
**runs** in a fresh kernel (nbclient; the kernel's folder is the checkout, where ``pla_core`` is, as after
``pip install -e .``), and every line its step cell prints is on the page for the same link (AppTest), digit for
digit: the same numbers, exact on grid data."""

from __future__ import annotations

import re

import nbformat
import pytest
from nbclient import NotebookClient

from pla_core import words
from pla_lab.framework import demos, notebook
from pla_lab.framework.codec import encode_points

from .helpers import LESSONS, ROOT, start

pytestmark = pytest.mark.xdist_group("notebooks")  # one kernel at a time: the suite's browser tests share the CPU

SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
#: ○(−1, −1), ×(0, 0), ○(1, 1): the state repeats from update 4, the weights sooner, from update 3
SOONER = encode_points([(-1.0, -1.0, 1.0), (0.0, 0.0, -1.0), (1.0, 1.0, 1.0)])

#: (lesson, the link's parameters): each lesson's default demo, then links a lecturer shares
CASES = [
    ("pla", {}),
    ("pla", {"t": "3"}),
    ("pla", {"t": "5", "eta": "0.5", "sign0": "pos"}),
    ("pla", {"t": "2", "w0": "0.5,-1,0.25"}),
    ("pla", {"t": "13"}),
    ("pla", {"t": "7", "bias": "0"}),
    ("xor", {}),
    ("xor", {"t": "3"}),
    ("xor", {"t": "4"}),
    ("xor", {"t": "3", "lift": "1"}),
    ("xor", {"t": "4", "lift": "1"}),
    ("xor", {"t": "2", "pts": SOONER}),
    ("xor", {"t": "12", "pts": SOONER}),
    ("margin", {}),
    ("margin", {"t": "3"}),
    ("margin", {"t": "9"}),
    ("margin", {"t": "5", "gamma": "0.3"}),
    ("margin", {"t": "5", "gamma": "0.5"}),
    ("pocket", {}),
    ("pocket", {"t": "3"}),
    ("pocket", {"t": "40", "seed": "3"}),
    ("compare", {}),
    ("compare", {"t": "3"}),
    ("compare", {"t": "3", "cmp": "order"}),
    ("compare", {"t": "3", "cmp": "sign0"}),
    ("compare", {"t": "17", "eta": "10", "w0": "0,-3,3"}),
    ("batch", {}),
    ("batch", {"t": "3"}),
    ("batch", {"t": "2", "batch": "mini", "bs": "5"}),
    ("online", {}),
    ("online", {"t": "3"}),
    ("online", {"t": "4"}),
    ("online", {"t": "9"}),
    ("sgd", {}),
    ("sgd", {"t": "3"}),
    ("sgd", {"t": "40", "loss": "hinge"}),
    ("sgd", {"t": "3", "eta": "5"}),  # the squared loss diverges
    ("halts", {}),
    ("halts", {"t": "3"}),
    ("halts", {"t": "13"}),
    ("halts", {"t": "2", "w0": "0.5,-1,0.25"}),
    ("experiments", {"n": "10", "runs": "60"}),
    ("experiments", {"n": "20", "runs": "30", "order": "cyclic", "cap": "500", "noise": "10"}),
]


def normal(text: str) -> str:
    """Page text and the notebook's print as one: Markdown's marks and escapes gone (Streamlit's highlight
    ":orange-background[◆ …]" too), "−" as "-", w₁₂ as w_12, in lower case (a sentence may begin mid-line on the
    page)."""
    text = re.sub(r":[a-z]+-background\[([^\]]*)\]", r"\1", text)
    text = re.sub(r"\\(.)", r"\1", text).replace("**", "").replace("−", "-")
    text = re.sub(r"[₀-₉]+", lambda m: "_" + m.group(0).translate(SUB), text)
    return " ".join(text.split()).casefold()


def page_text(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    parts += [w.value for w in at.warning] + [s.value for s in at.success]
    return normal("\n".join(map(str, parts)))


def run(text: str) -> nbformat.NotebookNode:
    nb = nbformat.reads(text, as_version=4)
    nbformat.validate(nb)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    return nb


def printed(nb, starts: str) -> list[str]:
    """The lines the code cell that starts so printed."""
    return said(next(c for c in nb.cells if c.cell_type == "code" and c.source.startswith(starts)))


def said(cell) -> list[str]:
    """The lines a code cell printed."""
    return [line for o in cell.outputs if o.output_type == "stream" for line in o.text.splitlines() if line.strip()]


def on_page(line: str, shown: str) -> bool:
    """A printed line is on the page: as it is, or, for a sentence a page goes on with ("This run halts after 13
    updates." where the page adds "(press Run to see it)."), without its final period."""
    return normal(line) in shown or normal(line).endswith(".") and normal(line)[:-1] in shown


#: A number with 15 or more significant digits: a float's noise (0.30000000000000004), never a number the page writes
NOISE = re.compile(r"(?<![\w.])-?\d+\.\d{14,}|\d\.\d{14,}e")


def case_id(slug: str, params: dict) -> str:
    """A link's test id: its lesson and parameters (points named, not spelled out)."""
    return f"{slug}-{'-'.join(k if k == 'pts' else f'{k}{v}' for k, v in params.items()) or 'default'}"


@pytest.mark.parametrize(("slug", "params"), CASES, ids=[case_id(s, p) for s, p in CASES])
def test_the_notebook_runs_and_prints_the_pages_numbers(slug, params):
    lesson = LESSONS[slug]
    link = f"http://localhost:8501/{slug}"
    text = demos.notebook_of(lesson, params, link)
    assert text is not None
    nb = run(text)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert errors == []
    at = start(params, f"../pages/{slug}.py")
    if slug == "experiments":  # its page shows numbers once its runs are made
        next(b for b in at.button if b.label.startswith("Start ")).click().run()
        assert not at.exception
    lines = printed(nb, "print(words.experiment_head" if slug == "experiments" else "t = ")
    assert len(lines) >= 3
    shown = page_text(at)
    missing = [line for line in lines if not on_page(line, shown)]
    assert missing == [], shown[:3000]
    looped = [line for c in nb.cells if c.cell_type == "code" and notebook.SAME in c.source for line in said(c)]
    assert len(looped) == 1 and looped[0].startswith(words.same_run(0).split(":")[0])  # the loop ran, its assert held
    outputs = "\n".join(o.get("text", "") + str(o.get("data", {}).get("text/plain", ""))
                        for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert NOISE.findall(outputs) == []
    drawn = next(c for c in nb.cells if c.cell_type == "code" and ('set_title(f"step {t}' in c.source
                                                                    or "Updates T per run" in c.source))
    assert [o for o in drawn.outputs if "image/png" in o.get("data", {})]  # the step (or the runs) drawn
    assert link in nb.cells[0].source and "`pip install -e .`" in nb.cells[0].source  # the first cell: how to run it
