"""Shared drawing: the figure builders (:mod:`.figures`; :mod:`.animation`, the standalone HTML export with plotly.js;
no Streamlit), the first picture, and the plot's browser modules in ``plot/`` (our own SVG, driven by the protocol
of :mod:`pla_lab.framework.protocol`)."""
