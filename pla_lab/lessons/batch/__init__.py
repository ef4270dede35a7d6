"""The lesson /batch, all of it, in one folder: batch_checks, batch_figures, batch_lesson, batch_options, batch_words.
The declaration is batch_lesson.py (listed in the registry, :mod:`pla_lab.lessons`); the others are its options,
words, figures, computations and checks. It imports :mod:`pla_lab.api`, ``pla_core`` and this folder, never another
lesson."""
