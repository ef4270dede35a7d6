"""The words the lessons share, as plain text: formatting of numbers and vectors (:mod:`.text`), the notes and the
glossary, what a run's end means (:mod:`.halt_words`) and the sentences every replay says under its plot
(:mod:`.explain`). No Streamlit, no Plotly: the figure builders, the framework and the lessons all use them."""
