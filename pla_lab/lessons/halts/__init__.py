"""The lesson /halts, all of it: halts_figures, halts_lesson, halts_proof, halts_words. The declaration is halts_lesson.py; the registry (:mod:`pla_lab.lessons`) lists it."""
