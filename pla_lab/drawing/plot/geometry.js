// Plane geometry for drawing w = (b, w₁, w₂[, w₃]). Pure functions. pla_core.geometry (Python) is the definition:
// clip and clipPoly follow clip_line and half_plane operation for operation (tests/js/geometry.test.mjs).

/**
 * The segment of b + w₁x + w₂y = 0 inside view = [xmin, xmax, ymin, ymax] as [[x0, y0], [x1, y1]], or null when
 * the line misses the box or w₁ = w₂ = 0 (pla_core.geometry.clip_line).
 * @param {number[]} w @param {number[]} v @returns {number[][] | null}
 */
export function clip(w, v) {
  const [b, w1, w2] = w;
  const [xmin, xmax, ymin, ymax] = v;
  if (w1 === 0 && w2 === 0) return null;
  const nn = Math.hypot(w1, w2), n = [w1 / nn, w2 / nn];
  const c = [(xmin + xmax) / 2, (ymin + ymax) / 2];
  const dist = (b + (w1 * c[0] + w2 * c[1])) / nn; // grouped as numpy's b + w @ c
  const p = [c[0] - dist * n[0], c[1] - dist * n[1]], d = [-n[1], n[0]];
  let lo = -Infinity, hi = Infinity;
  for (const [k, a, z] of [[0, xmin, xmax], [1, ymin, ymax]]) {
    if (d[k] === 0) {
      if (!(a <= p[k] && p[k] <= z)) return null;
      continue;
    }
    const t1 = (a - p[k]) / d[k], t2 = (z - p[k]) / d[k];
    lo = Math.max(lo, Math.min(t1, t2));
    hi = Math.min(hi, Math.max(t1, t2));
  }
  if (lo > hi) return null;
  const cl = (x, a, z) => Math.min(z, Math.max(a, x)); // rounding can leave an end 1 ulp outside the box
  return [[cl(p[0] + lo * d[0], xmin, xmax), cl(p[1] + lo * d[1], ymin, ymax)],
          [cl(p[0] + hi * d[0], xmin, xmax), cl(p[1] + hi * d[1], ymin, ymax)]];
}

/**
 * Where the line of w lies from a view it misses: the unit vector from the view's centre towards the line's nearest
 * point; null when the line crosses or touches the view, or w₁ = w₂ = 0 (pla_core.geometry.off_box).
 * @param {number[]} w @param {number[]} v @returns {number[] | null}
 */
export function offBox(w, v) {
  const [b, w1, w2] = w;
  if ((w1 === 0 && w2 === 0) || clip(w, v)) return null;
  const nn = Math.hypot(w1, w2), s = -Math.sign(b + (w1 * (v[0] + v[1]) / 2 + w2 * (v[2] + v[3]) / 2));
  return [s * (w1 / nn), s * (w2 / nn)];
}

/** The compass point (0 = east, 1 = north-east, … 7 = south-east) nearest a direction. */
export const octant = (d) => ((Math.round(Math.atan2(d[1], d[0]) / (Math.PI / 4)) % 8) + 8) % 8;

/**
 * The signed distance (b + w₁x + w₂y)/‖(w₁, w₂)‖ of point p from the boundary, positive on the +1 side, and the
 * foot of the perpendicular from p onto it (pla_core.geometry.signed_distance and foot); null when w₁ = w₂ = 0.
 * @param {number[]} w @param {number[]} p @returns {{d: number, foot: number[]} | null}
 */
export function perpendicular(w, p) {
  const [b, w1, w2] = w, nn = Math.hypot(w1, w2);
  if (nn === 0) return null;
  const d = (b + (w1 * p[0] + w2 * p[1])) / nn;
  return { d, foot: [p[0] - d * (w1 / nn), p[1] - d * (w2 / nn)] };
}

/** The box [xmin, xmax, ymin, ymax] as a polygon, counter-clockwise from (xmin, ymin). */
export const rect = (v) => [[v[0], v[2]], [v[1], v[2]], [v[1], v[3]], [v[0], v[3]]];

/**
 * The part of a convex polygon where sign·(b + w₁x + w₂y) ≥ 0 (Sutherland–Hodgman against one half-plane), or
 * null if it has fewer than 3 vertices. clipPoly(rect(v), w, s) is pla_core.geometry.half_plane(w, v, s).
 * @param {number[][] | null} poly @param {number[]} w @param {number} sign @returns {number[][] | null}
 */
export function clipPoly(poly, w, sign) {
  if (!poly) return null;
  const f = poly.map((q) => sign * (w[0] + w[1] * q[0] + w[2] * q[1]));
  const out = [];
  for (let i = 0; i < poly.length; i++) {
    const j = (i + 1) % poly.length, a = poly[i], c = poly[j], fa = f[i], fc = f[j];
    if (fa >= 0) out.push(a);
    if ((fa >= 0) !== (fc >= 0)) {
      const s = fa / (fa - fc);
      out.push([a[0] + s * (c[0] - a[0]), a[1] + s * (c[1] - a[1])]);
    }
  }
  return out.length >= 3 ? out : null;
}

/** Area of a simple polygon (shoelace); 0 for null or fewer than 3 vertices (pla_core.geometry.polygon_area). */
export function area(poly) {
  if (!poly || poly.length < 3) return 0;
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i], c = poly[(i + 1) % poly.length];
    s += a[0] * c[1] - a[1] * c[0];
  }
  return Math.abs(s) / 2;
}

/** b + w₁x + w₂y (+ w₃xy for the XOR lift, w of length 4). */
export const lifted = (w, x, y) => w[0] + w[1] * x + w[2] * y + (w[3] || 0) * x * y;

export const CURVE_GRID = 90;

/**
 * The lifted boundary b + w₁x + w₂y + w₃xy = 0 drawn in the plane: marching squares on a grid of n×n cells, the
 * cell segments chained into strokes, returned as [xs, ys] with null between strokes, or null if none.
 * @param {number[]} w @param {number[]} v @param {number} [n] @returns {[(number|null)[], (number|null)[]] | null}
 */
export function curve(w, v, n = CURVE_GRID) {
  const dx = (v[1] - v[0]) / n, dy = (v[3] - v[2]) / n;
  const val = [];
  for (let j = 0; j <= n; j++) {
    const row = [];
    for (let i = 0; i <= n; i++) row.push(lifted(w, v[0] + i * dx, v[2] + j * dy));
    val.push(row);
  }
  const cross = (x0, y0, f0, x1, y1, f1) => { const s = f0 / (f0 - f1); return [x0 + s * (x1 - x0), y0 + s * (y1 - y0)]; };
  const segs = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const x0 = v[0] + i * dx, y0 = v[2] + j * dy, x1 = x0 + dx, y1 = y0 + dy;
      const f00 = val[j][i], f10 = val[j][i + 1], f01 = val[j + 1][i], f11 = val[j + 1][i + 1];
      const pts = [];
      if ((f00 > 0) !== (f10 > 0)) pts.push(cross(x0, y0, f00, x1, y0, f10));
      if ((f10 > 0) !== (f11 > 0)) pts.push(cross(x1, y0, f10, x1, y1, f11));
      if ((f01 > 0) !== (f11 > 0)) pts.push(cross(x0, y1, f01, x1, y1, f11));
      if ((f00 > 0) !== (f01 > 0)) pts.push(cross(x0, y0, f00, x0, y1, f01));
      for (let k = 0; k + 1 < pts.length; k += 2) segs.push([pts[k], pts[k + 1]]);
    }
  }
  return chain(segs, dx, dy);
}

// Cell segments share their end points: walk from each unused one both ways, so a curve is one stroke.
function chain(segs, dx, dy) {
  const key = (p) => Math.round(p[0] / dx * 1e6) + "," + Math.round(p[1] / dy * 1e6);
  const at = new Map();
  segs.forEach((s, i) => s.forEach((p) => { const k = key(p); if (!at.has(k)) at.set(k, []); at.get(k).push(i); }));
  const used = new Uint8Array(segs.length);
  const walk = (line, p) => {
    for (;;) {
      const next = (at.get(key(p)) || []).find((j) => !used[j]);
      if (next === undefined) return;
      used[next] = 1;
      const s = segs[next];
      p = key(s[0]) === key(p) ? s[1] : s[0];
      line.push(p);
    }
  };
  const xs = [], ys = [];
  segs.forEach((s, i) => {
    if (used[i]) return;
    used[i] = 1;
    const fwd = [s[1]], back = [];
    walk(fwd, s[1]);
    walk(back, s[0]);
    for (const p of back.reverse().concat([s[0]], fwd)) { xs.push(p[0]); ys.push(p[1]); }
    xs.push(null);
    ys.push(null);
  });
  return xs.length ? [xs, ys] : null;
}

export const SHADE_GRID = 60;

/** The sign of b + w₁x + w₂y + w₃xy at the centres of an n×n grid over the view: {xs, ys, z} for a heatmap. */
export function signGrid(w, v, n = SHADE_GRID) {
  const xs = [], ys = [], z = [];
  for (let i = 0; i < n; i++) xs.push(v[0] + (i + 0.5) * (v[1] - v[0]) / n);
  for (let j = 0; j < n; j++) ys.push(v[2] + (j + 0.5) * (v[3] - v[2]) / n);
  for (const y of ys) z.push(xs.map((x) => Math.sign(lifted(w, x, y))));
  return { xs, ys, z };
}
