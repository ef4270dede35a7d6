"""The lesson /batch, all of it: batch_checks, batch_figures, batch_lesson, batch_words. The declaration is batch_lesson.py; the registry (:mod:`pla_lab.lessons`) lists it."""
