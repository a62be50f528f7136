// The player's settings, kept in this browser (localStorage) and shown on
// the start page and in the side column of a table. For now one setting:
// whether the only card that may be played is played by itself after a
// short pause (table.js does it). It also remembers whether the player has
// seen what a hint's chance means (hintAbout).

import { t, pick } from './i18n.js';
import { el } from './ui.js';

const AUTO_PLAY_KEY = 'tw.autoPlayOnly';
const HINT_ABOUT_KEY = 'tw.hintAboutSeen';

// Whether the only legal card is played by itself (off unless the player
// turned it on).
export function autoPlayOnly() {
  try { return localStorage.getItem(AUTO_PLAY_KEY) === '1'; } catch (e) { return false; }
}

// Turns playing the only legal card by itself on or off, for the next
// visits too.
export function setAutoPlayOnly(on) {
  try {
    if (on) localStorage.setItem(AUTO_PLAY_KEY, '1');
    else localStorage.removeItem(AUTO_PLAY_KEY);
  } catch (e) { /* storage unavailable: the setting lasts as long as the page */ }
}

// The settings box: a titled checkbox with what it does. onChange() is
// called after a change (a table draws itself again).
export function settingsBox(onChange) {
  const box = el('input', { type: 'checkbox', 'data-testid': 'setting-auto-play', 'data-focus-key': 'setting:auto-play',
    checked: autoPlayOnly(), 'aria-describedby': 'setting-auto-play-help',
    onchange: (e) => { setAutoPlayOnly(e.target.checked); if (onChange) onChange(); } });
  return el('section', { class: 'settings', 'aria-labelledby': 'settings-title' },
    el('h2', { id: 'settings-title' }, t('settings_title')),
    el('label', { class: 'setting' }, box, el('span', {}, t('setting_auto_play'))),
    el('p', { class: 'muted setting-help', id: 'setting-auto-play-help' }, t('setting_auto_play_help')));
}

// What a hint's chance means (the server's "meaning" text: what the
// estimate assumes and what ± covers), as a small (i) that opens it. It
// comes open the first time this browser shows a hint and closed after.
// Returns null when the hint gave no meaning.
export function hintAbout(meaning) {
  const text = meaning ? pick(meaning) : '';
  if (!text) return null;
  let seen = false;
  try {
    seen = localStorage.getItem(HINT_ABOUT_KEY) === '1';
    if (!seen) localStorage.setItem(HINT_ABOUT_KEY, '1');
  } catch (e) { /* storage unavailable: shown open each time */ }
  return el('details', { class: 'hint-about', 'data-testid': 'hint-about', open: !seen },
    el('summary', { 'aria-label': t('hint_about'), title: t('hint_about') }, 'ⓘ'),
    el('span', {}, text));
}
