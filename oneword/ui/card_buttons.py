"""The board as 25 buttons, for the seats that tap cards.

Each button's key (`card-N`) gives Streamlit a CSS class (`st-key-card-N`),
which colours open cards and the seat's own map; the colours written into
the CSS are only those the view holds, so nothing secret reaches the page.
A card's own rule (`div.st-key-card-N button`) is as specific as the
board's base rule and comes after it, so the card's colours win.

In Together, a card already known to be neutral on the map that decides
the next open (T-5) is marked, so players see it before trying it; the
engine still refuses it.

A side with its own colour (K-2, the view's `sides`) is drawn in it.

A screen reader hears each button by the card's name (`card_names`: word,
state, marks), not by its label's symbols, and whether it is the selected
card (`aria-pressed`). Streamlit gives a button no attribute of the app's,
so a small script sets them on the 25 buttons (`card_name_script`), again
whenever Streamlit draws a button anew. The names come from the same view
as the colours. The buttons come in the board's order, row by row, so Tab
walks the board as it reads; a focused card has a ring of its own, apart
from the selection's. A card picked with Enter or Space is drawn anew by
the rerun the pick starts, which would drop the keyboard's place; the
script puts the focus back on it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence

import streamlit as st

from oneword.engine import Colour, Team
from oneword.engine.views import CardView, SideView
from oneword.i18n import ngettext
from oneword.ui.card_names import card_name
from oneword.ui.cards import text_scale
from oneword.ui.hyphens import hyphenate
from oneword.ui.symbols import SYMBOL, paint
from oneword.ui.text import inert

_BASE_CSS = """
div[class*="st-key-card-"] button {width:100%; min-height:clamp(44px, 7vw, 96px);
  padding:2px; border:2px solid var(--ow-card-border); background:var(--ow-card);
  color:var(--ow-card-text);}
div[class*="st-key-card-"] button p {font-weight:600;
  font-size:max(12px, calc(var(--ow-scale, 1) * clamp(12px, 2.4vw, 24px)));
  line-height:1.15; overflow-wrap:break-word; hyphens:manual;}
div[data-testid="stHorizontalBlock"]:has(div[class*="st-key-card-"]) > div[data-testid="stColumn"]
  {min-width:0;}
@media (max-width: 640px) {
  div[data-testid="stHorizontalBlock"]:has(div[class*="st-key-card-"]) {gap:3px;}
  div[class*="st-key-card-"] button {padding:1px;}
}
div[class*="st-key-card-"] button [data-testid="stMarkdownContainer"],
div[class*="st-key-card-"] button p {white-space:normal; overflow:visible; text-overflow:clip;}
div[class*="st-key-card-"] button:focus-visible {outline:4px solid var(--ow-focus) !important;
  outline-offset:3px !important; box-shadow:0 0 0 3px var(--ow-focus-halo) !important;}
"""


KNOWN_NEUTRAL = "⊘"
"""The mark on a card known to be neutral on the deciding map (T-5)."""


def _card_css(
    card: CardView,
    map_colour: Colour | None,
    selected: bool,
    sides: Mapping[Team, SideView] | None = None,
    *,
    neutral: bool = False,
) -> str:
    # `:disabled` too: Streamlit's disabled-button style would hide an open card's colour.
    key = f"div.st-key-card-{card.index} button"
    rule = f"{key}, {key}:disabled {{"
    if card.colour is not None:
        bg, fg, _ = paint(card.colour, sides)
        rule += f"background:{bg};color:{fg};border-color:{bg};"
    elif map_colour is not None:
        bg, _, tint = paint(map_colour, sides)
        rule += f"border:3px solid {bg};background:{tint};"
    if neutral:
        rule += "border-style:dashed;"
    if selected:
        rule += "outline:4px solid var(--ow-selected);outline-offset:2px;"
        rule += "box-shadow:inset 0 0 0 3px var(--ow-card-text);"
    scale = text_scale(card.word)
    if scale != 1.0:
        rule += f"--ow-scale:{scale};"
    return rule + "}"


def _label(
    card: CardView, map_colour: Colour | None, selected: bool, *, neutral: bool, language: str
) -> str:
    shown = card.colour or map_colour
    parts = [SYMBOL[shown]] if shown else []
    if selected:
        parts.append("▶")
    parts.append(inert("{word}", word=hyphenate(card.word, language)))
    if neutral:
        parts.append(KNOWN_NEUTRAL)
    if len(card.marked_by) == 1:
        parts.append(inert("· {name}", name=card.marked_by[0]))
    elif card.marked_by:
        picks = len(card.marked_by)
        parts.append("· " + ngettext("{count} pick", "{count} picks", picks).format(count=picks))
    return " ".join(parts)


_NAME_SCRIPT = """<script>
(function() {
  const names = %s;
  const pressed = %s;
  function label() {
    for (const [index, name] of Object.entries(names)) {
      const on = String(Number(index) === pressed);
      document.querySelectorAll(".st-key-card-" + index + " button").forEach((b) => {
        if (b.getAttribute("aria-label") !== name) b.setAttribute("aria-label", name);
        if (b.getAttribute("aria-pressed") !== on) b.setAttribute("aria-pressed", on);
      });
    }
  }
  // A card chosen by keyboard is drawn anew by the rerun it starts, and the
  // focus would fall back to the page: put it back on the card.
  if (!window.owCardKeys) {
    window.owCardKeys = true;
    document.addEventListener("keydown", (e) => {
      const box = e.target.closest && e.target.closest('[class*="st-key-card-"]');
      if (!box || (e.key !== "Enter" && e.key !== " ")) return;
      window.owCardKey = {box: box.className.match(/st-key-card-\\d+/)[0], at: Date.now()};
    }, true);
  }
  function refocus() {
    const key = window.owCardKey;
    if (!key || Date.now() - key.at > 5000) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const button = [...document.querySelectorAll("." + key.box + " button")]
      .find((b) => b.offsetParent !== null && !b.disabled);
    if (button) { button.focus({preventScroll: true}); window.owCardKey = null; }
  }
  function update() { label(); refocus(); }
  if (window.owCardNames) window.owCardNames.disconnect();
  window.owCardNames = new MutationObserver(update);
  window.owCardNames.observe(document.body, {childList: true, subtree: true});
  update();
})();
</script>"""


def _script_json(value: object) -> str:
    """JSON that cannot end the script it stands in: `<`, `>` and `&` are
    written as escapes (a name is player text)."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def card_name_script(names: Mapping[int, str], selected: int | None) -> str:
    """The script that names each card's button and marks the selected one
    as pressed (the names are player text only through JSON, and reach the
    page as attributes set with `setAttribute`, never as markup)."""
    return _NAME_SCRIPT % (
        _script_json({str(i): n for i, n in names.items()}),
        _script_json(selected),
    )


def card_buttons(
    cards: Sequence[CardView],
    on_tap: Callable[[int], None],
    *,
    map_colours: Sequence[Colour] | None = None,
    selected: int | None = None,
    enabled: bool = True,
    neutral_on: Team | None = None,
    language: str = "en",
    sides: Mapping[Team, SideView] | None = None,
) -> None:
    """Five rows of five buttons; tapping a closed card calls `on_tap(index)`.
    Closed cards already neutral on `neutral_on`'s map are marked; words
    break where `language` hyphenates them; `sides` (the view's, K-2)
    colours each side's cards."""

    def neutral(card: CardView) -> bool:
        return card.colour is None and neutral_on is not None and neutral_on in card.neutral_for

    css = [_BASE_CSS]
    for card in cards:
        colour = map_colours[card.index] if map_colours is not None else None
        css.append(_card_css(card, colour, card.index == selected, sides, neutral=neutral(card)))
    st.html(f"<style>{''.join(css)}</style>")
    names = {
        card.index: card_name(
            card, map_colours[card.index] if map_colours is not None else None, sides=sides
        )
        for card in cards
    }
    st.html(card_name_script(names, selected), unsafe_allow_javascript=True)
    for row in range(5):
        columns = st.columns(5, gap="small", wrap=False)
        for column, card in zip(columns, cards[row * 5 : row * 5 + 5], strict=True):
            colour = map_colours[card.index] if map_colours is not None else None
            column.button(
                _label(
                    card,
                    colour,
                    card.index == selected,
                    neutral=neutral(card),
                    language=language,
                ),
                key=f"card-{card.index}",
                disabled=not enabled or card.colour is not None,
                on_click=on_tap,
                args=(card.index,),
                help=", ".join(inert("{name}", name=n) for n in card.marked_by) or None,
                width="stretch",
            )
