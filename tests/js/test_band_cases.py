"""The band cases band.test.mjs checks band.js against are what pla_core's mistake rule makes."""

from __future__ import annotations

import json

from tests.js import make_band_cases
from tests.js.close import same


def test_band_cases_are_pla_core_s():
    committed = json.loads(make_band_cases.OUT.read_text(encoding="utf-8"))
    same(committed, make_band_cases.cases())  # else: python tests/js/make_band_cases.py
