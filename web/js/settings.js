// The player's settings, kept in this browser (localStorage) and shown on
// the start page and in the side column of a table: whether the only card
// that may be played is played by itself after a short pause (table.js
// does it), whether the Duet follows the strict look-back rule (fox.js),
// and the turn notification. It also remembers whether the player has
// seen what a hint's chance means (hintAbout).

import { t, pick } from './i18n.js';
import { el } from './ui.js';

const AUTO_PLAY_KEY = 'tw.autoPlayOnly';
const HINT_ABOUT_KEY = 'tw.hintAboutSeen';
const NOTIFY_KEY = 'tw.notifyTurn';
const STRICT_KEY = 'tw.strictLookBack';

// Whether an on/off setting of this browser is on (off unless the player
// turned it on, or when storage is unavailable).
function flagOn(key) {
  try { return localStorage.getItem(key) === '1'; } catch (e) { return false; }
}

// Turns an on/off setting on or off, for the next visits too.
function setFlag(key, on) {
  try {
    if (on) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch (e) { /* storage unavailable: the setting lasts as long as the page */ }
}

// Whether the Duet's table follows the rulebook's look-back rule (no
// player looks at earlier tricks): no last trick on the table and no
// cards of tricks in the log.
export function strictLookBack() { return flagOn(STRICT_KEY); }

// Turns the strict look-back rule on or off.
export function setStrictLookBack(on) { setFlag(STRICT_KEY, on); }

// Whether the only legal card is played by itself.
export function autoPlayOnly() { return flagOn(AUTO_PLAY_KEY); }

// Turns playing the only legal card by itself on or off.
export function setAutoPlayOnly(on) { setFlag(AUTO_PLAY_KEY, on); }

// The settings box: a titled checkbox with what it does. onChange() is
// called after a change (a table draws itself again). At a table of For
// Northwood! (strict false) the Duet's look-back rule is left out.
export function settingsBox(onChange, strict = true) {
  const box = el('input', { type: 'checkbox', 'data-testid': 'setting-auto-play', 'data-focus-key': 'setting:auto-play',
    checked: autoPlayOnly(), 'aria-describedby': 'setting-auto-play-help',
    onchange: (e) => { setAutoPlayOnly(e.target.checked); if (onChange) onChange(); } });
  return el('section', { class: 'settings', 'aria-labelledby': 'settings-title' },
    el('h2', { id: 'settings-title' }, t('settings_title')),
    el('label', { class: 'setting' }, box, el('span', {}, t('setting_auto_play'))),
    el('p', { class: 'muted setting-help', id: 'setting-auto-play-help' }, t('setting_auto_play_help')),
    strict ? strictSetting(onChange) : null,
    notifySetting());
}

// The Duet's strict look-back checkbox.
function strictSetting(onChange) {
  const box = el('input', { type: 'checkbox', 'data-testid': 'setting-strict-look-back', 'data-focus-key': 'setting:strict',
    checked: strictLookBack(), 'aria-describedby': 'setting-strict-help',
    onchange: (e) => { setStrictLookBack(e.target.checked); if (onChange) onChange(); } });
  return [el('label', { class: 'setting' }, box, el('span', {}, t('setting_strict'))),
    el('p', { class: 'muted setting-help', id: 'setting-strict-help' }, t('setting_strict_help'))];
}

// Whether the browser may show notifications at all.
function notificationsExist() {
  return typeof window !== 'undefined' && typeof window.Notification === 'function';
}

// Whether the player asked to be told, by a notification, when it is
// their turn at a table of two while the page is out of sight.
export function notifyTurn() {
  try {
    return notificationsExist() && Notification.permission === 'granted' && localStorage.getItem(NOTIFY_KEY) === '1';
  } catch (e) { return false; }
}

// The "tell me when it is my turn" checkbox: turning it on asks the
// browser's permission; a refusal leaves it off and says so.
function notifySetting() {
  if (!notificationsExist()) return null;
  const help = el('p', { class: 'muted setting-help', id: 'setting-notify-help' }, t('setting_notify_help'));
  const box = el('input', { type: 'checkbox', 'data-testid': 'setting-notify', 'data-focus-key': 'setting:notify',
    checked: notifyTurn(), 'aria-describedby': 'setting-notify-help',
    onchange: async (e) => {
      const on = e.target.checked;
      let allowed = Notification.permission === 'granted';
      if (on && !allowed) {
        try { allowed = (await Notification.requestPermission()) === 'granted'; } catch (err) { allowed = false; }
      }
      try {
        if (on && allowed) localStorage.setItem(NOTIFY_KEY, '1');
        else localStorage.removeItem(NOTIFY_KEY);
      } catch (err) { /* storage unavailable */ }
      e.target.checked = on && allowed;
      help.textContent = on && !allowed ? t('setting_notify_refused') : t('setting_notify_help');
    } });
  return [el('label', { class: 'setting' }, box, el('span', {}, t('setting_notify'))), help];
}

// Tells the player by a notification that it is their turn, when they
// allowed it and the page is out of sight (the page's title says it
// too: app.js). Called when the turn comes to this seat.
export function tellTurn(title, body) {
  const away = (typeof document.hidden === 'boolean' && document.hidden) ||
    (typeof document.hasFocus === 'function' && !document.hasFocus());
  if (!away || !notifyTurn()) return;
  try {
    const n = new Notification(title, { body, tag: 'trickwood-turn' });
    n.onclick = () => { window.focus(); n.close(); };
  } catch (e) { /* some browsers allow notifications only from a service worker */ }
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
