"""Download as a notebook (issue 36), the the online perceptron lesson's part: its run in code, the numbers of the step
(or the results) it shows, printed in the page's own words (tests/ui/test_demo_notebook.py finds each line on the
page), and what to try. Code for the notebook, as text: nothing here runs it."""

#: Download as a notebook: the online perceptron's stream in code, step t as the page says it (two steps an arrival:
#: predict, then reveal), tries
NOTEBOOK_RUN = """trace = pla_core.online(X, y, eta=settings["eta"], w0=settings["w0"], bias=settings["bias"],
                       sign_zero=settings["sign_zero"], passes=options["passes"], shuffle=options["shuffle"],
                       seed=settings["seed"])
stream = trace.stream  # at time k it predicts point stream.shown[k] with w = trace.weights[stream.weight_index[k]]
len(stream), int(stream.wrong.sum())"""
NOTEBOOK_STEP = """m, n = len(stream), len(y)
k, reveal = divmod(t, 2)  # step t: arrival k, predicted (t even) then revealed (t odd)
if k >= m:
    M = int(stream.wrong.sum())
    print(f"The stream is over: {M} mistake{'s' if M != 1 else ''} in {m} predictions")
else:
    i, u = int(stream.shown[k]), int(stream.weight_index[k])
    w = [float(v) for v in trace.weights[u]]
    exact = facts.scores(trace, u)  # y·wᵀx̃ of every point, exact on grid data
    xt = np.concatenate([[1.0 if settings["bias"] else 0.0], X[i]])
    score = exact[i] * int(y[i]) if exact is not None else float(np.dot(w, xt))
    p = stream.predictions[k]
    tie = "no class: a tie, wrong for either label" if settings["sign_zero"] is None else "a tie, right for either label"
    guess = ("○ +1" if p > 0 else "× -1") if p else tie
    print(f"Arrival {k + 1} of {m} (pass {k // n + 1}): point #{i} at ({num(X[i][0])}, {num(X[i][1])}); w = {vec(w)}.")
    said = f"ŷ = sign(wᵀx̃) = sign({num(score)}) = {guess}"
    if not reveal:
        print(f"Predict: {said}. Its label is hidden")
    else:
        print(f"Revealed: y = {'○ +1' if y[i] > 0 else '× -1'}; {said}: "
              + ("a mistake" if stream.wrong[k] else "right, so w stays."))
    seen = k + reveal
    done = int(stream.wrong[:k + 1 if reveal else k].sum())
    print(f"Mistakes so far: {done} in {seen} revealed label{'s' if seen != 1 else ''}")"""
NOTEBOOK_PICTURE_W = ("trace.weights[stream.weight_index[min(t // 2, len(stream) - 1)]] if len(stream) else "
                      "trace.weights[-1]")
NOTEBOOK_TRIES = (
    ("The mistake bound holds for any stream: take many passes in shuffled orders and count the mistakes.",
     "for seed in range(5):\n"
     "    r = pla_core.online(X, y, eta=settings['eta'], w0=(0.0, 0.0, 0.0), bias=settings['bias'],\n"
     "                        sign_zero=settings['sign_zero'], passes=5, shuffle=True, seed=seed)\n"
     "    print(f'seed {seed}: {int(r.stream.wrong.sum())} mistakes in {len(r.stream)} predictions')\n"
     "print('R²/ρ*² =', num(pla_core.mistake_bound(X, y, bias=settings['bias'])))"),
)
