"""The lesson /online, all of it: online_checks, online_lesson, online_runs, online_words. The declaration is online_lesson.py; the registry (:mod:`pla_lab.lessons`) lists it."""
