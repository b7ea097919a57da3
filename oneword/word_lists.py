"""Teachers' saved word lists (W-5): they belong to a device, not a room.

A device is known by a random key it keeps (a cookie); only the key's hash
is stored, like a player's token, so a leaked database gives no device's
lists away. A list is checked before it is saved, with the same check the
lobby uses, so a saved list is always playable.
"""

from __future__ import annotations

import time

from oneword.engine.errors import Reason
from oneword.i18n import N_
from oneword.service import Clock, WordsError, hash_token, inputs, storage_errors
from oneword.storage.protocol import RoomStore

MAX_LISTS_PER_DEVICE = 50
"""A device keeps its newest lists; saving one more forgets the oldest."""
LIST_LIFETIME = 400 * 24 * 3600.0
"""Lists unsaved for this long are forgotten: the device cookie that owns
them lasts as long (`ui/device.py`)."""
MAX_LIST_NAME = 40


class WordListService:
    """Save, list and delete a device's word lists. Holds no connection, so
    one instance may serve every thread; `clock` is injectable for tests.
    Use it over the store of a `RoomService`, which brings an older file up
    to date when it is built."""

    def __init__(self, store: RoomStore, clock: Clock = time.time) -> None:
        self.store = store
        self.clock = clock

    def save(self, device_key: str, name: str, text: str) -> list[str]:
        """Check and save a list under a name for this device (a list of
        that name is replaced); returns the words kept."""
        name = " ".join(inputs.text(name, inputs.MAX_FIELD, N_("The list's name")).split())
        if not name or len(name) > MAX_LIST_NAME:
            raise WordsError(
                Reason.LIST_NAME,
                N_("Give the list a name of 1-{count} characters."),
                count=MAX_LIST_NAME,
            )
        check = inputs.word_list(text)
        if not check.ok:
            raise WordsError(Reason.CUSTOM_WORDS, N_("{problems}"), problems=check.error_remarks)
        owner = hash_token(device_key)
        with storage_errors(), self.store.write() as tx:
            tx.save_word_list(owner, name, check.words, self.clock())
            tx.keep_newest_word_lists(owner, MAX_LISTS_PER_DEVICE)
            tx.delete_word_lists_before(self.clock() - LIST_LIFETIME)
        return list(check.words)

    def lists(self, device_key: str) -> dict[str, list[str]]:
        """This device's lists by name, in name order."""
        with storage_errors(), self.store.read() as tx:
            return tx.word_lists(hash_token(device_key))

    def delete(self, device_key: str, name: str) -> None:
        with storage_errors(), self.store.write() as tx:
            tx.delete_word_list(hash_token(device_key), name)
