"""The lesson /xor, all of it, in one folder: xor_checks, xor_lesson, xor_lift, xor_options, xor_words. The declaration
is xor_lesson.py (listed in the registry, :mod:`pla_lab.lessons`); the others are its options, words, figures,
computations and checks. It imports :mod:`pla_lab.api`, ``pla_core`` and this folder, never another lesson."""
