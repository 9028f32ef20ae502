"""Unicode's confusable skeletons (UTS #39, section 4) and the Default_Ignorable_Code_Point
property, from data pinned in the repository, so that two machines compare names alike (R2a).

The skeleton of a string is NFD of the string with each character replaced by its prototype in
Unicode's confusables data (``referee/data/confusables.txt``, Unicode Security Mechanisms for
UTS #39, version 13.0.0, kept as Unicode publishes it, its terms of use in its header), after
NFD. Version 13.0.0 because its skeletons are, code point for code point up to U+2FFFF, the ones
ICU 72 gave (the library the service used before): no name compares otherwise than it did. Two strings with one skeleton look alike: Cyrillic ``аnа`` and Latin ``ana`` both give
``ana``; ``rn`` and ``m`` both give ``rn``. The data is read once, on first use.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

CONFUSABLES = Path(__file__).with_name("data") / "confusables.txt"
CONFUSABLES_VERSION = "13.0.0"

# Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.0.0), as inclusive ranges:
# characters a renderer shows as nothing (zero-width joiners, variation selectors, tags, fillers).
# The property is stable: unassigned code points in these ranges are reserved for such characters.
DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip


def default_ignorable(ch: str) -> bool:
    """Whether the character ``ch`` has Unicode's Default_Ignorable_Code_Point property."""
    c = ord(ch)
    return any(lo <= c <= hi for lo, hi in DEFAULT_IGNORABLE)


@cache
def prototypes() -> dict[str, str]:
    """Each character of the confusables data mapped to its prototype (one or more characters):
    ``{"а": "a", "m": "rn", ...}`` (6,311 entries in version 13.0.0). Lines are ``source ;
    target ; type # comment`` with code points in hex; the target may be several."""
    table = {}
    for line in CONFUSABLES.read_text(encoding="utf-8-sig").splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, target = (field.strip() for field in data.split(";")[:2])
        table[chr(int(source, 16))] = "".join(chr(int(h, 16)) for h in target.split())
    return table


def skeleton(text: str) -> str:
    """UTS #39's ``skeleton(text)``: NFD, each character replaced by its prototype, NFD again."""
    table = prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text)))
