"""The lesson /online, all of it, in one folder: online_checks, online_lesson, online_runs, online_words. The
declaration is online_lesson.py (listed in the registry, :mod:`pla_lab.lessons`); the others are its options, words,
figures, computations and checks. It imports :mod:`pla_lab.api`, ``pla_core`` and this folder, never another lesson."""
