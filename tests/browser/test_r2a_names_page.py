"""R2a on the phone page: the scorepad's setup compares names as the referee does
(referee.seating.name_key), so it refuses the same pairs the API refuses, before sending."""

import pytest

from referee.seating import name_key

from .test_scorepad_errors import visible_text

SAME = [("Ana", "ａｎａ"), ("Straße", "STRASSE"), ("ΟΔΥΣΣΕΥΣ", "οδυσσευς"), ("Zoë", "ZOË")]


@pytest.mark.parametrize("a, b", SAME)
def test_r2a_the_page_reads_as_one_player_what_the_referee_does(pad, page, a, b):
    assert name_key(a) == name_key(b)
    pad.open()
    pad.fill_setup([a, "Ben", b])
    page.click("#start-game")
    assert visible_text(page, "#player-2-error") == f"{b} and {a} (player 1) read as the same name: give each player a different name."


def test_r2a_names_the_referee_keeps_apart_start_a_game(pad, page):
    assert name_key("Zoe") != name_key("Zoë")
    pad.open()
    pad.start(["Zoe", "Zoë"])
    assert set(pad.totals()) == {"Zoe", "Zoë"}
