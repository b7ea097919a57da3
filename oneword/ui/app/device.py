"""A secret key kept on the device (a cookie), so a teacher's saved word
lists come back on the same browser without an account, and a device the
host removed from a room stays out of it (the service keeps only its hash).

The cookie is written through `browser`, like the seats' cookies.
"""

from __future__ import annotations

import secrets

from oneword.ui.app.browser import cookie, is_safe, set_cookie

COOKIE = "oneword_device"
MAX_AGE = 400 * 24 * 3600


def device_key() -> str:
    key = cookie(COOKIE)
    if not key or not is_safe(key):
        key = secrets.token_urlsafe(24)
    set_cookie(COOKIE, key, MAX_AGE)
    return key
