"""axe-core on a page as it is drawn: the one accessibility check every
browser test calls (`check_page(page, "board, guesser")`).

It runs axe-core (carried by the `axe-playwright-python` package) on the
whole page, waits for Streamlit to be idle first, and fails on any
serious or critical violation. Minor and moderate ones are printed with
the page's label, so a run's output lists what is left to improve.

A few findings come from the markup Streamlit itself draws, which the app
cannot change. Each is listed once in `STREAMLIT_EXCLUSIONS` with the rule,
the exact selector and why; the rule still runs on everything else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from e2e_harness import wait_for_app
from playwright.sync_api import Page

BLOCKING = frozenset({"serious", "critical"})
"""Impacts that fail a check; lower ones are printed."""


@dataclass(frozen=True)
class Exclusion:
    """One finding of axe that the app cannot fix: `rule` on elements that
    match `selector` (a CSS selector axe reports the element by), and why."""

    rule: str
    selector: str
    reason: str


STREAMLIT_EXCLUSIONS: tuple[Exclusion, ...] = ()
"""Streamlit's own markup that no CSS, attribute or setting of the app
can make pass. Empty while everything passes; an entry names one rule and
one selector only."""

_AXE = Axe()
_OPTIONS: Mapping[str, Any] = {
    "resultTypes": ["violations"],
    # WCAG 2.2 A and AA, plus axe's best practices (landmarks, headings).
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
}


@dataclass(frozen=True)
class Finding:
    """One violated rule on one page, with the elements it was found on."""

    rule: str
    impact: str
    help: str
    targets: tuple[str, ...]
    detail: str = ""

    def line(self) -> str:
        shown = ", ".join(self.targets[:4]) + (" ..." if len(self.targets) > 4 else "")
        detail = f"\n    {self.detail}" if self.detail else ""
        return f"{self.rule} ({self.impact}): {self.help} [{len(self.targets)}: {shown}]{detail}"


def _target(node: Mapping[str, Any]) -> str:
    """The selector axe gives for a node (frames joined by ' >> ')."""
    parts = node.get("target", [])
    return " >> ".join(p if isinstance(p, str) else " ".join(p) for p in parts)


def _excluded(rule: str, target: str, exclusions: Sequence[Exclusion]) -> bool:
    return any(e.rule == rule and e.selector == target for e in exclusions)


def findings(
    response: Mapping[str, Any], exclusions: Sequence[Exclusion] = STREAMLIT_EXCLUSIONS
) -> list[Finding]:
    """The violations of one axe run, without the excluded elements."""
    found = []
    for violation in response.get("violations", []):
        rule = violation["id"]
        nodes = [
            n for n in violation.get("nodes", []) if not _excluded(rule, _target(n), exclusions)
        ]
        if nodes:
            impact = violation.get("impact") or "minor"
            targets = tuple(_target(n) for n in nodes)
            detail = " ".join(str(nodes[0].get("failureSummary", "")).split())
            found.append(Finding(rule, impact, violation.get("help", ""), targets, detail))
    return found


def run_axe(page: Page, tries: int = 3) -> list[Finding]:
    """axe-core's violations on the page as it is now (Streamlit idle).

    A page that polls may start a run while axe measures it; the elements
    that run replaces fade, and a faded caption reads as a contrast the
    page never settles on. So a measurement is kept only if the page was
    the same, idle and unfaded, before and after it; otherwise it is
    taken again (the last one stands after `tries`)."""
    found: list[Finding] = []
    for _ in range(tries):
        wait_for_app(page)
        settle(page)
        before = page.evaluate(_SHAPE)
        found = findings(_AXE.run(page, options=dict(_OPTIONS)).response)
        if _still(before) and page.evaluate(_SHAPE) == before:
            return found
    return found


_SHAPE = """() => {
    const app = document.querySelector('[data-testid="stApp"]');
    if (app && !window.axeCheckRuns) {
        window.axeCheckRuns = {count: 0};
        new MutationObserver(() => window.axeCheckRuns.count++).observe(
            app, {attributes: true, attributeFilter: ["data-test-script-state"]});
    }
    return [
        document.body.innerHTML.length,
        document.querySelectorAll('[data-stale="true"]').length,
        document.getAnimations().filter(a => a.playState === "running"
            && a.effect && a.effect.getComputedTiming().endTime !== Infinity).length,
        app?.getAttribute("data-test-script-state"),
        window.axeCheckRuns ? window.axeCheckRuns.count : -1,
    ];
}"""
"""What changes while a page is still drawing: its HTML's size, the elements
an earlier run left (faded), finite animations (a fade in progress shows
text paler than it is), whether a run is going on, and how often a run
started or ended since the check began watching (a run that came and
went between two looks)."""


def _still(shape: list[Any]) -> bool:
    """A shape of a page at rest: nothing faded, nothing fading, no run."""
    return shape[1] == 0 and shape[2] == 0 and shape[3] == "notRunning"


def settle(page: Page, every_ms: int = 150, tries: int = 30) -> None:
    """Wait until the page looks finished: the same `_SHAPE` twice in a row,
    nothing stale and nothing fading. Streamlit reports a run done before
    every element has drawn, and a rerun fades the elements it replaces;
    axe measuring a half-faded caption reports a contrast the page never
    settles on. After `tries` the check goes on with the page as it is."""
    last = None
    for _ in range(tries):
        page.wait_for_timeout(every_ms)
        shape = page.evaluate(_SHAPE)
        if shape == last and _still(shape):
            return
        last = shape


def check_page(page: Page, label: str) -> list[Finding]:
    """Fail on serious or critical violations on `page`; print the rest.
    `label` names the page and state in the output (e.g. "board, guesser").
    Returns every finding, so a caller can look closer."""
    found = run_axe(page)
    for finding in found:
        print(f"axe [{label}] {finding.line()}")
    blocking = [f for f in found if f.impact in BLOCKING]
    assert not blocking, f"axe [{label}]: serious or critical violations:\n" + "\n".join(
        f.line() for f in blocking
    )
    return found
