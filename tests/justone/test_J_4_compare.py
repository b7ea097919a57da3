"""J-4: the hard cases of clue comparison, one by one, in the seven languages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oneword.clue_compare.compare import (
    ClueCheck,
    Kind,
    Removal,
    check_clues,
    is_duplicate,
    is_invalid,
    is_right_answer,
)

SAME = [
    ("en", "Horse", "horses"),
    ("en", "mouse", "mice"),
    ("en", "leaf", "leaves"),
    ("en", "life", "lives"),
    ("en", "Japan", "Japanese"),
    ("en", "Prince", "Princess"),
    ("en", "Rhythm", "Rythem"),
    ("en", "photograph", "fotograph"),
    ("en", "elephant", "elefunt"),
    ("en", "good", "gud"),  # spelled by ear: a short word, half its letters changed
    ("en", "because", "becuz"),
    ("en", "please", "pleez"),
    ("en", "naïve", "NAIVE"),
    ("de", "Haus", "Häuser"),
    ("de", "haus", "Häuser"),
    ("de", "Sänger", "Sängerin"),
    ("de", "Bär", "Baer"),
    ("de", "Garten", "Gärten"),
    ("es", "número", "numero"),
    ("de", "Straße", "STRASSE"),
    ("fr", "cheval", "chevaux"),
    ("fr", "chanteur", "chanteuse"),
    ("fr", "école", "ecole"),
    ("fr", "voisin", "voisine"),
    ("fr", "étudiant", "étudiante"),
    ("es", "amigo", "amiga"),
    ("es", "niño", "niña"),
    ("es", "tío", "tía"),
    ("pt", "irmão", "irmã"),
    ("es", "Japón", "japonés"),
    ("es", "canción", "cancion"),
    ("it", "uomo", "uomini"),
    ("it", "principe", "principessa"),
    ("pt", "pão", "pães"),
    ("pt", "coração", "coracao"),
    ("nl", "kind", "kinderen"),
    ("nl", "zanger", "zangeres"),
    ("nl", "auto", "auto's"),
    ("de", "Spanien", "spanisch"),
    ("es", "España", "español"),
    ("it", "Cina", "cinese"),
    ("pt", "Japão", "japonês"),
    ("nl", "Japan", "Japans"),
]

DIFFERENT = [
    ("en", "bear", "beer"),
    ("en", "hat", "hut"),
    ("en", "car", "card"),
    ("en", "car", "carpet"),
    ("en", "card", "carpet"),
    ("en", "Lawn", "Mower"),
    ("en", "Lawn", "Lawnmower"),
    ("en", "Mower", "Lawnmower"),
    ("en", "universe", "university"),
    ("en", "organ", "organization"),
    ("en", "robber", "Robben"),
    ("en", "glorious", "Clarissa"),
    ("de", "Bär", "Bar"),
    ("de", "Bären", "Bar"),
    ("de", "schon", "schön"),
    ("de", "drucken", "drücken"),
    ("de", "Haus", "Haustür"),
    ("de", "Tür", "Haustür"),
    ("fr", "mer", "mère"),
    ("fr", "pêche", "péché"),
    ("fr", "poisson", "poison"),
    ("es", "papa", "papá"),
    ("es", "año", "ano"),
    ("it", "pesca", "pesce"),
    ("pt", "bola", "bolo"),
    ("nl", "beer", "bier"),
    ("nl", "hand", "handschoen"),
    ("de", "Nacht", "Nachtisch"),
    ("en", "matter", "mattress"),
    ("en", "busy", "business"),
    ("en", "finish", "Finland"),
    ("fr", "tour", "tourne"),
    ("nl", "paar", "paars"),
]


@pytest.mark.parametrize(("language", "a", "b"), SAME)
def test_J_4_same_word_family_plural_gender_accent_or_slip(language: str, a: str, b: str) -> None:
    assert is_duplicate(a, b, language)
    assert is_duplicate(b, a, language)


@pytest.mark.parametrize(("language", "a", "b"), DIFFERENT)
def test_J_4_near_words_prefixes_accents_and_parts_survive(language: str, a: str, b: str) -> None:
    assert not is_duplicate(a, b, language)
    assert not is_duplicate(b, a, language)


def test_J_4_case_alone_never_separates_words() -> None:
    """Bar and bar are one word, though Bär and Bar are two."""
    assert is_duplicate("Bar", "bar", "de")
    assert is_duplicate("BÄR", "bär", "de")


@pytest.mark.parametrize(
    ("language", "mystery", "clue", "kind"),
    [
        ("en", "apple", "Apple", Kind.SPELLING),
        ("en", "apple", "apples", Kind.FORM),
        ("en", "apple", "aple", Kind.SLIP),
        ("en", "Prince", "princess", Kind.FORM),
        ("de", "Haus", "Häuser", Kind.FORM),
        ("fr", "château", "chateau", Kind.SPELLING),
        ("es", "gato", "gata", Kind.FORM),
        ("nl", "Italië", "Italie", Kind.SPELLING),
    ],
)
def test_J_4_mystery_word_respelled_plural_or_family_is_invalid(
    language: str, mystery: str, clue: str, kind: Kind
) -> None:
    assert is_invalid(mystery, clue, language)
    (check,) = check_clues(mystery, [clue], language)
    assert check == ClueCheck(clue, False, Removal.MYSTERY_WORD, kind, like=mystery)


@pytest.mark.parametrize(
    ("language", "mystery", "clues", "expected"),
    [
        ("en", "night", ["knight", "moon"], [(Kind.SOUND, "night"), (None, None)]),
        ("en", "teach", ["teacher", "school"], [(Kind.FAMILY, "teach"), (None, None)]),
        ("en", "water", ["agua", "sea"], [(Kind.TRANSLATION, "water"), (None, None)]),
        ("en", "tree", ["colour", "color"], [(Kind.VARIANT, "color"), (Kind.VARIANT, "colour")]),
        ("en", "tree", ["two", "2"], [(Kind.NUMBER, "2"), (Kind.NUMBER, "two")]),
        ("en", "tree", ["Brr", "Brrr"], [(Kind.DRAWN_OUT, "Brrr"), (Kind.DRAWN_OUT, "Brr")]),
        (
            "en",
            "tree",
            ["water", "Wasser"],
            [(Kind.TRANSLATION, "Wasser"), (Kind.TRANSLATION, "water")],
        ),
    ],
)
def test_J_4_each_removal_names_its_kind_and_the_word_it_is_too_close_to(
    language: str, mystery: str, clues: list[str], expected: list[tuple[Kind | None, str | None]]
) -> None:
    found = [(c.kind, c.like) for c in check_clues(mystery, clues, language)]
    assert found == expected


@pytest.mark.parametrize(
    ("language", "clue"),
    [
        ("en", "xqzvb"),
        ("en", "gnarfwick"),
        ("de", "Glorbsch"),
        ("it", "zorbilante"),
        ("en", "!!"),
        # Made of rare strings a dictionary lists (blorp, snar): no compound.
        ("en", "blorptang"),
        ("en", "snarbeck"),
        ("de", "Trumbelsack"),
    ],
)
def test_J_4_made_up_words_are_invalid(language: str, clue: str) -> None:
    (check,) = check_clues("tree", [clue], language)
    assert check.reason is Removal.NOT_A_WORD


@pytest.mark.parametrize(
    ("language", "mystery", "clue"),
    [
        ("en", "space", "NASA"),
        ("en", "spy", "007"),
        ("en", "genius", "Einstein"),
        ("en", "cold", "brr"),
        ("en", "cow", "mooooo"),
        ("de", "kalt", "brrr"),
        ("de", "Tür", "Haustürschlüssel"),
        ("de", "Garten", "Rasenmäherfahrer"),
        ("de", "Vogel", "Kolibriflügel"),  # compounds of everyday words
        ("de", "Meer", "Walrossbart"),
        ("nl", "zee", "zeehondenpup"),
        ("en", "garden", "hedgehogspine"),
        ("fr", "bouteille", "tire-bouchon"),
        ("en", "bear", "beer"),
        ("en", "writer", "Rythem"),
        ("pt", "futebol", "Pelé"),
        ("en", "hiccup", "singultus"),  # rare words no frequency list has seen: WordNet's
        ("en", "sneeze", "sternutations"),
        # Words of another language, used there less than Zipf 3 but listed:
        ("en", "annoy", "annoiare"),
        ("en", "addiction", "addizione"),
    ],
)
def test_J_4_names_numbers_acronyms_sounds_compounds_are_one_word(
    language: str, mystery: str, clue: str
) -> None:
    """J-3 counts them as one word; a misspelt real word is still a clue."""
    assert not is_invalid(mystery, clue, language)


def test_J_4_more_than_one_word_or_empty_is_not_a_word() -> None:
    checks = check_clues("cat", ["black cat", "  ", "kitten", "Puss in Boots and"], "en")
    reasons = [c.reason for c in checks]
    assert reasons == [Removal.NOT_A_WORD, Removal.NOT_A_WORD, None, Removal.NOT_A_WORD]


def test_J_4_a_name_with_spaces_is_one_word() -> None:
    """J-3: names count as one word, spaces and all; written together they are the same."""
    checks = check_clues("city", ["New York", "NewYork", "Leonardo da Vinci"], "en")
    assert [c.reason for c in checks] == [Removal.DUPLICATE, Removal.DUPLICATE, None]
    assert not is_invalid("apple", "Big Apple", "en")


def test_J_4_every_copy_of_a_duplicate_goes_and_the_rest_stay_in_order() -> None:
    clues = ["Lawn", "Mower", "Lawnmower", "grass", "Grass", "mice", "mouse", "green"]
    checks = check_clues("garden", clues, "en")
    assert [c.clue for c in checks] == clues
    assert [c.kept for c in checks] == [True, True, True, False, False, False, False, True]
    assert {c.reason for c in checks if not c.kept} == {Removal.DUPLICATE}


def test_J_4_an_invalid_clue_does_not_take_its_duplicate_with_it() -> None:
    """The mystery word's plural is invalid; another clue is judged against the valid ones."""
    checks = check_clues("horse", ["horses", "saddle", "Saddle", "pony"], "en")
    assert [c.reason for c in checks] == [
        Removal.MYSTERY_WORD,
        Removal.DUPLICATE,
        Removal.DUPLICATE,
        None,
    ]


@settings(max_examples=60, deadline=None)
@given(
    a=st.text(max_size=12),
    b=st.text(max_size=12),
    language=st.sampled_from(["en", "de", "fr", "es", "it", "pt", "nl"]),
)
def test_J_4_any_text_compares_both_ways_alike(a: str, b: str, language: str) -> None:
    """Hostile text never breaks the comparison, and order never matters."""
    assert is_duplicate(a, b, language) == is_duplicate(b, a, language)
    checks = check_clues(a, [a, b], language)
    assert [c.clue for c in checks] == [a, b]
    assert all(c.kept == (c.reason is None) for c in checks)


@pytest.mark.parametrize(
    ("language", "mystery", "clue"),
    [
        ("en", "gardener", "gardenering"),
        ("en", "bass", "bassess"),
        ("en", "garden", "ungarden"),
        ("en", "apple", "applesque"),
        ("de", "Garten", "Gartenungen"),
        ("fr", "fleur", "fleurettement"),
        ("es", "gato", "gatoses"),
        ("it", "gatto", "gattoini"),
        ("pt", "gato", "gatozinhos"),
        ("nl", "bloem", "bloemetjesig"),
    ],
)
def test_J_3_a_made_up_word_built_on_the_mystery_word_is_invalid(
    language: str, mystery: str, clue: str
) -> None:
    assert is_invalid(mystery, clue, language)
    kept = check_clues(mystery, [clue, "weather"], language)
    assert [c.kept for c in kept] == [False, True]
    assert kept[0].reason is Removal.MYSTERY_WORD


@pytest.mark.parametrize(
    ("language", "mystery", "clue"),
    [
        ("en", "lawn", "Lawnmower"),
        ("en", "sun", "sunflower"),
        ("en", "bass", "bassoon"),
        ("en", "garden", "gardenhose"),
        ("de", "Rasen", "Rasenmähermotor"),
        ("nl", "zon", "zonnebloem"),
    ],
)
def test_J_3_a_real_word_or_compound_holding_the_mystery_word_may_stand(
    language: str, mystery: str, clue: str
) -> None:
    assert not is_invalid(mystery, clue, language)


@pytest.mark.parametrize(
    ("mystery", "clue", "same"),
    [
        ("Eis", "Eisen", False),  # ice, iron: Eis with a capital is no form of eisen (to ice)
        ("Häuser", "Haus", True),
        ("Essen", "essen", True),
    ],
)
def test_J_4_a_german_noun_typed_with_its_capital_is_that_noun(
    mystery: str, clue: str, same: bool
) -> None:
    assert is_invalid(mystery, clue, "de") is same


def test_J_4_a_name_typed_with_its_capital_is_that_name() -> None:
    """Paris is the city, not the plural of pari (a bet); typed in lower
    case it is still read both ways, and a name's plural is still its form."""
    assert not is_duplicate("Paris", "pari", "fr")
    assert is_duplicate("paris", "pari", "fr")
    assert is_duplicate("Turkey", "turkeys", "en")


def test_J_4_a_decimal_point_makes_another_number() -> None:
    """The point joins nothing between digits: 1.5 is not 15, though
    1.000 groups a German thousand and 3-D is 3D."""
    assert not is_duplicate("1.5", "15", "en")
    assert is_duplicate("1.000", "1000", "de")
    assert is_duplicate("3-D", "3D", "en")
    assert not is_right_answer("15", "1.5", "en")
    assert is_right_answer("1000", "1.000", "de")
    assert is_right_answer("seven", "7", "en")  # one number, written another way (J-5)


@pytest.mark.parametrize(
    ("language", "mystery", "clue"),
    [
        ("en", "cat", "Cat!"),
        ("en", "cat", "(cat)"),
        ("en", "cat", "*cat*"),
        ("en", "cat", "cat\u200b"),  # a zero-width space pasted with it
        ("fr", "chat", "«chat»"),
        ("es", "hola", "¡Hola!"),
    ],
)
def test_J_4_the_mystery_word_in_punctuation_is_the_mystery_word(
    language: str, mystery: str, clue: str
) -> None:
    (check,) = check_clues(mystery, [clue], language)
    assert check.reason is Removal.MYSTERY_WORD
    assert is_right_answer(mystery, clue, language)
