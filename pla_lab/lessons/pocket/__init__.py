"""The lesson /pocket, all of it: pocket_lesson, pocket_words. The declaration is pocket_lesson.py; the registry (:mod:`pla_lab.lessons`) lists it."""
