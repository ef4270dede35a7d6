"""Shared drawing: the Plotly figure builders (:mod:`.figures`, :mod:`.animation`; no Streamlit) and the plot's
browser modules in ``plot/`` (plotly.js driven by the protocol of :mod:`pla_lab.framework.protocol`)."""
