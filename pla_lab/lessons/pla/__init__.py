"""The lesson /pla, all of it: pla_lesson. The declaration is pla_lesson.py; the registry (:mod:`pla_lab.lessons`) lists it."""
