"""Input checks shared by every public function: bad data raises a ValueError a student can read."""

from __future__ import annotations

import warnings

import numpy as np

#: Above this many ``max_updates`` a run warns (it is not refused): a cap is an upper bound, not work done, but a
#: run that long keeps every update (about 40 bytes each in 2-D). Caps that protect a server are the app's
#: (pla_lab's settings: at most 20,000 updates and 500 points a page).
MAX_UPDATES_LIMIT = 10_000_000
#: Hard cap on the number of points a data set may hold.
MAX_POINTS = 2_000_000

#: The readings of sign(0) (see :func:`pla_core.reference.tie_mask`): None, +1, −1 and "both".
SIGN_ZERO_CHOICES = (None, 1, -1, "both")


def check_data(X, y) -> tuple[np.ndarray, np.ndarray]:
    """Return ``X`` as float64 (n, d) and ``y`` as float64 (n,) of ±1, or raise ValueError saying what is wrong.

    The labels every public function of pla_core accepts (the rule of :func:`labels`): +1 and −1; or 1 and 0,
    where 0 means −1 (as :func:`~pla_core.datasets.load_points` reads a file); or True and False, where False means
    −1. Whatever was given, traces and results hold ±1 (``trace.y``), the labels of the notes' mathematics.
    """
    try:
        X = np.array(X, dtype=float)  # a copy: traces keep X, and the caller may change theirs later
    except (TypeError, ValueError):
        raise ValueError("X must be a table of numbers: one row per point, one column per feature.") from None
    if X.ndim == 1 and X.size > 0:
        raise ValueError(
            f"X must be two-dimensional (one row per point), but it is a flat list of {X.size} numbers; "
            "for a single feature use X.reshape(-1, 1)."
        )
    if X.ndim != 2:
        raise ValueError(f"X must be two-dimensional (points × features), but it has {X.ndim} dimensions.")
    n, d = X.shape
    if n == 0:
        raise ValueError("The data set is empty: add at least one point.")
    if d == 0:
        raise ValueError("Each point needs at least one feature (X has no columns).")
    if n > MAX_POINTS:
        raise ValueError(f"The data set has {n:,} points; the limit is {MAX_POINTS:,}.")
    # Reductions only: an n×d temporary (np.abs, np.isfinite) costs more in fresh memory than a whole PLA scan.
    if not np.isfinite(X.sum()) or max(float(X.max()), -float(X.min())) > MAX_COORD:
        bad = ~np.isfinite(X)
        if bad.any():
            row, col = np.argwhere(bad)[0]
            raise ValueError(
                f"Point {row} has a missing or infinite coordinate (feature {col} is {X[row, col]}); "
                "every coordinate must be a finite number."
            )
        row, col = np.argwhere(np.abs(X) > MAX_COORD)[0]
        raise ValueError(f"Point {row} has a coordinate of {X[row, col]:.3g}; coordinates must stay within "
                         f"±{MAX_COORD:g}.")
    y = labels(y)
    if y.ndim != 1:
        y = y.reshape(-1) if y.size == n else y
    if y.ndim != 1 or y.shape[0] != n:
        raise ValueError(f"There are {n} points but {y.size} labels: each point needs exactly one label.")
    return X, y


def labels(y) -> np.ndarray:
    """``y`` as float64 of ±1: +1/−1 as they are; 1/0 and True/False with 0 and False read as −1. The labels of one
    data set may not mix 0 and −1 (two names for one class hint at a mistake in the data); anything else raises
    ValueError."""
    if isinstance(y, np.ndarray) and y.dtype == bool:
        return np.where(y, 1.0, -1.0)
    try:
        y = np.asarray(y, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("y must be a list of labels, each +1 or -1 (or 1 or 0).") from None
    other = (y != 1) & (y != -1)
    if not other.any():  # ±1 already: as fast as before 1/0 was read
        return y
    zero = y == 0
    wrong = other & ~zero
    if wrong.any():
        i = int(np.flatnonzero(wrong.reshape(-1))[0])
        raise ValueError(f"Labels must be +1 or -1 (or 1 and 0, 0 read as -1), but point {i} has label "
                         f"{y.reshape(-1)[i]:g}.")
    minus = y == -1
    if minus.any():
        i, j = int(np.flatnonzero(zero.reshape(-1))[0]), int(np.flatnonzero(minus.reshape(-1))[0])
        raise ValueError(f"Point {i} has label 0 and point {j} has label -1: use labels +1/-1 or 1/0, not both "
                         "(0 is read as -1).")
    return np.where(zero, -1.0, y)  # a new array: the caller's y is never rewritten


MAX_ETA = 1e6
MAX_COORD = 1e100


def check_seed(seed) -> None:
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
        raise ValueError(f"seed must be a whole number ≥ 0 (or None), not {seed!r}.")


def check_sign_zero(sign_zero) -> None:
    """sign_zero must be None, +1, −1 or "both" (True is refused although True == 1)."""
    if isinstance(sign_zero, str):
        ok = sign_zero == "both"
    else:
        number = isinstance(sign_zero, (int, float, np.number)) and not isinstance(sign_zero, bool)
        ok = sign_zero is None or (number and sign_zero in (1, -1))
    if not ok:
        raise ValueError(f"sign_zero must be None, +1, -1 or 'both', not {sign_zero!r}.")


def check_options(*, eta, sign_zero, margin=0.0, max_updates=..., seed=None) -> None:
    """Validate the loop settings every algorithm shares."""
    if isinstance(eta, bool) or not (isinstance(eta, (int, float, np.number)) and np.isfinite(eta)
                                     and 0 < eta <= MAX_ETA):
        raise ValueError(f"The learning rate eta must be a positive number up to {MAX_ETA:g}, not {eta!r}.")
    check_seed(seed)
    check_sign_zero(sign_zero)
    if not (isinstance(margin, (int, float, np.number)) and np.isfinite(margin) and margin >= 0):
        raise ValueError(f"The margin gamma must be a number ≥ 0, not {margin!r}.")
    if max_updates is not ...:
        if isinstance(max_updates, bool) or not isinstance(max_updates, (int, np.integer)) or max_updates < 0:
            raise ValueError(f"max_updates must be a whole number ≥ 0, not {max_updates!r}.")
        if max_updates > MAX_UPDATES_LIMIT:
            warnings.warn(f"max_updates is {max_updates:,}: a run that reaches it keeps every update, about "
                          f"{max_updates * 40 / 1e9:,.1f} GB in 2-D. It stops earlier if it halts (or cycles).",
                          ResourceWarning, stacklevel=3)


def augment(X: np.ndarray, bias: bool) -> np.ndarray:
    """x̃ = (1, x) with the bias folded in as x₀ = 1 (the credit-card notes), or (0, x) for a boundary through the
    origin.
    ``bias`` may also be the number x₀ itself (10ᵏ in an exact run's scaled units, :mod:`pla_core.grid`)."""
    Xt = np.empty((X.shape[0], X.shape[1] + 1))
    Xt[:, 0] = float(bias)
    Xt[:, 1:] = X
    return Xt


def signed_points(X: np.ndarray, y: np.ndarray, bias: bool) -> np.ndarray:
    """Rows zₙ = yₙ·x̃ₙ, so the mistake test is Z @ w and the update is w + η·zₙ (yₙ = ±1: exact). ``bias``: as
    in :func:`augment`."""
    Z = np.empty((X.shape[0], X.shape[1] + 1))
    Z[:, 0] = y * float(bias)
    np.multiply(X, y[:, None], out=Z[:, 1:])
    return Z


def check_w0(w0, d: int, bias: bool) -> np.ndarray:
    """Initial weights (d+1,), default 0; with ``bias=False`` the bias weight must stay 0."""
    if w0 is None:
        return np.zeros(d + 1)
    try:
        w = np.array(w0, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError("w0 must be a list of numbers (bias weight first).") from None
    if w.shape != (d + 1,):
        raise ValueError(f"w0 must have {d + 1} numbers (the bias weight w₀, then one per feature), not {w.size}.")
    if not np.isfinite(w).all():
        raise ValueError("w0 must contain finite numbers only.")
    if not bias and w[0] != 0:
        raise ValueError("With bias=False the boundary passes through the origin, so w0[0] (the bias weight) must be 0.")
    return w

