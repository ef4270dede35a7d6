"""Glossary: every term of jargon the lessons link, in plain words, and where the app shows it."""

from pla_lab.course import library

library.glossary_page()
