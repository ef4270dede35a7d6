"""How often one browser may do a thing that costs the server or could be used to guess (issues 35, 45): type a class
code, send an answer. A bucket per browser and kind (its id: ``classes.counted_as``, the session's where the browser
keeps no cookie): it holds ``burst`` tries and refills at ``per_s`` a second; a try with the bucket empty is refused,
and the page says how long to wait. In this process only: behind nginx each replica counts the browsers it serves,
which sticky sessions keep on one replica."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field


@dataclass
class Limit:
    burst: float  # tries at once
    per_s: float  # tries a second, over time
    clock: object = time.monotonic
    _buckets: dict = field(default_factory=dict)  # browser (or session) → (tokens, at)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, session: str) -> float:
        """0 if ``session`` (a browser's id) may go ahead now (its try counted), else the seconds until it may."""
        now = self.clock()
        with self._lock:
            tokens, at = self._buckets.get(session, (self.burst, now))
            tokens = min(self.burst, tokens + (now - at) * self.per_s)
            if tokens < 1:
                self._buckets[session] = (tokens, now)
                return (1 - tokens) / self.per_s
            self._buckets[session] = (tokens - 1, now)
            if len(self._buckets) > 10_000:  # sessions long gone: their buckets are full again, forget them
                full = [k for k, (t, a) in self._buckets.items() if t + (now - a) * self.per_s >= self.burst]
                for k in full:
                    del self._buckets[k]
            return 0.0


#: A class code typed on /class: 5 at once, then one every 6 s (a wrong guess costs the guesser, not the class).
CODES = Limit(burst=5, per_s=1 / 6)
#: A student's answers: 5 at once, then 2 a second (changing one's mind is fine; a script hammering is not).
ANSWERS = Limit(burst=5, per_s=2)
