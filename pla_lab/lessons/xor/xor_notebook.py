"""Download as a notebook (issue 36), the XOR lesson's part: its run in code, PLA as a loop checked against it (on
the points, or on the lifted ones), the numbers of the step it shows, printed by :mod:`pla_core.words` as the page
prints them (tests/ui/test_demo_notebook.py finds each line on the page), and what to try. Code for the notebook, as
text: nothing here runs it."""

from pla_lab.api import notebook

#: Download as a notebook: the XOR lesson's run in code, how it ends as the page says it, and what to try
NOTEBOOK_RUN = """if options["lift"]:  # x₁x₂ as a third feature, its weight starting at 0
    X_run, w0 = pla_core.datasets.with_product(X), (*settings["w0"], 0.0)
else:
    X_run, w0 = X, settings["w0"]
trace = pla_core.pla(X_run, y, stop_on_cycle=False, **{**settings, "w0": w0})
trace"""
#: PLA as a loop, on the points the run learned from (x₁, x₂, and x₁x₂ with the lift)
LOOP = notebook.loop() + """


W = pla_loop(X_run, y, **{**settings, "w0": w0})
assert np.array_equal(W, trace.weights)  # exact: on decimals pla_core runs exactly too
print(words.same_run(len(W) - 1))  # the assert held"""

#: Why the run never halts, as the page's paragraph beside the plot says it (without the lift), and step t's numbers
#: as the page shows them under the plot (explain.step_numbers)
NOTEBOOK_STEP = """if trace.cycle and not options["lift"]:
    print(words.cycle(trace, t))  # the state repeats: PLA never halts
print(words.numbers(trace, t))  # wₜ, its mistakes, the next update in numbers (or how the run ended)"""

NOTEBOOK_TRIES = (
    ("No line separates XOR's points; with x₁x₂ as a third feature a plane does. Ask the exact LP both:",
     "print(pla_core.is_separable(X, y, bias=True))  # a line?\n"
     "print(pla_core.is_separable(pla_core.datasets.with_product(X), y, bias=True))  # a plane in (x₁, x₂, x₁x₂)?"),
    ("The cycle itself: after one period the weights are back where they were.",
     "if trace.cycle:\n"
     "    s, p = trace.cycle\n"
     "    print(vec(trace.weights[s]), vec(trace.weights[s + p]))  # w after update s, and after update s + p\n"
     "else:\n"
     "    print(words.verdict(trace, len(trace)))  # no cycle: how this run ends"),
    ("Read sign(0) as +1 (a tie counts as right for a +1 point): does PLA halt on XOR now? The notes disagree on "
     "sign(0); the Sources page says where.",
     "run = pla_core.pla(X, y, stop_on_cycle=False, **{**settings, 'sign_zero': 1})\n"
     "print(words.verdict(run, len(run)))  # how it ends, in the page's words"),
)


def recipe() -> notebook.Recipe:
    """The XOR page's notebook."""
    return notebook.Recipe(NOTEBOOK_RUN, NOTEBOOK_STEP, tries=NOTEBOOK_TRIES, loop=LOOP,
                           about="PLA on XOR's four points, or with x₁x₂ as a third feature (the lift).")
