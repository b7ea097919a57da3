"""What a screen reader says for a card: its word, then what this seat may
know of it ("apple: open, red", "apple: closed, blue on your map",
"apple: closed; marked by Ana").

A name is built from the seat's view only, like the card's colours: a
closed card is named by its colour only when the seat's own map (a
captain's, a Together player's side) is passed in, so a guesser's name
never says a colour the guesser cannot see. The state comes first and the
marks after a "; ", so the part that may tell a colour is easy to find.

Names are plain text with user values isolated (`plain`); a caller puts
one in an attribute through `escape_html`, or in a script as JSON.
"""

from __future__ import annotations

from collections.abc import Mapping

from oneword.engine import Colour, Team
from oneword.engine.views import CardView, SideView
from oneword.i18n import _
from oneword.ui.symbols import colour_name
from oneword.ui.text import plain


def card_state(
    card: CardView,
    map_colour: Colour | None,
    *,
    unopened: bool = False,
    sides: Mapping[Team, SideView] | None = None,
) -> str:
    """The card's state as this seat knows it: "open, red", "never opened,
    red" (results), "closed, red on your map" or "closed"."""
    if card.colour is not None:
        state = _("never opened, {colour}") if unopened else _("open, {colour}")
        return state.format(colour=colour_name(card.colour, sides))
    if map_colour is not None:
        return _("closed, {colour} on your map").format(colour=colour_name(map_colour, sides))
    return _("closed")


def card_notes(card: CardView) -> list[str]:
    """What else the view says of the card: which sides saw it neutral
    (Together) and who marked it (Versus)."""
    notes = [_("neutral for {side}").format(side=team.label) for team in card.neutral_for]
    if card.marked_by:
        names = ", ".join(plain("{name}", name=name) for name in card.marked_by)
        notes.append(_("marked by {names}").format(names=names))
    return notes


def card_name(
    card: CardView,
    map_colour: Colour | None,
    *,
    unopened: bool = False,
    sides: Mapping[Team, SideView] | None = None,
) -> str:
    """The card's accessible name: word, state, then notes."""
    word = plain("{word}", word=card.word)
    state = card_state(card, map_colour, unopened=unopened, sides=sides)
    return "; ".join([f"{word}: {state}", *card_notes(card)])
