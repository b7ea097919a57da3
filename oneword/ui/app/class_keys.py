"""The teacher's key to a class (`oneword.classes`), kept in a cookie of
this browser as a seat's token is: whoever holds it hosts every room of
the class, so it never goes into a link. The last class made on this
device is remembered too, so its list can be used again for new rooms."""

from __future__ import annotations

from typing import NoReturn

import streamlit as st

from oneword.classes.service import ClassService
from oneword.service.codes import is_well_formed, normalize
from oneword.ui.app.browser import cookie, drop_cookie, is_safe, set_cookie
from oneword.ui.app.pages import page
from oneword.ui.app.session import service

KEY_COOKIE = "oneword_class_"
LAST_COOKIE = "oneword_last_class"
MAX_AGE = 30 * 24 * 3600
_SESSION_KEYS = "_ow_class_keys"


def class_service() -> ClassService:
    """Class sessions over the process's one room service."""
    return ClassService(service())


def open_class(code: str) -> NoReturn:
    """Switch to class `code`'s page (`?class=` is a keyword in Python,
    so not a `routing.go` argument)."""
    st.switch_page(page("class_page"), query_params={"class": code})
    raise AssertionError("switch_page returns only by raising")


def class_code(text: str | None) -> str | None:
    """A well-formed code from what was typed or linked, else None."""
    code = normalize(text or "")
    return code if is_well_formed(code) else None


def teacher_key(code: str) -> str | None:
    """This browser's key to class `code`, if it made the class."""
    kept = st.session_state.get(_SESSION_KEYS, {}).get(code)
    found = kept or cookie(KEY_COOKIE + code)
    return found if found and is_safe(found) else None


def keep_teacher_key(code: str, key: str) -> None:
    st.session_state.setdefault(_SESSION_KEYS, {})[code] = key
    set_cookie(KEY_COOKIE + code, key, MAX_AGE)
    set_cookie(LAST_COOKIE, code, MAX_AGE)


def forget_teacher_key(code: str) -> None:
    st.session_state.get(_SESSION_KEYS, {}).pop(code, None)
    drop_cookie(KEY_COOKIE + code)


def last_class() -> str | None:
    """The class this browser made last, while it still holds its key."""
    code = class_code(cookie(LAST_COOKIE))
    return code if code and teacher_key(code) else None
