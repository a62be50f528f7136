// The Rules panel: each game's full rules and its card list, in the app's
// language, over whatever page is open (a game in progress stays as it
// is underneath and goes on when the panel closes). The text and the cards
// come from GET /api/rules/GAME (docs/web-api.md): the rules shipped in the
// data folder (data/rules/GAME.LANG.md, in the markup of
// docs/rules-text.md) and the cards of the game's own data, answered by
// the server or, on the static site, by the engine in the page.

import { t, lang } from './i18n.js';
import { el, clear } from './ui.js';
import { api } from './api.js';
import { suitIcon, suitName, crownIcon } from './cards.js';

// The games of the panel, by the API's key; the server's game names map
// to them.
const TABS = [
  { key: 'northwood', nameKey: 'nw_name', names: ['northwood'] },
  { key: 'fox', nameKey: 'fox_name', names: ['fox', 'foxduet'] },
];

const loaded = new Map(); // key -> the API's answer
let panel = null; // the open panel: { node, game, view, opener }
let tableGame = 'northwood'; // the game of the table open last

// Tells the panel which game the open table plays, so that it opens on it.
export function setRulesGame(name) {
  const tab = TABS.find((x) => x.names.includes(name));
  if (tab) tableGame = tab.key;
}

// The rules and cards of a game (fetched once).
async function rulesOf(key) {
  if (!loaded.has(key)) loaded.set(key, await api('GET', '/api/rules/' + key));
  return loaded.get(key);
}

// ---- The markup (docs/rules-text.md) -------------------------------------

// Appends a line's text with its **bold** and `code` spans as elements.
function inline(node, text) {
  const parts = String(text).split(/(\*\*[^*]+\*\*|`[^`]+`)/);
  for (const p of parts) {
    if (!p) continue;
    if (p.startsWith('**') && p.endsWith('**') && p.length > 4) node.append(el('strong', {}, p.slice(2, -2)));
    else if (p.startsWith('`') && p.endsWith('`') && p.length > 2) node.append(el('code', {}, p.slice(1, -1)));
    else node.append(p);
  }
  return node;
}

// Turns a rules text into elements: its title, and its sections, each
// an element with its heading id (for the contents).
function renderText(text, idPrefix) {
  const body = el('div', { class: 'rules-text' });
  const sections = [];
  let box = body; // where blocks go: the body, then each section
  let block = null; // { kind, node, lines }
  const lists = []; // the open lists: [{ kind, depth, node }]
  const flush = () => {
    if (block) inline(block.node, block.lines.join(' '));
    block = null;
  };
  const closeLists = () => { lists.length = 0; };
  for (const raw of String(text).split('\n')) {
    const indent = raw.length - raw.trimStart().length;
    const rest = raw.trim();
    if (!rest) { flush(); closeLists(); continue; }
    const heading = indent === 0 && /^(#{1,3}) (.*)$/.exec(rest);
    if (heading) {
      flush();
      closeLists();
      const level = heading[1].length;
      if (level === 1) {
        body.append(el('h2', { class: 'rules-title' }, heading[2]));
      } else if (level === 2) {
        const id = idPrefix + '-' + (sections.length + 1);
        box = el('section', { class: 'rules-section', 'aria-labelledby': id, 'data-testid': 'rules-section' },
          inline(el('h3', { id, tabindex: '-1' }), heading[2]));
        sections.push({ id, title: heading[2], node: box });
        body.append(box);
      } else {
        box.append(inline(el('h4', {}), heading[2]));
      }
      continue;
    }
    const item = /^(-|\d{1,3}\.) (.*)$/.exec(rest);
    if (rest.startsWith('>')) {
      if (!block || block.kind !== 'quote') {
        flush();
        closeLists();
        const node = el('p');
        box.append(el('blockquote', { class: 'rules-example' }, node));
        block = { kind: 'quote', node, lines: [] };
      }
      block.lines.push(rest.replace(/^> ?/, ''));
    } else if (item) {
      flush();
      const depth = Math.floor(indent / 3);
      const kind = item[1] === '-' ? 'ul' : 'ol';
      while (lists.length && (lists[lists.length - 1].depth > depth ||
        (lists[lists.length - 1].depth === depth && lists[lists.length - 1].kind !== kind))) lists.pop();
      let list = lists.length && lists[lists.length - 1].depth === depth ? lists[lists.length - 1] : null;
      if (!list) {
        const parent = lists.length ? lists[lists.length - 1].last : box;
        const node = el(kind);
        if (kind === 'ol' && item[1] !== '1.') node.setAttribute('start', String(parseInt(item[1], 10)));
        parent.append(node);
        list = { kind, depth, node, last: null };
        lists.push(list);
      }
      const li = el('li');
      list.node.append(li);
      list.last = li;
      block = { kind: 'item', node: li, lines: [item[2]] };
    } else if (block) {
      block.lines.push(rest);
    } else {
      closeLists();
      const node = el('p');
      box.append(node);
      block = { kind: 'para', node, lines: [rest] };
    }
  }
  flush();
  return { body, sections };
}

// ---- The card lists -------------------------------------------------------

// A {en, fr} text in the app's language.
function pick(pair) {
  return (pair && (pair[lang()] || pair.en)) || '';
}

// The characters of For Northwood!, grouped as the terminal shows them.
function northwoodCards(cards) {
  const groups = [
    ['rules_group_allies', (c) => c.intro === 'ally'],
    ['rules_group_rulers', (c) => c.intro === 'ruler'],
    ['rules_group_crown', (c) => !c.intro && c.crown],
    ['rules_group_other', (c) => !c.intro && !c.crown],
  ];
  return el('div', { class: 'rules-cards', 'data-testid': 'rules-cards' },
    el('p', {}, t('rules_nw_cards_intro', { n: cards.length })),
    groups.map(([key, test]) => {
      const mine = cards.filter(test);
      if (!mine.length) return null;
      return el('section', { class: 'rules-group' }, el('h3', {}, t(key), key === 'rules_group_crown' ? [' ', crownIcon(16)] : null),
        el('ul', { class: 'rules-card-list' }, mine.map((c) => el('li', { class: 'rules-card', 'data-testid': 'rules-card', 'data-id': c.id },
          el('p', { class: 'rules-card-name' }, suitIcon(c.suit, 18), ' ', el('strong', {}, pick(c.name)),
            pick(c.title) ? el('span', { class: 'rules-card-title' }, ' · ', pick(c.title)) : null,
            el('span', { class: 'muted' }, ' (' + suitName(c.suit) + ')')),
          el('p', { class: 'rules-card-text' }, pick(c.text))))));
    }));
}

// The ranks of the Duet with their footprints and abilities.
function foxCards(cards) {
  return el('div', { class: 'rules-cards', 'data-testid': 'rules-cards' },
    el('p', {}, t('rules_fox_cards_intro'), ' ', ['doves', 'roses', 'stars'].map((s) => suitIcon(s, 18))),
    el('ul', { class: 'rules-card-list' }, cards.map((c) => el('li', { class: 'rules-card', 'data-testid': 'rules-fox-rank', 'data-rank': String(c.rank) },
      el('p', { class: 'rules-card-name' }, el('strong', {}, t('rules_rank', { rank: c.rank })), ' · ',
        t(c.footprints === 1 || (c.footprints === 0 && lang() === 'fr') ? 'fox_footprints_sg' : 'fox_footprints', { n: c.footprints }),
        c.ability ? [' · ', el('strong', {}, pick(c.ability.name))] : null),
      c.ability ? el('p', { class: 'rules-card-text' }, pick(c.ability.text)) : null))));
}

// ---- The panel ------------------------------------------------------------

// Draws the open panel's content: the game tabs, the view tabs and the
// rules or the cards.
async function draw() {
  if (!panel) return;
  const { node, game, view } = panel;
  const content = node.querySelector('.rules-body');
  for (const b of node.querySelectorAll('[data-rules-game]')) b.setAttribute('aria-selected', b.dataset.rulesGame === game ? 'true' : 'false');
  for (const b of node.querySelectorAll('[data-rules-view]')) b.setAttribute('aria-selected', b.dataset.rulesView === view ? 'true' : 'false');
  clear(content).append(el('p', { class: 'muted' }, t('loading')));
  let data;
  try {
    data = await rulesOf(game);
  } catch (e) {
    clear(content).append(el('p', { class: 'error', role: 'alert', 'data-testid': 'rules-error' }, t('rules_error', { msg: e.message })));
    return;
  }
  if (!panel || panel.game !== game || panel.view !== view) return; // another tab was chosen meanwhile
  clear(content);
  content.scrollTop = 0;
  if (view === 'cards') {
    content.append(game === 'fox' ? foxCards(data.cards || []) : northwoodCards(data.cards || []));
    return;
  }
  const { body, sections } = renderText(pick(data.text), 'rules-' + game);
  const toc = el('nav', { class: 'rules-toc', 'aria-label': t('rules_contents') },
    el('ol', {}, sections.map((s) => el('li', {}, el('button', {
      type: 'button', class: 'linkish', 'data-testid': 'rules-toc-item',
      onclick: () => { s.node.scrollIntoView({ block: 'start' }); s.node.querySelector('h3').focus({ preventScroll: true }); },
    }, s.title)))));
  const title = body.querySelector('.rules-title');
  if (title) content.append(title);
  content.append(toc, ...Array.from(body.childNodes));
}

// Keys while the panel is open: Escape closes it; none reaches the table
// below (its number keys would play a card).
function onKey(e) {
  if (!panel) return;
  if (e.key === 'Escape') { e.preventDefault(); closeRules(); }
  e.stopPropagation();
}

// Opens the panel on a game ("northwood", "fox" or "foxduet"; default:
// the open table's) and a view ("rules" or "cards").
export function openRules(game, view) {
  const opener = document.activeElement;
  closeRules();
  const tabButton = (attr, value, label, testid) => el('button', {
    type: 'button', role: 'tab', class: 'rules-tab', [attr]: value, 'data-testid': testid,
    onclick: () => { if (attr === 'data-rules-game') panel.game = value; else panel.view = value; draw(); },
  }, label);
  const node = el('div', { class: 'rules-overlay', 'data-testid': 'rules-panel' },
    el('div', { class: 'rules-dialog panel', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'rules-heading' },
      el('div', { class: 'rules-head' },
        el('h1', { id: 'rules-heading' }, t('rules_title')),
        el('button', { type: 'button', class: 'button small', 'data-testid': 'rules-close', onclick: () => closeRules() },
          t(document.querySelector('#main .game.live') ? 'rules_back' : 'rules_close'))),
      el('div', { class: 'rules-tabs', role: 'tablist', 'aria-label': t('rules_games') },
        TABS.map((g) => tabButton('data-rules-game', g.key, t(g.nameKey), 'rules-tab-' + g.key))),
      el('div', { class: 'rules-tabs', role: 'tablist', 'aria-label': t('rules_views') },
        tabButton('data-rules-view', 'rules', t('rules_view_rules'), 'rules-view-rules'),
        tabButton('data-rules-view', 'cards', t('rules_view_cards'), 'rules-view-cards')),
      el('div', { class: 'rules-body', role: 'tabpanel', tabindex: '0', 'data-testid': 'rules-body' })));
  node.addEventListener('click', (e) => { if (e.target === node) closeRules(); });
  // The page below can be neither focused nor clicked while the panel is
  // open (a table redrawn by a partner's move cannot take the focus).
  for (const part of document.querySelectorAll('body > header, body > main')) part.inert = true;
  document.body.append(node);
  document.body.classList.add('rules-open');
  const tab = TABS.find((g) => g.names.includes(game));
  panel = { node, game: tab ? tab.key : tableGame, view: view === 'cards' ? 'cards' : 'rules', opener };
  window.addEventListener('keydown', onKey, true);
  node.querySelector('[data-testid=rules-close]').focus();
  draw();
}

// Closes the panel and gives the focus back to what had it.
export function closeRules() {
  if (!panel) return;
  const { node, opener } = panel;
  panel = null;
  window.removeEventListener('keydown', onKey, true);
  node.remove();
  for (const part of document.querySelectorAll('body > header, body > main')) part.inert = false;
  document.body.classList.remove('rules-open');
  if (opener && opener.isConnected && opener.focus) opener.focus({ preventScroll: true });
}

// Redraws the open panel in the new language.
export function rerenderRules() {
  if (!panel) return;
  const { game, view, opener } = panel;
  openRules(game, view);
  panel.opener = opener;
}
