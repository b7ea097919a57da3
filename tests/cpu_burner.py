"""A bounded CPU burner: busy processes that keep the machine's cores as
loaded as a shared classroom server or a small cloud instance is.

Used by the browser test that plays a game under load and by
`benchmarks/bench_screen_changes.py`. Each burner is a separate process spinning in a loop; it
stops by itself after `seconds` (so a crashed caller never leaves the
machine burning) and is killed when the context ends.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

_SPIN = "import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end:\n    pass\n"


@contextmanager
def cpu_burners(count: int, seconds: float = 900.0) -> Iterator[list[subprocess.Popen[bytes]]]:
    """`count` spinning processes for at most `seconds`, stopped on exit."""
    burners = [
        subprocess.Popen([sys.executable, "-c", _SPIN.format(seconds=seconds)])
        for _ in range(count)
    ]
    try:
        yield burners
    finally:
        for burner in burners:
            burner.kill()
        for burner in burners:
            burner.wait()
