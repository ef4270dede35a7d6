"""The lesson /pla, all of it, in one folder: pla_checks, pla_lesson, pla_words. The declaration is pla_lesson.py
(listed in the registry, :mod:`pla_lab.lessons`); the others are its options, words, figures, computations and
checks. It imports :mod:`pla_lab.api`, ``pla_core`` and this folder, never another lesson."""
