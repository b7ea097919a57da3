"""J-4: two spellings of one word, or two words of one family, are the same
clue, and a spelling or a family member of the mystery word is the mystery
word; close spellings of two words are not."""

from __future__ import annotations

import pytest

from oneword.clue_compare import is_duplicate, is_invalid
from oneword.clue_compare.variants import are_variants

ONE_WORD = [
    ("en", "colour", "color"),
    ("en", "Pyjamas", "pajamas"),
    ("en", "tyres", "tires"),
    ("en", "analyse", "analyze"),
    ("pt", "acção", "ação"),
    ("pt", "óptimo", "ótimo"),
    ("pt", "contacto", "contato"),
    ("es", "quiosco", "kiosco"),
    ("es", "bikini", "biquini"),
    ("nl", "visch", "vis"),
    ("nl", "product", "produkt"),
    ("fr", "nénuphar", "nénufar"),
    ("fr", "paie", "paye"),
    ("de", "Delphin", "Delfin"),
    ("pt", "bebê", "bebé"),  # Brazil and Portugal: ê and é at the end
    ("pt", "econômico", "económico"),  # ô and ó before m or n
    ("fr", "événement", "évènement"),  # the spelling reform's è
    ("it", "perché", "perchè"),
    ("it", "obiettivo", "obbiettivo"),  # a letter more in a long word
    ("nl", "pannekoek", "pannenkoek"),
    ("es", "septiembre", "setiembre"),
]

TWO_WORDS = [
    ("en", "beer", "bear"),
    ("en", "metal", "medal"),
    ("pt", "pacto", "pato"),  # pact, duck
    ("pt", "suco", "sumo"),  # juice in Brazil and in Portugal: two words
    ("fr", "cour", "court"),  # courtyard, short
    ("nl", "kast", "cast"),  # cupboard, a loan
    ("nl", "clip", "klip"),  # clip, cliff
    ("it", "caro", "carro"),  # dear, cart
    ("it", "copia", "coppia"),  # copy, couple
    ("it", "pena", "penna"),  # pity, pen
    ("es", "casa", "caza"),  # house, hunt
    ("es", "oficina", "officina"),  # office, and Italian for a workshop
    ("en", "pleasant", "peasant"),
    ("fr", "dés", "dès"),  # dice, since
    ("fr", "pécher", "pêcher"),  # to sin, to fish
]


@pytest.mark.parametrize(("language", "a", "b"), ONE_WORD)
def test_J_4_two_spellings_of_one_word_are_one_clue(language: str, a: str, b: str) -> None:
    assert is_duplicate(a, b, language) and is_duplicate(b, a, language)
    assert is_invalid(a, b, language), "a spelling of the mystery word is the mystery word"


@pytest.mark.parametrize(("language", "a", "b"), TWO_WORDS)
def test_J_4_close_spellings_of_two_words_stay_apart(language: str, a: str, b: str) -> None:
    assert not are_variants(a, b, language) and not are_variants(b, a, language)
    assert not is_duplicate(a, b, language)


def test_J_4_british_and_american_spellings_are_read_in_english_only() -> None:
    assert are_variants("centre", "center", "en")
    assert not are_variants("centre", "center", "fr"), "centre is French as it stands"


FAMILIES = [
    ("fr", "jardin", "jardinier"),  # garden, gardener
    ("nl", "bakken", "bakker"),  # bake, baker
    ("it", "neve", "nevicare"),  # snow, to snow
    ("en", "teach", "teacher"),
    ("en", "bakers", "bake"),
    ("en", "Mexican", "Mexico"),
    ("en", "painters", "paint"),
    ("en", "photographer", "photography"),
]

NOT_FAMILIES = [
    ("de", "Post", "Poster"),  # mail, a poster: one English sense meets
    ("nl", "gif", "gift"),  # poison, gift: too short to grow from
    ("en", "corn", "corner"),  # spelled alike, two words
    ("en", "cat", "feline"),  # one meaning, two words
    ("en", "car", "cart"),
    ("de", "Made", "Mädchen"),  # a girl is no small maggot: Mädchen is the commoner word
]


@pytest.mark.parametrize(("language", "a", "b"), FAMILIES)
def test_J_4_words_of_one_family_are_one_clue(language: str, a: str, b: str) -> None:
    assert is_duplicate(a, b, language)
    assert is_invalid(a, b, language), "the mystery word's family is not a clue"


@pytest.mark.parametrize(("language", "a", "b"), NOT_FAMILIES)
def test_J_4_words_that_only_look_or_mean_alike_are_two_clues(
    language: str, a: str, b: str
) -> None:
    assert not is_duplicate(a, b, language)
    assert not is_invalid(a, b, language)


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [
        ("en", "phone", "telephone"),
        ("en", "exam", "examination"),
        ("de", "Mikro", "Mikrofon"),
        ("en", "photo", "photograph"),  # one synset, cut after its joining vowel
        ("en", "flu", "influenza"),  # one synset, its middle
        ("es", "tele", "televisión"),  # everyday clippings the dictionary lacks
        ("es", "profe", "profesor"),
        ("fr", "télé", "télévision"),
        ("es", "bici", "bicicleta"),  # its one meaning is one of the full word's
        ("de", "Krimi", "Kriminalroman"),  # the full word's one meaning is the clipping's
        ("pt", "foto", "fotografia"),  # the Portuguese table lacks the sense the Spanish has
        ("en", "plane", "airplane"),  # the longer word says the shorter's first meaning
        ("en", "net", "internet"),
        ("en", "tie", "necktie"),
        ("en", "rain", "rainfall"),
    ],
)
def test_J_4_a_clipping_is_its_full_word(language: str, a: str, b: str) -> None:
    assert is_duplicate(a, b, language)


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [
        ("en", "phone", "headphone"),  # a part of a compound (J-4)
        ("en", "lawn", "lawnmower"),
        ("es", "dulce", "agridulce"),
        ("en", "pen", "penguin"),
        ("en", "thou", "thousand"),  # WordNet's one sense of thou, never seen in use
        ("en", "paper", "newspaper"),  # paper means first the material
        ("es", "cumple", "cumpleaños"),  # also a form of cumplir
        ("fr", "tire", "tire-bouchon"),
    ],
)
def test_J_4_a_part_or_a_beginning_is_another_word(language: str, a: str, b: str) -> None:
    assert not is_duplicate(a, b, language)


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [
        ("es", "perro", "perrito"),
        ("it", "libro", "librone"),
        ("nl", "huis", "huisje"),
        ("de", "Katze", "Kätzchen"),  # cat and kitten in the table: -chen decides
        ("de", "Vogel", "Vöglein"),  # -el dropped before -lein
        ("nl", "bal", "balletje"),  # the l doubled; a meatball in the table: -etje decides
        ("it", "ragazzo", "ragazzino"),  # common, but rarer than its base
        ("en", "dog", "doggy"),  # WordNet: a doggy is a kind of dog
        ("en", "kitchen", "kitchenette"),
        ("en", "mom", "mommy"),
        ("es", "pájaro", "pajarito"),  # the accent the diminutive loses
        ("it", "fungo", "funghetto"),  # the h that keeps the g hard
        ("fr", "chat", "chaton"),  # a kitten is a young cat
    ],
)
def test_J_4_a_diminutive_or_augmentative_is_its_word(language: str, a: str, b: str) -> None:
    assert is_duplicate(a, b, language)
    assert is_invalid(a, b, language)


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [
        ("it", "matto", "mattino"),
        ("it", "tacco", "tacchino"),
        ("en", "cook", "cookie"),
        ("en", "bull", "bully"),
        ("en", "pan", "panty"),
    ],
)
def test_J_4_an_ending_on_another_word_is_another_word(language: str, a: str, b: str) -> None:
    """Mattino (morning) is no small matto (mad); tacchino (turkey) no small
    tacco (heel); a cookie is no small cook."""
    assert not is_duplicate(a, b, language)


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [("en", "Brr", "Brrr"), ("fr", "chut", "chuuut"), ("en", "Haha", "Hahaha")],
)
def test_J_4_a_sound_drawn_out_is_one_sound(language: str, a: str, b: str) -> None:
    assert is_duplicate(a, b, language)


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [("en", "papa", "pa"), ("it", "caro", "carro"), ("en", "bar", "barr")],
)
def test_J_4_a_doubled_letter_or_syllable_alone_is_not_drawn_out(
    language: str, a: str, b: str
) -> None:
    from oneword.clue_compare.spelling import drawn_out

    assert not drawn_out(a, b)


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [("en", "thousand", "1000"), ("de", "hundert", "100"), ("it", "quarto", "4°")],
)
def test_J_4_round_numbers_and_ordinal_signs_are_numbers(language: str, a: str, b: str) -> None:
    assert is_duplicate(a, b, language)


@pytest.mark.parametrize(
    ("language", "a", "b", "same"),
    [
        ("en", "Yum", "Yumm", True),  # a doubled letter that makes no word
        ("de", "Ups", "Upps", True),
        ("it", "caro", "carro", False),  # two words
        ("en", "ram", "raam", False),  # raam is Dutch
        ("es", "oficina", "officina", False),  # officina is Italian
    ],
)
def test_J_4_a_letter_written_twice_by_slip(language: str, a: str, b: str, same: bool) -> None:
    assert is_duplicate(a, b, language) is same
