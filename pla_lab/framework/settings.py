"""The tables of settings that drive the widgets, the session state and the share link (no Streamlit here): the
sidebar's algorithm settings (a lesson's own options live in its folder), and reading and writing them in a link. The machinery
(:class:`~pla_lab.framework.parsers.Setting` and the parsers) is in :mod:`pla_lab.framework.parsers`."""

from __future__ import annotations

from pla_lab.framework.codec import MAX_PARAM_CHARS
from pla_lab.framework.parsers import (Parsed, Setting, choice, digits, dump12, dump_bool, dump_w0, number, parse_bool,
                                       parse_w0, short)
from pla_lab.words.notes import COS495, HAND, PRESS, STEP

SPEEDS = {"0.5×": 800, "1×": 500, "2×": 300, "4×": 150, "8×": 60}  # ms per update
#: The readings of a tie wᵀx̃ = 0 in the notes, as pla_core's ``sign_zero``: None, a tie is a mistake for both
#: classes; +1 or −1, what sign(0) predicts; "both", a tie is right for both (only y·wᵀx̃ < 0 is a mistake).
SIGN_ZERO = {"le0": None, "+1": 1, "-1": -1, "lt0": "both"}
SIGN_ZERO_LABELS = {
    "le0": f"y·wᵀx̃ ≤ 0 is a mistake ({HAND.tag})",
    "+1": f"sign(0) = +1 ({PRESS.tag}, {STEP.tag})",
    "-1": f"sign(0) = −1 ({COS495.tag})",
    "lt0": f"only y·wᵀx̃ < 0 is a mistake ({HAND.tag}, margin part)",
}
ORDER_LABELS = {"cyclic": "cyclic (0, 1, …, n−1, repeat)", "permuted": "one random permutation, repeated",
                "random": "random mistake each time"}


#: The algorithm settings every lesson shares; they sit in the sidebar.
ALGORITHM = (
    Setting("order", "cyclic", choice(tuple(ORDER_LABELS)), label="Order of visits",
            help="Which mistake PLA corrects next: the next one in the list, in a shuffled list, or any at random "
                 "(gradient descent draws any point at random, with replacement).",
            widget="select", options=tuple(ORDER_LABELS), option_label=ORDER_LABELS.get),
    Setting("eta", 1.0, digits(number(0.01, 10.0)), dump12, label="Learning rate η",
            help="Each update adds η·y·x̃. Starting from w = 0, η only stretches PLA's w: its lines are the same "
                 "(not gradient descent's hinge, logistic or squared loss).",
            widget="number", extra=dict(min_value=0.01, max_value=10.0, step=0.1, format="%.2f")),
    Setting("w0", (0.0, 0.0, 0.0), parse_w0, dump_w0, label="Start w₀ = (b, w₁, w₂)",
            help="The weights before the first update; the notes start from 0 (then the R²/ρ² bound holds).",
            widget="text"),
    Setting("bias", True, parse_bool, dump_bool, label="Learn a bias b (x₀ = 1)",
            help="Off: the line must pass through the origin (b = 0), as in the notes' step(θᵀx).",
            widget="toggle"),
    Setting("sign0", "le0", choice(tuple(SIGN_ZERO)), label="When wᵀx̃ = 0 exactly",
            help=f"The notes disagree on a tie. {HAND.Of} loop counts y·wᵀx̃ ≤ 0 as a mistake for both classes "
                 f"(as scikit-learn does); {COS495.name} predicts + only when wᵀx̃ > 0, so sign(0) = −1; {PRESS.name} "
                 f"flag y = −1 when wᵀx̃ ≥ 0, {STEP.name} set step(0) = +1 and {HAND.of} first page predicts +1 "
                 f"for ≥ 0, so sign(0) = +1; {HAND.of} margin part counts only y·wᵀx̃ < 0, so from w₀ = 0 nothing "
                 "is ever a mistake and PLA never starts.",
            widget="select", options=tuple(SIGN_ZERO), option_label=SIGN_ZERO_LABELS.get),
    Setting("seed", 0, number(0, 2**31 - 1, int), str, label="Random seed",
            help="Fixes the shuffle, the random choices and the generated data sets, so a link replays exactly.",
            widget="number", extra=dict(min_value=0, max_value=2**31 - 1, step=1)),
    Setting("cap", 1000, number(1, 20_000, int), str, label="Stop after (updates)",
            help="PLA never halts on data no line separates; this cap stops it.",
            widget="number", extra=dict(min_value=1, max_value=20_000, step=100)),
    Setting("speed", "1×", choice(tuple(SPEEDS)), label="Animation speed",
            help="How long one update takes to animate: 0.8 s at 0.5×, 0.5 s at 1×, down to 0.06 s at 8× (Play).",
            widget="select_slider", options=tuple(SPEEDS)),
)

SETTINGS = {s.key: s for s in ALGORITHM}


def pla_kwargs(values: dict) -> dict:
    """Map setting values to ``pla_core.pla`` keyword arguments."""
    return dict(order=values["order"], eta=float(values["eta"]), w0=tuple(values["w0"]), bias=bool(values["bias"]),
                sign_zero=SIGN_ZERO[values["sign0"]], seed=int(values["seed"]), max_updates=int(values["cap"]))


def read_params(params: dict[str, str], table=ALGORITHM) -> tuple[dict, list[str]]:
    """Values for every setting from URL parameters, with defaults for missing ones and a message for each bad one.

    Messages are plain text (the link's own text is quoted in them as it came): show them with
    :func:`pla_lab.words.text.literal`, never as Markdown.
    """
    values, problems = {}, []
    for s in table:
        raw = params.get(s.key)
        if raw is None:
            values[s.key] = s.default
            continue
        try:
            if len(raw) > (MAX_PARAM_CHARS if s.key in ("pts", "deck") else 200):
                raise ValueError("is too long")
            v = s.parse(raw)
        except ValueError as e:
            values[s.key] = s.default
            problems.append(f"{_QUOTE.format(s.key)}{short(raw)} {e}; using {s.describe_default()}.")
            continue
        if isinstance(v, Parsed):
            v, notes = v.value, v.notes
            problems += notes
        values[s.key] = v
    return values, problems


_QUOTE = "The link's {}="


def about(problem: str, key: str) -> bool:
    """Whether a problem :func:`read_params` found is about the link's ``key``."""
    return problem.startswith(_QUOTE.format(key))


def write_params(values: dict, table=ALGORITHM) -> dict[str, str]:
    """The link's parameters; one whose value writes as "" (an unset optional part) is left out."""
    out = {s.key: s.dump(values[s.key]) for s in table}
    return {k: v for k, v in out.items() if v != ""}
