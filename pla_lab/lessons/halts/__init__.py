"""The lesson /halts, all of it, in one folder: halts_checks, halts_figures, halts_lesson, halts_options, halts_proof,
halts_words. The declaration is halts_lesson.py (listed in the registry, :mod:`pla_lab.lessons`); the others are its
options, words, figures, computations and checks. It imports :mod:`pla_lab.api`, ``pla_core`` and this folder, never
another lesson."""
