"""The gettext catalogues: ``locale/<lang>/LC_MESSAGES/gamenight.po`` compiled to ``.mo`` files.

``compile_all`` writes them under the package (``py/gamenight/locale/``), where ``gamenight.i18n``
reads them on CPython and where the build picks them up for the page. Extraction and updates are
Babel's own commands (``make locale``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "locale"
TARGET = ROOT / "py" / "gamenight" / "locale"
DOMAIN = "gamenight"


def compile_all(sources: Path = SOURCES, target: Path = TARGET) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/gamenight.po`` under ``sources`` into ``target``; the written files."""
    written = []
    for po in sorted(sources.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        lang = po.parent.parent.name
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang, domain=DOMAIN)
        mo = target / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        written.append(mo)
    return written


if __name__ == "__main__":
    done = compile_all()
    print(f"compiled {len(done)} catalogues into {TARGET.relative_to(ROOT)}/", file=sys.stderr)
