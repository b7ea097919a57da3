"""Visual regression and accessibility (P-7): every gallery entry, drawn
alone at the laptop size, passes axe-core, and its screenshots at the
laptop, phone and projector sizes must match the stored PNGs in
`tests/e2e/screens/` (a small tolerance: `screen_compare`). One page load
serves an entry's check and its three sizes (the window is resized), so
all of them take about as long as a few fresh pages each would.

After an intended change to a page, the theme or the card styles, store
the new screenshots and look at them before committing:

    ONEWORD_UPDATE_SCREENS=1 python -m pytest tests/e2e/test_gallery_screens.py

The server gets a fixed public address, so the join links and QR codes
are the same on every run; the clue timers (which tick) are masked, and
animations are stopped.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_check import check_page, settle
from e2e_harness import ARTIFACTS_DIR, AppServer, start_app_server, stop_app_server, wait_for_app
from playwright.sync_api import Browser, Page
from screen_compare import compare, load, store

from oneword.gallery import ENTRIES
from oneword.ui.screens.gallery.frames import PRESETS, Preset, frame_url

SCREENS = Path(__file__).resolve().parent / "screens"
UPDATE = os.environ.get("ONEWORD_UPDATE_SCREENS") == "1"
SIZES = sorted(PRESETS, key=lambda preset: preset.name != "laptop")
"""The laptop first: the size the page was loaded at, as `shoot` loads it."""
PUBLIC_URL = "https://in-one-word.example/"


@pytest.fixture(scope="module")
def gallery_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    base = tmp_path_factory.mktemp("gallery_server")
    server = start_app_server(
        db_path=base / "oneword.sqlite3",
        log_dir=base / "logs",
        env={"ONEWORD_PUBLIC_URL": PUBLIC_URL},
    )
    try:
        yield server
    finally:
        stop_app_server(server)


def shoot(browser: Browser, server: AppServer, name: str, preset: Preset, css: str = "") -> bytes:
    """One entry alone at one preset's size, 1x, with what moves held still."""
    context = browser.new_context(
        viewport={"width": preset.width, "height": preset.height}, device_scale_factor=1
    )
    try:
        page = context.new_page()
        page.goto(f"{server.url}/{frame_url(name)}")
        wait_for_app(page)
        settle(page)
        if css:
            page.add_style_tag(content=css)
        page.mouse.move(0, 0)
        return settled_screenshot(page)
    finally:
        context.close()


def settled_screenshot(page: Page, every_ms: int = 120, tries: int = 40) -> bytes:
    """A screenshot once two in a row agree: Streamlit reports the run done
    before every element has drawn (a label, a button's key hint), and a
    resized window lays the page out again."""
    last = b""
    for _ in range(tries):
        page.wait_for_timeout(every_ms)
        shot = page.screenshot(
            animations="disabled", caret="hide", mask=[page.locator(".ow-timer")]
        )
        if shot == last:
            return shot
        last = shot
    raise AssertionError(f"the page kept changing for {tries} screenshots")


def differs_from_stored(name: str, preset: Preset, png: bytes) -> str | None:
    """Why this screenshot does not match the stored one (None: it does).
    With ONEWORD_UPDATE_SCREENS=1 it is stored first."""
    stored_path = SCREENS / f"{name}-{preset.name}.png"
    if UPDATE:
        store(png, stored_path)
    if not stored_path.exists():
        return f"no stored screenshot {stored_path.name}: run with ONEWORD_UPDATE_SCREENS=1"
    result = compare(load(stored_path.read_bytes()), load(png))
    if result.matches:
        return None
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS_DIR / f"{name}-{preset.name}-now.png").write_bytes(png)
    if result.diff is not None:
        result.diff.save(ARTIFACTS_DIR / f"{name}-{preset.name}-diff.png")
    return (
        f"{name} at {preset.name} differs from {stored_path.name} "
        f"({result.changed_share:.2%} of the pixels; see tests/e2e/artifacts/)"
    )


def test_P_7_every_gallery_entry_passes_axe_and_looks_as_stored_at_three_sizes(
    gallery_server: AppServer, browser: Browser
) -> None:
    """Every entry: no serious or critical axe-core violation at the laptop
    size (the rest are printed with the entry's name), and a screenshot at
    each size that matches the stored one."""
    laptop = SIZES[0]
    context = browser.new_context(
        viewport={"width": laptop.width, "height": laptop.height}, device_scale_factor=1
    )
    failed: list[str] = []
    try:
        page = context.new_page()
        for name in ENTRIES:
            page.set_viewport_size({"width": laptop.width, "height": laptop.height})
            page.goto(f"{gallery_server.url}/{frame_url(name)}")
            try:
                check_page(page, f"gallery {name}")
            except AssertionError as problem:
                failed.append(str(problem))
            page.mouse.move(0, 0)
            for preset in SIZES:
                page.set_viewport_size({"width": preset.width, "height": preset.height})
                problem = differs_from_stored(name, preset, settled_screenshot(page))
                if problem:
                    failed.append(problem)
    finally:
        context.close()
    assert not failed, "\n".join(failed)


def test_the_comparison_fails_when_a_card_colour_changes(
    gallery_server: AppServer, browser: Browser
) -> None:
    """A closed card's colour (`--ow-card` in theme.css) changed on purpose."""
    laptop = PRESETS[1]
    stored = load((SCREENS / f"guesser-marks-{laptop.name}.png").read_bytes())
    same = shoot(browser, gallery_server, "guesser-marks", laptop)
    assert compare(stored, load(same)).matches
    recoloured = shoot(
        browser, gallery_server, "guesser-marks", laptop, css="html:root {--ow-card: #d3e0f0;}"
    )
    assert not compare(stored, load(recoloured)).matches


def test_the_gallery_shows_an_entry_in_three_frames(
    gallery_server: AppServer, browser: Browser
) -> None:
    """The chooser's previews are the entry itself, one frame per preset."""
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    try:
        page = context.new_page()
        page.goto(f"{gallery_server.url}/gallery?entry=lobby-guest")
        wait_for_app(page)
        outer = page.frame_locator("iframe").first
        for preset in PRESETS:
            inner = outer.frame_locator(f'iframe[title^="{preset.name.title()}"]')
            heading = inner.get_by_role("heading", name="Room GALLERY")
            heading.wait_for(timeout=30_000)
    finally:
        context.close()


def test_the_theme_switcher_reaches_the_frames(gallery_server: AppServer, browser: Browser) -> None:
    """A frame asked for the dark variant of the app's theme is drawn dark."""
    shades = {}
    for theme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        try:
            page = context.new_page()
            page.goto(f"{gallery_server.url}/{frame_url('lobby-guest', theme)}")
            wait_for_app(page)
            shades[theme] = page.evaluate(
                "getComputedStyle(document.querySelector('[data-testid=stApp]')).backgroundColor"
            )
        finally:
            context.close()
    assert shades["light"] == "rgb(255, 255, 255)"
    red, green, blue = (int(v) for v in shades["dark"][4:-1].split(","))
    assert max(red, green, blue) < 64, shades
