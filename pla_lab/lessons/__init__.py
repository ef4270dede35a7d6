"""The lessons, in the path's teaching order (:mod:`pla_lab.course.path` says why): the sidebar, the home page and the
previous/next links follow it. Adding a lesson: declare it in a module here, add it to LESSONS and to the path, and
add its page file ``pages/<slug>.py`` (two lines: import it, render it)."""

from pla_lab.lessons.batch.batch_lesson import BATCH
from pla_lab.lessons.compare.compare_lesson import COMPARE
from pla_lab.lessons.experiments.experiments_lesson import EXPERIMENTS
from pla_lab.lessons.halts.halts_lesson import HALTS
from pla_lab.lessons.margin.margin_lesson import MARGIN
from pla_lab.lessons.online.online_lesson import ONLINE
from pla_lab.lessons.pla.pla_lesson import PLA
from pla_lab.lessons.pocket.pocket_lesson import POCKET
from pla_lab.lessons.xor.xor_lesson import XOR

LESSONS = (PLA, HALTS, XOR, POCKET, COMPARE, MARGIN, BATCH, ONLINE, EXPERIMENTS)
