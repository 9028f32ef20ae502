"""Accessibility and phone use: labels on every control, 360 px without sideways scrolling,
touch targets of at least 44 px, readable contrast (light and dark), and a hand entered with the
keyboard alone."""

from .scorepad_driver import Scorepad

AUDIT_JS = r"""
() => {
  const visible = el => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !el.closest('[hidden]');
  };
  const name = el => {
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label').trim();
    if (el.getAttribute('aria-labelledby')) {
      return el.getAttribute('aria-labelledby').split(/\s+/)
        .map(id => (document.getElementById(id) || {}).textContent || '').join(' ').trim();
    }
    if (el.labels && el.labels.length) return Array.from(el.labels).map(l => l.textContent).join(' ').trim();
    if (el.tagName === 'BUTTON' || el.tagName === 'A') return el.textContent.trim();
    return '';
  };
  const unlabelled = [];
  const small = [];
  document.querySelectorAll('input, select, textarea, button, a[href]').forEach(el => {
    if (el.classList.contains('skip') || el.closest('[hidden]')) return;
    if (!name(el)) unlabelled.push(el.outerHTML.slice(0, 120));
    // the touch target of a radio or checkbox is its label
    const target = (el.type === 'radio' || el.type === 'checkbox') ? el.closest('label') : el;
    if (!target || !visible(target)) return;
    const r = target.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) small.push(`${el.id || el.outerHTML.slice(0, 60)}: ${Math.round(r.width)}x${Math.round(r.height)}`);
  });
  return {
    unlabelled, small,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  };
}
"""

CONTRAST_JS = r"""
(selectors) => {
  const parse = c => { const m = c.match(/[\d.]+/g).map(Number); return m.length > 3 ? m : m.concat([1]); };
  const lum = ([r, g, b]) => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = el => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0.5) return c;
    }
    return [255, 255, 255, 1];
  };
  const out = {};
  for (const sel of selectors) {
    const el = document.querySelector(sel);
    if (!el) { out[sel] = null; continue; }
    const cs = getComputedStyle(el);
    const a = lum(parse(el instanceof SVGElement ? cs.fill : cs.color)), b = lum(background(el));
    out[sel] = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  }
  return out;
}
"""


def audit(page, where):
    result = page.evaluate(AUDIT_JS)
    assert not result["unlabelled"], f"{where}: controls without a label: {result['unlabelled']}"
    assert not result["small"], f"{where}: touch targets under 44 px: {result['small']}"
    assert result["scrollWidth"] <= result["clientWidth"], f"{where}: sideways scrolling at 360 px: {result}"


def test_labels_touch_targets_width_and_contrast_at_360px(pad, page):
    pad.open()
    audit(page, "setup")
    page.click("#nav-check")
    audit(page, "meld checker, empty")
    page.click("#nav-pad")
    pad.start(["Ana", "Benedict Cumberbatch", "Cy", "Dee"], target=150)
    pad.enter_hand("Dee", {"Ana": 7, "Benedict Cumberbatch": ["QS", "10D"], "Cy": 3})
    pad.choose_winner("Cy")
    for name in ("Ana", "Benedict Cumberbatch", "Dee"):
        page.click(f"#mode-{pad.idx(name)}-cards + span")
    page.click("#suit-0-D + span")
    page.click("#rank-0-10")
    page.click("#save-hand")  # Benedict and Dee have no cards yet: a plain message, no request
    page.wait_for_selector("#opp-1-error:not([hidden])")
    assert "Pick Benedict Cumberbatch’s cards left" in page.inner_text("#opp-1-error")
    audit(page, "hand entry with three card pickers")
    page.click("#delete-0")
    audit(page, "delete confirmation")

    ratios = page.evaluate(
        CONTRAST_JS,
        [
            "body",
            ".muted",
            "#save-hand",
            "#drawn-hand",
            ".choice span",
            "#winner-2 + span",
            ".field-error",
            ".rank.red",
            ".card-chip.red",
            "#standings td.total",
            ".chart .axis",
            ".chart .target-label",
            ".top h1",
        ],
    )
    low = {sel: r for sel, r in ratios.items() if r is not None and r < 4.5}
    assert not low, f"text contrast under 4.5:1: {low}"


def test_a_hand_entered_with_the_keyboard_alone(pad, page):
    pad.open()
    page.focus("#player-0")
    page.keyboard.type("Ana")
    page.keyboard.press("Tab")
    page.keyboard.type("Ben")
    page.keyboard.press("Enter")  # submits the setup form
    page.wait_for_selector("#game:not([hidden])")
    pad.players = ["Ana", "Ben"]
    assert page.evaluate("() => document.activeElement.id") == "entry-title"

    page.keyboard.press("Tab")  # into the "who went out" radio group
    assert page.evaluate("() => document.activeElement.id") == "winner-0"
    page.keyboard.press("ArrowRight")  # Ben
    assert page.is_checked("#winner-1")
    page.keyboard.press("Tab")  # going rummy
    assert page.evaluate("() => document.activeElement.id") == "rummy"
    page.keyboard.press("Space")
    assert page.is_checked("#rummy")
    page.keyboard.press("Tab")  # Ana: points or cards
    assert page.evaluate("() => document.activeElement.id") == "mode-0-points"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "points-0"
    page.keyboard.type("9")
    page.keyboard.press("Enter")
    pad.wait_hands(1)
    assert pad.totals() == {"Ana": 0, "Ben": 18}

    # the card picker with the keyboard: cards mode, a suit, then ranks
    page.focus("#winner-1")
    page.keyboard.press("ArrowLeft")  # Ana went out this time
    assert page.is_checked("#winner-0")
    page.focus("#mode-1-points")
    page.keyboard.press("ArrowRight")
    assert page.is_checked("#mode-1-cards")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.name") == "suit-1"
    page.keyboard.press("ArrowDown")  # ♦ (arrow keys select within the group)
    page.keyboard.press("ArrowDown")  # ♥
    assert page.is_checked("#suit-1-H")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the ace; focus moves on to the two
    assert page.evaluate("() => document.activeElement.id") == "rank-1-2"
    page.keyboard.press("Enter")  # the two
    assert page.inner_text("#opp-1 .chosen").split()[::2] == ["A♥", "2♥"]
    page.focus("#save-hand")
    page.keyboard.press("Enter")
    pad.wait_hands(2)
    assert pad.totals() == {"Ana": 3, "Ben": 18}


def low_contrast(page, selectors):
    ratios = page.evaluate(CONTRAST_JS, selectors)
    missing = [sel for sel, r in ratios.items() if r is None]
    assert not missing, f"not on the page: {missing}"
    return {sel: r for sel, r in ratios.items() if r < 4.5}


def test_checker_and_rules_screens_labels_targets_width_and_contrast(pad, page):
    pad.open()
    pad.start(["Ana", "Ben"], target=150)
    pad.choose_winner("Ben")
    page.click("#mode-0-cards + span")
    pad.pick_card(0, "KH")
    assert not low_contrast(page, ["#nav-pad", "#nav-check", "#rank-0-K", "#rank-0-Q", "#save-hand", ".running-total"])
    page.click("#mode-0-points + span")
    page.fill("#points-0", "5")
    page.click("#save-hand")
    page.wait_for_selector("#saved-note:not([hidden])")
    assert not low_contrast(page, ["#saved-note", ".chart .axis"])

    page.click("#nav-check")
    assert not low_contrast(page, ["#rank-meld-A"])  # not available yet (no suit)
    page.click("label[for=lay-off]")
    page.click("#suit-onto-S + span")
    for rank in ("5", "6", "7"):
        page.click(f"#rank-onto-{rank}")
    page.click("#suit-meld-S + span")
    page.click("#rank-meld-9")
    page.click("#check-meld")
    page.wait_for_selector("#verdict:not([hidden])")
    audit(page, "meld checker with a refused lay-off")
    assert not low_contrast(
        page, ["#verdict-word", "#verdict-summary", "#verdict-reasons li", "#verdict-rules", "#rank-meld-6", "#nav-check"]
    )
    page.click("#chip-meld-0")
    page.click("#rank-meld-8")
    page.click("#check-meld")
    page.wait_for_selector("#verdict.valid")
    assert not low_contrast(page, ["#verdict-word", "#verdict-summary"])

    page.click("#nav-rules")
    page.wait_for_selector("#rule-aces")
    audit(page, "rules screen")
    assert not low_contrast(page, ["#rule-aces span", "#rule-aces .rule-id", "#rules-screen .small-print"])


def test_contrast_in_dark_mode(browser, server_url):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, base_url=server_url, color_scheme="dark")
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        pad = Scorepad(page, server_url)
        pad.open()
        pad.start(["Ana", "Ben"])
        pad.choose_winner("Ben")
        page.click("#mode-0-cards + span")
        pad.pick_card(0, "KH")
        assert not low_contrast(
            page, ["body", "#nav-pad", "#nav-check", "#rank-0-K", "#rank-0-Q", "#save-hand", ".choice span", ".muted", ".top h1"]
        )
        page.click("#nav-check")
        assert not low_contrast(page, ["#rank-meld-A"])
        page.click("#suit-meld-S + span")
        for rank in ("Q", "K", "A"):
            page.click(f"#rank-meld-{rank}")
        page.click("#check-meld")
        page.wait_for_selector("#verdict.refused")
        assert not low_contrast(page, ["#verdict-word", "#verdict-summary", "#verdict-rules", "#rank-meld-Q", "#nav-check"])
        page.click("#clear-check")
        page.click("#suit-meld-S + span")
        for rank in ("5", "6", "7"):
            page.click(f"#rank-meld-{rank}")
        page.click("#check-meld")
        page.wait_for_selector("#verdict.valid")
        assert not low_contrast(page, ["#verdict-word", "#verdict-summary"])
        page.click("#read-rule")
        page.wait_for_selector("#rules-body li.pointed")
        assert not low_contrast(page, ["#rules-body li.pointed span", "#rules-body li.pointed .pointed-tag", ".rule-id"])
    finally:
        ctx.close()
