"""Word packages (W-1, W-2, W-3, W-4, W-5, W-6) and custom word lists (W-5).

A word package is one board's worth of words: 25 of them in every shipped
language, kept as a plain TOML file under `words/` so that a teacher can
copy one and edit it in any text editor. Words are compared the way clues
are (C-2): NFC, then casefold.

The modules are named after what they hold:
- `forms`: the languages, the sizes, and what makes two words the same;
- `packages`: the package model and its checks;
- `package_files`: finding and loading the shipped files (checkout or wheel);
- `custom`: parsing and checking a teacher's own list;
- `board`: drawing the 25 words of a board.

Everything callers use is re-exported here (`from oneword import words`,
then `words.load_packages()` ...). Pure Python with no Streamlit import, so
the service layer, the pages and the tests can all use it.
"""

from __future__ import annotations

from .board import board_words, deck_words, draw_board, draw_deck
from .custom import CustomWordProblem, CustomWordsCheck, parse_custom_words
from .forms import BOARD_SIZE, LANGUAGES, MAX_LETTERS, letter_count, word_key
from .package_files import load_packages, reload_packages, words_folder
from .packages import PackageProblem, PackageSet, WordPackage, package_word_problem

__all__ = [
    "BOARD_SIZE",
    "LANGUAGES",
    "MAX_LETTERS",
    "CustomWordProblem",
    "CustomWordsCheck",
    "PackageProblem",
    "PackageSet",
    "WordPackage",
    "board_words",
    "deck_words",
    "draw_board",
    "draw_deck",
    "letter_count",
    "load_packages",
    "package_word_problem",
    "parse_custom_words",
    "reload_packages",
    "word_key",
    "words_folder",
]
