/* "Check this deal" on the play page (docs: Provably fair). A check proves nothing about what it
 * did not compare with what the player knows, so the table session (js/tables.js, the TypeScript
 * client's) keeps for each hand what this page knows from its own side: the entropy it drew and
 * sent, the commitment it was shown before sending it (the pledge's for hand 1, the last hand's
 * next_commitment after), the rules it chose, and from the hand's first view the dealer and the
 * cards it was dealt. The check sends every one of them to POST /v1/verify as `expect`; this
 * module says the answer in the player's words, with the caveats that matter for this hand, and
 * keeps the details (the locks, the random text, the seed) one tap away. It never says "fair"
 * for less than was compared.
 *
 * Words: the commitment is "the lock", the entropy "the random text your device sent". */
import { $, h, clear, show } from '../dom.js';
import * as api from '../tables.js';
import { _ } from '../i18n.js';

/** Every expectation, in the order the service compares them. */
const KNOWN = ['entropy', 'commitment', 'dealer', 'rules', 'hand'];

/** What the page could not compare, by expectation (it did not deal the hand itself, or a
 * session saved before it kept that). */
const UNKNOWN = {
  entropy: _('the random text your device sent'),
  commitment: _('the lock you were shown before it was sent'),
  dealer: _('the dealer your table showed'),
  rules: _('the rules you chose'),
  hand: _('the cards you were dealt'),
};

/** Text with anything but printable ASCII spelled out ("ab[U+200B]"): nothing hides in it. */
export function visible(text) {
  return Array.from(String(text), (c) => (c >= ' ' && c <= '~' ? c : `[U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}]`)).join('');
}

/** What one expectation that did not match means for the player (`sent`: what was compared). */
function broken(which, sent, revealed, fallback) {
  if (which === 'entropy') {
    return _('Your cards were not shuffled with the random text your device sent: it sent “{sent}”, the service shuffled with “{used}”. It changed your text, so it could have chosen the deal.', { sent: visible(sent.entropy), used: visible(revealed.entropy) });
  }
  if (which === 'commitment') return _('Your cards did not come from the shuffle the service locked in and showed you before your device sent its random text, so it could have chosen them after seeing yours.');
  if (which === 'dealer') return _('The service’s record names another dealer than the one your table showed.');
  if (which === 'rules') return _('The hand was played under other rules than the ones you chose.');
  if (which === 'hand') return _('The service’s record says you were dealt other cards than the ones you held: it is another hand than yours.');
  return fallback;
}

/**
 * The answer in the player's words: {verdict: 'verified' | 'partial' | 'refused' | 'unchecked',
 * headline, lines: [sentences]}. `a`: the session's check as js/tables.js resolves it ({ok,
 * data: DealCheck} or {ok: false, message}); `view`: the finished hand's.
 */
export function judge(a, view) {
  if (!a.ok) {
    return { verdict: 'unchecked', headline: _('The deal could not be checked just now'), lines: [`${a.message || _('The service did not answer.')} ${_('That says nothing about the deal: try again.')}`] };
  }
  const c = a.data;
  const revealed = view.result.fairness;
  const reasons = c.answer.reasons || [];
  if (!c.answer.verified || !c.verified) {
    const mismatched = reasons.filter((r) => r.code === 'expect_mismatch');
    const lines = mismatched.map((r) => broken(r.expect, c.expect, revealed, r.message));
    if (!mismatched.length && reasons.length) lines.push(_('The service’s own record of this hand does not hold together: {why}.', { why: reasons[0].message }));
    if (c.checked.promised === false && !mismatched.some((r) => r.expect === 'commitment')) lines.push(broken('commitment'));
    else if (c.answer.verified && !lines.length) lines.push(_('What this page saw during the hand does not match the record: {why}.', { why: c.problems.join('; ') }));
    return { verdict: 'refused', headline: _('✗ Do not rely on this deal'), lines };
  }
  const sent = c.expect;
  const missing = KNOWN.filter((k) => !(k in sent));
  const lockedFirst = c.checked.promised === true; // a lock shown before the page's entropy existed
  const lines = [];
  if (lockedFirst && !missing.length) {
    lines.push(_('Your cards were dealt from a shuffle the service locked in and showed you before your device sent its random text, and shuffled with that text as your device sent it. You held the cards the record says you were dealt, by the dealer your table showed, under the rules you chose, and every move of the hand was legal.'));
  } else {
    lines.push(_('Your cards came from the shuffle the service revealed, and every move of the hand was legal.'));
  }
  if (!lockedFirst && view.hand === 1) {
    lines.push(_('This was the game’s first hand and the service did not lock in its shuffle before your device sent its random text: this check shows nothing was changed while you played, not that the deal was not chosen. From the next hand on, the lock is shown before your text is sent.'));
  } else if (!lockedFirst) {
    lines.push(_('This page did not see the lock before its random text was sent (the hand was dealt by another request), so it cannot show that the deal was not chosen.'));
  }
  if (missing.length) {
    lines.push(_('This page does not know {what} (the hand was dealt before it was opened, or by another device), so it could not compare them.', { what: missing.map((k) => UNKNOWN[k]).join(', ') }));
  }
  if (lockedFirst && !missing.length) return { verdict: 'verified', headline: _('✓ Your cards were dealt fairly'), lines };
  return { verdict: 'partial', headline: view.hand === 1 && !lockedFirst && !missing.length ? _('✓ Nothing was changed during this hand') : _('✓ This hand holds together'), lines };
}

/** The details one tap away: [term, value, a code?] rows. `known`: the session's expectation of the hand. */
export function details(view, known, a) {
  const f = view.result.fairness;
  const rows = [
    [_('Lock shown before your device sent its random text'), known && known.promised ? known.promised : _('none')],
    [_('Lock of this hand (SHA-256 of the seed)'), f.commitment],
    [_('Random text your device sent'), known && known.entropy ? known.entropy : _('not known to this page')],
    [_('Random text the service shuffled with'), visible(f.entropy || '')],
    [_('Seed, revealed now'), f.seed],
  ];
  const codes = rows.map((r) => [...r, true]);
  if (a.ok) {
    const compared = KNOWN.filter((k) => k in a.data.expect);
    codes.push([_('Compared with what this page knows'), compared.length ? compared.map((k) => UNKNOWN[k]).join(', ') : _('nothing'), false]);
    codes.push([_('The service’s own words'), a.data.answer.summary, false]);
  }
  return codes;
}

/** Shows a check's answer `a` (see judge) in #fair-said and its details in #fair-facts. */
export function showCheck(a, view, known) {
  const said = judge(a, view);
  const out = $('fair-said');
  clear(out);
  out.appendChild(h('strong', { class: 'fair-headline', text: said.headline }));
  said.lines.forEach((line) => out.appendChild(h('span', { class: 'fair-line', text: ` ${line}` })));
  out.dataset.verdict = said.verdict;
  $('fair').dataset.verdict = said.verdict;
  const facts = $('fair-facts');
  clear(facts);
  details(view, known, a).forEach(([term, value, code]) => {
    facts.appendChild(h('dt', { text: term }));
    facts.appendChild(h('dd', { class: code ? 'fair-code' : null, text: value }));
  });
  show($('fair-details'), true);
  return said;
}

/** "Check this deal": the table session sends every expectation it knows of the hand in view
 * (`current()`: the page's view now) to POST /v1/verify; the answer is said here. */
export async function checkDeal(current) {
  const view = current();
  $('check-deal').disabled = true;
  const a = await api.checkDeal();
  $('check-deal').disabled = false;
  if (current() === view) showCheck(a, view, api.expectation(view.hand));
}

/** The end screen's fairness block of `hand` before a check: the explanation, no answer, no
 * details (an answer already shown for this hand stays). */
export function resetCheck(hasFairness, hand) {
  show($('fair'), Boolean(hasFairness));
  if ($('fair').dataset.hand === String(hand)) return;
  $('fair').dataset.hand = String(hand);
  const out = $('fair-said');
  clear(out);
  delete out.dataset.verdict;
  delete $('fair').dataset.verdict;
  $('fair-details').open = false;
  show($('fair-details'), false);
}
