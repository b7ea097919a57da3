"""The pieces of Just One's screens (J-2 to J-6): the card's status, the
pick, the clue form, the compare with its votes, the answer, the card's
end, the results, and the projector's view.

Each piece draws only what the seat's view holds, and offers a button
only where `you_may` says the engine would take it. Clues, answers,
mystery words and names are player text: they reach the screen through
`text.plain`, `text.inert` and `text.say`, never formatted into Markdown.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import streamlit as st

from oneword.engine import Action
from oneword.engine.justone import actions
from oneword.engine.justone.state import WORDS_PER_CARD, CardPhase, CardResult
from oneword.engine.justone.views import CardLine, ClueLine, JustOneView
from oneword.i18n import N_, _, ngettext
from oneword.ui.actions import act, on_click
from oneword.ui.app.session import Identity
from oneword.ui.countdown import countdown
from oneword.ui.text import escape_html, inert, plain
from oneword.wording import outcome_text
from oneword.wording.just_one import card_result_text, rating_text, removal_text

PHASES = {
    CardPhase.PICK: N_("The guesser picks a number"),
    CardPhase.CLUES: N_("The clue givers write their clues"),
    CardPhase.COMPARE: N_("The clue givers compare their clues"),
    CardPhase.GUESS: N_("The guesser reads the clues and answers"),
    CardPhase.REVEAL: N_("The card is over"),
}
"""What each phase is called on every screen."""


def status_line(game: JustOneView) -> str:
    """Card, score and cards left, as one line of the app's own words."""
    card = game.card
    if card:
        position = _("Card {number} of {total}").format(
            number=card.position, total=game.cards_total
        )
    else:
        position = _("Deck played")
    score = _("Score {score}").format(score=game.score)
    left = ngettext("{count} card to come", "{count} cards to come", game.cards_left)
    return f"{position} · {score} · {left.format(count=game.cards_left)}"


def phase_line(game: JustOneView) -> str:
    card = game.card
    if game.phase is None or card is None:
        return ""
    return plain(
        _("{phase} (guesser: {name})"),
        phase=_(PHASES[game.phase]),
        name=card.guesser_name or "?",
    )


def writers_line(game: JustOneView) -> str:
    """J-3: who is still writing (names are player text)."""
    if game.phase is CardPhase.CLUES:
        waiting = [w.name for w in game.writers if not w.done]
        label = _("Still writing: {names}")
    elif game.phase is CardPhase.COMPARE:
        waiting = [w.name for w in game.writers if not w.ready]
        label = _("Still comparing: {names}")
    else:
        return ""
    if not waiting:
        return ""
    return label.format(names=", ".join(plain("{name}", name=name) for name in waiting))


def clue_timer(game: JustOneView, paused_at: float | None, *, big: bool = False) -> None:
    """J-3: the clue timer, when the host set one; it stands still while paused."""
    if game.clue_deadline is None or game.phase is not CardPhase.CLUES:
        return
    now = paused_at if paused_at is not None else time.time()
    countdown(
        _("Clues due in"),
        game.clue_deadline - now,
        key="jo-clues",
        big=big,
        frozen=paused_at is not None,
    )


def card_status(game: JustOneView) -> None:
    st.text(status_line(game))
    st.text(phase_line(game))
    waiting = writers_line(game)
    if waiting:
        st.text(waiting)


def mystery_word(card: CardLine) -> None:
    """J-2: the mystery word, large, for the clue givers (and all at the end)."""
    if card.mystery is None:
        return
    st.html(
        '<p class="ow-mystery" style="font-size:2.4rem;font-weight:800;margin:0.3rem 0">'
        f"{escape_html(plain('{word}', word=card.mystery.upper()))}</p>"
    )


def pick_form(ident: Identity) -> None:
    """J-2: the guesser picks 1-5 without seeing the card."""
    st.subheader(_("Pick a number"), anchor=False)
    st.text(_("One of the card's five words becomes your mystery word; you will not see it."))
    row = st.container(horizontal=True)
    for number in range(1, WORDS_PER_CARD + 1):
        row.button(
            str(number),
            key=f"jo-pick-{number}",
            type="primary",
            **on_click("jo", ident, _pick(number)),
        )


def write_form(ident: Identity, game: JustOneView) -> None:
    """J-3: one clue (two with 3 or 4 players), each a single word."""
    card = game.card
    assert card is not None
    key = f"jo-write-{card.position}"
    with st.form(key, clear_on_submit=False, border=True):
        fields = [
            st.text_input(
                _("Clue {number}").format(number=k + 1) if game.clues_each > 1 else _("Your clue"),
                key=f"{key}-{k}",
                max_chars=40,
            )
            for k in range(game.clues_each)
        ]
        sent = st.form_submit_button(_("Send my clues"), type="primary")
    st.caption(_("One word each: names, numbers and compounds count as one word."))
    if sent:
        act("jo", ident, actions.WriteClues(words=[f.strip() for f in fields]))
        st.rerun()


def own_clues(game: JustOneView, you: str | None) -> None:
    """While the others write: the clues this giver sent (nobody else's)."""
    card = game.card
    mine = [c for c in card.clues if c.by == you] if card else []
    if mine:
        clues = ", ".join(plain("{w}", w=c.word) for c in mine)
        st.text(_("Your clues: {clues}").format(clues=clues))


def _clue_text(line: ClueLine, *, with_reason: bool) -> str:
    mark = "✓" if line.kept else "✗"
    like = plain("{w}", w=line.like) if line.like else None
    reason = (
        removal_text(line.removal, line.by_vote, line.kept, line.kind, like) if with_reason else ""
    )
    text = plain("{mark} {word} ({name})", mark=mark, word=line.word, name=line.by_name)
    return f"{text} · {reason}" if reason else text


def _vote_label(line: ClueLine) -> str:
    if line.you_voted:
        return _("Take back my vote")
    return _("Vote remove") if line.kept else _("Vote restore")


def _vote(index: int, flip: bool) -> Callable[[], Action]:
    return lambda: actions.VoteClue(clue=index, flip=flip)


def _pick(number: int) -> Callable[[], Action]:
    return lambda: actions.PickNumber(number=number)


def compare_board(ident: Identity, game: JustOneView) -> None:
    """J-4: every clue with the app's marks and why; a vote turns one round."""
    card = game.card
    assert card is not None
    st.subheader(_("Compare the clues"), anchor=False)
    st.caption(
        _(
            "✗ clues are removed, ✓ clues go to the guesser. Vote to remove a clue the app "
            "kept (a translation, a sound-alike, a near copy) or to restore one it removed: "
            "{count} votes decide."
        ).format(count=game.votes_needed)
    )
    for line in card.clues:
        row = st.container(horizontal=True, vertical_alignment="center")
        votes = _("votes {count}").format(count=line.votes)
        row.text(_clue_text(line, with_reason=True) + f" · {votes}")
        if game.you_may.vote:
            row.button(
                _vote_label(line),
                key=f"jo-vote-{card.position}-{line.index}",
                **on_click("jo", ident, _vote(line.index, not line.you_voted)),
            )
    if game.you_may.show:
        st.button(
            _("Done: show the guesser"),
            key=f"jo-show-{card.position}",
            type="primary",
            **on_click("jo", ident, lambda: actions.ShowClues()),
        )
    elif game.you_may.vote:
        st.text(_("Waiting for the other clue givers."))


def guesser_clues(card: CardLine) -> None:
    """J-5: the surviving clues, large, for the guesser and the projector."""
    words = [c.word for c in card.clues]
    if not words:
        st.text(_("Every clue was removed: answer blind, or pass."))
        return
    html = " · ".join(escape_html(plain("{w}", w=w.upper())) for w in words)
    st.html(f'<p class="ow-clues" style="font-size:2rem;font-weight:700">{html}</p>')


def answer_form(ident: Identity, game: JustOneView) -> None:
    """J-5: exactly one answer, or a pass."""
    card = game.card
    assert card is not None
    key = f"jo-answer-{card.position}"
    with st.form(key, border=True):
        typed = st.text_input(_("Your answer (one try)"), key=f"{key}-word", max_chars=40)
        sent = st.form_submit_button(_("Answer"), type="primary")
    st.button(
        _("Pass"),
        key=f"jo-pass-{card.position}",
        **on_click("jo", ident, lambda: actions.PassCard()),
    )
    if sent:
        act("jo", ident, actions.Answer(word=typed))
        st.rerun()


def card_end(ident: Identity, game: JustOneView) -> None:
    """J-5: the card's end for everyone; the givers may count a near miss
    as right; anyone playing moves on to the next card."""
    card = game.card
    assert card is not None
    mystery_word(card)
    if card.answer is not None:
        st.text(plain(_("Answer: {answer}"), answer=card.answer))
    st.text(card_result_text(card.result, card.overruled))
    for line in card.clues:
        st.text(_clue_text(line, with_reason=True))
    if game.you_may.overrule or card.result is CardResult.WRONG:
        st.caption(
            _(
                "A near miss can count as right if {needed} clue givers vote for it "
                "({votes} so far)."
            ).format(votes=card.overrule_votes, needed=game.votes_needed)
        )
    if game.you_may.overrule:
        agree = not card.you_overruled
        st.button(
            _("Count it as right") if agree else _("Take back my vote"),
            key=f"jo-overrule-{card.position}",
            **on_click("jo", ident, lambda: actions.Overrule(agree=agree)),
        )
    if card.result is CardResult.WRONG and not game.you_may.next_card:
        st.caption(_("The clue givers decide if your answer counts, then move on."))
    if game.you_may.next_card:
        st.button(
            _("Next card"),
            key=f"jo-next-{card.position}",
            type="primary",
            icon=":material/arrow_forward:",
            **on_click("jo", ident, lambda: actions.NextCard()),
        )


def played_cards(cards: list[CardLine], *, expanded: bool = False) -> None:
    """J-6: every card over so far: its word, its clues and why any were
    removed, the answer and how it ended."""
    with st.expander(_("Cards so far") if not expanded else _("Every card"), expanded=expanded):
        if not cards:
            st.text(_("No card is over yet."))
        for card in cards:
            word = card.mystery or _("(not played)")
            result = card_result_text(card.result, card.overruled)
            st.text(plain("{n}. {word}: {result}", n=card.position, word=word, result=result))
            if card.answer is not None:
                st.text(plain("    " + _("answer: {answer}"), answer=card.answer))
            for line in card.clues:
                st.text("    " + _clue_text(line, with_reason=True))


def results(game: JustOneView) -> None:
    """J-6: the score, its rating and every card."""
    st.title(
        inert(_("Just One: {score} of {total}"), score=game.score, total=game.cards_total),
        anchor=False,
    )
    if game.rating is not None:
        st.subheader(rating_text(game.rating), anchor=False)
    if game.outcome is not None:
        st.text(outcome_text(game.outcome, game.mode))
    played_cards(game.played, expanded=True)


def watch(game: JustOneView, paused_at: float | None) -> None:
    """P-6 for Just One: the phase, who is writing, the surviving clues once
    the guesser sees them, the score; never the mystery word before the
    guess (the watch view does not hold it)."""
    big = "font-size:2.2rem;font-weight:600;margin:0.2rem 0"
    st.html(f'<p style="{big}">{escape_html(status_line(game))}</p>')
    if game.outcome is not None:
        headline = _("Score {score} of {total}").format(score=game.score, total=game.cards_total)
        st.html(f'<h1 class="ow-headline">{escape_html(headline)}</h1>')
        if game.rating is not None:
            st.html(f'<p style="{big}">{escape_html(rating_text(game.rating))}</p>')
        played_cards(game.played, expanded=True)
        return
    st.html(f'<p style="{big}">{escape_html(phase_line(game))}</p>')
    waiting = writers_line(game)
    if waiting:
        st.html(f'<p style="{big}">{escape_html(waiting)}</p>')
    clue_timer(game, paused_at, big=True)
    card = game.card
    if card is not None and game.phase in (CardPhase.GUESS, CardPhase.REVEAL):
        if game.phase is CardPhase.REVEAL:
            mystery_word(card)
            st.html(
                f'<p style="{big}">{escape_html(card_result_text(card.result, card.overruled))}</p>'
            )
        guesser_clues(card.model_copy(update={"clues": [c for c in card.clues if c.kept]}))
