// Card pictures drawn as SVG for this project. Every suit has its own
// colour AND its own shape (claw marks, flower, leaf, eye; dove, rose,
// star), so that suits stay apart for colour-blind players and in black
// and white. Ranks are large so that cards read at phone width.

import { t } from './i18n.js';
import { el, KEYED_CHOICES, choiceKeyLabel } from './ui.js';

// Suit letter -> suit key, for both games (the letters do not overlap).
const SUIT_OF_LETTER = {
  C: 'claws', F: 'flowers', L: 'leaves', E: 'eyes',
  D: 'doves', R: 'roses', S: 'stars',
};

// Colours from the Okabe-Ito colour-blind safe palette; "ink" is a darker
// shade of the same hue for text on the light card face.
export const SUIT_STYLE = {
  claws: { fill: '#D55E00', ink: '#9E4500' },
  flowers: { fill: '#CC79A7', ink: '#8E3F6F' },
  leaves: { fill: '#009E73', ink: '#006B4E' },
  eyes: { fill: '#0072B2', ink: '#00507E' },
  doves: { fill: '#0072B2', ink: '#00507E' },
  roses: { fill: '#D55E00', ink: '#9E4500' },
  stars: { fill: '#E69F00', ink: '#8A5F00' },
};

// Footprints (token movement) of a Fox card, by rank.
export const FOOTPRINTS = { 1: 0, 2: 3, 3: 2, 4: 1, 5: 1, 6: 2, 7: 0, 8: 2, 9: 0, 10: 3 };

// Splits a card code ("7E", "10S") into {rank, suit, fox}; null if it is
// not a card code.
export function parseCard(code) {
  const m = /^(10|[1-9])([CFLEDRS])$/i.exec(String(code || ''));
  if (!m) return null;
  const letter = m[2].toUpperCase();
  const suit = SUIT_OF_LETTER[letter];
  return { rank: Number(m[1]), suit, fox: 'DRS'.includes(letter), code: m[1] + letter };
}

// The card's name for people: "7 of Eyes" / "7 de Yeux".
export function cardName(code) {
  const c = parseCard(code);
  if (!c) return String(code);
  return t('card_name', { rank: c.rank, suit: t('suit_' + c.suit) });
}

// The localised name of a suit key.
export function suitName(suit) {
  return t('suit_' + suit);
}

// SVG markup of a suit symbol drawn in a 100x100 box at (x, y), scaled to
// size. Only our own constant markup and numbers go into it.
export function suitSymbol(suit, x, y, size, colour) {
  const c = colour || (SUIT_STYLE[suit] || SUIT_STYLE.claws).fill;
  const k = size / 100;
  let body = '';
  switch (suit) {
    case 'claws':
      body = `<g fill="none" stroke="${c}" stroke-width="11" stroke-linecap="round">` +
        '<path d="M20 16 Q40 50 24 86"/><path d="M48 10 Q68 48 52 90"/><path d="M76 16 Q96 50 80 86"/></g>';
      break;
    case 'flowers': {
      let petals = '';
      for (let i = 0; i < 5; i++) {
        petals += `<ellipse cx="50" cy="26" rx="15" ry="23" transform="rotate(${i * 72} 50 50)"/>`;
      }
      body = `<g fill="${c}">${petals}</g><circle cx="50" cy="50" r="12" fill="#fff" stroke="${c}" stroke-width="5"/>`;
      break;
    }
    case 'leaves':
      body = `<path d="M50 4 C84 26 84 68 50 96 C16 68 16 26 50 4 Z" fill="${c}"/>` +
        '<g stroke="#fff" stroke-width="4" stroke-linecap="round" fill="none">' +
        '<path d="M50 16 L50 88"/><path d="M50 40 L34 28"/><path d="M50 40 L66 28"/>' +
        '<path d="M50 60 L32 48"/><path d="M50 60 L68 48"/></g>';
      break;
    case 'eyes':
      body = `<path d="M3 50 Q50 6 97 50 Q50 94 3 50 Z" fill="${c}"/>` +
        `<circle cx="50" cy="50" r="20" fill="#fff"/><circle cx="50" cy="50" r="10" fill="${c}"/>`;
      break;
    case 'doves':
      body = `<path d="M6 62 C16 44 34 40 48 48 C54 30 70 16 94 12 C84 30 78 44 66 58 ` +
        `C58 74 40 84 22 80 L6 90 L12 74 C6 70 4 66 6 62 Z" fill="${c}"/>` +
        '<circle cx="26" cy="60" r="4" fill="#fff"/>';
      break;
    case 'roses':
      body = `<path d="M50 70 L50 97" stroke="${c}" stroke-width="7"/>` +
        `<path d="M50 86 Q30 76 22 86 Q34 96 50 88 Z" fill="${c}"/>` +
        `<circle cx="50" cy="40" r="34" fill="${c}"/>` +
        '<path d="M50 40 m-6 0 a6 6 0 1 1 12 0 a12 12 0 1 1 -24 0 a18 18 0 1 1 36 0 a24 24 0 1 1 -48 0" ' +
        'fill="none" stroke="#fff" stroke-width="4"/>';
      break;
    case 'stars': {
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? 48 : 20;
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        pts.push((50 + r * Math.cos(a)).toFixed(1) + ',' + (52 + r * Math.sin(a)).toFixed(1));
      }
      body = `<polygon points="${pts.join(' ')}" fill="${c}" stroke="${c}" stroke-width="4" stroke-linejoin="round"/>`;
      break;
    }
    default:
      body = `<circle cx="50" cy="50" r="40" fill="${c}"/>`;
  }
  return `<g transform="translate(${x} ${y}) scale(${k})">${body}</g>`;
}

// A paw print in a 20x20 box at (x, y): the Fox cards' footprints.
function pawMarkup(x, y, colour) {
  return `<g transform="translate(${x} ${y})" fill="${colour}">` +
    '<ellipse cx="10" cy="13" rx="6" ry="5"/><circle cx="3.5" cy="6" r="2.6"/>' +
    '<circle cx="8" cy="2.8" r="2.6"/><circle cx="12.5" cy="2.8" r="2.6"/><circle cx="17" cy="6" r="2.6"/></g>';
}

// The SVG markup of a card face (viewBox 0 0 100 140).
export function cardFaceMarkup(code) {
  const c = parseCard(code);
  if (!c) return cardBackMarkup();
  const st = SUIT_STYLE[c.suit];
  let s = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" aria-hidden="true" focusable="false">';
  s += `<rect x="2" y="2" width="96" height="136" rx="9" fill="#fffdf6" stroke="${st.fill}" stroke-width="4"/>`;
  s += `<text x="9" y="33" font-family="system-ui, sans-serif" font-weight="800" font-size="32" fill="${st.ink}">${c.rank}</text>`;
  s += suitSymbol(c.suit, 10, 38, 20);
  s += suitSymbol(c.suit, 40, 12, 50);
  if (c.fox) {
    const n = FOOTPRINTS[c.rank] || 0;
    for (let i = 0; i < n; i++) s += pawMarkup(10 + i * 22, 92, '#5b4636');
    if (c.rank % 2 === 1) {
      const name = escapeXml(t('ability_' + c.rank));
      const squeeze = name.length > 10 ? ' textLength="84" lengthAdjust="spacingAndGlyphs"' : '';
      s += `<rect x="6" y="117" width="88" height="17" rx="4" fill="${st.fill}" opacity="0.16"/>`;
      s += `<text x="50" y="130" text-anchor="middle" font-family="system-ui, sans-serif" font-size="12" font-weight="700" fill="${st.ink}"${squeeze}>${name}</text>`;
    }
  } else {
    s += suitSymbol(c.suit, 66, 104, 26);
    s += `<text x="50" y="128" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="800" font-size="22" fill="${st.ink}">${c.rank}</text>`;
  }
  s += '</svg>';
  return s;
}

// The SVG markup of a card back.
export function cardBackMarkup() {
  let s = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" aria-hidden="true" focusable="false">';
  s += '<rect x="2" y="2" width="96" height="136" rx="9" fill="#24513a" stroke="#10301f" stroke-width="4"/>';
  s += '<rect x="10" y="10" width="80" height="120" rx="6" fill="none" stroke="#a7c9a0" stroke-width="2"/>';
  s += '<path d="M50 34 C72 50 72 86 50 106 C28 86 28 50 50 34 Z" fill="#a7c9a0"/>';
  s += '<path d="M50 44 L50 100" stroke="#24513a" stroke-width="3"/>';
  s += '</svg>';
  return s;
}

function escapeXml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[ch]));
}

// A card element. opts: action (notation; makes a button), label (aria
// label, default the card name), extra (more label text), cls (classes),
// index (number key), size ('sm' | 'md' | 'lg').
export function cardEl(code, opts) {
  const o = opts || {};
  const c = parseCard(code);
  const name = c ? cardName(code) : t('card_back');
  const label = (o.label || name) + (o.extra ? ', ' + o.extra : '');
  const classes = ['card', c ? 'suit-' + c.suit : 'back', 'size-' + (o.size || 'md')];
  if (o.cls) classes.push(o.cls);
  const attrs = { class: classes.join(' '), 'aria-label': label, title: label };
  if (c) attrs['data-card'] = c.code;
  let node;
  if (o.action) {
    classes.push('legal');
    attrs.class = classes.join(' ');
    attrs.type = 'button';
    attrs['data-action'] = o.action;
    attrs['data-focus-key'] = 'a:' + o.action;
    if (o.index !== undefined && o.index < KEYED_CHOICES) attrs['data-choice-index'] = o.index;
    if (o.onclick) attrs.onclick = o.onclick;
    node = el('button', attrs);
  } else {
    attrs.role = 'img';
    node = el('div', attrs);
  }
  node.innerHTML = c ? cardFaceMarkup(code) : cardBackMarkup();
  if (o.action && o.index !== undefined && o.index < KEYED_CHOICES) {
    node.appendChild(el('span', { class: 'keycap', 'aria-hidden': 'true' }, choiceKeyLabel(o.index)));
  }
  return node;
}

// A small inline suit icon (for labels and prompts).
export function suitIcon(suit, size) {
  const px = size || 18;
  const span = el('span', { class: 'suit-icon', role: 'img', 'aria-label': suitName(suit) });
  span.innerHTML = `<svg viewBox="0 0 100 100" width="${px}" height="${px}" aria-hidden="true" focusable="false">${suitSymbol(suit, 0, 0, 100)}</svg>`;
  return span;
}

// A small crown drawn as SVG, marking the crown characters of the full
// game (tables and the Rules panel); spoken as "crown card".
export function crownIcon(size) {
  const px = size || 14;
  const span = el('span', { class: 'crown-mark', role: 'img', 'aria-label': t('nw_crown'), title: t('nw_crown') });
  span.innerHTML = `<svg viewBox="0 0 100 80" width="${px}" height="${Math.round(px * 0.8)}" aria-hidden="true" focusable="false">` +
    '<path d="M6 70 L12 18 L34 44 L50 8 L66 44 L88 18 L94 70 Z" fill="#C9A227" stroke="#7A5C00" stroke-width="6" stroke-linejoin="round"/>' +
    '<rect x="6" y="66" width="88" height="10" fill="#7A5C00"/></svg>';
  return span;
}
