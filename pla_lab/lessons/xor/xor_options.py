"""The lesson XOR's own options: widgets, kept in its link."""

from __future__ import annotations

from pla_lab.api import Setting, dump_bool, parse_bool

#: The XOR page's own options.
OPTIONS = (
    Setting("lift", False, parse_bool, dump_bool, label="Add x₁x₂ as a third feature",
            help="PLA then learns b + w₁x₁ + w₂x₂ + w₃x₁x₂: a curve in the plane.", widget="toggle"),
    Setting("cert", True, parse_bool, dump_bool, label="Draw the certificate",
            help="The weighted averages that meet: why no line can separate these points.", widget="toggle"),
)
