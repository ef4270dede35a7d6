"""The lessons, in the order the app lists them (the first opens at "/"). Adding a lesson: declare it in a module
here, add it to LESSONS, and add its page file ``pages/<slug>.py`` (two lines: import it, render it)."""

from .batch import BATCH
from .compare import COMPARE
from .experiments import EXPERIMENTS
from .halts import HALTS
from .margin import MARGIN
from .online import ONLINE
from .pla import PLA
from .pocket import POCKET
from .xor import XOR

LESSONS = (PLA, POCKET, XOR, HALTS, COMPARE, MARGIN, BATCH, ONLINE, EXPERIMENTS)
