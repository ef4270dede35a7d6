// PLA Lab plot: draws the points (from the server's figure) and everything that moves with w (boundary,
// shaded half-planes, the normal vector, the update vector, the circled mistake, the ghost of the previous
// line) with plotly.js, animating w from one update to the next. Clicks anywhere are sent to Python.
// Python owns the state; this file owns only what is on screen between two reruns.
// Pages add layers through the data: a second moving line (the pocket weights ŵ, "pwin"), static traces
// ("statics": the target f, flipped labels, a certificate), shading of where ŵ and f disagree ("shade"),
// a boundary that is a curve (the XOR lift, w of length 4), an error chart beside the plot ("curves") and
// a stop for replaying one period of a cycle ("stopAt").

const BELOW = 3; // shading +, shading −, ghost line: drawn under the points

function loadPlotly(url) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!window.__plaPlotly) {
    window.__plaPlotly = new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = url;
      s.async = true;
      s.onload = () => resolve(window.Plotly);
      s.onerror = () => reject(new Error("could not load plotly.js from " + url));
      document.head.appendChild(s);
    });
  }
  return window.__plaPlotly;
}

// ---------------------------------------------------------------- geometry (mirrors pla_core.geometry)

function clip(w, v) {
  const [b, w1, w2] = w;
  const [xmin, xmax, ymin, ymax] = v;
  if (w1 === 0 && w2 === 0) return null;
  const nn = Math.hypot(w1, w2), n = [w1 / nn, w2 / nn];
  const c = [(xmin + xmax) / 2, (ymin + ymax) / 2];
  const dist = (b + w1 * c[0] + w2 * c[1]) / nn;
  const p = [c[0] - dist * n[0], c[1] - dist * n[1]], d = [-n[1], n[0]];
  let lo = -Infinity, hi = Infinity;
  for (const [k, a, z] of [[0, xmin, xmax], [1, ymin, ymax]]) {
    if (d[k] === 0) {
      if (p[k] < a || p[k] > z) return null;
      continue;
    }
    const t1 = (a - p[k]) / d[k], t2 = (z - p[k]) / d[k];
    lo = Math.max(lo, Math.min(t1, t2));
    hi = Math.min(hi, Math.max(t1, t2));
  }
  if (lo > hi) return null;
  const cl = (x, a, z) => Math.min(z, Math.max(a, x));
  return [[cl(p[0] + lo * d[0], xmin, xmax), cl(p[1] + lo * d[1], ymin, ymax)],
          [cl(p[0] + hi * d[0], xmin, xmax), cl(p[1] + hi * d[1], ymin, ymax)]];
}

const rectOf = (v) => [[v[0], v[2]], [v[1], v[2]], [v[1], v[3]], [v[0], v[3]]];

// The part of a convex polygon where sign·wᵀx̃ ≥ 0 (Sutherland–Hodgman against one half-plane).
function clipPoly(poly, w, sign) {
  if (!poly) return null;
  const f = (q) => sign * (w[0] + w[1] * q[0] + w[2] * q[1]);
  const out = [];
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i], c = poly[(i + 1) % poly.length], fa = f(a), fc = f(c);
    if (fa >= 0) out.push(a);
    if ((fa >= 0) !== (fc >= 0)) {
      const s = fa / (fa - fc);
      out.push([a[0] + s * (c[0] - a[0]), a[1] + s * (c[1] - a[1])]);
    }
  }
  return out.length >= 3 ? out : null;
}

// The lifted boundary b + w₁x₁ + w₂x₂ + w₃x₁x₂ = 0 drawn back in the plane: marching squares on a grid,
// as one polyline with gaps (null) between pieces.
const GRID = 90;
function curve(w, v) {
  const g = (x, y) => w[0] + w[1] * x + w[2] * y + (w[3] || 0) * x * y;
  const xs = [], ys = [];
  const dx = (v[1] - v[0]) / GRID, dy = (v[3] - v[2]) / GRID;
  const val = [];
  for (let j = 0; j <= GRID; j++) {
    const row = [];
    for (let i = 0; i <= GRID; i++) row.push(g(v[0] + i * dx, v[2] + j * dy));
    val.push(row);
  }
  const segs = [];
  const cross = (x0, y0, f0, x1, y1, f1) => { const s = f0 / (f0 - f1); return [x0 + s * (x1 - x0), y0 + s * (y1 - y0)]; };
  for (let j = 0; j < GRID; j++) {
    for (let i = 0; i < GRID; i++) {
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
  // Chain the cell segments into polylines (they share end points), so the curve is drawn as whole strokes.
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
  segs.forEach((s, i) => {
    if (used[i]) return;
    used[i] = 1;
    const fwd = [s[1]], back = [];
    walk(fwd, s[1]);
    walk(back, s[0]);
    const line = back.reverse().concat([s[0]], fwd);
    line.forEach((p) => { xs.push(p[0]); ys.push(p[1]); });
    xs.push(null);
    ys.push(null);
  });
  return xs.length ? [xs, ys] : null;
}

// Sign of b + w₁x₁ + w₂x₂ + w₃x₁x₂ on a coarse grid, for shading the two sides of a curved boundary.
const SHADE_GRID = 60;
function signGrid(w, v) {
  const xs = [], ys = [], z = [];
  for (let i = 0; i < SHADE_GRID; i++) xs.push(v[0] + (i + 0.5) * (v[1] - v[0]) / SHADE_GRID);
  for (let j = 0; j < SHADE_GRID; j++) ys.push(v[2] + (j + 0.5) * (v[3] - v[2]) / SHADE_GRID);
  for (const y of ys) z.push(xs.map((x) => Math.sign(w[0] + w[1] * x + w[2] * y + (w[3] || 0) * x * y)));
  return { xs, ys, z };
}

const lerp = (a, b, s) => a + (b - a) * s;
const gone = (st) => !document.body.contains(st.gd);
const lerpV = (a, b, s) => a.map((x, i) => lerp(x, b[i], s));
const ease = (s) => (s < 0.5 ? 4 * s * s * s : 1 - Math.pow(-2 * s + 2, 3) / 2);

// ---------------------------------------------------------------- the scene at step t, or between steps

// Entry t of a window the server sent (weights around the current step), or null outside it.
function entry(win, list, t) {
  if (!win) return null;
  const k = t - win.t0;
  return k >= 0 && k < win[list].length ? win[list][k] : null;
}
const W = (st, t) => entry(st.data.win, "W", t); // wₜ
const Pk = (st, t) => entry(st.data.pwin, "W", t); // the pocket ŵₜ
const I = (st, t) => entry(st.data.win, "I", t); // the point update t corrects
function anchorOf(w, v) {
  const seg = w ? clip(w, v) : null;
  if (seg) return [(seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2];
  return [(v[0] + v[1]) / 2, (v[2] + v[3]) / 2];
}
function updateVector(st, t) {
  // η·y·x of the point corrected by update t (its feature part), or null.
  const i = I(st, t);
  if (i === null || i === undefined) return null;
  const p = st.data.pts[i];
  return [st.data.eta * p[2] * p[0], st.data.eta * p[2] * p[1]];
}
function restState(st, t) {
  const w = W(st, t);
  const v = st.data.view;
  const L = 0.22 * Math.min(v[1] - v[0], v[3] - v[2]);
  let m = Math.hypot(w[1], w[2]);
  const u = updateVector(st, t);
  if (u) m = Math.max(m, Math.hypot(w[1] + u[0], w[2] + u[1]));
  const p = Pk(st, t);
  return { w: w.slice(), anchor: anchorOf(w, v), scale: m > 0 ? L / m : 0, p: p ? p.slice() : null };
}
const lerpState = (a, b, e) => ({
  w: lerpV(a.w, b.w, e), anchor: lerpV(a.anchor, b.anchor, e), scale: lerp(a.scale, b.scale, e),
  p: a.p && b.p ? lerpV(a.p, b.p, e) : b.p,
});

function arrowTrace(from, vec, color, width, dash, name) {
  return {
    type: "scatter", mode: "lines+markers", x: [from[0], from[0] + vec[0]], y: [from[1], from[1] + vec[1]],
    line: { color, width, dash }, marker: { symbol: ["circle", "arrow"], size: [0, width * 5], color, angleref: "previous" },
    hoverinfo: "skip", showlegend: false, name, meta: name,
  };
}
// An empty trace keeps its place (and, for named lines, its legend entry) while there is nothing to draw.
const empty = (meta, name, style, legend) => ({ type: "scatter", mode: "lines", x: [], y: [], hoverinfo: "skip",
  showlegend: !!legend, meta, name: name || meta, line: style || {} });

const polyXY = (poly) => ({ x: poly.map((p) => p[0]).concat([poly[0][0]]), y: poly.map((p) => p[1]).concat([poly[0][1]]) });

function lineTrace(w, v, style, name, meta, legend) {
  const lift = w.length > 3;
  if (lift) {
    const c = curve(w, v);
    return c ? { type: "scatter", mode: "lines", x: c[0], y: c[1], line: style, hoverinfo: "skip", name,
                 showlegend: !!legend, meta, connectgaps: false } : empty(meta, name, style, legend);
  }
  const seg = clip(w, v);
  return seg ? { type: "scatter", mode: "lines", x: [seg[0][0], seg[1][0]], y: [seg[0][1], seg[1][1]], line: style,
                 hoverinfo: "skip", name, showlegend: !!legend, meta } : empty(meta, name, style, legend);
}

function shading(st, cur) {
  const v = st.data.view, C = st.data.colors, w = cur.w;
  const fill = (poly, color, name, pattern) => poly
    ? Object.assign({ type: "scatter", mode: "lines", fill: "toself", fillcolor: color, line: { width: 0 },
                      hoverinfo: "skip", showlegend: false, meta: name }, polyXY(poly), pattern ? { fillpattern: pattern } : {})
    : empty(name);
  if (st.data.shade === "disagree") { // where the pocket ŵ and the target f disagree (E_out), hatched
    const rect = rectOf(st.data.fbox || v); // the square the points are drawn from: E_out is its hatched share
    const wf = st.data.wf, p = cur.p;
    const pat = { shape: "/", fgcolor: "rgba(128,128,128,0.55)", bgcolor: "rgba(128,128,128,0.10)", size: 9, solidity: 0.25 };
    if (!wf || !p) return [empty("shade+"), empty("shade-")];
    let a, b;
    if (p[1] === 0 && p[2] === 0) { // a constant prediction: sign(b), or the sign(0) rule (as pla_core does)
      const pred = p[0] !== 0 ? Math.sign(p[0]) : (st.data.sign0 || 0);
      a = pred > 0 ? clipPoly(rect, wf, -1) : pred < 0 ? null : rect;
      b = pred < 0 ? clipPoly(rect, wf, 1) : null;
    } else {
      a = clipPoly(clipPoly(rect, p, 1), wf, -1);
      b = clipPoly(clipPoly(rect, p, -1), wf, 1);
    }
    const ta = fill(a, "rgba(0,0,0,0)", "shade+", pat), tb = fill(b, "rgba(0,0,0,0)", "shade-", pat);
    ta.name = "ŵ ≠ f"; ta.showlegend = !!a; ta.legendgroup = "dis";
    tb.name = ta.name; tb.showlegend = !a && !!b; tb.legendgroup = "dis";
    return [ta, tb];
  }
  if (w.length > 3) { // a curved boundary: colour the plane by the sign on a grid
    const g = signGrid(w, v);
    return [{ type: "heatmap", x: g.xs, y: g.ys, z: g.z, zmin: -1, zmax: 1, showscale: false, hoverinfo: "skip",
              colorscale: [[0, C.neg_fill], [0.5, "rgba(0,0,0,0)"], [1, C.pos_fill]], meta: "shade+" }, empty("shade-")];
  }
  if (!w[0] && !w[1] && !w[2]) return [empty("shade+"), empty("shade-")]; // w = 0 predicts nothing
  return [fill(clipPoly(rectOf(v), w, 1), C.pos_fill, "shade+"), fill(clipPoly(rectOf(v), w, -1), C.neg_fill, "shade-")];
}

function sceneTraces(st, cur, extra) {
  const v = st.data.view, fg = st.fg;
  const w = cur.w;
  const C = st.data.colors;
  const below = shading(st, cur);
  below.push(extra.ghost && st.data.ghost !== false
    ? lineTrace(extra.ghost, v, { color: "rgba(128,128,128,0.75)", width: 2.5, dash: "dash" }, "previous boundary", "ghost")
    : empty("ghost"));
  const above = [];
  const named = !!st.data.pwin; // with two moving lines, the legend names them
  above.push(lineTrace(w, v, { color: fg, width: 4 }, st.data.wname || "boundary wᵀx̃ = 0", "boundary", named));
  if (st.data.pwin) {
    above.push(cur.p ? lineTrace(cur.p, v, { color: C.pocket, width: 5, dash: "dashdot" }, "ŵ (pocket)", "pocket", true)
                     : empty("pocket"));
  }
  const wv = [w[1] * cur.scale, w[2] * cur.scale];
  above.push(cur.scale > 0 && w.length === 3 ? arrowTrace(cur.anchor, wv, fg, 3.5, "solid", "w") : empty("w"));
  if (extra.update && w.length === 3) {
    const tip = [cur.anchor[0] + wv[0], cur.anchor[1] + wv[1]];
    const uv = [extra.update[0] * cur.scale, extra.update[1] * cur.scale];
    const col = extra.updateLabel > 0 ? C.pos : C.neg;
    above.push(arrowTrace(tip, uv, col, 3, "dash", "update"));
    above.push(arrowTrace(cur.anchor, [wv[0] + uv[0], wv[1] + uv[1]], "rgba(128,128,128,0.8)", 2, "dot", "next w"));
  } else {
    above.push(empty("update"), empty("next w"));
  }
  if (extra.circle !== null && extra.circle !== undefined && st.data.pts[extra.circle]) {
    const p = st.data.pts[extra.circle];
    above.push({ type: "scatter", mode: "markers", x: [p[0]], y: [p[1]], hoverinfo: "skip", showlegend: false,
                 marker: { symbol: "circle-open", size: 34, color: fg, line: { width: 3, color: fg } }, meta: "circle" });
  } else above.push(empty("circle"));
  if (st.pending.length) {
    above.push({ type: "scatter", mode: "markers", x: st.pending.map((p) => p[0]), y: st.pending.map((p) => p[1]),
                 hoverinfo: "skip", showlegend: false, meta: "pending",
                 marker: { symbol: st.pending.map((p) => (p[2] > 0 ? "circle-open" : "x-thin-open")), size: 13,
                           color: st.pending.map((p) => (p[2] > 0 ? C.pos : C.neg)),
                           line: { width: 3, color: st.pending.map((p) => (p[2] > 0 ? C.pos : C.neg)) } } });
  } else above.push(empty("pending"));
  return { below, above };
}

// Every trace in drawing order: what moves under the points, the page's static layers, the points, what moves
// over them.
function allTraces(st, cur, extra) {
  const { below, above } = sceneTraces(st, cur, extra);
  const S = st.data.statics || {};
  return below.concat(S.below || [], st.data.base.data, S.above || [], above);
}

function draw(st, cur, extra) {
  st.cur = cur;
  const base = st.data.base;
  const layout = Object.assign({}, base.layout, {
    font: Object.assign({}, base.layout.font, { color: st.fg }),
    xaxis: Object.assign({}, base.layout.xaxis, { gridcolor: "rgba(128,128,128,0.22)", zerolinecolor: "rgba(128,128,128,0.6)" }),
    yaxis: Object.assign({}, base.layout.yaxis, { gridcolor: "rgba(128,128,128,0.22)", zerolinecolor: "rgba(128,128,128,0.6)" }),
  });
  // A new data revision makes react redraw every trace: after Plotly.animate has restyled traces to empty data
  // in place, react could otherwise find "nothing changed" and leave them undrawn.
  layout.datarevision = st.rev = (st.rev || 0) + 1;
  st.stats.frames += 1;
  st.lastDraw = st.P.react(st.gd, allTraces(st, cur, extra), layout, st.config);
  return st.lastDraw;
}

// During a tween only the shading, the line and the w arrow move: restyle just those traces.
const MOVING = ["shade+", "shade-", "boundary", "w", "pocket"];
function drawFrame(st, cur, extra) {
  st.cur = cur;
  const all = allTraces(st, cur, extra);
  if (all.some((tr) => tr.type === "heatmap")) return draw(st, cur, extra); // a heatmap needs a full redraw
  const idx = [], xs = [], ys = [];
  all.forEach((tr, i) => { if (MOVING.includes(tr.meta)) { idx.push(i); xs.push(tr.x); ys.push(tr.y); } });
  // Plotly.animate can only move what is drawn: a trace that appears or disappears (a line entering or leaving
  // the view, w = 0) needs a full redraw, and animating empty traces leaves the plot blank.
  const shown = idx.map((i) => (st.gd.data[i] && st.gd.data[i].x ? st.gd.data[i].x.length > 0 : false));
  if (xs.some((x, k) => (x.length > 0) !== shown[k])) return draw(st, cur, extra);
  if (!xs.some((x) => x.length > 0)) return Promise.resolve();
  st.stats.frames += 1;
  return st.P.animate(st.gd, { data: xs.map((x, k) => ({ x, y: ys[k] })), traces: idx },
                      { transition: { duration: 0 }, frame: { duration: 0, redraw: false }, mode: "immediate" });
}

function restExtra(st, t) {
  const T = st.data.T;
  const extra = { ghost: t > 0 ? W(st, t - 1) : null, circle: null, update: null };
  if (t < T && W(st, t + 1)) {
    extra.circle = I(st, t);
    extra.update = updateVector(st, t);
    extra.updateLabel = st.data.pts[extra.circle] ? st.data.pts[extra.circle][2] : 1;
  }
  return extra;
}

function drawRest(st, t) {
  st.tDisp = t;
  markChart(st, t);
  st.gd.dataset.t = String(t);
  st.gd.dataset.animating = "0";
  return draw(st, restState(st, t), restExtra(st, t));
}

// ---------------------------------------------------------------- animation

function tween(st, from, to, ms, extra, token) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const rec = { start: t0, frames: 0, ms };
    st.gd.dataset.animating = "1";
    const frame = (now) => {
      if (gone(st)) st.token++; // this plot has left the page (another lesson)
      if (token !== st.token) return resolve(false);
      const s = Math.min(1, (now - t0) / ms), e = ease(s);
      const cur = lerpState(from, to, e);
      if (rec.frames === 0) draw(st, cur, extra); // first frame sets up the traces (circle, ghost)
      else drawFrame(st, cur, extra);
      rec.frames += 1;
      if (s < 1) requestAnimationFrame(frame);
      else {
        rec.end = performance.now();
        st.stats.transitions.push(rec);
        if (st.stats.transitions.length > 50) st.stats.transitions.shift();
        resolve(true);
      }
    };
    requestAnimationFrame(frame);
  });
}

function stepMs(st) { return Math.max(300, Math.min(800, st.data.dur)); }

async function animateTo(st, target) {
  const token = ++st.token;
  const from = st.tDisp;
  const k = target - from;
  const chain = k !== 0 && Math.abs(k) <= 25 && W(st, from) && W(st, target);
  if (chain) {
    const each = Math.abs(k) === 1 ? stepMs(st) : Math.max(120, Math.min(stepMs(st), 2500 / Math.abs(k)));
    for (let t = from; t !== target; t += Math.sign(k)) {
      const nt = t + Math.sign(k);
      const extra = { ghost: W(st, t), circle: I(st, Math.min(t, nt)), update: null };
      const start = t === from ? st.cur : restState(st, t);
      if (!(await tween(st, start, restState(st, nt), each, extra, token))) return false;
      st.tDisp = nt;
      markChart(st, nt);
    }
  } else if (k !== 0 && W(st, target)) {
    if (!(await tween(st, st.cur, restState(st, target), stepMs(st), { ghost: st.cur.w, circle: null }, token))) {
      return false;
    }
  }
  if (token !== st.token) return false;
  st.gd.dataset.animating = "0";
  drawRest(st, target);
  return true;
}

const REPORT_MS = 1000;

async function play(st) {
  const token = ++st.token;
  st.target = null;
  clearTimeout(st.reportTimer);
  st.playing = true;
  st.gd.dataset.playing = "1";
  const replay = st.data.stopAt !== null && st.data.stopAt !== undefined;
  const stopAt = replay ? Math.min(st.data.stopAt, st.data.T) : st.data.T;
  // A long period is replayed faster: about 8 s of animation (more where the browser draws slowly).
  const dur = replay ? Math.min(st.data.dur, Math.max(40, 8000 / Math.max(1, stopAt - st.tDisp))) : st.data.dur;
  while (token === st.token && st.tDisp < stopAt) {
    if (gone(st)) { st.token++; return; }
    const t = st.tDisp;
    const win = st.data.win;
    const last = win.t0 + win.W.length - 1;
    if (last - t <= 40 && st.asked !== win && last < st.data.T) {
      st.asked = win; // ask once per window for the weights further on
      tick(st, t, true);
    }
    if (!W(st, t + 1)) { // wait for them
      await new Promise((r) => setTimeout(r, 30));
      continue;
    }
    const extra = { ghost: W(st, t), circle: I(st, t), update: null };
    if (!(await tween(st, st.cur, restState(st, t + 1), dur, extra, token))) return;
    st.tDisp = t + 1;
    st.gd.dataset.t = String(t + 1);
    markChart(st, t + 1);
    // The numbers, the scrubber and the link follow the animation about once a second (one rerun each).
    const now = performance.now();
    if (now - (st.reported || 0) >= REPORT_MS && st.tDisp < stopAt) {
      st.reported = now;
      tick(st, st.tDisp, true);
    }
  }
  if (token === st.token) stop(st);
}

// Events for the server go out numbered, and every one not yet acknowledged is sent again with the next:
// two trigger values sent before one rerun starts would otherwise overwrite each other.
function post(st, event, value) {
  st.outbox.push({ id: st.nextId++, event, value });
  st.send("events", { nonce: st.nonce, events: st.outbox.slice() });
}

// Tell the server the step on screen; the run id lets it drop a tick about a run it has since replaced.
function tick(st, t, playing) {
  post(st, "tick", { t, playing, tid: st.tid });
}

// Stop playing where we are, and tell the server the step we stopped at.
function stop(st) {
  st.playing = false;
  st.target = null;
  st.gd.dataset.playing = "0";
  st.gd.dataset.animating = "0";
  drawRest(st, st.tDisp);
  tick(st, st.tDisp, false);
  st.pausedAt = st.nextId - 1; // the id of that tick: until the server has handled it, its "playing" is old news
}

function pause(st) {
  st.token++;
  stop(st);
}

// ---------------------------------------------------------------- wiring

function themeColor(el) {
  const c = getComputedStyle(el).getPropertyValue("--st-text-color").trim();
  return c || "#31333F";
}

// Where a click landed, from the mouse event itself: plotly's own click data comes from its last hover, which
// is throttled, so a quick click right after another one would report the previous spot.
function clickTarget(st, e) {
  const fl = st.gd._fullLayout, r = st.gd.getBoundingClientRect();
  const xa = fl.xaxis, ya = fl.yaxis;
  const px = e.clientX - r.left - xa._offset, py = e.clientY - r.top - ya._offset;
  const x = xa.p2l(px), y = ya.p2l(py);
  let hit = null, best = 10; // a point within 10 px is "clicked"
  st.data.pts.forEach((p, i) => {
    const d = Math.hypot(xa.l2p(p[0]) - px, ya.l2p(p[1]) - py);
    if (d <= best) { best = d; hit = i; }
  });
  return { x, y, hit };
}

function bindClicks(st) {
  st.gd.on("plotly_click", (ev) => {
    if (!ev.event) return;
    const { x, y, hit } = clickTarget(st, ev.event);
    const shift = !!ev.event.shiftKey;
    st.stats.clicks.push({ at: performance.now(), x, y, hit });
    if (st.stats.clicks.length > 100) st.stats.clicks.shift();
    if (hit !== null) {
      const p = st.data.pts[hit];
      post(st, "click", { x: p[0], y: p[1], remove: hit, other: shift });
      return;
    }
    const v = st.data.view;
    if (x < v[0] || x > v[1] || y < v[2] || y > v[3]) return;
    const g = st.data.grid || 0;
    const snap = (a) => (g ? Math.round(a / g) * g : a);
    const label = shift ? -st.data.cls : st.data.cls;
    st.pending.push([snap(x), snap(y), label]); // drawn at once; the next rerun brings the real points
    draw(st, st.cur, st.playing ? { circle: null } : restExtra(st, st.tDisp));
    st.stats.lastDrawn = performance.now();
    post(st, "click", { x, y, remove: null, other: shift });
  });
}

// Step and Back are Streamlit buttons, so they work without this script (and in AppTest). Here they are
// handled in the browser instead: a press animates at once, and the server hears the step a moment after the
// last press (as a "tick", like Play), so no rerun competes with the animation and a burst of presses costs one
// rerun. Presses this script cannot serve (no weights loaded that far) go to the server as usual.
function bindSteps(st) {
  const stepBy = (d, e) => {
    if (!st.data.win) return;
    e.preventDefault();
    e.stopPropagation(); // Streamlit's button and shortcut handlers never see it
    if (st.playing) pause(st); // a step while playing starts from the step on screen
    const base = st.target !== null ? st.target : st.tDisp;
    const target = base + d;
    if (target < 0 || target > st.data.T) return;
    if (!W(st, target)) { // beyond the weights loaded here: have the server send the ones around us
      clearTimeout(st.reportTimer);
      tick(st, st.tDisp, false);
      return;
    }
    st.target = target;
    st.stats.predicted = performance.now();
    clearTimeout(st.reportTimer);
    animateTo(st, target).then((done) => {
      if (!done) return;
      st.target = null;
      st.reportTimer = setTimeout(() => {
        if (!st.playing && st.target === null) tick(st, st.tDisp, false);
      }, 150);
    });
  };
  // The listeners are on the document: when this plot leaves the page (another lesson), they remove themselves.
  const onClick = (e) => {
    if (gone(st)) { document.removeEventListener("click", onClick, true); return; }
    const el = e.target.closest && e.target.closest(".st-key-pla_step, .st-key-pla_back");
    if (!el || el.querySelector("button:disabled")) return;
    stepBy(el.classList.contains("st-key-pla_step") ? 1 : -1, e);
  };
  const onKey = (e) => {
    if (gone(st)) { document.removeEventListener("keydown", onKey, true); return; }
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const typing = e.target.closest && e.target.closest("input, textarea, select, [contenteditable=true], [role=slider]");
    if (typing && !typing.matches("input[type=checkbox], input[type=radio]")) return;
    if (e.key === "ArrowRight") stepBy(1, e);
    else if (e.key === "ArrowLeft") stepBy(-1, e);
  };
  // After a mouse click on a button, switch or radio, give the keyboard back to the page: otherwise Space would
  // press that control again instead of Play/Pause. (Keyboard users' own focus, from Tab, is left alone.)
  const onMouse = (e) => {
    if (gone(st)) { document.removeEventListener("click", onMouse, true); return; }
    if (!e.detail) return; // a click made with the keyboard
    const c = e.target.closest && e.target.closest("button, [role=switch], [role=radio], label");
    if (c) setTimeout(() => { const a = document.activeElement; if (a && a.matches("button, input[type=checkbox], input[type=radio]")) a.blur(); }, 0);
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("click", onMouse, true);
  document.addEventListener("keydown", onKey, true);
}

// ---------------------------------------------------------------- the error chart beside the plot (Pocket)

function drawChart(st) {
  const c = st.data.curves;
  if (!c) {
    if (st.chart) { st.P.purge(st.chart); st.chart.remove(); st.chart = null; st.wrap.classList.remove("pla-two"); }
    return;
  }
  if (!st.chart) {
    st.chart = document.createElement("div");
    st.chart.className = "pla-chart";
    st.chart.setAttribute("role", "img");
    st.wrap.appendChild(st.chart);
    st.wrap.classList.add("pla-two");
  }
  st.chart.setAttribute("aria-label", c.alt || "error chart");
  const key = c.key + "|" + st.fg;
  if (st.chartKey === key) return;
  st.chartKey = key;
  const pad = Math.max(1, Math.round(0.03 * c.T)); // the last value stays visible past the last update
  const xs = c.x.concat([c.T + pad]);
  const traces = c.series.map((s) => ({
    type: "scatter", mode: "lines", x: xs, y: s.y.concat([s.y[s.y.length - 1]]), name: s.name, hovertemplate: "t = %{x}: %{y:.1%}<extra>" + s.name + "</extra>",
    line: { color: st.data.colors[s.color] || s.color, width: s.width || 2.5, dash: s.dash || "solid", shape: "hv" },
  }));
  const axis = { gridcolor: "rgba(128,128,128,0.22)", zerolinecolor: "rgba(128,128,128,0.6)", fixedrange: true, automargin: true };
  const layout = {
    height: c.height, margin: { l: 55, r: 10, t: 40, b: 45 }, font: { size: 15, color: st.fg },
    paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: "rgba(0,0,0,0)",
    xaxis: Object.assign({}, axis, { title: { text: "update t", standoff: 4 }, range: [0, c.T + pad] }),
    yaxis: Object.assign({}, axis, { title: { text: "error", standoff: 4 }, range: [0, c.ymax], tickformat: ".0%" }),
    legend: { orientation: "h", x: 0, y: 1.0, yanchor: "bottom", font: { size: 14 } },
    shapes: [{ type: "line", x0: st.tDisp, x1: st.tDisp, y0: 0, y1: 1, yref: "paper", line: { color: st.fg, width: 2 } }],
    hovermode: "x", dragmode: false,
  };
  st.P.react(st.chart, traces, layout, { displayModeBar: false, responsive: true, showTips: false });
  if (!st.chartBound) { // a click on the chart jumps to that update
    st.chartBound = true;
    // Read from the mouse event, like clicks on the plot: plotly's click data comes from its throttled hover, so
    // a quick click reports the previous spot, or nothing.
    st.chart.addEventListener("click", (e) => {
      const xa = st.chart._fullLayout && st.chart._fullLayout.xaxis;
      if (!xa) return;
      const px = e.clientX - st.chart.getBoundingClientRect().left - xa._offset;
      if (px >= 0 && px <= xa._length) jumpTo(st, Math.round(xa.p2l(px)));
    });
  }
}

// Go to update t: animate there if its weights are loaded here, else ask the server (which then sends them).
function jumpTo(st, t) {
  if (!st.data.win) return;
  t = Math.max(0, Math.min(st.data.T, t));
  if (st.playing) pause(st);
  clearTimeout(st.reportTimer);
  if (W(st, t)) {
    st.target = t;
    animateTo(st, t).then((done) => {
      if (!done) return;
      st.target = null;
      tick(st, t, false);
    });
  } else {
    post(st, "tick", { t, playing: false, tid: st.tid, jump: true });
  }
}

function markChart(st, t) {
  if (!st.chart || !st.chart._fullLayout) return;
  st.chart.dataset.t = String(t);
  st.P.relayout(st.chart, { "shapes[0].x0": t, "shapes[0].x1": t });
}

function update(st) {
  const d = st.data;
  st.fg = themeColor(st.el);
  st.pending = [];
  drawChart(st);
  if (!d.win) { // no run (no points): just the points and axes
    st.token++;
    clearTimeout(st.reportTimer);
    st.tDisp = 0;
    st.cur = { w: [0, 0, 0], anchor: [0, 0], scale: 0 };
    st.tid = d.tid;
    st.seq = d.seq;
    st.playing = false;
    st.gd.dataset.playing = "0";
    draw(st, st.cur, { circle: null });
    st.gd.dataset.t = "0";
    return;
  }
  if (st.tid !== d.tid || !st.cur) { // a new run (new points or settings): show it as it is, no tween
    st.tid = d.tid;
    st.target = null;
    clearTimeout(st.reportTimer);
    st.seq = d.seq;
    st.token++;
    st.playing = false;
    st.gd.dataset.playing = "0";
    drawRest(st, Math.min(d.t, d.T));
    if (d.playing) play(st);
    return;
  }
  if (st.seq !== d.seq) { // the server moved t (Step, Back, Epoch, scrub…)
    st.seq = d.seq;
    st.playing = false;
    st.gd.dataset.playing = "0";
    st.target = null;
    clearTimeout(st.reportTimer);
    animateTo(st, Math.min(d.t, d.T)).then((done) => {
      if (done && st.data.playing && !st.playing) play(st); // Play at the end: back to 0, then play
    });
    return;
  }
  if (d.playing && !st.playing) {
    // A rerun answering a tick sent while playing can arrive after a pause here: play again only once the
    // server has heard the pause (its ack), so that it really means "play".
    if ((d.ack || 0) >= (st.pausedAt || 0)) play(st);
    return;
  }
  if (!d.playing && st.playing) { pause(st); return; }
  if (!st.playing && st.gd.dataset.animating !== "1") drawRest(st, st.tDisp); // same step, fresh data
}

export default function (component) {
  const { parentElement, setTriggerValue } = component;
  const data = Array.isArray(component.data) ? component.data[0] : component.data; // see ui.plot
  let st = parentElement.__pla;
  if (!st) {
    const gd = document.createElement("div");
    gd.className = "pla-plot";
    gd.setAttribute("role", "img");
    gd.dataset.t = "0";
    gd.dataset.playing = "0";
    gd.dataset.animating = "0";
    const wrap = document.createElement("div");
    wrap.className = "pla-wrap";
    wrap.appendChild(gd);
    parentElement.appendChild(wrap);
    st = parentElement.__pla = {
      el: parentElement, gd, wrap, chart: null, P: null, data, token: 0, tDisp: 0, cur: null, seq: null, tid: null, playing: false,
      pending: [], asked: null, target: null, reportTimer: null,
      outbox: [], nextId: 1, nonce: Math.random().toString(36).slice(2), stats: { frames: 0, transitions: [], clicks: [] },
      config: { displayModeBar: false, doubleClick: false, scrollZoom: false, responsive: true, showTips: false },
    };
    window.__plaLab = st;
    st.stats.mountedAt = performance.now();
    st.ready = loadPlotly(data.plotly).then((P) => { st.P = P; st.stats.plotlyAt = performance.now(); });
  }
  st.data = data;
  st.send = setTriggerValue;
  st.outbox = st.outbox.filter((e) => e.id > (data.ack || 0)); // the server has handled these
  st.stats.dataAt = performance.now();
  st.gd.setAttribute("aria-label", data.alt || "PLA plot");
  st.ready.then(() => {
    update(st);
    if (!st.bound) {
      st.bound = true;
      Promise.resolve(st.lastDraw).then(() => {
        bindClicks(st);
        bindSteps(st);
        st.stats.interactiveAt = performance.now();
      });
    }
  }).catch((e) => {
    st.gd.textContent = "The plot could not load: " + e.message;
  });
}
