"""The lesson /pocket, all of it, in one folder: pocket_checks, pocket_lesson, pocket_options, pocket_words. The
declaration is pocket_lesson.py (listed in the registry, :mod:`pla_lab.lessons`); the others are its options, words,
figures, computations and checks. It imports :mod:`pla_lab.api`, ``pla_core`` and this folder, never another lesson."""
