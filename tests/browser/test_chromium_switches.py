"""tests/browser/chromium.sh, which the browser tests launch: Chromium keeps only the last
--disable-features and --enable-features switch, so it merges each kind into one (playwright's
list first, then the tests' own) and passes every other switch as it came."""

import subprocess

from .conftest import MERGING


def test_the_features_switches_are_merged_and_the_others_kept(tmp_path):
    chromium = tmp_path / "chromium"  # says its arguments, one a line
    chromium.write_text("#!/bin/sh\nprintf '%s\\n' \"$@\"\n")
    chromium.chmod(0o755)
    args = ["--headless", "--disable-features=A,B", "--enable-features=C", "--no-sandbox", "--disable-features=D", "--x=a b"]
    ran = subprocess.run([MERGING, *args], env={"RUMMY_CHROMIUM": str(chromium)}, capture_output=True, text=True, check=True)
    assert ran.stdout.splitlines() == ["--disable-features=A,B,D", "--enable-features=C", "--headless", "--no-sandbox", "--x=a b"]
