"""close.same, with which the generated JS cases are compared: tolerant of a CPU's rounding, not of a change."""

from __future__ import annotations

import pytest

from tests.js.close import same


def test_a_cancellations_rounding_passes_and_a_real_change_does_not():
    case = {"w": [1.0, -2.0, 3.0], "tip": [0.0017502814885748952, 2.5], "foot": [1.2e-6, 0.5]}
    rounded = {"w": [1.0, -2.0, 3.0], "tip": [0.001750281488574923, 2.5000000000000004],  # seen with another BLAS
               "foot": [1.2e-6 + 4.4e-16, 0.5]}  # a difference of numbers near 1: two of their ulps, 4e-10 of it
    same([case], [rounded])
    for path, changed in (("w", [1.0, -2.0, 3.001]), ("tip", [0.0018, 2.5]), ("tip", [1e-9 + 0.00175, 2.5])):
        with pytest.raises(AssertionError):
            same([case], [{**case, path: changed}])
    tiny = {"p": [3e-151, 2.376e-151]}  # a case at its own tiny scale keeps a relative tolerance
    same([tiny], [{"p": [3e-151, 2.376e-151 * (1 + 1e-14)]}])
    with pytest.raises(AssertionError):
        same([tiny], [{"p": [3e-151, 2.4e-151]}])
    with pytest.raises(AssertionError):
        same([{"n": 3, "s": "a"}], [{"n": 4, "s": "a"}])  # whole numbers and words stay exact
