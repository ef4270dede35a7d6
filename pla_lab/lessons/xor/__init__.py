"""The lesson /xor, all of it: xor_lesson, xor_lift, xor_words. The declaration is xor_lesson.py; the registry (:mod:`pla_lab.lessons`) lists it."""
