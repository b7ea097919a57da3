"""J-4: a word and the word made from it by a derivational ending are one
family (nadar, nadador), and a clipping people write is its full word
(bici, bicicletta); endings or a beginning shared by two words of their
own meanings are not (sombra, sombrero)."""

from __future__ import annotations

import pytest

from oneword.clue_compare import is_duplicate, is_invalid

ONE_FAMILY = [
    ("es", "nadar", "nadador"),
    ("it", "nuotare", "nuotatore"),
    ("it", "fiore", "fioraio"),
    ("nl", "zwemmen", "zwemmer"),
    ("de", "Maler", "Malerei"),
    ("it", "cucina", "cucinare"),
    ("de", "Spanien", "Spanier"),  # a Spaniard: a native or inhabitant of Spain
    ("es", "gato", "gatito"),  # a kitten: a young domestic cat
    ("pt", "casa", "casinha"),
    ("fr", "fleur", "fleuriste"),  # a trade: -iste, -ier, -ero, -ista, -iere
    ("fr", "école", "écolier"),
    ("es", "zapato", "zapatero"),
    ("it", "piano", "pianista"),
    ("en", "god", "goddess"),  # J-4's Princess for Prince: a female noun in -ess
    ("en", "tiger", "tigress"),
    ("de", "Löwe", "Löwin"),
    ("fr", "acteur", "actrice"),
    ("es", "conde", "condesa"),
    ("es", "emperador", "emperatriz"),
    ("it", "dottore", "dottoressa"),  # dottor with -essa, not dotto and ressa
    ("it", "attore", "attrice"),
    ("pt", "conde", "condessa"),
    ("nl", "acteur", "actrice"),
    ("nl", "zanger", "zangeres"),
]

CLIPPINGS = [
    ("es", "peli", "película"),
    ("it", "bici", "bicicletta"),
    ("fr", "prof", "professeur"),
    ("nl", "info", "informatie"),
]

TWO_WORDS = [
    ("es", "sombra", "sombrero"),  # shade and a hat
    ("es", "casa", "casar"),  # a house and to marry
    ("de", "Part", "Partei"),  # a part and a party
    ("fr", "porte", "porter"),  # a door and to carry
    ("es", "Ana", "anatomía"),  # a name that begins a word
    ("es", "Pepe", "pepino"),
    ("it", "capo", "capello"),  # a head and hair, whatever -ello makes
    ("fr", "bouche", "boucher"),  # a mouth and a butcher
    ("it", "febbre", "febbraio"),  # a fever and February
    ("pt", "corda", "cordeiro"),  # a rope and a lamb
    ("es", "caballo", "caballero"),  # a horse and a gentleman
    ("es", "lista", "listo"),  # a list and clever
    ("en", "matter", "mattress"),  # an -ess that names no female
    ("en", "pro", "process"),
    ("es", "puerto", "puerta"),  # a port and a door
]


@pytest.mark.parametrize(("language", "a", "b"), ONE_FAMILY + CLIPPINGS)
def test_J_4_a_derivation_or_a_clipping_is_the_same_word(language: str, a: str, b: str) -> None:
    assert is_duplicate(a, b, language)
    assert is_invalid(a, b, language)


@pytest.mark.parametrize(("language", "a", "b"), TWO_WORDS)
def test_J_4_endings_or_a_beginning_shared_by_two_words_keep_them_apart(
    language: str, a: str, b: str
) -> None:
    assert not is_duplicate(a, b, language)


def test_J_4_two_words_whose_meanings_share_an_english_word_of_their_family_are_one() -> None:
    """pintor (painter) and pintura (painting) meet through paint, read
    from the links between meanings built offline."""
    assert is_invalid("pintor", "pintura", "es")


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [
        ("de", "Frankreich", "französisch"),
        ("fr", "soleil", "solaire"),
        ("nl", "Ierland", "Iers"),
        ("en", "France", "French"),
        ("en", "Wales", "Welsh"),
        ("en", "Denmark", "Danish"),
    ],
)
def test_J_4_a_place_or_thing_and_its_adjective_are_one_family(
    language: str, a: str, b: str
) -> None:
    """Their English meanings are a pertainym however English spells them
    (France and French, sun and solar); the words begin alike here. In
    English, a place's adjective need share only its first letter (as
    Japan and Japanese: J-4)."""
    assert is_invalid(a, b, language)
    assert is_duplicate(a, b, language)


def test_J_4_a_pertainym_does_not_join_words_that_begin_apart() -> None:
    """city and civic are a pertainym in English, but ciudad and civil
    begin apart: two clues; and moon and lunar, no names, stay two."""
    assert not is_invalid("ciudad", "civil", "es")
    assert not is_invalid("moon", "lunar", "en")
    assert not is_invalid("Holland", "Dutch", "en")
