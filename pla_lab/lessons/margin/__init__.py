"""The lesson /margin, all of it: margin_checks, margin_lesson, margin_words. The declaration is margin_lesson.py; the registry (:mod:`pla_lab.lessons`) lists it."""
