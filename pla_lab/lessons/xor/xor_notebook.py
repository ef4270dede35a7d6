"""Download as a notebook (issue 36), the XOR lesson's part: its run in code, the numbers of the step (or the results)
it shows, printed in the page's own words (tests/ui/test_demo_notebook.py finds each line on the page), and what to
try. Code for the notebook, as text: nothing here runs it."""

#: Download as a notebook: the XOR lesson's run in code, how it ends as the page says it, and what to try
NOTEBOOK_RUN = """if options["lift"]:  # x₁x₂ as a third feature, its weight starting at 0
    X_run, w0 = pla_core.datasets.with_product(X), (*settings["w0"], 0.0)
else:
    X_run, w0 = X, settings["w0"]
trace = pla_core.pla(X_run, y, stop_on_cycle=False, **{**settings, "w0": w0})
trace"""
NOTEBOOK_END = """T = len(trace)
if trace.cycle and not trace.halted:  # the state repeats: PLA can never halt
    s, p = trace.cycle
    w_s = facts.weights(trace, s) or [float(v) for v in trace.weights[s]]
    print(f"after update {s + p} the state {'will be' if t < s + p else 'is'} exactly what it was after update {s}: "
          f"w_{s + p} = w_{s} = {vec(w_s)}")
elif trace.halted:
    print(f"this run halts after {T} updates" if t < T else f"PLA halts after {T} updates")"""
NOTEBOOK_TRIES = (
    ("No line separates XOR's points; with x₁x₂ as a third feature a plane does. Ask the exact LP both:",
     "print('a line:', pla_core.is_separable(X, y, bias=True))\n"
     "print('a plane in (x₁, x₂, x₁x₂):', pla_core.is_separable(pla_core.datasets.with_product(X), y, bias=True))"),
    ("The cycle itself: after one period the weights are back where they were.",
     "if trace.cycle:\n"
     "    s, p = trace.cycle\n"
     "    print(f'w_{s} = {trace.weights[s]}, w_{s + p} = {trace.weights[s + p]}')\n"
     "else:\n"
     "    print('this run does not cycle:', len(trace), 'updates, halted:', trace.halted)"),
    ("Read sign(0) as +1 (a tie counts as right for a +1 point): does PLA halt on XOR now? The notes disagree on "
     "sign(0); the Sources page says where.",
     "run = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'sign_zero': 1})\n"
     "print(len(run), 'updates, halted:', run.halted, ', cycle:', run.cycle)"),
)
