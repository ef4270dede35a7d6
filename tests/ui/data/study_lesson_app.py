"""A lesson of the second kind, declared here as the Experiments lesson will be: no steps, many runs at once."""

import numpy as np
import streamlit as st

import pla_core
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.framework.lesson import StudyLesson
from pla_lab.framework.model import Preset
from pla_lab.framework.parsers import number


class UpdatesPerOrder(StudyLesson):
    slug, title, heading = "study", "Updates per order", "How many updates PLA makes, order by order"
    presets = {"separable": Preset("Separable", "separable", dict(n=20, margin=0.1))}
    default_preset = "separable"
    options = (S.Setting("runs", 10, number(1, 50, int), str, label="Runs", widget="number",
                         extra=dict(min_value=1, max_value=50, step=1)),)

    def compute(self, points, settings, options):
        X, y = model.arrays(points)
        counts = [len(pla_core.pla(X, y, **{**settings, "order": "permuted", "seed": s}))
                  for s in range(options["runs"])]
        return np.array(counts), {}

    def show(self, page):
        counts = page.run.trace
        st.markdown(f"{len(counts)} runs: median **{np.median(counts):g}** updates, most **{counts.max()}**.")


UpdatesPerOrder().render()
