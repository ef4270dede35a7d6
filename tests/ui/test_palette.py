"""The presenter palette is high-contrast (WCAG contrast ≥ 4.5 against the page for the classes' colours and the
text) and keeps the two classes apart under the common colour blindnesses (Machado et al. 2009 simulation)."""

import numpy as np
import pytest

from pla_lab.drawing.figures import CONTRAST, PALETTES

BACKGROUND = {"light": "#FFFFFF", "dark": "#0E1117"}  # Streamlit's page backgrounds

# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
CVD = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
}


def linear(hex_color: str) -> np.ndarray:
    c = np.array([int(hex_color[i:i + 2], 16) for i in (1, 3, 5)]) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def luminance(rgb: np.ndarray) -> float:
    return float(np.clip(rgb, 0, 1) @ [0.2126, 0.7152, 0.0722])


def contrast(a: np.ndarray, b: np.ndarray) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_presenter_colours_stand_out_from_the_page_more_than_the_usual_ones(theme):
    bg = linear(BACKGROUND[theme])
    for key in ("pos", "neg", "fg"):
        assert contrast(linear(CONTRAST[theme][key]), bg) >= 4.5, key
        assert contrast(linear(CONTRAST[theme][key]), bg) >= contrast(linear(PALETTES[theme][key]), bg) - 1e-9


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("kind", list(CVD))
def test_the_two_classes_stay_apart_for_colour_blind_viewers(theme, kind):
    m = np.array(CVD[kind])
    pos, neg = (m @ linear(CONTRAST[theme][k]) for k in ("pos", "neg"))
    # Apart in lightness or in colour: the simulated colours differ by at least a fifth of the range in some channel.
    assert np.abs(np.clip(pos, 0, 1) - np.clip(neg, 0, 1)).max() >= 0.2
