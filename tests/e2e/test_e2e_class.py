"""A whole class in browsers: the teacher makes a class from Home (a
pasted class list over several rooms), students open the class's one
link on their own devices and tap their name (no typing), each lands in
a room's lobby, and the teacher's class page shows every room, starts
them all with one button, gives the class's results as one file and ends
every game at the bell."""

from __future__ import annotations

from pathlib import Path

from e2e_harness import AppServer, PageFactory, wait_for_app
from play_helpers import UI_TIMEOUT_MS, expect_on, save_doc_screenshot, wait_until
from playwright.sync_api import Page, expect

from oneword.classes.service import ClassService
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store

CLASS = ["Ana", "Ben", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal"]


def make_class(page: Page, url: str, names: list[str], rooms: int) -> str:
    """Fill Home's class form as a teacher; return the class code."""
    page.goto(url)
    wait_for_app(page)
    page.get_by_text("For teachers: a whole class at once").click()
    form = page.get_by_test_id("stForm").filter(has_text="Class list")
    form.get_by_label("Your name").fill("Ms Reed")
    form.get_by_label("Class list, one name a line").fill("\n".join(names))
    form.get_by_label("Rooms").fill(str(rooms))
    form.get_by_role("button", name="Make the class").click()
    expect_on(page, "class")
    expect(page.get_by_text("Start every room")).to_be_visible(timeout=UI_TIMEOUT_MS)
    return page.url.rsplit("class=", 1)[1][:5]


def test_a_class_of_eight_takes_two_rooms_by_tapping_names_and_starts_at_once(
    app_server: AppServer, new_page: PageFactory
) -> None:
    teacher = new_page()
    code = make_class(teacher, app_server.url, CLASS, 2)
    classes = ClassService(RoomService(Store(app_server.db_path)))
    students = []
    for name in CLASS:
        page = new_page()
        page.goto(f"{app_server.url}/?join={code}")  # the class's one link, as its QR code holds
        expect_on(page, "class")
        page.get_by_role("button", name=name, exact=True).click()
        expect_on(page, "lobby")
        expect(page.get_by_text("Waiting for the host (Ms Reed)", exact=False)).to_be_visible(
            timeout=UI_TIMEOUT_MS
        )
        students.append(page)
    seated = wait_until(
        lambda: len(classes.class_list(code).seated) == len(CLASS) or None, "every seat"
    )
    assert seated
    late = new_page()
    late.goto(f"{app_server.url}/class?class={code}")
    expect(late.get_by_role("button", name="✓ Ana")).to_be_disabled(timeout=UI_TIMEOUT_MS)

    rooms = teacher.locator("[class*='st-key-class-room-']")
    expect(rooms).to_have_count(2, timeout=UI_TIMEOUT_MS)
    for room in range(2):
        expect(rooms.nth(room)).to_contain_text("4 players", timeout=UI_TIMEOUT_MS)
    teacher.get_by_role("button", name="Start every room").click()
    for page in students:
        expect_on(page, "(board|captain)")
    expect(teacher.locator(".ow-board")).to_have_count(2, timeout=UI_TIMEOUT_MS)
    save_doc_screenshot(teacher, "class-page")
    teacher.get_by_text("The class's results", exact=True).click()
    with teacher.expect_download() as download:
        teacher.get_by_role("button", name="Download the class's results (CSV)").click()
    table = Path(download.value.path()).read_text(encoding="utf-8").splitlines()
    assert table[0] == "round,student,room,game,result,clues given,cards found"
    assert sorted(row.split(",")[1] for row in table[1:]) == sorted(CLASS)
    assert all(row.split(",")[4] == "playing" for row in table[1:])
    teacher.get_by_role("button", name="End every game").click()  # the bell
    for page in students:
        expect_on(page, "results")
    expect(students[0].get_by_text("The host ended the game: no result.")).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
