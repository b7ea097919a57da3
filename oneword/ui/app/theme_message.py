"""The theme part of a run's first message, made once per configuration
(docs/design.md, "A saturated server slows down").

Streamlit starts every run, a polling tick included, with a message that
carries the whole theme: six sections, each read afresh from the
configuration by going over every option there is. Under load that was a
tenth of the server's time (py-spy, 200 tabs with actions), for a theme
that changes only when the configuration is read again. So each section
is made once for the configuration read at the time, and copied into the
message; a configuration read again (a new options table) makes it anew.
"""

from __future__ import annotations

from collections.abc import Callable

from streamlit import config
from streamlit.proto.NewSession_pb2 import CustomThemeConfig
from streamlit.runtime import app_session

from oneword.ui.app.wrap_once import wrap_once

_MARK = "_oneword_keeps_theme_sections"
Populate = Callable[..., None]


def install() -> None:
    """Keep each theme section once made, once per server process."""
    wrap_once(app_session, "_populate_theme_msg", _kept, _MARK)


def _options_table() -> object:
    """The current reading of the configuration: a new reading is a new
    table of options."""
    return getattr(config, "_config_options", None)


def _kept(original: Populate) -> Populate:
    made: dict[str, tuple[object, CustomThemeConfig]] = {}
    """Each section as made, with the reading it was made from (kept, so
    that a new reading can never pass for it)."""

    def populate_theme_msg(msg: CustomThemeConfig, section: str = "theme") -> None:
        table = _options_table()
        kept = made.get(section)
        if kept is None or kept[0] is not table:
            kept = (table, CustomThemeConfig())
            original(kept[1], section)
            made[section] = kept
        msg.MergeFrom(kept[1])

    return populate_theme_msg
