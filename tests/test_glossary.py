"""One word, one thing (issue 36): each field word is said with the same word on the pages
(locales/<lang>/LC_MESSAGES/pages.po), in the rulebook (rulebook.po) and by the service
(messages.po, whose header lists the rules pages each word comes from). A page that says
"Añadir" where the referee's sentences and the bots' hints say "colocar" has a player look for
a move that has two names.

GLOSSARY is each language's word for each field word, declared once here as the stem every
form of it holds ("coloc" for coloca, colocar, colocó; "подки" for подкинуть, подкиньте). For
each translated entry of messages.po, pages.po and rulebook.po whose English uses the field word (FIELD
WORDS), the translation must hold that stem."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import catalogs  # noqa: E402

# The English field words as the msgids write them (noun or verb, any form).
FIELD_WORDS = {
    "lay off": r"\blay(s|ing)? (\w+ )?off\b|\blaid (\w+ )?off\b|\blay-offs?\b",
    "discard pile": r"\bdiscard pile\b",
    "stock": r"\bstock\b",
    "run": r"\b(a|the|is not a) runs?\b",
    "set": r"\b(a|the|is not a) sets?\b(?! of)",
    "meld": r"\b(a|the|any|each|your|every|one|this) meld\b",
    "go out": r"\b(go|goes|went|going|gone) out\b",
    "going rummy": r"\b(go|goes|went|going) rummy\b",
    "dealer": r"\bdealer\b",
    "hand": r"\b(the|a|this|each|every|next|last) hand\b",
    "game": r"\b(the|a|this|new) game\b",
}

# Each language's word for each field word (a regular expression of its stems), as messages.po
# says it (its header's glossary and sources).
GLOSSARY = {
    "es": {
        "lay off": "coloc",
        "discard pile": "pila de descartes|descarte",
        "stock": "mazo",
        "run": "escalera",
        "set": "grupo",
        "meld": "combinaci",
        "go out": "cerr|cierr",
        "going rummy": "rummy",
        "dealer": "repart",
        "hand": "mano",
        "game": "partida",
    },
    "fr": {
        "lay off": "compl",
        "discard pile": "défausse",
        "stock": "talon",
        "run": "suite",
        "set": "groupe",
        "meld": "combinaison",
        "go out": r"fini|\bfin\b",
        "going rummy": "rami sec",
        "dealer": "donneu",
        "hand": "manche",
        "game": "partie",
    },
    "de": {
        "lay off": r"anleg|angeleg|anzuleg|\bleg\w*\b.*\ban\b|passt an",
        "discard pile": "Ablagestapel",
        "stock": "Talon",
        "run": "Reihe",
        "set": "Satz|Sätze",
        "meld": "Kombination",
        "go out": "ab(zu)?legen|abgelegt|legt .*ab",
        "going rummy": "Hand-Romm",
        "dealer": "Geber|gibt|gab|gegeben",
        "hand": "Runde",
        "game": "Partie",
    },
    "pt-BR": {
        "lay off": "encaix",
        "discard pile": "lixo",
        "stock": "monte",
        "run": "sequ",
        "set": "trinca",
        "meld": "jogo",
        "go out": "bat",
        "going rummy": r"bat\w* de mão",
        "dealer": "dá as cartas|deu as cartas|dar as cartas",
        "hand": "mão",
        "game": "partida",
    },
    "ru": {
        "lay off": "подки",
        "discard pile": "сброс",
        "stock": "колод",
        "run": "последовательн",
        "set": "групп",
        "meld": "комбинаци",
        "go out": "вы[хйш]",
        "going rummy": "рамми",
        "dealer": "сда",
        "hand": "раздач",
        "game": "парти|игр",
    },
}

# Entries whose English uses a field word in another sense, with why.
OTHER_SENSES = {
    "This game needs JavaScript turned on.",  # the game of rummy itself, not one game to a target score
    "The game is Basic (or Straight) Rummy for 2 to 6 players with one deck.",  # the same (starts a longer msgid)
    "**Decision:** in the referee's sentences a name never passes for the reader or",  # "stock" inside a quoted name
    "{player}'s turn begins with a draw (R4), not a meld",  # the act of melding, said as a move
    # the cards a player holds, not the deal:
    "Every hand as it was left",
    "melding {cards} would empty the hand",
    "laying off {cards} would empty the hand",
    "The last card must be discarded: a meld or lay-off that empties the hand",
    "To go out, the last card must be discarded: a meld or lay-off may not empty the hand",
}


def _entries(tag: str):
    for domain in ("messages", "pages", "rulebook"):
        with open(ROOT / "locales" / catalogs.folder(tag) / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
            for m in read_po(f):
                english = m.id if isinstance(m.id, str) else m.id[0]
                said = m.string if isinstance(m.string, str) else " ".join(m.string)
                if english and said and not any(english.startswith(other) for other in OTHER_SENSES):
                    yield domain, re.sub(r"\{\w*\}", "", english), said  # a placeholder ("{dealer}") is no word


def _cases():
    for tag, words in GLOSSARY.items():
        for word in words:
            yield pytest.param(tag, word, id=f"{tag}-{word}")


def test_every_language_has_a_word_for_every_field_word():
    assert set(GLOSSARY) == set(catalogs.TRANSLATED)
    for words in GLOSSARY.values():
        assert set(words) == set(FIELD_WORDS)


@pytest.mark.parametrize("tag, word", list(_cases()))
def test_the_pages_the_rulebook_and_the_service_use_one_word(tag, word):
    english_word, stem = re.compile(FIELD_WORDS[word], re.I), re.compile(GLOSSARY[tag][word], re.I)
    used = [(d, e) for d, e, s in _entries(tag) if english_word.search(e)]
    assert used, f"no entry uses {word!r}: the pattern is wrong"
    other = [f"{d}: {e[:70]!r} -> {s[:120]!r}" for d, e, s in _entries(tag) if english_word.search(e) and not stem.search(s)]
    assert not other, f"{tag} says {word!r} otherwise than {GLOSSARY[tag][word]!r}:\n" + "\n".join(other)
