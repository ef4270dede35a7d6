// Hand-built protocol v4 payloads for the Node tests (shaped like pla_lab.figures' output).
export const COLORS = { pos: "#0072B2", neg: "#D55E00", pos_fill: "rgba(0,114,178,0.13)", neg_fill: "rgba(213,94,0,0.13)",
                        pocket: "#CC79A7", fg: "#31333F", target: "#009E73" };

export function pointsTraces(points) {
  return [1, -1].map((label) => {
    const idx = points.map((p, i) => (p[2] === label ? i : -1)).filter((i) => i >= 0);
    return { type: "scatter", mode: "markers", name: label > 0 ? "y = +1" : "y = −1", meta: "points", label, customdata: idx,
             x: idx.map((i) => points[i][0]), y: idx.map((i) => points[i][1]) };
  });
}

/** A PLA run on 4 points: w₀ = 0, then updates on points 0, 1 and (a batch) 2 and 3. */
export function payload(over = {}) {
  const points = [[1, 1, 1], [-1, -0.5, -1], [0.5, -1, 1], [-0.5, 1, -1]];
  const d = {
    version: 4, run: "run-a", height: 500, fill: null, colors: COLORS, view: [-2, 2, -2, 2], grid: 0.02,
    cls: 1, points, base: { data: pointsTraces(points), layout: { height: 500, font: { size: 16 }, xaxis: {}, yaxis: {} } },
    layers: { below: [{ type: "scatter", meta: "f", x: [], y: [] }], above: [] },
    moving: ["shade", "ghost", "boundary", "w", "update", "circle"], labels: {}, target: null, pick: null, sign0: null,
    T: 3, t: 0, seq: 1, playing: false, stop_at: null, dur: 400, ack: 0, nonce: "n1",
    // U is deliberately not η·y·x̃ of I's points: the browser must draw what the server sent.
    win: { t0: 0, W: [[0, 0, 0], [1, 1, 1], [0.5, 2, 1.5], [0.25, 1.5, 2]], U: [[1, 1, 1], [-0.5, 1, 0.5], [-0.25, -0.5, 0.5]],
           I: [[0], [1], [2, 3]], P: null },
    chart: null, alt: "four points",
  };
  return Object.assign(d, over);
}

/** A pocket run: the PLA weights, the pocket ŵ, a target and a chart. */
export function pocketPayload(over = {}) {
  const base = payload();
  return payload({
    run: "run-p", moving: ["disagree", "ghost", "boundary", "pocket", "w", "update", "circle"],
    labels: { boundary: "w (PLA)", pocket: "ŵ (pocket)", disagree: "ŵ ≠ f" },
    target: { w: [0, 1, 0], box: [-1, 1, -1, 1] }, sign0: 1,
    win: { ...base.win, P: [[0, 0, 0], [1, 1, 1], [1, 1, 1], [0.25, 1.5, 2]] },
    chart: { key: "k1", title: "Errors", x_title: "update t", y_title: "error", y_format: ".0%", hover_format: ".1%",
             x: [0, 1, 2, 3], series: [{ name: "E_in(w)", y: [1, 0.5, 0.25, 0.25], color: "rgba(128,128,128,0.85)", width: 1.2 },
                                      { name: "E_in(ŵ)", y: [1, 0.5, 0.5, 0.25], color: "pocket", width: 4 }],
             T: 3, ymax: 1, height: 300, alt: "errors" },
    ...over,
  });
}
