"""Smoke tests: the real app starts, answers its health check and renders home."""

from e2e_harness import AppServer, PageFactory, health, save_screenshot, wait_for_app
from playwright.sync_api import expect


def test_health_endpoint_answers_ok(app_server: AppServer) -> None:
    assert health(app_server.url) == "ok"


def test_home_page_shows_title(app_server: AppServer, new_page: PageFactory) -> None:
    page = new_page()
    page.goto(app_server.url)
    wait_for_app(page)
    expect(page.get_by_role("heading", name="In One Word")).to_be_visible()
    save_screenshot(page, "smoke-home")
