"""A countdown that ticks in the browser, so a timer needs no server rerun
per second (docs/design.md, "Refresh and the database"). The page passes the seconds left at render
time; the browser counts from there with its own monotonic clock, so the
two machines' clocks never need to agree."""

from __future__ import annotations

import streamlit as st

from oneword.i18n import _

_SCRIPT = """
<div class="ow-timer" style="font-size:{size};font-weight:700;font-variant-numeric:tabular-nums">
  <span>{label}</span> <span id="{el}">{text}</span>
</div>
<script>
(function() {{
  const end = performance.now() + {ms};
  const el = document.getElementById("{el}");
  function tick() {{
    if (!el || !el.isConnected) return;
    const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
    el.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    if (left > 0) setTimeout(tick, 250);
  }}
  tick();
}})();
</script>
"""


def _clock(seconds: float) -> str:
    left = max(0, int(seconds + 0.999))
    return f"{left // 60}:{left % 60:02d}"


def countdown(
    label: str, seconds_left: float, *, key: str, big: bool = False, frozen: bool = False
) -> None:
    """Show `label m:ss` counting down from `seconds_left` (standing still
    when `frozen`, e.g. while paused). `label` is our own text (never user
    text)."""
    if frozen:
        size = "2.2rem" if big else "1.2rem"
        paused = _("(paused)")
        st.html(
            f'<div class="ow-timer" style="font-size:{size};font-weight:700">'
            f"{label} {_clock(seconds_left)} {paused}</div>"
        )
        return
    st.html(
        _SCRIPT.format(
            label=label,
            el=f"ow-countdown-{key}",
            ms=int(max(0.0, seconds_left) * 1000),
            text=_clock(seconds_left),
            size="2.2rem" if big else "1.2rem",
        ),
        unsafe_allow_javascript=True,
    )
