"""The lesson /margin, all of it, in one folder: margin_checks, margin_lesson, margin_words. The declaration is
margin_lesson.py (listed in the registry, :mod:`pla_lab.lessons`); the others are its options, words, figures,
computations and checks. It imports :mod:`pla_lab.api`, ``pla_core`` and this folder, never another lesson."""
