// Entry point of the web app: the header, the language switch and the
// routes (#/ start, #/play/<id>, #/join/<id>/<code>, #/history,
// #/replay/<id>, #/replay-link/<data>, #/analysis/<id>, #/help), and the
// Rules panel over any of them (rules.js).

import { t, lang, setLang } from './i18n.js';
import { el, clear, toast, installNumberKeys, installKeyboardMark } from './ui.js';
import { api, saveToken, tokenFor, recentGames, forgetGame, hotseatTokens } from './api.js';
import { GameSession, HotseatSession } from './session.js';
import { gameScreen } from './table.js';
import { gameOf } from './games.js';
import { historyPage } from './history.js';
import { replayPage, replayLinkPage } from './replay.js';
import { startGameFrom } from './again.js';
import { analysisPage } from './analysis.js';
import { helpPage } from './help.js';
import { openRules, rerenderRules, setRulesGame } from './rules.js';
import { LOCAL, warmUp, localUnsupported } from './local.js';
import { settingsBox, tellTurn } from './settings.js';
import { tutorialPage, tutorialLink, tutorialOffer, tutorialOfGame } from './tutorial.js';
import { difficultyLine } from './difficulty.js';
import { challengesPanel } from './challenges.js';

const main = document.getElementById('main');
let current = null; // the mounted screen: {destroy(), rerender()}

// Applies the language to the static parts of the page.
function translateChrome() {
  document.documentElement.lang = lang();
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const b of document.querySelectorAll('[data-lang]')) b.setAttribute('aria-pressed', b.dataset.lang === lang() ? 'true' : 'false');
  const skip = document.querySelector('.skip');
  if (skip) skip.textContent = t('skip');
  const group = document.querySelector('.lang');
  if (group) group.setAttribute('aria-label', t('lang_label'));
  for (const a of document.querySelectorAll('.topbar nav a')) {
    a.classList.toggle('current', a.getAttribute('href') === currentNavHref());
  }
}

function currentNavHref() {
  const h = location.hash || '#/';
  if (h.startsWith('#/replay-link')) return '';
  if (h.startsWith('#/history') || h.startsWith('#/replay') || h.startsWith('#/analysis')) return '#/history';
  if (h.startsWith('#/help')) return '#/help';
  if (h === '#/' || h === '' || h === '#') return '#/';
  return '';
}

// Shows an error box with a retry button.
function showError(e, retry) {
  const msg = e && e.status === 0 ? t('network_error') : t('error_prefix', { msg: e && e.message ? e.message : String(e) });
  clear(main).appendChild(el('div', { class: 'panel error', role: 'alert' },
    el('p', {}, msg),
    retry ? el('button', { type: 'button', class: 'button', onclick: retry }, t('retry')) : null,
    el('p', {}, el('a', { href: '#/' }, t('nav_home')))));
}

// Whether an error answer says the game was archived (410 archived).
function isArchived(e) {
  return !!e && (e.code === 'archived' || e.status === 410);
}

// The screen for an archived game: what happened and a way on. The game
// is dropped from this browser's list of games to continue.
function showArchived(id) {
  forgetGame(id);
  clear(main).appendChild(el('div', { class: 'panel', role: 'alert', 'data-testid': 'archived' },
    el('h1', {}, t('archived_title')),
    el('p', {}, t('archived_body')),
    el('p', {}, el('a', { class: 'button primary', href: '#/' }, t('archived_new')))));
}

// The page of a game this browser holds no seat of: asks the server
// whether the game exists, and says in plain words what can be done (no
// such game; a game of another browser, whose replay can be watched once
// it is finished, or whose player can send an invite link).
async function showNotMine(id) {
  clear(main).appendChild(el('p', { class: 'muted' }, t('loading')));
  const panel = (testid, title, body, ...more) => clear(main).appendChild(el('div', { class: 'panel', role: 'alert', 'data-testid': testid },
    el('h1', {}, title), el('p', {}, body), ...more,
    el('p', {}, el('a', { class: 'button primary', href: '#/' }, t('archived_new')))));
  let finished = false;
  try { await api('GET', '/api/history/' + encodeURIComponent(id)); finished = true; } catch (e) { /* not finished */ }
  if (finished) {
    panel('not-mine', t('not_mine_title'), t('not_mine_finished'),
      el('p', {}, el('a', { class: 'button', 'data-testid': 'not-mine-replay', href: '#/replay/' + encodeURIComponent(id) + '/0' }, t('not_mine_replay'))));
    return;
  }
  try {
    await api('GET', '/api/games/' + encodeURIComponent(id) + '/state');
  } catch (e) {
    if (isArchived(e)) { showArchived(id); return; }
    if (e.status === 404) { panel('no-such-game', t('no_game_title'), t('no_game_body', { id })); return; }
    if (e.status !== 403) { showError(e, () => showNotMine(id)); return; }
  }
  panel('not-mine', t('not_mine_title'), t('not_mine_body'));
}

// A radio group: name, legend, [[value, label]], checked value.
function radios(name, legend, options, checked) {
  return el('fieldset', { class: 'radios' }, el('legend', {}, legend),
    options.map(([value, label]) => el('label', {},
      el('input', { type: 'radio', name, value, checked: value === checked }), ' ', label)));
}

// Reads the optional seed field: a whole number or undefined.
function seedOf(form) {
  const raw = (form.elements.seed && form.elements.seed.value || '').trim();
  if (!raw) return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

// For Northwood!'s variants (in its "more options"): the first edition's
// hidden stars and the expert rule.
function variantField() {
  const option = (value, label, checked) => el('label', {},
    el('input', { type: 'radio', name: 'variant', value, checked, 'data-testid': 'nw-variant-' + value }), ' ', label);
  return el('div', { 'data-testid': 'nw-variants' },
    el('fieldset', { class: 'radios' }, el('legend', {}, t('variant')),
      option('medals', t('variant_medals'), true), option('hidden-stars', t('variant_hidden'), false)),
    el('label', {}, el('input', { type: 'checkbox', name: 'expert', 'data-testid': 'nw-expert' }), ' ', t('expert_rule')));
}

// The folded "more options" part of a start form: the optional seed, and
// anything the game adds (extra).
function seedField(testId, extra) {
  return el('details', {}, el('summary', {}, t('more_options')), extra || null,
    el('label', {}, t('seed'), ' ', el('input', { type: 'number', name: 'seed', min: '0', step: '1', inputmode: 'numeric', 'data-testid': testId })),
    el('p', { class: 'muted' }, t('seed_help')));
}

// Creates a game when the start form is sent: options(form) gives the
// game and its options, the seed is added when one was typed.
function onStart(form, options) {
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = options(form);
    const seed = seedOf(form);
    if (seed !== undefined) body.seed = seed;
    await createGame(body, form);
  });
}

// The start page's button that opens a game's rules.
function rulesLink(game) {
  return el('button', { type: 'button', class: 'linkish', 'data-testid': 'start-rules-' + game, onclick: () => openRules(game) }, t('start_rules'));
}

// The start page: choose a game and its options.
function startPage() {
  const nwForm = el('form', { class: 'panel game-card', 'data-testid': 'start-northwood', 'aria-labelledby': 'nw-title' },
    el('h2', { id: 'nw-title' }, t('nw_name')),
    el('p', {}, t('nw_blurb'), ' ', rulesLink('northwood')),
    radios('setup', t('setup'), [['intro', t('setup_intro')], ['full', t('setup_full')]], 'intro'),
    radios('medal', t('medal'), [
      ['bronze', t('medal_stars', { medal: t('medal_bronze'), stars: 16 })],
      ['silver', t('medal_stars', { medal: t('medal_silver'), stars: 18 })],
      ['gold', t('medal_stars', { medal: t('medal_gold'), stars: 20 })]], 'bronze'),
    seedField('nw-seed', variantField()),
    el('p', { class: 'row' }, el('button', { type: 'submit', class: 'button primary', 'data-testid': 'start-nw' }, t('start_nw')),
      tutorialLink('northwood')));
  onStart(nwForm, (f) => {
    const body = { game: 'northwood', setup: f.elements.setup.value, medal: f.elements.medal.value };
    // the variants are sent only when chosen
    if (f.elements.variant.value === 'hidden-stars') body.variant = 'hidden-stars';
    if (f.elements.expert.checked) body.expert = true;
    return body;
  });
  // the medal means nothing with the hidden stars
  const medalSet = nwForm.querySelector('input[name=medal]').closest('fieldset');
  nwForm.addEventListener('change', () => { medalSet.disabled = nwForm.elements.variant.value === 'hidden-stars'; });
  nwForm.insertBefore(difficultyLine(nwForm, 'nw-difficulty', (f) => ({
    game: 'northwood', setup: f.elements.setup.value, variant: f.elements.variant.value,
    medal: f.elements.medal.value, expert: f.elements.expert.checked,
  })), nwForm.querySelector('p.row'));

  const foxForm = el('form', { class: 'panel game-card', 'data-testid': 'start-fox', 'aria-labelledby': 'fox-title' },
    el('h2', { id: 'fox-title' }, t('fox_name')),
    el('p', {}, t('fox_blurb'), ' ', rulesLink('fox')),
    radios('level', t('level'), [['1', t('level_1')], ['2', t('level_2')], ['3', t('level_3')]], '1'),
    radios('partner', t('partner'), [['human', t(LOCAL ? 'partner_here' : 'partner_human')], ['rule', t('partner_rule')], ['strong', t('partner_strong')]], 'human'),
    seedField('fox-seed'),
    el('p', { class: 'row' }, el('button', { type: 'submit', class: 'button primary', 'data-testid': 'start-fox-button' }, t('start_fox')),
      tutorialLink('foxduet')));
  onStart(foxForm, (f) => ({ game: 'foxduet', level: Number(f.elements.level.value), partner: f.elements.partner.value }));
  foxForm.insertBefore(difficultyLine(foxForm, 'fox-difficulty', (f) => ({ game: 'fox', level: Number(f.elements.level.value) })),
    foxForm.querySelector('p.row'));

  const recent = recentGames().filter((g) => tokenFor(g.id)).slice(0, 5);
  // Only the parts there are: append() would write a missing one as "null".
  clear(main).append(...[
    el('h1', {}, t('start_title')),
    el('p', { class: 'lead' }, t('start_intro')),
    tutorialOffer(recentGames().length > 0),
    el('div', { class: 'start-grid' }, nwForm, foxForm),
    challengesPanel((body, button) => startGameFrom(button, body)),
    recent.length ? el('section', { class: 'panel' }, el('h2', {}, t('continue_title')),
      el('ul', {}, recent.map((g) => el('li', {},
        el('a', { href: '#/play/' + encodeURIComponent(g.id) }, t(gameOf(g.game).nameKey) + ' · ' + g.id))))) : null,
    el('div', { class: 'panel' }, settingsBox()),
  ].filter(Boolean));
  return { destroy() {}, rerender: startPage };
}

// Creates a game on the server and opens it.
async function createGame(body, form) {
  await startGameFrom(form.querySelector('button[type=submit]'), body);
}

// The game page: loads this seat's state and mounts the right screen.
function playPage(id) {
  // A tutorial's game is played with its coach, at the tutorial's address.
  const tutorial = tutorialOfGame(id);
  if (tutorial) {
    location.replace('#/tutorial/' + tutorial);
    return { destroy() {} };
  }
  const token = tokenFor(id);
  if (!token) {
    showNotMine(id);
    return { destroy() {} };
  }
  clear(main).appendChild(el('p', { class: 'muted' }, t('loading')));
  let screen = null;
  // An archived game (while open or when opened) gets its own screen.
  const archived = () => {
    session.close();
    screen = null;
    showArchived(id);
  };
  const pair = hotseatTokens(id);
  let wasMyTurn = null;
  const onChange = (st, events, prev) => {
    // At a table of two, the title says whose turn it is (the tab shows
    // it from afar) and the player may be told by a notification.
    setRulesGame(st.game);
    const two = gameOf(st.game).seats === 2;
    const myTurn = two && !st.over && (st.legal || []).length > 0;
    document.title = (myTurn ? t('title_your_turn') + ' · ' : '') + t(gameOf(st.game).nameKey) + ' · Trickwood';
    if (myTurn && wasMyTurn === false) tellTurn(t('notify_turn_title'), t('notify_turn_body', { game: t(gameOf(st.game).nameKey) }));
    wasMyTurn = myTurn;
    if (session.handover) {
      // The other player's turn at this screen: cover the table until
      // they say they hold the device; the table then starts afresh for
      // their seat (its log told from their side).
      screen = null;
      handoverCover(st, () => {
        session.tookOver();
        screen = gameScreen(main, session, gameOf(st.game), { gameId: id });
        screen.render(session.state, [], null);
      });
      return;
    }
    if (!screen) screen = gameScreen(main, session, gameOf(st.game), { gameId: id });
    screen.render(st, events, prev);
  };
  const onError = (e) => (isArchived(e) ? archived() : toast(t('error_prefix', { msg: e.message }), 'error'));
  const session = pair ? new HotseatSession(id, pair, onChange, onError) : new GameSession(id, token, onChange, onError);
  const start = () => session.load([]).then((st) => {
    // A two-seat table follows the partner's moves on the event stream;
    // with the engine in the page, any game follows the moves made in
    // this browser's other tabs.
    if (st && (LOCAL || gameOf(st.game).seats === 2) && !st.over) session.listen();
  }).catch((e) => (isArchived(e) ? archived() : showError(e, start)));
  start();
  return {
    destroy() { session.close(); },
    rerender() { if (screen) screen.rerender(); },
  };
}

// The screen between two turns of a table played at one screen: whose
// turn it is, and a button for them once the other player looks away.
function handoverCover(st, ready) {
  const n = (st.seat ?? 0) + 1;
  const button = el('button', { type: 'button', class: 'button primary', 'data-testid': 'handover-ready', onclick: ready },
    t('handover_ready', { n }));
  clear(main).appendChild(el('section', { class: 'panel handover', role: 'dialog', 'aria-labelledby': 'handover-title', 'data-testid': 'handover', 'data-seat': String(st.seat ?? 0) },
    el('h1', { id: 'handover-title' }, t('handover_title', { n })),
    el('p', {}, t('handover_body', { n, other: 3 - n })),
    button));
  button.focus();
}

// Opening a join link: takes the other seat, then opens the game.
function joinPage(id, code) {
  clear(main).appendChild(el('p', { class: 'muted' }, t('join_busy')));
  // A tab that already joined this table (reload) goes straight in.
  let held = null;
  try { held = JSON.parse(sessionStorage.getItem('tw.tokens') || '{}')[id] || null; } catch (e) { held = null; }
  if (held) {
    location.replace('#/play/' + encodeURIComponent(id));
    return { destroy() {} };
  }
  api('POST', '/api/games/' + encodeURIComponent(id) + '/join', { code }).then((res) => {
    saveToken(res.id || id, res.token, res.game || 'foxduet');
    location.replace('#/play/' + encodeURIComponent(res.id || id));
  }).catch((e) => {
    clear(main).appendChild(el('div', { class: 'panel error', role: 'alert' },
      el('h1', {}, t('join_title')),
      el('p', { 'data-testid': 'join-error' }, t('join_failed', { msg: e.message })),
      el('p', {}, el('a', { href: '#/' }, t('nav_home')))));
  });
  return { destroy() {} };
}

// Shows the page for the current address.
function route() {
  if (current && current.destroy) current.destroy();
  current = null;
  const hash = location.hash || '#/';
  const parts = hash.replace(/^#\/?/, '').split('/').map((p) => decodeURIComponent(p));
  translateChrome();
  document.title = 'Trickwood';
  window.scrollTo(0, 0);
  switch (parts[0]) {
    case 'play': current = playPage(parts[1]); break;
    case 'join': current = joinPage(parts[1], parts[2] || ''); break;
    case 'history': current = historyPage(main, parts[1] || ''); break;
    case 'replay': current = replayPage(main, parts[1], Number(parts[2] || 0)); break;
    case 'replay-link': current = replayLinkPage(main, parts[1]); break;
    case 'analysis': current = analysisPage(main, parts[1]); break;
    case 'help': current = helpPage(main); break;
    case 'tutorial': current = tutorialPage(main, parts[1] || ''); break;
    default: current = startPage(); break;
  }
}

for (const b of document.querySelectorAll('[data-lang]')) {
  b.addEventListener('click', () => {
    setLang(b.dataset.lang);
    translateChrome();
    if (current && current.rerender) current.rerender();
    else route();
    rerenderRules();
  });
}
document.querySelector('[data-testid=rules-open]').addEventListener('click', () => openRules());
// On the static site: the service worker that keeps the site for offline
// use, and the offer to reload when a new version is ready (it takes
// over only then, so this page never mixes versions).
function installOffline() {
  if (!LOCAL || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('sw.js').then((reg) => {
    const offer = (sw) => {
      if (!sw || !navigator.serviceWorker.controller) return; // the first install needs no reload
      if (document.getElementById('update-ready')) return;
      const bar = el('div', { id: 'update-ready', class: 'panel notice', role: 'status', 'data-testid': 'update-ready' },
        el('span', {}, t('update_ready')), ' ',
        el('button', { type: 'button', class: 'button primary', 'data-testid': 'update-reload', onclick: () => sw.postMessage('take-over') }, t('update_reload')));
      main.parentNode.insertBefore(bar, main);
    };
    if (reg.waiting) offer(reg.waiting);
    reg.addEventListener('updatefound', () => {
      const sw = reg.installing;
      if (sw) sw.addEventListener('statechange', () => { if (sw.state === 'installed') offer(sw); });
    });
  }).catch(() => { /* no offline copy: the site still works online */ });
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading || !document.getElementById('update-ready')) return;
    reloading = true;
    location.reload();
  });
}

// On the static site, a browser that cannot run the engine is told so at once.
function checkEngineSupport() {
  const why = LOCAL ? localUnsupported() : null;
  if (!why) return;
  const box = el('div', { class: 'panel error', role: 'alert', 'data-testid': 'local-unsupported' },
    el('p', {}, t(why === 'webassembly' ? 'local_no_wasm' : 'local_no_worker')));
  main.parentNode.insertBefore(box, main);
}

window.addEventListener('hashchange', route);
installNumberKeys();
installKeyboardMark();
checkEngineSupport();
warmUp();
installOffline();
route();
