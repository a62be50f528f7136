// Small DOM helpers shared by every screen.

import { t } from './i18n.js';

// Creates an element: el('button', {class: 'x', onclick: f}, 'text', child).
// Attributes named on* become listeners; text children are plain text
// (never parsed as HTML).
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
      else if (k === 'class') node.className = v;
      else if (k === 'dataset') Object.assign(node.dataset, v);
      // Through the CSSOM: the Content-Security-Policy refuses style attributes.
      else if (k === 'style') node.style.cssText = String(v);
      else node.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(node, children);
  return node;
}

// Creates an SVG element: svgEl('circle', {cx: 5, r: 2}, child...).
// Attributes are set as given; text children are plain text.
export function svgEl(tag, attrs, ...children) {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  }
  return append(node, children);
}

// Appends children (nodes, strings, arrays, null) to node.
export function append(node, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(node, c);
    else if (c instanceof Node) node.appendChild(c);
    else node.appendChild(document.createTextNode(String(c)));
  }
  return node;
}

// Removes every child of node.
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

let toastTimer = null;
// Shows a short message at the bottom of the screen (read by screen readers).
export function toast(msg, kind) {
  const box = document.getElementById('toast');
  if (!box) return;
  box.textContent = msg;
  box.className = 'show' + (kind ? ' ' + kind : '');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.className = ''; }, 4000);
}

// The widest margin (as a share, 0..1) with which a chance is still shown
// as a figure: past it the sampled deals disagree too much for the figure
// to mean anything, and the chance is shown as unsure.
export const UNSURE_MARGIN = 0.2;

// A chance with its margin, in whole points ("71% ± 3"), as hints show it;
// "unsure (± 75)" when the margin is wider than UNSURE_MARGIN.
export function chanceText(p, margin, unknownText) {
  if (p === null || p === undefined || Number.isNaN(Number(p))) return unknownText;
  const m = Number(margin);
  if (!Number.isNaN(m) && m > UNSURE_MARGIN) return t('an_unsure', { m: Math.round(m * 100) });
  return Math.round(Number(p) * 100) + '%' + (Number.isNaN(m) ? '' : ' ± ' + Math.round(m * 100));
}

// Formats a probability (0..1, or null) as a percentage text.
export function percent(p, unknownText) {
  if (p === null || p === undefined || Number.isNaN(Number(p))) return unknownText;
  return Math.round(Number(p) * 1000) / 10 + '%';
}

// Marks the page while the player moves the focus with the keyboard (Tab,
// arrows): the class "kbd" on <html>, gone at the next pointer press. A
// fief's ability tip shows on keyboard focus only then, so the focus a
// new table puts on its first choice does not open a tip over the allies.
export function installKeyboardMark() {
  const root = document.documentElement;
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Tab' || e.key.startsWith('Arrow')) root.classList.add('kbd');
  });
  document.addEventListener('pointerdown', () => root.classList.remove('kbd'));
}

// The keys of the first listed choices, in order: the number row from 1 to
// 0, then the two keys after it, so that a Duet hand of eleven cards or a
// list of twelve choices is reachable.
const CHOICE_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', '='];
const CHOICE_CODES = ['Digit1', 'Digit2', 'Digit3', 'Digit4', 'Digit5', 'Digit6', 'Digit7', 'Digit8', 'Digit9', 'Digit0', 'Minus', 'Equal'];

// How many listed choices carry a key.
export const KEYED_CHOICES = CHOICE_KEYS.length;

// The key shown on the listed choice at index i (from 0), or null.
export function choiceKeyLabel(i) {
  return i >= 0 && i < KEYED_CHOICES ? CHOICE_KEYS[i] : null;
}

// The index of the listed choice a key press picks, or -1. The key's place
// on the keyboard counts as well as the character it types, so that the
// number row works without Shift on a French keyboard, and so does the
// number pad.
export function choiceIndexOfKey(e) {
  const byKey = CHOICE_KEYS.indexOf(e.key);
  if (byKey >= 0) return byKey;
  const byCode = CHOICE_CODES.indexOf(e.code);
  if (byCode >= 0) return byCode;
  const pad = /^Numpad([0-9])$/.exec(e.code || '');
  return pad ? (pad[1] === '0' ? 9 : Number(pad[1]) - 1) : -1;
}

// Whether a key press is meant for a field being typed in.
function typingInField(e) {
  const tag = (e.target && e.target.tagName) || '';
  return tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || !!(e.target && e.target.isContentEditable);
}

// The table's keys: the choice keys (1 to 9, 0, - and =) press the element
// marked data-choice-index on the current screen; U presses Undo and H
// Hint when the table offers them. Nothing happens while the player types
// in a field or holds Ctrl, Alt or Meta.
export function installNumberKeys() {
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || typingInField(e)) return;
    const letter = (e.key || '').toLowerCase();
    const named = letter === 'u' ? '[data-testid=undo]' : letter === 'h' ? '[data-testid=hint]' : null;
    const idx = named ? -1 : choiceIndexOfKey(e);
    const target = named ? document.querySelector('#main ' + named)
      : idx >= 0 ? document.querySelector('#main [data-choice-index="' + idx + '"]') : null;
    if (target && !target.disabled) {
      e.preventDefault();
      target.focus();
      target.click();
    }
  });
}

// Remembers which action element had the focus before a re-render, and
// puts the focus back on the same action (or on the first choice) after.
export function focusKeeper(root) {
  const active = document.activeElement;
  const key = active && root.contains(active) ? active.getAttribute('data-focus-key') : null;
  return function restore(preferFirstChoice) {
    if (key) {
      const same = root.querySelector('[data-focus-key="' + CSS.escape(key) + '"]');
      if (same) { same.focus({ preventScroll: true }); return; }
    }
    if (preferFirstChoice && root.contains(document.activeElement) === false) {
      const first = root.querySelector('[data-choice-index="0"]');
      if (first) first.focus({ preventScroll: true });
    }
  };
}

// The buttons of the legal actions, for both games' tables. choice(action,
// extraClass) gives the attributes that make an element the button for a
// legal action (clicking it plays it; the first nine carry a number key),
// keycap(action) its number badge; used collects the actions that got an
// element, index maps an action to its place in the legal list.
export function legalChoices(legal, hinted, act) {
  const index = new Map(legal.map((a, i) => [a, i]));
  const used = new Set();
  const choice = (action, extraClass) => {
    used.add(action);
    const i = index.get(action);
    const attrs = {
      type: 'button',
      class: 'legal' + (extraClass ? ' ' + extraClass : '') + (hinted === action ? ' hinted' : ''),
      'data-action': action,
      'data-focus-key': 'a:' + action,
      onclick: () => act(action),
    };
    if (i !== undefined && i < KEYED_CHOICES) attrs['data-choice-index'] = i;
    return attrs;
  };
  const keycap = (action) => {
    const i = index.get(action);
    return i !== undefined && i < KEYED_CHOICES ? el('span', { class: 'keycap', 'aria-hidden': 'true' }, choiceKeyLabel(i)) : null;
  };
  return { choice, keycap, used, index };
}
