"""The lesson /compare, all of it, in one folder: compare_checks, compare_figures, compare_lesson, compare_runs,
compare_words. The declaration is compare_lesson.py (listed in the registry, :mod:`pla_lab.lessons`); the others are
its options, words, figures, computations and checks. It imports :mod:`pla_lab.api`, ``pla_core`` and this folder,
never another lesson."""
