"""Lecture: the demos a lecturer has lined up, with their captions; present them from one link, with a clicker."""

from pla_lab.course import lecture

lecture.page()
