"""Bring every language's message catalog in step with the code.

    python tools/catalogs.py

Extracts the texts marked with `_`, `ngettext`, `pgettext` and `N_`
(see `oneword/i18n`), updates `oneword/i18n/locales/*/LC_MESSAGES/oneword.po`
and prints how many texts each language still needs translated.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from oneword.i18n.extract import update_all


def main() -> int:
    missing = update_all()
    for language, count in missing.items():
        print(f"{language}: {count} to translate")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
