"""The board as HTML: a 5x5 grid of cards that fits a phone and a projector.

Used wherever the board is only looked at (the captain's map, spectators,
the results' reveal). Every word and name passes through `plain` and
`escape_html`. A card shows
a colour only when the view holds it: open cards for everyone, the map for
the seats whose view carries one.

No card is drawn see-through: faded text fails WCAG AA's contrast. A card
never opened (results) is faded by being drawn in its colour's tint with a
dashed border; an open card on a map is crossed out.
A side with its own colour (K-2) is drawn in it, from the view's `sides`;
the symbols stay (P-7).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence

from oneword.engine import Colour, Team
from oneword.engine.views import CardView, SideView
from oneword.i18n import _, current_language
from oneword.ui.card_names import card_name
from oneword.ui.hyphens import hyphenate
from oneword.ui.symbols import SYMBOL, paint
from oneword.ui.text import escape_html, plain

BOARD_CSS = """
<style>
.ow-wrap {container-type:inline-size; width:100%;}
.ow-board {display:grid; grid-template-columns:repeat(5, minmax(0, 1fr));
  gap:clamp(3px, 0.8cqi, 10px); width:100%;}
.ow-card {position:relative; border-radius:8px; border:2px solid var(--ow-card-border);
  background:var(--ow-card); color:var(--ow-card-text); aspect-ratio:2 / 1; display:flex;
  align-items:center; justify-content:center; text-align:center;
  padding:2px 0.9em; font-weight:600;
  font-size:max(12px, calc(var(--ow-scale, 1) * clamp(12px, 3cqi, 30px)));
  line-height:1.1; overflow-wrap:break-word; hyphens:manual;}
.ow-big .ow-card {font-size:max(12px, calc(var(--ow-scale, 1) * clamp(12px, 3cqi, 46px)));
  aspect-ratio:16 / 9;}
.ow-card .ow-sym {position:absolute; top:2px; left:5px; font-size:0.8em;}
.ow-card .ow-note {position:absolute; bottom:1px; left:0; right:0;
  font-size:0.55em; font-weight:400;}
.ow-card.ow-open {border-style:solid;}
.ow-card.ow-map {border-width:4px; background:var(--ow-map-card);}
.ow-card.ow-done {text-decoration:line-through; text-decoration-thickness:2px;}
.ow-card.ow-unopened {border-style:dashed; border-width:3px;}
.ow-reveal .ow-card {animation:ow-flip 0.5s ease-out both;}
@media (max-width: 640px) {
  .ow-board, .ow-big .ow-board {gap:3px;}
  .ow-card, .ow-big .ow-card {aspect-ratio:auto; min-height:3.6em; padding:1.1em 3px 3px;
    font-size:max(12px, calc(var(--ow-scale, 1) * 3.6cqi));}
  .ow-card.ow-map {border-width:3px;}
  .ow-card .ow-sym {font-size:12px; top:1px; left:4px;}
  .ow-card .ow-note {position:static; display:block; font-size:12px;}
  .ow-card:has(.ow-note) {flex-direction:column;}
}
@keyframes ow-flip {from {transform:rotateY(90deg);} to {transform:rotateY(0);}}
</style>
"""


def _card_style(colour: Colour, sides: Mapping[Team, SideView] | None, *, solid: bool) -> str:
    bg, fg, tint = paint(colour, sides)
    if solid:
        return f"background:{bg};color:{fg};border-color:{bg};"
    return f"border-color:{bg};background:{tint};"


def text_scale(word: str) -> float:
    """Long words get a smaller type, so they fit a card without breaking
    mid-word (CSS cannot fit text to a box by itself). Pages' own font
    rules multiply by the `--ow-scale` this sets."""
    longest = max((len(part) for part in word.split()), default=0)
    return 0.62 if longest >= 11 else 0.78 if longest >= 8 else 1.0


def card_html(
    card: CardView,
    map_colour: Colour | None,
    *,
    delay: float | None = None,
    unopened: bool = False,
    language: str = "en",
    sides: Mapping[Team, SideView] | None = None,
) -> str:
    """One card. `map_colour` is the seat's own map colour, if its view has
    one; an `unopened` card (results) shows its colour, pale; `sides` the
    view's side colours (K-2)."""
    classes = ["ow-card"]
    style = ""
    symbol = ""
    if card.colour is not None:
        classes.append("ow-open")
        style = _card_style(card.colour, sides, solid=not unopened)
        symbol = SYMBOL[card.colour]
        if map_colour is not None:
            classes.append("ow-done")
    elif map_colour is not None:
        classes.append("ow-map")
        style = _card_style(map_colour, sides, solid=False)
        symbol = SYMBOL[map_colour]
    if unopened:
        classes.append("ow-unopened")
    style += f"--ow-scale:{text_scale(card.word)};"
    if delay is not None:
        style += f"animation-delay:{delay:.2f}s;"
    notes = [_("neutral for {team}").format(team=_(t.label)) for t in card.neutral_for]
    if card.marked_by:
        names = ", ".join(plain("{name}", name=n) for n in card.marked_by)
        notes.append(_("picked by {names}").format(names=names))
    note = f'<span class="ow-note">{escape_html("; ".join(notes))}</span>' if notes else ""
    shown = escape_html(plain("{word}", word=hyphenate(card.word, language)))
    name = card_name(card, map_colour, unopened=unopened, sides=sides)
    return (
        f'<div class="{" ".join(classes)}" style="{style}" role="img" '
        f'aria-label="{escape_html(name)}" data-card="{card.index}">'
        f'<span class="ow-sym">{symbol}</span>{shown}{note}</div>'
    )


def board_html(
    cards: Sequence[CardView],
    map_colours: Sequence[Colour] | None = None,
    *,
    big: bool = False,
    reveal: bool = False,
    unopened: Collection[int] = (),
    language: str = "en",
    sides: Mapping[Team, SideView] | None = None,
) -> str:
    """The whole grid; `reveal` flips the cards over one by one (R-1),
    cards listed in `unopened` (never opened in the game) are faded, words
    break where `language` hyphenates them, and `sides` (the view's, K-2)
    colours each side's cards."""
    classes = "ow-board" + (" ow-big" if big else "") + (" ow-reveal" if reveal else "")
    shared = (current_language(), language, _sides_key(sides))
    body = "".join(
        _kept_card_html(
            card,
            map_colours[card.index] if map_colours is not None else None,
            card.index * 0.12 if reveal else None,
            card.index in unopened,
            shared,
            sides,
        )
        for card in cards
    )
    name = escape_html(_("Board, 25 cards"))
    return (
        f'{BOARD_CSS}<div class="ow-wrap"><div class="{classes}" role="group" '
        f'aria-label="{name}">{body}</div></div>'
    )


_CARDS_KEPT = 20_000
_cards: dict[Hashable, str] = {}
"""Cards drawn already. After a change every tab of a room draws its
board again, mostly the same 25 cards (hyphenated, named for screen
readers): each is drawn once per process and look."""


def _kept_card_html(
    card: CardView,
    map_colour: Colour | None,
    delay: float | None,
    unopened: bool,
    shared: tuple[str, str, Hashable],
    sides: Mapping[Team, SideView] | None,
) -> str:
    """`card_html`, from the cards drawn already when this one looked the
    same (in the same page language, word language and side colours)."""
    key = (
        shared,
        card.index,
        card.word,
        card.colour,
        tuple(card.neutral_for),
        tuple(card.marked_by),
        map_colour,
        delay,
        unopened,
    )
    drawn = _cards.get(key)
    if drawn is None:
        drawn = card_html(
            card, map_colour, delay=delay, unopened=unopened, language=shared[1], sides=sides
        )
        if len(_cards) >= _CARDS_KEPT:
            _cards.clear()
        _cards[key] = drawn
    return drawn


def _sides_key(sides: Mapping[Team, SideView] | None) -> Hashable:
    if not sides:
        return None
    return tuple(sorted((team.value, s.colour, s.name, s.hex) for team, s in sides.items()))
