"""Seeded data sets, a name → generator registry, and reading/writing points as CSV.

Every generator returns a :class:`Dataset`, takes ``seed`` explicitly, and draws the points and the label noise
from separate streams of that seed, so the same seed with noise on or off gives the *same* points, and raising the
noise p only adds flips (a label flipped at p = 0.1 is still flipped at p = 0.2).
"""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass, field

import numpy as np

from ._checks import check_data

__all__ = ["Dataset", "separable", "xor4", "xor", "credit", "flip_labels", "flip_by_point", "with_product", "GENERATORS", "make",
           "load_points", "save_points",
           "MAX_FILE_POINTS"]

#: Most rows :func:`load_points` accepts.
MAX_FILE_POINTS = 100_000


@dataclass(frozen=True, eq=False)
class Dataset:
    """Points X (n, d), labels y (n,) of ±1, and what is known about how they were made.

    w_f : ndarray (d+1,) or None
        The target f(x) = sign(w_fᵀx̃) that generated the labels (before noise), when there is one.
    flipped : ndarray (n,) of bool or None
        Which labels the noise flipped (y = −f(x) exactly there).
    feature_names : tuple of str
    class_names : tuple of str
        What y = +1 and y = −1 mean in the data set's story (the labels themselves when it has none).
    name : str
    """

    X: np.ndarray
    y: np.ndarray
    w_f: np.ndarray | None = None
    flipped: np.ndarray | None = None
    feature_names: tuple[str, ...] = ("x₁", "x₂")
    class_names: tuple[str, str] = ("+1", "−1")
    name: str = ""
    params: dict = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.y)

    def __repr__(self) -> str:
        pos = int((self.y > 0).sum())
        extra = f", flipped={int(self.flipped.sum())}" if self.flipped is not None else ""
        return f"Dataset({self.name!r}, n={len(self)}, ○={pos}, ×={len(self) - pos}{extra})"


def _streams(seed):
    """Independent generators for the points and for the noise, both fixed by ``seed``."""
    points, noise = np.random.SeedSequence(seed).spawn(2)
    return np.random.default_rng(points), np.random.default_rng(noise)


def _check_noise(noise) -> float:
    try:
        noise = float(noise)
    except (TypeError, ValueError):
        raise ValueError(f"The noise level must be a number from 0 to 0.5, not {noise!r}.") from None
    if not 0 <= noise <= 0.5:
        raise ValueError(f"The noise level is the probability of flipping a label: a number from 0 to 0.5, not {noise}.")
    return noise


def _flip(y, noise, rng):
    noise = _check_noise(noise)
    flipped = rng.random(len(y)) < noise
    return np.where(flipped, -y, y), flipped


def flip_labels(y, noise: float, seed=None) -> tuple[np.ndarray, np.ndarray]:
    """Flip each label with probability ``noise``, from the noise stream of ``seed``: (noisy y, flipped mask).

    The generators use this same stream, so ``separable(n, noise=p, seed=s)`` has the labels of
    ``flip_labels(separable(n, seed=s).y, p, s)``. Which labels flip is monotone in ``noise`` (a label flipped at
    p is flipped at every larger p), and adding points at the end never changes the flips of the earlier ones.
    """
    y = np.asarray(y, dtype=float).reshape(-1)
    return _flip(y, noise, _streams(seed)[1])


def _mix64(z: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser: a fixed, well-mixed bijection of 64-bit integers (vectorised)."""
    z = z.copy()
    z ^= z >> np.uint64(30)
    z *= np.uint64(0xBF58476D1CE4E5B9)
    z ^= z >> np.uint64(27)
    z *= np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    return z


def point_coins(X, seed=None) -> np.ndarray:
    """A number in [0, 1) for each point, fixed by its coordinates and ``seed`` alone (a hash, not a stream).

    A coordinate on the app's grid (k/1000) hashes as that grid value whichever float spells it (0.82 and
    0.8200000000000001, which the app stored before it wrote shortest decimals, give the same coin), so a point
    typed into a notebook as written, and a link saved by any version of the app, get the same flips."""
    X = np.asarray(X, dtype=float)
    if X.ndim != 2:
        raise ValueError("X must have shape (n, d).")
    with np.errstate(invalid="ignore"):
        k = np.round(X / 1e-3)
        on_grid = np.abs(X / 1e-3 - k) <= 1e-9 * np.maximum(1.0, np.abs(k))
    X = np.ascontiguousarray(np.where(on_grid, k * 1e-3, X) + 0.0)  # k·1e-3: the bits the app's links first held;
    # + 0.0 makes −0.0 hash as 0.0
    s = np.uint64(int(np.random.SeedSequence(seed).generate_state(1, dtype=np.uint64)[0]) if seed is not None else 0)
    with np.errstate(over="ignore"):
        h = np.full(len(X), s, dtype=np.uint64)
        for j in range(X.shape[1]):
            h = _mix64(h ^ X[:, j].view(np.uint64) + np.uint64(j + 1))
    return (h >> np.uint64(11)).astype(float) / float(2**53)


def flip_by_point(X, y, noise: float, seed=None) -> tuple[np.ndarray, np.ndarray]:
    """Flip each label with probability ``noise``, the coin of each point fixed by its coordinates and ``seed``:
    (noisy y, flipped mask). The Noise & Pocket page's noise. Adding, removing or reordering points never changes
    another point's flip, and the flips are monotone in ``noise``."""
    y = np.asarray(y, dtype=float).reshape(-1)
    noise = _check_noise(noise)
    coins = point_coins(X, seed)
    if len(coins) != len(y):
        raise ValueError("X and y must have the same number of points.")
    flipped = coins < noise
    return np.where(flipped, -y, y), flipped


def with_product(X) -> np.ndarray:
    """(x₁, x₂) → (x₁, x₂, x₁x₂): the feature lift under which XOR becomes separable (w = (0, 0, 0, −1))."""
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError("with_product lifts points in the plane: X must have shape (n, 2).")
    return np.column_stack([X, X[:, 0] * X[:, 1]])


def _check_n(n, low=1, high=100_000):
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not low <= n <= high:
        raise ValueError(f"The number of points must be a whole number from {low} to {high:,}, not {n!r}.")


def separable(n: int = 20, *, noise: float = 0.0, margin: float = 0.1, seed=None,
              box: tuple[float, float] = (-1.0, 1.0)) -> Dataset:
    """Points uniform in the square ``box``², labelled by a random target line f with no point closer than
    ``margin`` to it; then each label is flipped with probability ``noise``.

    The target passes within the middle half of the box, so both classes are usually present.
    """
    _check_n(n)
    try:
        lo, hi = map(float, box)
    except (TypeError, ValueError):
        raise ValueError("box must be two numbers (low, high).") from None
    if not (np.isfinite([lo, hi]).all() and lo < hi and hi - lo <= 1e6):
        raise ValueError("box must be (low, high), finite, with low < high and a width up to 10⁶.")
    if not 0 <= margin <= 0.25 * (hi - lo):
        raise ValueError(f"The margin must be from 0 to {0.25 * (hi - lo):g} (a quarter of the box), not {margin}.")
    rng, noise_rng = _streams(seed)
    angle = rng.uniform(0, 2 * np.pi)
    normal = np.array([np.cos(angle), np.sin(angle)])
    centre = rng.uniform(lo + 0.25 * (hi - lo), hi - 0.25 * (hi - lo), size=2)
    w_f = np.array([-normal @ centre, *normal])
    X = np.empty((0, 2))
    while len(X) < n:  # rejection sampling: the band |w_fᵀx̃| < margin holds at most half the box
        cand = rng.uniform(lo, hi, size=(2 * n, 2))
        cand = cand[np.abs(cand @ normal + w_f[0]) >= margin]
        X = np.vstack([X, cand])[:n]
    y = np.where(X @ normal + w_f[0] > 0, 1.0, -1.0)
    y, flipped = _flip(y, noise, noise_rng)
    return Dataset(X, y, w_f=w_f, flipped=flipped, name="separable",
                   params=dict(n=n, noise=noise, margin=margin, seed=seed))


def xor4() -> Dataset:
    """The four points of David Press's AI notes, (−1,−1), (1,1), (−1,1), (1,−1), labelled XOR: +1 where x₁ and x₂
    differ."""
    X = np.array([[-1.0, -1.0], [1.0, 1.0], [-1.0, 1.0], [1.0, -1.0]])
    return Dataset(X, -X[:, 0] * X[:, 1], name="xor4", params={})


def xor(n: int = 40, *, noise: float = 0.0, spread: float = 0.2, seed=None) -> Dataset:
    """A many-point XOR: n points around the four corners (±0.5, ±0.5), Gaussian with sd ``spread``, labelled by
    their corner (+1 on the (−,+) and (+,−) corners), then flipped with probability ``noise``."""
    _check_n(n, low=4)
    if not 0 <= spread <= 1:
        raise ValueError(f"spread must be from 0 to 1, not {spread}.")
    rng, noise_rng = _streams(seed)
    corners = np.array([[-0.5, -0.5], [0.5, 0.5], [-0.5, 0.5], [0.5, -0.5]])
    which = np.arange(n) % 4
    rng.shuffle(which)
    X = corners[which] + rng.normal(0, spread, size=(n, 2))
    y = -np.sign(corners[which, 0] * corners[which, 1])
    y, flipped = _flip(y, noise, noise_rng)
    return Dataset(X, y, flipped=flipped, name="xor", params=dict(n=n, noise=noise, spread=spread, seed=seed))


def credit(n: int = 30, *, noise: float = 0.0, seed=None) -> Dataset:
    """The credit-card notes' story: approve a credit card (+1) or not (−1) from two features of an applicant,
    years in job (0–10) and annual salary in $10k (0–10). The bank's unknown rule f approves when
    salary + 0.8·years ≥ 7, and the applicants in its records sit at least 0.3 from that rule's line.
    Coordinates are rounded to 0.1, as an application form would."""
    _check_n(n)
    rng, noise_rng = _streams(seed)
    w_f = np.array([-7.0, 0.8, 1.0])
    X = np.empty((0, 2))
    while len(X) < n:
        cand = np.round(rng.uniform(0, 10, size=(2 * n, 2)), 1)
        dist = (cand @ w_f[1:] + w_f[0]) / np.linalg.norm(w_f[1:])
        X = np.vstack([X, cand[np.abs(dist) >= 0.3]])[:n]
    y = np.where(X @ w_f[1:] + w_f[0] > 0, 1.0, -1.0)
    y, flipped = _flip(y, noise, noise_rng)
    return Dataset(X, y, w_f=w_f, flipped=flipped, feature_names=("years in job", "annual salary ($10k)"),
                   class_names=("approve", "deny"), name="credit", params=dict(n=n, noise=noise, seed=seed))


#: name → generator; every generator accepts ``seed`` and returns a Dataset.
def _xor4_entry(n: int = 4, *, noise: float = 0.0, seed=None) -> Dataset:
    if n != 4 or noise != 0:
        raise ValueError("xor4 is always the same four points, without noise; use 'xor' for more points or noise.")
    return xor4()


GENERATORS = {
    "separable": separable,
    "xor4": _xor4_entry,
    "xor": xor,
    "credit": credit,
}


def make(name: str, **params) -> Dataset:
    """Build the data set registered as ``name`` (see ``GENERATORS``) with the given parameters."""
    try:
        gen = GENERATORS[name]
    except (KeyError, TypeError):
        raise ValueError(f"Unknown data set {name!r}; choose one of {', '.join(GENERATORS)}.") from None
    try:
        return gen(**params)
    except TypeError as e:
        raise ValueError(f"Data set {name!r} does not take these settings: {e}") from None


# ---------------------------------------------------------------------------------------------------------------
# Files


def load_points(source, *, max_points: int = MAX_FILE_POINTS, features: int | None = None,
                bound: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Read points from CSV text, a path, or a file object: one point per row, features then the label.

    Labels are +1 and −1, or 1 and 0 (0 is read as −1; a file may not mix 0 and −1). Commas, tabs or spaces
    separate the numbers (so the NTU course files load as they are); a first row of names is skipped; blank lines
    and lines starting with ``#`` are ignored. ``features``: the number of coordinates each row must have (default:
    as many as the first row). ``bound``: the largest |coordinate| accepted. Raises ValueError naming the line of
    the first problem (a file of more than ``max_points`` rows names none). Returns X (n, d) and y (n,) of ±1.
    """
    if isinstance(max_points, bool) or not isinstance(max_points, int) or max_points < 1:
        raise ValueError(f"max_points must be a whole number ≥ 1, not {max_points!r}.")
    if features is not None and (isinstance(features, bool) or not isinstance(features, int) or features < 1):
        raise ValueError(f"features must be a whole number ≥ 1 (or None), not {features!r}.")
    if bound is not None and not (isinstance(bound, (int, float)) and bound > 0):
        raise ValueError(f"bound must be a number > 0 (or None), not {bound!r}.")
    text = _read_text(source).lstrip("\ufeff")
    rows, header_seen = [], False
    first = {}  # label → the first line that has it (0 and −1 may not both appear)
    for lineno, raw in enumerate(io.StringIO(text), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if len(line) > 10_000:
            raise ValueError(f"Line {lineno} is {len(line):,} characters long: is this really a CSV of points?")
        fields = next(csv.reader([line])) if "," in line else line.split()
        fields = [f.strip() for f in fields]
        try:
            values = [float(f) for f in fields]
        except ValueError:
            if not rows and not header_seen and not any(_is_number(f) for f in fields):
                header_seen = True  # a header row of column names
                continue
            bad = next(f for f in fields if not _is_number(f))
            raise ValueError(f"Line {lineno}: {bad!r} is not a number." if bad else
                             f"Line {lineno}: there is an empty value.") from None
        if len(values) < 2:
            raise ValueError(f"Line {lineno}: a row needs at least one coordinate and a label, found {len(values)} value(s).")
        if features is not None and len(values) != features + 1:
            raise ValueError(f"Line {lineno}: expected {features} coordinate{'s' if features > 1 else ''} and a label "
                             f"({features + 1} values), found {len(values)}.")
        if rows and len(values) != len(rows[0][1]):
            raise ValueError(f"Line {lineno}: expected {len(rows[0][1])} values like the rows before, found {len(values)}.")
        if not np.isfinite(values).all():
            raise ValueError(f"Line {lineno}: every value must be a finite number (found NaN or infinity).")
        if bound is not None:
            far = next((f for f, v in zip(fields, values[:-1]) if abs(v) > bound), None)
            if far is not None:
                raise ValueError(f"Line {lineno}: the coordinate {far} lies beyond ±{bound:g}, the largest allowed.")
        label = values[-1]
        if label not in (1.0, -1.0, 0.0):
            raise ValueError(f"Line {lineno}: the label (last value) must be +1 or -1 (or 1 or 0), "
                             f"found {fields[-1]!r}.")
        first.setdefault(label, lineno)
        if 0.0 in first and -1.0 in first:
            other = first[0.0] if label == -1.0 else first[-1.0]
            raise ValueError(f"Line {lineno}: the label is {fields[-1]}, but line {other} has "
                             f"{'0' if label == -1.0 else '-1'}: use labels +1/-1 or 1/0, not both.")
        rows.append((lineno, values))
        if len(rows) > max_points:
            raise ValueError(f"The file has more than {max_points:,} points, the most that can be loaded.")
    if not rows:
        raise ValueError("The file holds no points: each row should be x₁, x₂, …, label.")
    A = np.array([v for _, v in rows])
    y = A[:, -1]
    y[y == 0] = -1.0
    return check_data(A[:, :-1], y)


def save_points(path_or_file, X, y, *, feature_names=None, comments=()) -> None:
    """Write points as CSV: ``comments`` (each a line starting with "# "), a header row (x1, x2, …, y), one row
    a point (labels +1/−1); :func:`load_points` reads it back exactly."""
    X, y = check_data(X, y)
    names = list(feature_names) if feature_names else [f"x{j + 1}" for j in range(X.shape[1])]
    if len(names) != X.shape[1]:
        raise ValueError(f"{len(names)} feature names for {X.shape[1]} features.")
    out = io.StringIO()
    if isinstance(comments, str):
        comments = (comments,)
    for c in comments:
        out.write("# " + " ".join(str(c).split()) + "\n")  # one line each: a line break would end the comment
    w = csv.writer(out, lineterminator="\n")
    w.writerow([*names, "y"])
    for xi, yi in zip(X, y):
        w.writerow([*(repr(float(v)) for v in xi), int(yi)])
    if hasattr(path_or_file, "write"):
        path_or_file.write(out.getvalue())
    else:
        with open(path_or_file, "w", encoding="utf-8", newline="") as f:
            f.write(out.getvalue())


def _is_number(s: str) -> bool:
    try:
        float(s)
        return True
    except ValueError:
        return False


def _read_text(source) -> str:
    if hasattr(source, "read"):
        data = source.read()
    elif isinstance(source, (bytes, bytearray)):
        data = bytes(source)
    elif isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source
                                             and os.path.exists(source)):
        if os.path.isdir(source):
            raise ValueError(f"{os.fspath(source)!r} is a folder, not a file of points.")
        if os.path.getsize(source) > 50 * 2**20:
            raise ValueError("The file is larger than 50 MB: too big to be a set of points to draw.")
        with open(source, "rb") as f:
            data = f.read()
    elif isinstance(source, str):
        data = source
    else:
        raise ValueError("Give the points as CSV text, a file path or an open file.")
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ValueError("The file is not text (UTF-8): is it a spreadsheet or an image rather than a CSV?") from None
    return data
