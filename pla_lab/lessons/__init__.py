"""The lessons, in the path's teaching order (:mod:`pla_lab.path` says why): the sidebar, the home page and the
previous/next links follow it. Adding a lesson: declare it in a module here, add it to LESSONS and to the path, and
add its page file ``pages/<slug>.py`` (two lines: import it, render it)."""

from .batch import BATCH
from .compare import COMPARE
from .experiments import EXPERIMENTS
from .halts import HALTS
from .margin import MARGIN
from .online import ONLINE
from .pla import PLA
from .pocket import POCKET
from .xor import XOR

LESSONS = (PLA, HALTS, XOR, POCKET, COMPARE, MARGIN, BATCH, ONLINE, EXPERIMENTS)
