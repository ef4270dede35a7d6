"""Sources: the five notes PLA Lab follows, where they disagree, and the slips the app found in them."""

from pla_lab.course import library

library.sources()
