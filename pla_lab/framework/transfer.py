"""A lesson's points and run as files: the CSV it saves and loads, the run as JSON, their names and caps.
No Streamlit: the page's box is :func:`pla_lab.framework.boxes.transfer_box`."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pla_core
from pla_lab.framework.codec import MAX_COORD, MAX_POINTS, RESOLUTION, q
from pla_lab.framework.links import dump_target, parse_target

#: Largest file loaded, in MB (Streamlit counts 2²⁰ bytes a MB): the uploader's limit and .streamlit/config.toml's
#: server.maxUploadSize say the same. 500 points of the longest coordinates take about 15 KB.
MAX_FILE_MB = 1
MAX_FILE_BYTES = MAX_FILE_MB * 2**20
#: The file types the uploader offers (the NTU course files are .dat).
FILE_TYPES = ("csv", "txt", "tsv", "dat")

_TARGET = "target f: b, w1, w2, xmin, xmax, ymin, ymax ="


def file_name(slug: str, what: str) -> str:
    """``pla-lab-<lesson>-points.csv``, ``pla-lab-<lesson>-run.json``."""
    return f"pla-lab-{slug}-{what}"


def points_csv(points, *, target=None, notes=()) -> str:
    """The points as CSV (x1, x2, y; labels ±1): first a comment line with the target f and its box when there is
    one, then one per note. :func:`pla_core.load_points` reads it (it skips the comments), and so does
    :func:`read_points`, target included."""
    import io

    if not points:
        raise ValueError("There are no points to save.")
    comments = ([f"{_TARGET} {dump_target(target).replace(',', ', ')}"] if target is not None else []) + list(notes)
    # 12 significant digits: 1.918, not q's 1.9180000000000001 (q reads either back as the same point).
    X, y = [[float(f"{v:.12g}") for v in p[:2]] for p in points], [p[2] for p in points]
    out = io.StringIO()
    pla_core.save_points(out, X, y, comments=comments)
    return out.getvalue()


def run_json(trace, *, lesson: str, target=None, notes=()) -> str:
    """The run as :func:`pla_core.save_run` writes it, with what the app knows in ``meta``: the lesson, the target
    f and its box, and the notes (e.g. which labels the run learned from)."""
    meta = {"app": "PLA Lab", "lesson": lesson, "notes": list(notes)}
    if target is not None:
        meta["target_f"] = {"b_w1_w2": list(target[:3]), "box": list(target[3:])}
    return pla_core.save_run(trace, meta=meta)


_DECIMAL_COMMA = re.compile(r"\s*[-+]?\d*,\d+\s*")


def semicolons(text: str) -> tuple[str, list[str]]:
    """A file whose values are separated by semicolons (a spreadsheet set to a European language saves CSV so,
    with decimal commas: "0,5;1,25;1") as the commas-and-points CSV :func:`pla_core.load_points` reads, line for
    line (its messages name the same lines), and a note saying how it was read. Other files pass as they are."""
    lines = text.splitlines(keepends=True)
    data = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]
    if not data or not all(";" in lines[i] for i in data):
        return text, []
    commas = 0
    for i in data:
        fields = lines[i].rstrip("\r\n").split(";")
        commas += sum(bool(_DECIMAL_COMMA.fullmatch(f)) for f in fields)
        fields = [f.replace(",", ".") if _DECIMAL_COMMA.fullmatch(f) else f for f in fields]
        lines[i] = ",".join(fields) + lines[i][len(lines[i].rstrip("\r\n")):]
    how = (", with decimal commas (0,5 read as 0.5), as a spreadsheet in a European language saves CSV"
           if commas else "")
    return "".join(lines), [f"Read as values separated by semicolons{how}."]


@dataclass(frozen=True)
class Loaded:
    """Points read from a file, rounded to the app's resolution; the target f of a ``# target f:`` line (or None);
    notes for the reader (rounding, a target line that could not be read)."""

    points: list
    target: tuple | None
    notes: tuple[str, ...]


def read_points(data: bytes, *, name: str = "The file") -> Loaded:
    """A CSV of points (x1, x2, y; header optional; labels ±1 or 1/0) as the app keeps them, or ValueError saying
    what is wrong (with the line, where there is one): more than ``MAX_FILE_BYTES`` bytes or ``MAX_POINTS`` rows,
    a coordinate beyond ``MAX_COORD``, or whatever :func:`pla_core.load_points` refuses."""
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"{name} is {len(data) / 2**20:.1f} MB; PLA Lab loads files up to {MAX_FILE_MB} MB "
                         f"(and {MAX_POINTS} points).")
    try:
        text, notes = semicolons(bytes(data).decode("utf-8-sig"))
    except UnicodeDecodeError:
        text, notes = "", []  # load_points says what is wrong with the bytes
    try:  # as bytes: load_points would take a one-line str naming a file on the server for that file's path
        X, y = pla_core.load_points(text.encode() if text else bytes(data), max_points=MAX_POINTS, features=2,
                                    bound=MAX_COORD)
    except ValueError as e:
        raise ValueError(" ".join([str(e), *notes])) from None
    points = [(q(a), q(b), float(lab)) for (a, b), lab in zip(X.tolist(), y.tolist())]
    # Off the grid by more than float noise (1.918 and 1.9180000000000001 are both on it).
    moved = sum(any(abs(v / RESOLUTION - round(v / RESOLUTION)) > 1e-6 for v in row) for row in X.tolist())
    if moved:
        notes.append(f"Coordinates were rounded to {RESOLUTION:g}, the resolution PLA Lab keeps "
                     f"({moved} point{'s' if moved > 1 else ''} moved).")
    target = None
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            break
        if line.startswith("# target f:"):
            try:
                target = parse_target(line.split("=", 1)[1].replace(" ", "") if "=" in line else "")
            except ValueError as e:
                notes.append(f"The target f line was not used: it {e}.")
            break
    return Loaded(points, target, tuple(notes))
