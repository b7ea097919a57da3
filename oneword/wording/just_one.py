"""Just One's words (J-4 to J-6): the rating of a deck, why a clue was
removed, how each card ended. The engine keeps codes; these are the
sentences the pages show, in the current language."""

from __future__ import annotations

from oneword.engine.justone.state import CardResult
from oneword.engine.justone.views import Rating
from oneword.i18n import N_, _

RATINGS = {
    Rating.PERFECT: N_("Not one card missed: a perfect deck."),
    Rating.AMAZING: N_("One card short of perfect: remarkable."),
    Rating.GREAT: N_("A great deck: your clues clicked."),
    Rating.VERY_GOOD: N_("Very good: most clues landed."),
    Rating.GOOD: N_("Good: a solid table."),
    Rating.FAIR: N_("A fair start: keep your clues apart next time."),
    Rating.WARM_UP: N_("A warm-up: the next deck can only go better."),
}
"""J-6: what the results say for each rating."""

REMOVALS = {
    "duplicate": N_("same as another clue"),
    "mystery_word": N_("the mystery word, or too close to it"),
    "not_a_word": N_("not a single word"),
}
"""J-4: why the app took a clue out, by `compare.Removal` code."""

KINDS = {
    "spelling": N_("the same word as {word}"),
    "form": N_("a form of {word}"),
    "family": N_("of the same family as {word}"),
    "variant": N_("another spelling of {word}"),
    "slip": N_("a slip for {word}"),
    "number": N_("the same number as {word}"),
    "drawn_out": N_("the same sound as {word}"),
    "sound": N_("sounds like {word}"),
    "translation": N_("{word} in another language"),
    "made_up_on": N_("a made-up word built on {word}"),
    "words": N_("not a single word"),
    "made_up": N_("not a word in any of the app's word lists"),
}
"""J-4: how the removed clue is too close to the word named (`compare.Kind`
code): what the clue givers read to judge the app's call."""

CARD_RESULTS = {
    CardResult.RIGHT: N_("Right"),
    CardResult.WRONG: N_("Wrong"),
    CardResult.PASSED: N_("Passed"),
    CardResult.LOST: N_("Lost to the wrong answer before it"),
    CardResult.UNPLAYED: N_("Not played"),
}
"""J-5, J-6: how each card ended."""


def rating_text(rating: Rating) -> str:
    return _(RATINGS[rating])


def removal_text(
    code: str | None, by_vote: bool, kept: bool, kind: str | None = None, like: str | None = None
) -> str:
    """J-4, J-6: why a clue was removed or restored, and by whom: the kind
    of closeness and the word it is close to where the check found them.
    `like` is a player's word: the caller passes it made safe for where
    the text goes."""
    if by_vote:
        return _("restored by vote") if kept else _("removed by vote")
    if code is None:
        return ""
    detail = KINDS.get(kind or "")
    if detail is not None and ("{word}" not in detail or like):
        return _("removed: {reason}").format(reason=_(detail).format(word=like))
    reason = REMOVALS.get(code)
    return _("removed: {reason}").format(reason=_(reason) if reason else code)


def card_result_text(result: CardResult | None, overruled: bool) -> str:
    if result is None:
        return ""
    if overruled:
        return _("Counted as right by the clue givers")
    return _(CARD_RESULTS[result])
