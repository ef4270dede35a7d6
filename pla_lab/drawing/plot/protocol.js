// The boundary between Python and the browser, as JSDoc types: a mirror of pla_lab/protocol.py (version 4).
// Python → browser: one Payload per rerun (the component's data is [payload]).
// Browser → Python: one EventBatch as the trigger value "events". The delivery rules are in protocol.py.

/** The protocol version; a payload with another one is not drawn. */
export const VERSION = 4;

/** Things drawn from the weights, which move during an animation; a payload picks some of them, in this order. */
export const MOVING_LAYERS = Object.freeze(["shade", "disagree", "ghost", "boundary", "pocket", "w", "update", "circle", "normal", "distance",
  "band", "stream", "companion", "chain"]);

/**
 * The weights around the current step: W[k] is w_{t0+k}; update t0+k is U[k] (so w_{t0+k+1} = W[k] + U[k]), made
 * from the points I[k] (one index for PLA, every mistake for batch); P[k] the pocket ŵ_{t0+k}, or P null;
 * U[k] = c·Σ_{n ∈ I[k]} yₙx̃ₙ (the chain layer draws that sum term by term).
 * @typedef {Object} Window
 * @property {number} t0
 * @property {number[][]} W
 * @property {number[][]} U
 * @property {number[][]} I
 * @property {number[][] | null} P
 * @property {number} c  the factor of each used point's yₙx̃ₙ: η, or η/b when a batch of b points is averaged
 */

/**
 * The target f (b, w₁, w₂) and the box its points were drawn from: the disagree layer hatches where ŵ ≠ f inside it.
 * @typedef {Object} Target
 * @property {number[]} w
 * @property {number[]} box  xmin, xmax, ymin, ymax
 */

/**
 * Another run drawn with the shown one on the same points (the companion layer: its boundary, dashed): W[k] is its
 * w_{t0+k} around the step; from its end T on it stays at last (it halted, or stopped at the cap).
 * @typedef {Object} Companion
 * @property {number} t0
 * @property {number[][]} W
 * @property {number} T
 * @property {number[]} last
 * @property {string} label  its legend name
 * @property {string|null} color  a palette name or a CSS colour (null: the palette's pocket colour)
 * @property {string|null} dash  its line's dash (null: "dash")
 * @property {boolean} arrows  its w and its step drawn as arrows too, at the shown run's scale
 */

/**
 * @typedef {Object} Series
 * @property {string} [name]
 * @property {number[]} [y]
 * @property {string} [color]  a palette name ("pocket", "target", …) or a CSS colour
 * @property {number} [width]
 * @property {string} [dash]
 * @property {number[]} [x]  its own x (a bound drawn past the run); default: the chart's x
 * @property {number} [panel]  which of the chart's panels (default 0)
 * @property {string} [shape]  "hv" (steps, the default) or "linear"
 * @property {boolean} [live]  drawn only up to the step shown (a stream's mistakes: its future is not known yet)
 */

/**
 * One of a chart's panels, stacked top to bottom over one t axis.
 * @typedef {Object} Panel
 * @property {string} [title]
 * @property {string} [y_title]
 * @property {string} [y_format]
 * @property {string} [hover_format]
 * @property {number} [ymin]
 * @property {number} [ymax]
 */

/**
 * A labelled vertical line across every panel (e.g. where the proof's bound forces a halt).
 * @typedef {Object} Mark
 * @property {number} x
 * @property {string} text
 */

/**
 * A chart beside the plot, over the updates: series sampled at x, a marker at the shown step; a click goes there.
 * @typedef {Object} Chart
 * @property {string} key  changes when the data change (the chart is redrawn only then)
 * @property {string} title
 * @property {string} x_title
 * @property {string} y_title
 * @property {string} y_format  a d3 format, e.g. ".0%"
 * @property {string} hover_format
 * @property {number[]} x
 * @property {Series[]} series
 * @property {number} T
 * @property {number} ymax
 * @property {number} height
 * @property {string} alt
 * @property {Panel[] | null} panels  stacked panels (null: one, from y_title, y_format, hover_format and ymax)
 * @property {number | null} xmax  the t axis's end (null: just past T)
 * @property {Mark[]} marks
 * @property {number} t_per_x  steps per unit of x (the online stream: 2, a prediction and its reveal)
 */

/**
 * The online perceptron's stream around the step shown, two steps per arrival (2k: arrival k predicted, its label
 * hidden; 2k+1: revealed): arrival k0+j shows point shown[j], predicted pred[j] (+1, −1, or 0: a tie), a mistake
 * when wrong[j]; first[i]: the arrival at which point i first comes (before it, drawn faint).
 * @typedef {Object} Arrivals
 * @property {number} k0
 * @property {number[]} shown
 * @property {number[]} pred
 * @property {boolean[]} wrong
 * @property {number[]} first
 */

/**
 * In presenter mode, what a phone draws instead of the payload's own (presenter mode is for a projector; a student
 * opening a presenter's link on a phone gets the plot as a phone draws it outside presenter mode).
 * @typedef {Object} Phone
 * @property {number} height
 * @property {number | null} fill
 * @property {Object<string, string>} colors
 * @property {Object} base
 */

/**
 * @typedef {Object} Payload
 * @property {number} version
 * @property {string} run  the run id; "" with no run
 * @property {Object<string, number[]>} margins  px round the plot area (wide, present, phone): left, right, top with
 *   one legend row, bottom, each further row (pla_lab/drawing/picture.MARGINS)
 * @property {number} height  px; the least height with `fill`
 * @property {number | null} fill  px left under the plot when it grows to the screen's height (null: fixed height)
 * @property {Object<string, string>} colors  the palette of the Streamlit theme (pos, neg, pos_fill, neg_fill, …)
 * @property {number[]} view  xmin, xmax, ymin, ymax
 * @property {number} grid  clicks snap to this
 * @property {boolean} relabel  clicks on a point relabel it rather than remove it
 * @property {boolean} viewonly  view only: a click on the plot steps (as Step does) and edits nothing
 * @property {boolean} local  a demo of its own (the home page's), played by its own buttons: it tells the server nothing
 * @property {number} cls  the class a click adds (+1 or −1); shift-click adds the other
 * @property {number[][]} points  x, y, label
 * @property {string[] | null} numbers  each point's number's side of its marker; null above numbers.CAP points
 * @property {Object} base  the static figure {data: point traces (meta "points", customdata = index), layout}
 * @property {Object<string, Object[]>} layers  static plotly traces {below: […], above: […]}
 * @property {string[]} moving  which of MOVING_LAYERS to draw
 * @property {Object<string, string>} labels  legend names of moving layers that have one
 * @property {Target | null} target
 * @property {number | null} pick  the point whose signed distance to the boundary the distance layer draws
 * @property {number | "both" | null} sign0  what a constant prediction (w₁ = w₂ = 0, b = 0) predicts ("both": right for either class)
 * @property {number} T
 * @property {number} t
 * @property {number} seq
 * @property {boolean} playing
 * @property {number | null} stop_at
 * @property {number} dur  ms an update takes while playing
 * @property {number} ack  the id of the last event the server handled …
 * @property {string | null} nonce  … of the page load with this nonce (another page load's ack means nothing)
 * @property {Window | null} win
 * @property {Chart | null} chart
 * @property {boolean} present  presenter mode: lines 1.5× as wide, the chart narrower beside the plot
 * @property {Phone | null} phone  in presenter mode, what a phone draws instead (null outside it)
 * @property {Arrivals | null} stream  the online perceptron's arrivals (the stream layer), or null
 * @property {string} alt
 * @property {number | null} gamma  the margin perceptron's γ: the band layer shades where y·wᵀx̃/‖w‖ < γ/2 for either label
 * @property {Companion | Companion[] | null} companion  other runs drawn beside the shown one (the companion layer)
 * @property {boolean} visits  each step visits one point and may leave w as it is (SGD): the words say "visited"
 */

/**
 * @typedef {Object} Click
 * @property {number} id
 * @property {"click"} kind
 * @property {number} x
 * @property {number} y
 * @property {number | null} remove  index of the point clicked (it is removed), or null: add a point at (x, y)
 * @property {boolean} flip  with remove: relabel that point (Alt-click, or the relabel mode) instead
 * @property {boolean} other  shift-click: the other class
 */

/**
 * @typedef {Object} Tick
 * @property {number} id
 * @property {"tick"} kind
 * @property {number} t
 * @property {boolean} playing
 * @property {string} run
 * @property {number} seq  the last seq the browser acted on: a tick from before a server move is dropped
 * @property {boolean} jump
 */

/**
 * The arrow w's tip dragged: the run starts from this w (b, w₁, w₂), shown from step 0.
 * @typedef {Object} SetW
 * @property {number} id
 * @property {"setw"} kind
 * @property {number[]} w
 */

/**
 * @typedef {Object} EventBatch
 * @property {number} version
 * @property {string} nonce
 * @property {(Click | Tick | SetW)[]} events
 */
