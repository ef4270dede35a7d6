"""The lesson /experiments, all of it, in one folder: experiments_checks, experiments_figures, experiments_jobs,
experiments_lesson, experiments_results, experiments_show. The declaration is experiments_lesson.py (listed in the
registry, :mod:`pla_lab.lessons`); the others are its options, words, figures, computations and checks. It imports
:mod:`pla_lab.api`, ``pla_core`` and this folder, never another lesson."""
