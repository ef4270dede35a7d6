"""Facts about a run, decided exactly: the one place the truth of a sentence about a run is read from.

A page says of a run that it halts, that w separates the points, that T is within the bound R²/ρ*² or meets it, that
a point is wrong, on the kink or past the margin, that a gradient is 0 and w will not move again. On grid data (every
coordinate, w₀ and η a decimal of at most :data:`~pla_core.grid.MOST_DIGITS` digits, as the app's points are) each
of these has an exact answer, and floating point can get it wrong exactly at a tie: T = R²/ρ*² computes as
T > 1.0000000000000002·R²/ρ*², a score of exactly 0 sums to −1.4e−17. So here every comparison on grid data is made
in :class:`fractions.Fraction` (or integers in units of the grid), with the run's own reading of sign(0):

- :func:`weights`, :func:`scores`: wₜ and yₙ·wₜᵀx̃ₙ of a run, exact (None: the run was made in floating point);
- :func:`wrong`: the mistake rule on an exact score;
- :func:`bound`: R²/ρ*² (or R²/ρ(w_f)²) as a Fraction: ρ*² is ‖p‖², p the point of the hull of the yₙx̃ₙ nearest
  the origin, found exactly on the support the floating-point solver points to and checked against every point;
- :func:`separable`: whether a line separates the points strictly, exactly (0 in that hull or not);
- :func:`compare`: the one comparison of two numbers, exact for Fractions and integers;
- :func:`margin_facts`: the margin perceptron's run against its bounds (γ against ρ* and 2ρ*, T against
  8R²/(γρ*) + 4R/ρ*), exact.

Off the grid (η decaying as η/√t, the logistic loss, a CSV with many digits) the numbers are floats and a tie is
decided with one stated tolerance, :data:`TIE` (relative), the same one :func:`pla_core.is_mistake` uses: a sentence
there says what is known and no more.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational

import numpy as np

from .grid import decimals
from .reference import TIE

__all__ = ["TIE", "rational", "weights", "points", "scores", "wrong", "criterion", "radius2", "best_margin2",
           "margin2", "bound", "separable", "separable_or_lp", "compare", "at_most", "floor", "gamma_of", "sign_root",
           "within_bound", "MarginFacts", "margin_facts"]


def rational(v) -> Fraction | None:
    """The decimal a float stands for, exactly (0.1 → 1/10), or None when it is not a decimal of at most
    :data:`~pla_core.grid.MOST_DIGITS` digits. Fractions and integers are returned as they are."""
    if isinstance(v, Rational):
        return Fraction(v)
    v = float(v)
    k = decimals([v])
    return None if k is None else Fraction(round(v * 10 ** k), 10 ** k)


def _rationals(values) -> list[Fraction] | None:
    """Every value as its decimal (one k for all: fast for hundreds of points), or None. Fractions (exact weights,
    :func:`weights`) are kept as they are."""
    if isinstance(values, (list, tuple)) and all(isinstance(v, Rational) for v in values):
        return [Fraction(v) for v in values]
    v = np.asarray(values, dtype=float).reshape(-1)
    k = decimals(v)
    if k is None:
        return None
    return [Fraction(int(r), 10 ** k) for r in np.rint(v * 10.0 ** k)]


def weights(trace, t: int) -> tuple[Fraction, ...] | None:
    """wₜ of a run made exactly on grid data (:mod:`pla_core.grid`), as Fractions; None for a floating-point run."""
    g = trace._grid
    if g is None:
        return None
    scale = int(g.w_scale)
    return tuple(Fraction(int(v), scale) for v in g.scaled(trace.weights[t]))


def points(X, y, *, bias: bool = True) -> list[tuple[Fraction, ...]] | None:
    """The rows zₙ = yₙ·x̃ₙ (x̃ = (1, x), or (0, x) without a bias) as Fractions, or None off the grid."""
    X = np.asarray(X, dtype=float)
    flat = _rationals(X)
    if flat is None:
        return None
    d = X.shape[1]
    one = Fraction(1 if bias else 0)
    return [tuple(int(lab) * v for v in (one, *flat[r * d:(r + 1) * d])) for r, lab in enumerate(np.asarray(y))]


def _dot(a, b) -> Fraction:
    return sum((u * v for u, v in zip(a, b)), Fraction(0))


def scores(trace, t: int, *, w=None) -> list[Fraction] | None:
    """yₙ·wₜᵀx̃ₙ for every point of the trace, exact; with ``w`` (decimals) that w's instead of wₜ's. None when the
    run (or w, or the points) is not on the grid."""
    if w is None:
        wq = weights(trace, t)
    else:
        wq = _rationals(w)
    Z = points(trace.X, trace.y, bias=trace.settings["bias"])
    if wq is None or Z is None:
        return None
    return [_dot(wq, z) for z in Z]


def wrong(m, y, sign_zero, *, kink=0) -> bool:
    """Whether a point with margin score m = y·wᵀx̃ (exact) is a mistake under the reading ``sign_zero`` of sign(0)
    (:func:`pla_core.reference.tie_mask`): m below the kink, or at it when the reading counts a tie of this class as
    wrong. ``kink``: 0 for PLA and the perceptron loss, 1 for the hinge loss's subgradient."""
    if m != kink:
        return m < kink
    return sign_zero is None or (not isinstance(sign_zero, str) and int(y) != int(sign_zero))


def criterion(trace) -> list[Fraction] | None:
    """J(w₀) … J(w_T), the perceptron criterion J(w) = Σ −yₙwᵀx̃ₙ over w's mistakes (the run's reading of sign(0)),
    exact for a run made on the grid; None for a floating-point run (then ``trace.criterion``'s floats stand). The
    scores in integers (the weights over their common denominator, the points over theirs), summed in int64, or in
    Python integers if a sum could pass 2⁶² (``trace.criterion`` sums them in float64, past 2⁵³ not exactly)."""
    W = [weights(trace, t) for t in range(len(trace) + 1)]
    Z = points(trace.X, trace.y, bias=trace.settings["bias"])
    if W[0] is None or Z is None:
        return None
    L = math.lcm(*(v.denominator for w in W for v in w))
    D = math.lcm(*(v.denominator for z in Z for v in z))
    Wi = [[v.numerator * (L // v.denominator) for v in w] for w in W]
    Zi = [[v.numerator * (D // v.denominator) for v in z] for z in Z]
    big = max(abs(v) for w in Wi for v in w) * max(abs(v) for z in Zi for v in z) * len(Zi[0]) * len(Zi)
    kind = np.int64 if big < 2 ** 62 else object
    Wi, Zi = np.array(Wi, dtype=kind), np.array(Zi, dtype=kind)
    tie = np.array([wrong(0, lab, trace.settings["sign_zero"]) for lab in trace.y])
    J, rows = [], max(1, 131_072 // len(Z))
    for a in range(0, len(Wi), rows):
        M = Wi[a:a + rows] @ Zi.T
        bad = (M < 0) | ((M == 0) & tie)
        J += [Fraction(-int(v), L * D) for v in np.where(bad, M, 0).sum(axis=1)]
    return J


def radius2(X, *, bias: bool = True) -> Fraction | None:
    """R² = maxₙ‖x̃ₙ‖², exact, or None off the grid."""
    Z = points(X, np.ones(len(X)), bias=bias)
    return None if Z is None else max(_dot(z, z) for z in Z)


def margin2(w_f, X, y, *, bias: bool = True) -> Fraction | None:
    """ρ(w_f)², signed: (minₙ yₙw_fᵀx̃ₙ)²/‖w_f‖², negative when some point is on the wrong side, 0 when one is on
    w_f's line; None when w_f or the points are off the grid (or w_f = 0). ``w_f``: decimals, or exact Fractions
    (:func:`weights`)."""
    wq, Z = _rationals(w_f), points(X, y, bias=bias)
    if wq is None or Z is None or not any(wq):
        return None
    m = min(_dot(wq, z) for z in Z)
    return (1 if m > 0 else -1) * m * m / _dot(wq, wq)


def _solve(A: list[list[Fraction]], b: list[Fraction]) -> list[Fraction] | None:
    """A·x = b by Gaussian elimination in Fractions; None when A is singular."""
    n = len(A)
    M = [row[:] + [rhs] for row, rhs in zip(A, b)]
    for c in range(n):
        p = next((r for r in range(c, n) if M[r][c] != 0), None)
        if p is None:
            return None
        M[c], M[p] = M[p], M[c]
        for r in range(n):
            if r != c and M[r][c] != 0:
                f = M[r][c] / M[c][c]
                M[r] = [a - f * b for a, b in zip(M[r], M[c])]
    return [M[r][n] / M[r][r] for r in range(n)]


def _nearest_on(Z, S) -> tuple[tuple[Fraction, ...], list[Fraction]] | None:
    """The point p of the affine hull of {z_s : s ∈ S} nearest the origin, as (p, μ) with p = Σ μ_s z_s, Σμ = 1:
    z_sᵀp equal (to ‖p‖²) for every s. None when those points are affinely dependent."""
    k = len(S)
    G = [[_dot(Z[a], Z[b]) for b in S] + [Fraction(-1)] for a in S]
    A = G + [[Fraction(1)] * k + [Fraction(0)]]
    sol = _solve(A, [Fraction(0)] * k + [Fraction(1)])
    if sol is None:
        return None
    mu = sol[:k]
    p = tuple(sum((m * Z[s][j] for m, s in zip(mu, S)), Fraction(0)) for j in range(len(Z[0])))
    return p, mu


def _hull_nearest(Z, order) -> tuple[Fraction, ...] | None:
    """The point of the convex hull of Z nearest the origin, exactly, searched on subsets (up to the dimension) of
    the points ``order`` lists first, each result checked against every point: p is the nearest point of the hull iff
    p is in it (μ ≥ 0) and zₙᵀp ≥ ‖p‖² for every n. None when no subset tried gives it."""
    k = len(Z[0])
    for size in range(1, k + 2):  # p ≠ 0 lies on a face of ≤ k points; 0 in the hull needs up to k + 1
        for S in itertools.combinations(order, size):
            got = _nearest_on(Z, S)
            if got is None or any(m < 0 for m in got[1]):
                continue
            p = got[0]
            p2 = _dot(p, p)
            if all(_dot(z, p) >= p2 for z in Z):
                return p
    return None


def _nearest(X, y, bias: bool):
    """(Z, p): the signed points and the hull point nearest the origin, exact; or (Z, None) when the search on the
    candidates the floating-point answer points to failed, (None, None) off the grid."""
    from .theory import max_margin, separability

    Z = points(X, y, bias=bias)
    if Z is None:
        return None, None
    Zf = np.array([[float(v) for v in z] for z in Z])
    sep = separability(X, y, bias=bias)
    if sep.separable:
        w, _ = max_margin(X, y, bias=bias)
        guess = Zf @ w
    else:  # the Farkas certificate's support: the points whose average is 0
        lam = sep.certificate if sep.certificate is not None else np.zeros(len(Z))
        guess = -lam
    ranked = [int(i) for i in np.argsort(guess, kind="stable")]
    for many in (min(len(Z), 8), min(len(Z), 16)):
        p = _hull_nearest(Z, ranked[:many])
        if p is not None:
            return Z, p
    return Z, None


def best_margin2(X, y, *, bias: bool = True) -> Fraction | None:
    """ρ*², the square of the best margin max_{‖w‖=1} minₙ yₙwᵀx̃ₙ, exact: the squared distance from the origin to the
    hull of the yₙx̃ₙ (0 when no line separates the points strictly). None off the grid, or when the exact search
    did not settle it (then :func:`pla_core.max_margin`'s float stands)."""
    _, p = _nearest(X, y, bias)
    return None if p is None else _dot(p, p)


def separable(X, y, *, bias: bool = True) -> bool | None:
    """Whether some w has yₙwᵀx̃ₙ > 0 for every n, decided exactly (0 is not in the hull of the yₙx̃ₙ); None off the
    grid or when the exact search did not settle it (then :func:`pla_core.is_separable`'s LP stands)."""
    rho2 = best_margin2(X, y, bias=bias)
    return None if rho2 is None else rho2 > 0


def separable_or_lp(X, y, *, bias: bool = True) -> bool | None:
    """:func:`separable`, and where it cannot say (off the grid, or its search did not settle it) the exact LP's
    answer (:func:`pla_core.separability`): True with a separating w, False with a Farkas certificate, else None."""
    from .theory import separability

    got = separable(X, y, bias=bias)
    if got is not None:
        return got
    lp = separability(X, y, bias=bias)
    return True if lp.separable else (False if lp.certificate is not None else None)


def bound(X, y, *, bias: bool = True, w_f=None) -> Fraction | None:
    """R²/ρ*², or R²/ρ(w_f)² for a separating w_f, as an exact Fraction: the most updates a run of PLA from w₀ = 0
    makes (:func:`pla_core.mistake_bound`'s number, without its rounding). None off the grid, when no line (or not
    w_f) separates the points, or when the exact search did not settle ρ*."""
    R2 = radius2(X, bias=bias)
    rho2 = best_margin2(X, y, bias=bias) if w_f is None else margin2(w_f, X, y, bias=bias)
    if R2 is None or rho2 is None or rho2 <= 0:
        return None
    return R2 / rho2


def compare(a, b) -> int:
    """−1, 0 or +1 as a <, = or > b: exact when both are Fractions or integers (a tie is a tie); floats are equal
    within :data:`TIE` of the larger's size (the one tolerance off the grid)."""
    if isinstance(a, Rational) and isinstance(b, Rational):
        return (a > b) - (a < b)
    a, b = float(a), float(b)
    if math.isinf(a) or math.isinf(b):
        return (a > b) - (a < b)
    if abs(a - b) <= TIE * max(abs(a), abs(b)):
        return 0
    return (a > b) - (a < b)


def at_most(a, b) -> bool:
    """a ≤ b, decided by :func:`compare` (T ≤ R²/ρ*² holds at T = R²/ρ*²)."""
    return compare(a, b) <= 0


def floor(v) -> int | float:
    """⌊v⌋ of an exact bound (a Fraction: exact), of a float within :data:`TIE` of a whole number (that number),
    or ∞."""
    if isinstance(v, Rational):
        return math.floor(v)
    v = float(v)
    if math.isinf(v):
        return v
    r = round(v)
    return r if abs(v - r) <= TIE * max(1.0, abs(v)) else math.floor(v)



# -- the margin perceptron against its bounds -----------------------------------------------------------------------

def gamma_of(gamma: float, exact: bool) -> Fraction | None:
    """γ as the decimal it is typed as (:func:`rational`; beyond 6 digits, the shortest repr the run itself reads,
    see :meth:`pla_core.grid.Grid.half`), when the points are on the grid (``exact``); else None."""
    if not exact:
        return None
    q = rational(gamma)
    return q if q is not None else Fraction(repr(float(gamma)))


def sign_root(u: Fraction, v: Fraction, s: Fraction) -> int:
    """The sign of u + v·√s (s ≥ 0), exactly: −1, 0 or +1."""
    su, sv = (u > 0) - (u < 0), (v > 0) - (v < 0)
    if sv == 0 or s == 0:
        return su
    if su == 0 or su == sv:
        return sv
    a, b = u * u, v * v * s  # opposite signs: the larger square wins
    return su if a > b else (sv if b > a else 0)


def within_bound(T: int, gamma: Fraction, R2: Fraction, rho2: Fraction) -> bool:
    """T ≤ 8R²/(γρ*) + 4R/ρ*, exactly: T·ρ* ≤ c + 4R with c = 8R²/γ; both sides ≥ 0, so squared:
    T²ρ*² − c² − 16R² ≤ 8c·R, the sign of one number u + v·√(R²)."""
    c = 8 * R2 / gamma
    return sign_root(T * T * rho2 - c * c - 16 * R2, -8 * c, R2) <= 0


@dataclass(frozen=True)
class MarginFacts:
    """A margin perceptron's run (:func:`pla_core.pla` with ``margin=γ``) against its bounds: γ, R, the best margin
    ρ*, the bound 8R²/(γρ*) + 4R/ρ* (γ ≤ ρ*) and M̄ (:func:`pla_core.margin_perceptron_log_bound`, γ < 2ρ*) and
    whether the run starts from w₀ = 0, their hypothesis; and, decided exactly on grid data, whether a line
    separates the points and where γ stands against ρ* and 2ρ* (γ² against ρ*² and 4ρ*²)."""

    gamma: float
    R: float
    rho_star: float                 # 0 when no line separates the points
    bound: float                    # 8R²/(γρ*) + 4R/ρ*, ∞ when γ > ρ* or not separable
    wide: float                     # M̄ of M(ρ* − γ/2) ≤ R + (R²/2ρ*)(1 + ln M), ∞ when γ ≥ 2ρ* or not separable
    from_zero: bool                 # the run starts from w₀ = 0 (a hypothesis of the bound)
    separable: bool = True          # ρ* > 0 (exact on grid data)
    vs_rho: int = -1                # γ against ρ*: −1, 0, +1 (γ² against ρ*², exact on grid data)
    vs_2rho: int = -1               # γ against 2ρ* (γ² against 4ρ*²)
    exact: tuple | None = None      # (γ, R², ρ*²) as Fractions on grid data, else None

    def within(self, T: int) -> bool:
        """T ≤ 8R²/(γρ*) + 4R/ρ* (γ ≤ ρ*), exactly on grid data."""
        if self.exact is not None:
            return within_bound(T, *self.exact)
        return at_most(T, self.bound)


def margin_facts(trace) -> MarginFacts:
    """:class:`MarginFacts` of a margin perceptron's run (``trace.settings["margin"]`` = γ > 0). On grid data R², ρ*²
    and γ are Fractions, and every comparison is decided on them."""
    from . import theory

    X, y, bias, gamma = trace.X, trace.y, trace.settings["bias"], trace.settings["margin"]
    R2, rho2 = radius2(X, bias=bias), best_margin2(X, y, bias=bias)
    g = gamma_of(gamma, R2 is not None and rho2 is not None)
    if g is not None:
        R, rho_star = math.sqrt(R2), math.sqrt(rho2)
        vs_rho, vs_2rho = compare(g * g, rho2), compare(g * g, 4 * rho2)
        separable_ = rho2 > 0
    else:
        R, rho_star = theory.radius(X, bias=bias), max(theory.max_margin(X, y, bias=bias)[1], 0.0)
        vs_rho, vs_2rho = compare(gamma, rho_star), compare(gamma, 2 * rho_star)
        separable_ = rho_star > 0
    bound_ = 8 * R ** 2 / (gamma * rho_star) + 4 * R / rho_star if separable_ and vs_rho <= 0 else math.inf
    wide = theory.margin_perceptron_log_bound(X, y, gamma, bias=bias) if separable_ and vs_2rho < 0 else math.inf
    return MarginFacts(gamma=gamma, R=R, rho_star=rho_star if separable_ else 0.0, bound=bound_, wide=wide,
                       from_zero=not np.any(trace.weights[0]), separable=separable_, vs_rho=vs_rho,
                       vs_2rho=vs_2rho, exact=None if g is None else (g, R2, rho2))
