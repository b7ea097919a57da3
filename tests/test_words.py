"""Word packages (W-1, W-2, W-3, W-4, W-5, W-6) and custom word lists (W-5).

The W-6 check runs over every file in `words/`; the loader tests write broken
files into a temporary folder next to a good one and check that each broken
file is named with its problem while the good one still loads.
"""

from __future__ import annotations

import json
import random
import tomllib
import unicodedata
from collections.abc import Mapping
from pathlib import Path

import pytest
from pydantic import ValidationError

import oneword.words.package_files as package_files_module
from oneword.engine.clues import normalise
from oneword.words import (
    BOARD_SIZE,
    LANGUAGES,
    MAX_LETTERS,
    PackageSet,
    WordPackage,
    board_words,
    draw_board,
    letter_count,
    load_packages,
    package_word_problem,
    parse_custom_words,
    reload_packages,
    word_key,
    words_folder,
)

REPO_WORDS = Path(__file__).resolve().parent.parent / "words"
PACKAGE_FILES = sorted(REPO_WORDS.glob("*.toml"))

NATO = [  # 25 distinct letter-only words for made-up packages
    "alpha",
    "bravo",
    "charlie",
    "delta",
    "echo",
    "foxtrot",
    "golf",
    "hotel",
    "india",
    "juliett",
    "kilo",
    "lima",
    "mike",
    "november",
    "oscar",
    "papa",
    "quebec",
    "romeo",
    "sierra",
    "tango",
    "uniform",
    "victor",
    "whiskey",
    "xray",
    "yankee",
]


def _toml_list(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(item, ensure_ascii=False) for item in items) + "]"


def package_text(
    package_id: str,
    words: Mapping[str, list[str]] | None = None,
    titles: Mapping[str, str] | None = None,
) -> str:
    """A package file's text; valid unless the caller passes broken parts."""
    titles = titles if titles is not None else {code: f"Title {code}" for code in LANGUAGES}
    words = words if words is not None else {code: list(NATO) for code in LANGUAGES}
    title = ", ".join(f"{code} = {json.dumps(text)}" for code, text in titles.items())
    lines = [f"id = {json.dumps(package_id)}", f"title = {{ {title} }}", "", "[words]"]
    lines += [f"{code} = {_toml_list(listed)}" for code, listed in words.items()]
    return "\n".join(lines) + "\n"


def make_package(package_id: str, words: list[str] | None = None) -> WordPackage:
    listed = tuple(words if words is not None else NATO)
    return WordPackage(
        id=package_id,
        titles={code: package_id for code in LANGUAGES},
        words={code: listed for code in LANGUAGES},
    )


def with_language(code: str, listed: list[str]) -> dict[str, list[str]]:
    words = {c: list(NATO) for c in LANGUAGES}
    words[code] = listed
    return words


# --- W-6: every shipped package file -------------------------------------------------


def test_W6_the_package_folder_has_files() -> None:
    assert PACKAGE_FILES, f"no package files in {REPO_WORDS}"


@pytest.mark.parametrize("path", PACKAGE_FILES, ids=lambda p: p.stem)
def test_W6_every_package_file_is_valid(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert set(data) == {"id", "title", "words"}, f"{path.name}: unexpected keys"
    assert data["id"] == path.stem, f"{path.name}: id does not match the file name"
    assert set(data["title"]) == set(LANGUAGES), f"{path.name}: title languages"
    assert all(text.strip() for text in data["title"].values()), f"{path.name}: empty title"
    assert set(data["words"]) == set(LANGUAGES), f"{path.name}: missing or unknown language"
    for code in LANGUAGES:
        listed = data["words"][code]
        assert len(listed) == BOARD_SIZE, f"{path.name}: {code} has {len(listed)} words"
        bad = {w: package_word_problem(w) for w in listed if package_word_problem(w)}
        assert not bad, f"{path.name}: {code}: {bad}"
        keys = [word_key(w) for w in listed]
        twice = sorted({w for w in listed if keys.count(word_key(w)) > 1})
        assert not twice, f"{path.name}: {code} repeats {twice}"
        assert all(w == unicodedata.normalize("NFC", w) for w in listed), f"{path.name}: NFC"


def test_W6_shipped_packages_load_without_problems() -> None:
    loaded = load_packages(REPO_WORDS)
    assert [str(p) for p in loaded.problems] == []
    assert loaded.ids == [path.stem for path in PACKAGE_FILES]
    for package in loaded.packages:
        assert {len(package.words_in(code)) for code in LANGUAGES} == {BOARD_SIZE}


def test_W4_at_least_24_packages() -> None:
    loaded = load_packages(REPO_WORDS)
    assert len(loaded.packages) >= 24
    for code in LANGUAGES:
        total = sum(len(package.words_in(code)) for package in loaded.packages)
        assert total >= 600, f"{code}: only {total} words"


def test_W4_shipped_words_keep_the_clue_limits() -> None:
    # A board word obeys the clue's letter limits (C-1), so every board word
    # could in principle be compared to a clue on equal terms (C-2, C-3).
    for package in load_packages(REPO_WORDS).packages:
        for code in LANGUAGES:
            for word in package.words_in(code):
                assert 1 <= letter_count(word) <= MAX_LETTERS, (package.id, code, word)
                assert not word.replace(" ", "").isdigit(), (package.id, code, word)


def test_W3_seven_languages_with_native_names() -> None:
    assert list(LANGUAGES) == ["en", "de", "fr", "es", "it", "pt", "nl"]
    assert LANGUAGES["de"] == "Deutsch"
    assert LANGUAGES["fr"] == "Français"
    assert LANGUAGES["nl"] == "Nederlands"


# --- W-4 form rules -------------------------------------------------------------------


@pytest.mark.parametrize(
    "word",
    ["pan", "Küche", "ice cream", "grille-pain", "l'eau", "rock’n", "Straße", "a", "x" * 20],
)
def test_W4_package_word_form_accepts(word: str) -> None:
    assert package_word_problem(word) is None


@pytest.mark.parametrize(
    ("word", "fragment"),
    [
        ("", "empty"),
        (" pan", "start or end"),
        ("pan2", "'2'"),
        ("salt!", "'!'"),
        ("1234", "'1'"),
        ("x" * 21, "21 letters"),
        ("arc-en-ciel", "more than one"),
        ("ice  cream", "more than one"),
        ("-pan", "starts or ends"),
        ("pan'", "starts or ends"),
    ],
)
def test_W4_package_word_form_rejects(word: str, fragment: str) -> None:
    problem = package_word_problem(word)
    assert problem is not None
    assert fragment in problem


def test_W4_duplicate_ignoring_case_is_refused_by_the_model() -> None:
    listed = [*NATO[:24], "ALPHA"]
    with pytest.raises(ValidationError, match="'alpha' appears twice"):
        make_package("dup", listed)


def test_W4_a_word_may_appear_in_several_packages() -> None:
    first, second = make_package("first"), make_package("second")
    assert first.words_in("en") == second.words_in("en")


# --- W-6: the loader with broken files ---------------------------------------------


BROKEN_CASES = {
    "bad_toml": ('id = "broken"\ntitle = {\n[words\n', "is not valid TOML"),
    "24_words": (
        package_text("broken", with_language("de", NATO[:24])),
        "words.de has 24 words: a package needs exactly 25",
    ),
    "duplicate": (
        package_text("broken", with_language("fr", [*NATO[:24], "Alpha"])),
        "words.fr: 'alpha' appears twice (ignoring case): 'alpha', 'Alpha'",
    ),
    "missing_language": (
        package_text("broken", {c: list(NATO) for c in LANGUAGES if c != "nl"}),
        "missing language nl (Nederlands)",
    ),
    "bad_word": (
        package_text("broken", with_language("es", [*NATO[:24], "R2D2"])),
        "words.es: 'R2D2' contains '2'",
    ),
    "too_long": (
        package_text("broken", with_language("it", [*NATO[:24], "x" * 21])),
        "has 21 letters",
    ),
    "id_mismatch": (package_text("kitchn"), "id 'kitchn' does not match the file name"),
    "unknown_language": (
        package_text("broken", {**{c: list(NATO) for c in LANGUAGES}, "xx": list(NATO)}),
        "unknown language 'xx'",
    ),
    "missing_title": (
        package_text("broken", titles={"en": "Broken"}),
        "title has no text for de (Deutsch)",
    ),
    "words_not_a_list": (
        'id = "broken"\ntitle = { en = "B" }\n[words]\nen = "pan, pot"\n',
        "words.en must be a list of words in quotes",
    ),
}


@pytest.mark.parametrize("case", list(BROKEN_CASES))
def test_W6_broken_file_is_named_and_good_file_still_loads(tmp_path: Path, case: str) -> None:
    text, fragment = BROKEN_CASES[case]
    (tmp_path / "good.toml").write_text(package_text("good"), encoding="utf-8")
    (tmp_path / "broken.toml").write_text(text, encoding="utf-8")

    loaded = load_packages(tmp_path)

    assert loaded.ids == ["good"]
    assert loaded.problems, "the broken file was not reported"
    assert {p.file for p in loaded.problems} == {"broken.toml"}
    messages = [str(p) for p in loaded.problems]
    assert any(fragment in m for m in messages), messages
    assert all(m.startswith("broken.toml: ") for m in messages)


def test_W6_every_problem_in_a_file_is_listed(tmp_path: Path) -> None:
    words = with_language("de", NATO[:24])
    words["pt"] = [*NATO[:23], "um2", "alpha"]
    del words["nl"]
    (tmp_path / "broken.toml").write_text(package_text("broken", words), encoding="utf-8")

    messages = [p.message for p in load_packages(tmp_path).problems]

    assert any("words.de has 24 words" in m for m in messages)
    assert any("'um2'" in m for m in messages)
    assert any("words.pt: 'alpha' appears twice" in m for m in messages)
    assert any("missing language nl" in m for m in messages)


def test_W6_file_that_is_not_utf8_is_reported(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text(package_text("good"), encoding="utf-8")
    (tmp_path / "latin.toml").write_bytes(
        package_text("latin").replace("alpha", "Küche").encode("latin-1")
    )

    loaded = load_packages(tmp_path)

    assert loaded.ids == ["good"]
    assert [str(p) for p in loaded.problems] == [
        "latin.toml: is not UTF-8 text: save it as UTF-8 in your editor"
    ]


def test_W6_decomposed_accents_are_stored_composed(tmp_path: Path) -> None:
    decomposed = unicodedata.normalize("NFD", "Küche")
    (tmp_path / "nfd.toml").write_text(
        package_text("nfd", with_language("de", [decomposed, *NATO[1:]])), encoding="utf-8"
    )

    (package,) = load_packages(tmp_path).packages

    assert package.words_in("de")[0] == "Küche"


def test_W6_missing_or_empty_folder_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    missing = load_packages(tmp_path / "nowhere")
    assert missing.packages == ()
    assert "word folder not found" in str(missing.problems[0])

    empty = load_packages(tmp_path)
    assert empty.packages == ()
    assert "no package files" in str(empty.problems[0])


def test_W6_other_files_in_the_folder_are_ignored(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text(package_text("good"), encoding="utf-8")
    (tmp_path / "README.md").write_text("not a package", encoding="utf-8")
    (tmp_path / ".good.toml.swp").write_text("editor junk", encoding="utf-8")

    loaded = load_packages(tmp_path)

    assert loaded.ids == ["good"]
    assert loaded.problems == ()


# --- W-1: finding the words from a checkout and from a wheel ----------------------------


def test_W1_words_are_found_from_the_checkout() -> None:
    assert words_folder() == REPO_WORDS


def test_W1_words_are_found_inside_an_installed_wheel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package_dir = tmp_path / "site-packages" / "oneword"
    (package_dir / "_words").mkdir(parents=True)
    (package_dir / "_words" / "good.toml").write_text(package_text("good"), encoding="utf-8")
    monkeypatch.setattr(
        package_files_module, "__file__", str(package_dir / "words" / "package_files.py")
    )

    assert words_folder() == package_dir / "_words"
    assert load_packages(words_folder()).ids == ["good"]


def test_W1_default_load_is_cached_and_can_be_reloaded() -> None:
    first = load_packages()
    assert load_packages() is first
    assert first.ids == [path.stem for path in PACKAGE_FILES]
    again = reload_packages()
    assert again is not first
    assert again == first
    assert load_packages() is again


# --- W-2 / G-1 / G-6: boards ---------------------------------------------------------


@pytest.fixture(scope="module")
def shipped() -> PackageSet:
    return load_packages(REPO_WORDS)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_W2_random_board_has_25_distinct_words_of_the_language(
    shipped: PackageSet, language: str
) -> None:
    pool = {w for package in shipped.packages for w in package.words_in(language)}

    board = board_words(shipped, language, None, random.Random(7))

    assert len(board) == BOARD_SIZE
    assert len({normalise(w) for w in board}) == BOARD_SIZE
    assert set(board) <= pool
    sources = {p.id for p in shipped.packages for w in board if w in p.words_in(language)}
    assert len(sources) > 1, "a random board should mix packages"


def test_G6_board_is_in_the_room_language(shipped: PackageSet) -> None:
    package = shipped.get("kitchen")
    assert package is not None
    german = board_words(shipped, "de", "kitchen", random.Random(3))
    english = board_words(shipped, "en", "kitchen", random.Random(3))
    assert set(german) == set(package.words_in("de"))
    assert set(english) == set(package.words_in("en"))
    assert "Pfanne" in german
    assert "pan" in english


def test_W2_package_board_is_the_package_in_a_random_order(shipped: PackageSet) -> None:
    boards = [board_words(shipped, "en", "sea", random.Random(seed)) for seed in range(5)]
    package = shipped.get("sea")
    assert package is not None
    for board in boards:
        assert sorted(board) == sorted(package.words_in("en"))
    assert len({tuple(board) for board in boards}) > 1


def test_W2_same_seed_gives_the_same_board(shipped: PackageSet) -> None:
    first = board_words(shipped, "fr", None, random.Random(42))
    second = board_words(shipped, "fr", None, random.Random(42))
    other = board_words(shipped, "fr", None, random.Random(43))
    assert first == second
    assert first != other


def test_W2_random_board_never_shows_a_word_twice_ignoring_case() -> None:
    lower = make_package("lower", list(NATO))
    upper = make_package("upper", [w.upper() for w in NATO])

    board = board_words([lower, upper], "en", None, random.Random(1))

    assert len(board) == BOARD_SIZE
    assert {w.casefold() for w in board} == set(NATO)


def test_G1_unknown_language_or_package_is_refused(shipped: PackageSet) -> None:
    with pytest.raises(ValueError, match="Unknown language 'xx'"):
        board_words(shipped, "xx", None, random.Random(1))
    with pytest.raises(ValueError, match="No word package called 'nope'"):
        board_words(shipped, "en", "nope", random.Random(1))


def test_G1_a_board_needs_25_different_words() -> None:
    with pytest.raises(ValueError, match="Only 24 different words"):
        draw_board([*NATO[:24], "ALPHA"], random.Random(1))


def test_W1_titles_are_per_language(shipped: PackageSet) -> None:
    kitchen = shipped.get("kitchen")
    assert kitchen is not None
    assert kitchen.title("de") == "In der Küche"
    assert kitchen.title("en") == "In the kitchen"
    ids = [package_id for package_id, _ in shipped.choices("fr")]
    assert sorted(ids) == sorted(shipped.ids)


# --- W-5: custom word lists ----------------------------------------------------------


def numbered_words(count: int) -> list[str]:
    """`count` distinct letter-only words: "wa", "wb", ..., "wba", ..."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = []
    for i in range(count):
        first, second = divmod(i, 26)
        out.append("w" + (letters[first - 1] if first else "") + letters[second])
    return out


def test_W5_one_word_per_line_with_25_words_is_ok() -> None:
    check = parse_custom_words("\n".join(numbered_words(25)))
    assert check.ok
    assert list(check.words) == numbered_words(25)
    assert check.problems == []


def test_W5_too_few_words() -> None:
    check = parse_custom_words("\n".join(numbered_words(18)))
    assert not check.ok
    assert check.problems == ["Only 18 words: a board needs at least 25."]
    assert not parse_custom_words("").ok
    assert parse_custom_words("   \n\n").problems == ["No usable words: a board needs at least 25."]


def test_W5_comma_and_semicolon_separated() -> None:
    words = numbered_words(25)
    text = ", ".join(words[:10]) + "; " + ";".join(words[10:20]) + "\n" + ",".join(words[20:])
    check = parse_custom_words(text)
    assert check.ok
    assert list(check.words) == words


def test_W5_duplicates_ignore_case_and_keep_the_first_spelling() -> None:
    check = parse_custom_words("Apfel\nBirne\napfel\nAPFEL\nBirne")
    assert list(check.words) == ["Apfel", "Birne"]
    assert "'Apfel' appears 3 times." in check.problems
    assert "'Birne' appears twice." in check.problems


def test_W5_duplicates_alone_do_not_make_a_full_list_unplayable() -> None:
    words = numbered_words(25)
    check = parse_custom_words("\n".join([*words, words[0]]))
    assert check.ok
    assert check.errors == [f"'{words[0]}' appears twice."]


def test_W5_too_long_word_is_named_and_left_out() -> None:
    check = parse_custom_words("abcdefghijklmnopqrstuvwxyz, Apfel")
    assert list(check.words) == ["Apfel"]
    assert "'abcdefghijklmnopqrstuvwxyz' is longer than 20 letters." in check.problems


def test_W5_letters_are_counted_not_spaces_or_hyphens() -> None:
    twenty = "abcde fghij-klmno pqrst"  # 20 letters, 3 separators
    assert letter_count(twenty) == 20
    check = parse_custom_words(f"{twenty}\n{twenty}u")
    assert list(check.words) == [twenty]
    assert check.errors[-1] == f"'{twenty}u' is longer than 20 letters."


def test_W5_empty_entries_are_a_notice_not_an_error() -> None:
    words = numbered_words(25)
    text = ",".join(words[:12]) + ",, ," + ",".join(words[12:])
    check = parse_custom_words(text)
    assert check.ok
    assert check.errors == []
    assert check.notices == ["2 empty entries were skipped."]
    assert check.problems == ["2 empty entries were skipped."]
    assert parse_custom_words("a,,b").notices == ["1 empty entry was skipped."]


def test_W5_blank_lines_and_trailing_commas_are_just_layout() -> None:
    check = parse_custom_words("apple,\n\npear,\n")
    assert list(check.words) == ["apple", "pear"]
    assert check.notices == []


def test_W5_accented_words_are_kept_and_compared_in_nfc() -> None:
    composed = "café"
    decomposed = unicodedata.normalize("NFD", composed)
    check = parse_custom_words(f"{composed}\n{decomposed}\nniño\nStraße\nçà")
    assert list(check.words) == ["café", "niño", "Straße", "çà"]
    assert "'café' appears twice." in check.problems


def test_W5_german_capitals_are_kept() -> None:
    check = parse_custom_words("Apfel, Birne, Kirsche")
    assert list(check.words) == ["Apfel", "Birne", "Kirsche"]


def test_W5_digits_and_other_signs_are_refused() -> None:
    check = parse_custom_words("123\nR2D2\nhello!\n--\nrock 'n' roll\nice-cream")
    assert list(check.words) == ["rock 'n' roll", "ice-cream"]
    assert "'123' is only digits: a card needs a word." in check.problems
    assert any(p.startswith("'R2D2' contains '2'") for p in check.problems)
    assert any(p.startswith("'hello!' contains '!'") for p in check.problems)
    assert "'--' has no letters." in check.problems


def test_W5_short_phrases_and_pasted_list_markers() -> None:
    check = parse_custom_words('- ice cream\n* apple\n1. pear\n2) plum\n"lemon"\n  red   car  ')
    assert list(check.words) == ["ice cream", "apple", "pear", "plum", "lemon", "red car"]


def test_W5_check_serialises_with_ok_and_problems() -> None:
    dumped = parse_custom_words("one, two").model_dump()
    assert dumped["ok"] is False
    assert dumped["problems"] == ["Only 2 words: a board needs at least 25."]
    assert dumped["words"] == ("one", "two")
