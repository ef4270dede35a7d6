"""The convergence theory of the credit-card notes, the Princeton COS 495 lecture and David Press's AI notes (and the
handwritten notes' margin perceptron), computed exactly.

Everything lives in the augmented space x̃ = (1, x) (or (0, x) without a bias), where the proof of the credit-card notes
is written: R = maxₙ‖x̃ₙ‖, the margin of w is ρ(w) = minₙ yₙwᵀx̃ₙ/‖w‖, and PLA started from w₀ = 0 makes at most
R²/ρ² updates for any separating w, so at most R²/ρ*² with the best margin ρ*.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog, nnls

from ._checks import augment, check_data, signed_points
from .grid import scores

__all__ = ["radius", "margin", "max_margin", "support_points", "mistake_bound", "margin_perceptron_bound",
           "margin_perceptron_log_bound", "is_separable", "separability", "Separability", "convergence_series",
           "ConvergenceSeries"]


def _Z(X, y, bias):
    X, y = check_data(X, y)
    return signed_points(X, y, bias)


def radius(X, *, bias: bool = True) -> float:
    """R = maxₙ ‖x̃ₙ‖, the radius of the data in the augmented space."""
    A = np.asarray(X, dtype=object)
    X, _ = check_data(X, np.ones(A.shape[0] if A.ndim >= 1 else 1))
    return float(np.sqrt((augment(X, bias) ** 2).sum(axis=1).max()))


def _unit(w, d: int, what: str = "w") -> np.ndarray:
    try:
        w = np.asarray(w, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be a list of numbers (bias weight first).") from None
    if w.shape != (d + 1,) or not np.isfinite(w).all():
        raise ValueError(f"{what} must be {d + 1} finite numbers (the bias weight, then one per feature).")
    norm = float(np.linalg.norm(w))
    if norm == 0:
        raise ValueError(f"{what} = 0 has no boundary, so it has no margin.")
    return w / norm


def margin(w, X, y, *, bias: bool = True) -> float:
    """ρ(w) = minₙ yₙ·wᵀx̃ₙ / ‖w‖: positive iff w separates the data; its size is the worst point's clearance."""
    X, y = check_data(X, y)
    u = _unit(w, X.shape[1])
    exact = scores(w, X, y, bias=bias)  # grid data: a point on the boundary gives exactly 0
    if exact is not None:
        return float(exact.min() / np.linalg.norm(np.asarray(w, dtype=float)))
    return float((_Z(X, y, bias) @ u).min())


@dataclass(frozen=True)
class Separability:
    """Outcome of the exact linear-separability test.

    separable : bool
        True when some w has yₙ·wᵀx̃ₙ > 0 for every n (strict: what the convergence theorem needs).
    w : ndarray (d+1,) or None
        A separating w when separable (from the LP, scaled so that minₙ yₙwᵀx̃ₙ = 1).
    certificate : ndarray (n,) or None
        When not separable: weights λₙ ≥ 0 summing to 1 with Σ λₙyₙx̃ₙ = 0 (Farkas). With a bias this says the
        λ-weighted average of some ○ points equals the λ-weighted average of some × points: one spot that any
        line would have to put on both sides at once.
    """

    separable: bool
    w: np.ndarray | None
    certificate: np.ndarray | None

    def meeting_point(self, X, y) -> np.ndarray | None:
        """With a bias: the point that is both a weighted average of ○ points and of × points (None if separable)."""
        if self.certificate is None:
            return None
        lam = self.certificate
        y = np.asarray(y, dtype=float)
        pos = lam * (y > 0)
        if pos.sum() == 0:
            return None
        return (pos / pos.sum()) @ np.asarray(X, dtype=float)


def separability(X, y, *, bias: bool = True) -> Separability:
    """Exact LP test (HiGHS): find w with yₙwᵀx̃ₙ ≥ 1 for all n, or a Farkas certificate that none exists.

    The LP runs on centred (with a bias) and column-scaled features, which changes w but not the answer, so
    the solver's tolerances (~1e-9) apply relative to the spread of the data, whatever its units.
    """
    X, y = check_data(X, y)
    shift = X.mean(axis=0) if bias else np.zeros(X.shape[1])
    scale = np.abs(X - shift).max(axis=0)
    scale = np.where(scale > 0, scale, 1.0)
    Zs = augment((X - shift) / scale, bias) * y[:, None]
    n, k = Zs.shape
    # Feasibility of Zs v ≥ 1 (v free). Scaling v makes "≥ 1" equivalent to "> 0".
    res = linprog(np.zeros(k), A_ub=-Zs, b_ub=-np.ones(n), bounds=[(None, None)] * k, method="highs")
    if res.status == 0 and (Zs @ res.x).min() > 0:
        v = res.x
        # Back to the original units: wᵀx̃ = v₀ + Σ vⱼ(xⱼ − shiftⱼ)/scaleⱼ.
        w = np.concatenate([[v[0] - v[1:] @ (shift / scale)], v[1:] / scale]) if bias else \
            np.concatenate([[0.0], v[1:] / scale])
        Z = augment(X, bias) * y[:, None]
        m = (Z @ w).min()
        if m > 0:
            return Separability(True, w / m, None)
    # Not separable: λ ≥ 0, Σλ = 1, Zᵀλ = 0 (the same λ certifies the scaled and the original problem).
    A_eq = np.vstack([Zs.T, np.ones((1, n))])
    b_eq = np.concatenate([np.zeros(k), [1.0]])
    cert = linprog(np.zeros(n), A_eq=A_eq, b_eq=b_eq, bounds=[(0, None)] * n, method="highs")
    if cert.status != 0:  # both LPs failed: the data sit at the solver's tolerance; call it not separable
        return Separability(False, None, None)
    lam = np.where(cert.x > 1e-12, cert.x, 0.0)
    return Separability(False, None, lam / lam.sum())


def is_separable(X, y, *, bias: bool = True) -> bool:
    """True when a line (hyperplane) puts every point strictly on its own side: exact, by linear programming."""
    return separability(X, y, bias=bias).separable


def max_margin(X, y, *, bias: bool = True) -> tuple[np.ndarray | None, float]:
    """Best margin ρ* = max_{‖w‖=1} minₙ yₙwᵀx̃ₙ and its unit w*, in the augmented space.

    ρ* is the distance from the origin to the convex hull of the points yₙx̃ₙ (the hard-margin SVM with the bias
    treated as a weight, as in the proofs). The nearest hull point p is found by Lawson–Hanson NNLS, an exact
    active-set method, then polished on its support. Returns (None, 0.0) when the data are not separable.
    """
    Z = _Z(X, y, bias)
    sep = separability(X, y, bias=bias)
    if not sep.separable:
        return None, 0.0
    n, k = Z.shape
    s = float(np.abs(Z).max())
    Zs = Z / s  # the hull distance scales with Z: solve at unit scale, scale ρ back
    big = 1e4 * max(1.0, np.sqrt(n))  # weight of the Σλ = 1 row: enforces it to ~1e-8, later made exact
    A = np.vstack([Zs.T, np.full((1, n), big)])
    b = np.concatenate([np.zeros(k), [big]])
    lam, _ = nnls(A, b, maxiter=50 * n + 100)
    lam /= lam.sum()
    candidates = [Zs.T @ lam, sep.w]
    polished = _polish(Zs, lam)
    if polished is not None:
        candidates.append(polished)
    best_w, best_rho = None, -np.inf
    for w in candidates:
        nw = np.linalg.norm(w)
        if nw == 0:
            continue
        rho = float((Z @ (w / nw)).min())
        if rho > best_rho:
            best_w, best_rho = w / nw, rho
    return best_w, best_rho


def _polish(Z, lam):
    """Re-solve the nearest hull point exactly on the support S of λ: p = Z_Sᵀμ, Σμ = 1, z_s·p equal on S."""
    S = np.flatnonzero(lam > 1e-9 * lam.max())
    ZS = Z[S]
    G = ZS @ ZS.T
    m = len(S)
    K = np.block([[G, -np.ones((m, 1))], [np.ones((1, m)), np.zeros((1, 1))]])
    rhs = np.concatenate([np.zeros(m), [1.0]])
    try:
        sol = np.linalg.lstsq(K, rhs, rcond=None)[0]
    except np.linalg.LinAlgError:
        return None
    mu = sol[:m]
    if (mu < -1e-9).any() or abs(mu.sum() - 1) > 1e-9:
        return None
    p = ZS.T @ mu
    nrm = np.linalg.norm(p)
    if nrm == 0 or (Z @ p).min() < (nrm ** 2) * (1 - 1e-9):
        return None  # some point is nearer than the support says: keep the NNLS answer
    return p


def support_points(X, y, *, bias: bool = True, rtol: float = 1e-6, w_star=None) -> np.ndarray:
    """Indices (k,) of the points on the margin of the maximum-margin w*: yₙw*ᵀx̃ₙ = ρ* up to ``rtol``·ρ*.

    The points that hold the widest separator in place (with the bias treated as a weight, as in the proofs:
    :func:`max_margin`). Empty when the data are not separable. ``w_star``: the unit w* that :func:`max_margin`
    returned for these points, when it is at hand (it is not solved for again).
    """
    if not (isinstance(rtol, (int, float, np.number)) and not isinstance(rtol, bool) and 0 <= rtol < 1):
        raise ValueError(f"rtol must be a number from 0 to less than 1, not {rtol!r}.")
    w = max_margin(X, y, bias=bias)[0] if w_star is None else np.asarray(w_star, dtype=float)
    if w is None:
        return np.empty(0, dtype=np.int64)
    scores = _Z(X, y, bias) @ w
    return np.flatnonzero(scores <= scores.min() * (1 + rtol)).astype(np.int64)


def mistake_bound(X, y, *, bias: bool = True, w_f=None) -> float:
    """R²/ρ²: no run of PLA from w₀ = 0 (any order, any η, any sign(0) reading, margin γ = 0) makes more updates.

    The credit-card notes' proof holds for any separating w_f, with ρ = ρ(w_f) = minₙ yₙw_fᵀx̃ₙ/‖w_f‖ (:func:`margin`);
    so each w_f gives a bound, and the best margin ρ* (the default, w_f = None) gives the smallest, R²/ρ*². ∞ when
    w_f is None and the data are not separable; a ValueError when the given w_f does not separate them.

    Not for the margin perceptron (``margin`` = γ > 0, the handwritten notes), which may update on points it already
    gets right: its bound, 8R²/(γγ₀) + 4R/γ₀, and its derivation are :func:`margin_perceptron_bound`'s.
    """
    rho = _proof_margin(X, y, bias, w_f, "ρ")
    return float("inf") if rho == 0 else radius(X, bias=bias) ** 2 / rho ** 2


def _proof_margin(X, y, bias: bool, w_f, name: str) -> float:
    """The margin a mistake bound's proof uses: ρ(w_f) of the given separating w_f, or the best margin ρ* (0 when
    w_f is None and no line separates the data); a ValueError naming it (``name``) when w_f does not separate."""
    if w_f is None:
        return max(0.0, max_margin(X, y, bias=bias)[1])
    rho = margin(w_f, X, y, bias=bias)
    if rho <= 0:
        raise ValueError(f"w_f does not separate the data: some point is on its line or on the wrong side, so its "
                         f"margin {name} is not positive and the proof gives no bound.")
    return rho


def _check_gamma(gamma) -> None:
    if isinstance(gamma, bool) or not (isinstance(gamma, (int, float, np.number)) and np.isfinite(gamma)
                                       and gamma > 0):
        raise ValueError(f"The margin perceptron needs a margin gamma > 0, not {gamma!r} (gamma = 0 is plain PLA, "
                         "whose bound is mistake_bound).")


def margin_perceptron_bound(X, y, gamma: float, *, bias: bool = True, w_f=None) -> float:
    """8R²/(γγ₀) + 4R/γ₀: no run of the margin perceptron ``pla(X, y, margin=γ)`` from w₀ = 0 makes more updates.

    The margin perceptron (the handwritten notes) counts a point as a mistake when yₙwᵀx̃ₙ/‖w‖ < γ/2 (and every point at
    w = 0): :func:`~pla_core.reference.is_mistake` with ``margin=γ``. So γ is the notes' parameter, twice the
    margin the run asks for, and ‖w‖ is the norm of the whole augmented w (bias weight included), the ρ of
    :func:`margin`: a run that halts ends with ρ(w_T) ≥ γ/2.

    Hypotheses: the data are separable by w_f with margin γ₀ = ρ(w_f) > 0 (default: the best margin ρ*,
    the smallest bound); 0 < γ ≤ γ₀; the run starts from w₀ = 0. Any order, any η (from w₀ = 0, η only scales
    every wₜ, and the rule m/‖w‖ < γ/2 does not see the scale), and sign(0) plays no part when γ > 0.

    Proof (R = maxₙ‖x̃ₙ‖, ‖w_f‖ = 1, η = 1 without loss). Each update adds yₙw_fᵀx̃ₙ ≥ γ₀ to w_fᵀw, so after M
    updates ‖w_M‖ ≥ w_fᵀw_M ≥ Mγ₀. On a mistake yₙwₜᵀx̃ₙ < γ‖wₜ‖/2, so ‖wₜ₊₁‖² < ‖wₜ‖² + γ‖wₜ‖ + R², and with
    √(1 + x) ≤ 1 + x/2, ‖wₜ₊₁‖ ≤ ‖wₜ‖ + γ/2 + R²/(2‖wₜ‖). Once ‖wₜ‖ ≥ 2R²/γ the last term is ≤ γ/4, so an update
    adds at most 3γ/4; an update made below 2R²/γ ends below 2R²/γ + R (it adds at most ‖x̃ₙ‖ ≤ R). Hence
    ‖w_M‖ < 2R²/γ + R + 3Mγ/4 ≤ 2R²/γ + R + 3Mγ₀/4, and with ‖w_M‖ ≥ Mγ₀: Mγ₀/4 < 2R²/γ + R, that is
    M < 8R²/(γγ₀) + 4R/γ₀ (8R²/γ₀² + 4R/γ₀ when γ = γ₀).

    The handwritten notes state 8/γ₀² under ‖x̃ₙ‖ ≤ 1 (R = 1), but its proof does not reach it: it drops the + R of the
    updates made below 2R²/γ, writes 8Mγ/4 for 3Mγ/4, and uses γ for both γ and γ₀, so its boxed result reads
    8/γ². With R = 1 the bound here is 8/(γγ₀) + 4/γ₀.

    Returns
    -------
    float
        The bound; ∞ when γ > γ₀ (this proof needs γ ≤ γ₀; for γ < 2γ₀ :func:`margin_perceptron_log_bound`
        still bounds the run, and when γ > 2ρ* it never halts, since no w then has every yₙwᵀx̃ₙ/‖w‖ ≥ γ/2), and
        ∞ when w_f is None and the data are not separable.

    Raises
    ------
    ValueError
        When γ is not a number > 0 (γ = 0 is plain PLA: its bound is :func:`mistake_bound`), or when the given
        w_f does not separate the data.
    """
    _check_gamma(gamma)
    gamma0 = _proof_margin(X, y, bias, w_f, "γ₀")
    if gamma0 == 0 or _gamma_against(gamma, 1, X, y, bias, w_f, gamma0) > 0:
        return float("inf")
    R = radius(X, bias=bias)
    return 8 * R ** 2 / (gamma * gamma0) + 4 * R / gamma0


def _gamma_against(gamma, k: int, X, y, bias: bool, w_f, gamma0: float) -> int:
    """γ against k·γ₀ (−1, 0, +1): on grid data exactly, γ² against k²·γ₀² (:mod:`pla_core.facts`), so γ typed as
    ρ* or 2ρ* is that, not a rounding above or below it; else in floats."""
    from . import facts

    g = facts.rational(gamma)
    g02 = None if g is None else (facts.best_margin2(X, y, bias=bias) if w_f is None else
                                  facts.margin2(w_f, X, y, bias=bias))
    if g02 is None:
        return (gamma > k * gamma0) - (gamma < k * gamma0)
    return facts.compare(g * g, k * k * g02)


def margin_perceptron_log_bound(X, y, gamma: float, *, bias: bool = True, w_f=None) -> float:
    """M̄, the largest M with M(γ₀ − γ/2) ≤ R + (R²/2γ₀)(1 + ln M): no run of ``pla(X, y, margin=γ)`` from w₀ = 0
    makes more updates, for every 0 < γ < 2γ₀ (where :func:`margin_perceptron_bound` needs γ ≤ γ₀).

    Hypotheses: those of :func:`margin_perceptron_bound` (the same rule: a mistake is yₙwᵀx̃ₙ/‖w‖ < γ/2, and every
    point at w = 0; ‖w‖ and R = maxₙ‖x̃ₙ‖ in the augmented space, x̃ = (1, x), or (0, x) without a bias; the data
    separable by w_f with margin γ₀ = ρ(w_f) > 0, by default w* with the best margin ρ*; w₀ = 0; any order; any
    η, which from w₀ = 0 only scales every wₜ), except that γ may be anything below 2γ₀.

    Proof (‖w_f‖ = 1, η = 1).
    (a) Each update adds yₙw_fᵀx̃ₙ ≥ γ₀ to w_fᵀw, so ‖wₜ‖ ≥ w_fᵀwₜ ≥ tγ₀: after the first update w ≠ 0 for good.
    (b) The first update is made at w₀ = 0, where every point is a mistake: ‖w₁‖ = ‖x̃ₙ‖ ≤ R.
    (c) Each later update is on a point with yₙwₜᵀx̃ₙ < γ‖wₜ‖/2, so ‖wₜ₊₁‖² = ‖wₜ‖² + 2yₙwₜᵀx̃ₙ + ‖x̃ₙ‖² <
        ‖wₜ‖² + γ‖wₜ‖ + R², and with √(1 + x) ≤ 1 + x/2 and (a): ‖wₜ₊₁‖ ≤ ‖wₜ‖ + γ/2 + R²/(2‖wₜ‖) ≤ ‖wₜ‖ + γ/2 +
        R²/(2tγ₀).
    (d) Adding (c) for t = 1 … M−1 to (b): ‖w_M‖ ≤ R + (M−1)γ/2 + (R²/2γ₀)(1 + 1/2 + … + 1/(M−1)), and the sum
        is at most 1 + ln M.
    (e) With ‖w_M‖ ≥ Mγ₀ from (a): Mγ₀ ≤ R + Mγ/2 + (R²/2γ₀)(1 + ln M), that is M(γ₀ − γ/2) ≤ R + (R²/2γ₀)(1 + ln M).
    For γ < 2γ₀ the left side grows like M and the right like ln M, so the M that satisfy it are 1 … M̄ (their
    difference is convex in M and negative at M = 1, as γ₀ ≤ R). For γ ≤ γ₀ both bounds hold: this one is the
    smaller for small γ (the other grows like 1/γ), and at γ = γ₀ while R/γ₀ < 12.47 (when R/γ₀ = 100: for γ below
    0.78γ₀); the page shows the smaller.

    Returns
    -------
    float
        M̄ (a run makes at most ⌊M̄⌋ updates); ∞ when γ ≥ 2γ₀ (no bound from this proof: with w_f = w*, a run
        then halts only at a w with margin ρ(w) ≥ γ/2 ≥ ρ*, which for γ > 2ρ* does not exist) or when w_f is None
        and the data are not separable.

    Raises
    ------
    ValueError
        As :func:`margin_perceptron_bound`: γ not a number > 0, or a w_f that does not separate the data.
    """
    _check_gamma(gamma)
    gamma0 = _proof_margin(X, y, bias, w_f, "γ₀")
    c = gamma0 - gamma / 2
    if gamma0 == 0 or c <= 0 or _gamma_against(gamma, 2, X, y, bias, w_f, gamma0) >= 0:
        return float("inf")
    R = radius(X, bias=bias)
    return _last_root(c, R, R ** 2 / (2 * gamma0))


def _last_root(c: float, a: float, k: float) -> float:
    """The largest M ≥ 1 with c·M ≤ a + k(1 + ln M), for c > 0 and c ≤ a: bisection from the minimum of the
    (convex) difference, at M = k/c, where it is already ≤ 0."""
    def over(M):
        return c * M - a - k * (1 + math.log(M)) > 0
    lo = max(1.0, k / c)
    hi = 2 * lo
    while not over(hi):
        if hi > 1e300:  # c is a rounding away from 0 (γ a hair below 2γ₀): no finite number to give
            return float("inf")
        lo, hi = hi, 2 * hi
    while hi - lo > 1e-9 * hi:
        mid = 0.5 * (lo + hi)
        lo, hi = (lo, mid) if over(mid) else (mid, hi)
    return lo


@dataclass(frozen=True)
class ConvergenceSeries:
    """The quantities of the convergence proof along a trace, t = 0 … T (each array (T+1,)).

    inner = w_fᵀwₜ with ‖w_f‖ = 1, and its lower bound inner_bound = t·η·ρ (ρ the margin of w_f);
    norm2 = ‖wₜ‖² and its upper bound norm2_bound = t·η²·R²;
    cosine = w_fᵀwₜ/‖wₜ‖ and its lower bound cosine_bound = √t·ρ/R, which must stay ≤ 1, hence t ≤ R²/ρ².
    The bounds hold for runs started from w₀ = 0.
    """

    t: np.ndarray
    inner: np.ndarray
    inner_bound: np.ndarray
    norm2: np.ndarray
    norm2_bound: np.ndarray
    cosine: np.ndarray
    cosine_bound: np.ndarray
    R: float
    rho: float


def convergence_series(trace, w_f=None) -> ConvergenceSeries:
    """Proof quantities for ``trace`` against a separating w_f (default: the maximum-margin w*)."""
    X, y, bias, eta = trace.X, trace.y, trace.settings["bias"], trace.settings["eta"]
    if trace.settings.get("margin", 0) > 0:
        raise ValueError("The bounds tρ and tR² are proved for plain PLA; this trace is a margin perceptron.")
    if np.any(trace.weights[0] != 0):
        raise ValueError("The bounds tρ and tR² are proved for runs that start from w₀ = 0; this one does not.")
    if w_f is None:
        w_f, _ = max_margin(X, y, bias=bias)
        if w_f is None:
            raise ValueError("The data are not linearly separable, so there is no w_f to compare with.")
    w_f = _unit(w_f, X.shape[1], "w_f")
    rho = margin(w_f, X, y, bias=bias)
    if rho <= 0:
        raise ValueError("w_f does not separate the data (its margin ρ is not positive).")
    R = radius(X, bias=bias)
    W = trace.weights
    t = np.arange(len(W))
    inner = W @ w_f
    norm2 = (W * W).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        cosine = np.where(norm2 > 0, inner / np.sqrt(norm2), 0.0)
    return ConvergenceSeries(t=t, inner=inner, inner_bound=t * eta * rho, norm2=norm2,
                             norm2_bound=t * eta ** 2 * R ** 2, cosine=cosine, cosine_bound=np.sqrt(t) * rho / R,
                             R=R, rho=rho)
