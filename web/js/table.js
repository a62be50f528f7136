// The table screen of a game, written once for every game: it follows the
// session (states, actions, refusals, hints), keeps the log, and draws the
// parts every table has (status bar, prompt and choices, hint, share panel
// of an open seat, game-over summary, log). What is drawn per game comes
// from the game's object (fox.js, northwood.js):
//
//   id, nameKey, cls       'foxduet', its name's text key, the screen's class
//   seats                  1 or 2; a two-seat table marks the turn, offers
//                          its open seat and follows the event stream
//   actionLabel(a, view, forLog)  words for an action
//   hintText(hint, view)   the hint line
//   actionLine(entry, seat, first)  a log line for an action of the server's
//                          action log (first: opening a game in progress)
//   outcomeLines(events, before, view, seat, first)  log lines for what came
//                          of the actions
//   pills(ctx)             the status bar's pills between title and version
//   promptLines(ctx)       the prompt box's lines above the choices
//   choiceParts(a, ctx)    optional: {cls, before, after} of a choice button
//   overText(ctx)          {won, lines, details} of the game-over summary
//                          (details: an element, e.g. the game turn by turn)
//   focus(view)            optional: which part of the table the choice is
//                          about (data-focus, for small screens)
//   draw(ctx)              the table's sections in order (the play area:
//                          board, then dock(middle, hand)), placing
//                          ctx.promptBox, ctx.summary and ctx.share
//   side(ctx)              the side column's sections (above the log)
//   playVerbs              the verbs that play a card of the hand to the
//                          table ('respond', 'play'): when only one such
//                          action is legal (and besides it only actions of
//                          asideVerbs), the player's setting may play it
//                          by itself (settings.js)
//   asideVerbs             optional: actions that do not keep the only
//                          card from going by itself (ending the game,
//                          finishing a decided visit)
//
// ctx holds st, view, seat, legal, before (the previous view), events,
// readOnly, myTurn, hinted, act, whoName, labelOf(action), promptLine(text),
// redraw() and legalChoices' choice, keycap, used and index.
// handSection and parseAction below help the games draw their tables.

import { t } from './i18n.js';
import { el, clear, toast, focusKeeper, legalChoices } from './ui.js';
import { cardEl, cardName } from './cards.js';
import { formatEntry } from './log.js';
import { api, gamePath } from './api.js';
import { againButton } from './again.js';
import { analysisHref } from './links.js';
import { autoPlayOnly, settingsBox, hintAbout } from './settings.js';
import { openRules } from './rules.js';

// How long the only legal card waits before it goes by itself (the note
// under the prompt shows the time running out).
export const AUTO_PLAY_MS = 1200;

// The only card-playing action of a legal list, when the rest are only
// actions of asideVerbs; otherwise null.
export function soleCardAction(game, legal) {
  const verbOf = (a) => parseAction(a).verb;
  const plays = legal.filter((a) => (game.playVerbs || []).includes(verbOf(a)));
  if (plays.length !== 1) return null;
  return legal.every((a) => a === plays[0] || (game.asideVerbs || []).includes(verbOf(a))) ? plays[0] : null;
}

// Mounts the table of `game` in root; session is a GameSession (or a
// replay's stand-in). opts: readOnly (a replay), gameId (for the share panel).
export function gameScreen(root, session, game, opts) {
  const readOnly = !!(opts && opts.readOnly);
  const gameId = opts && opts.gameId;
  const log = [];
  let hinted = null;
  let hintText = '';
  let hintMeaning = null; // the (i) with what the hint's chance means
  let prevView = null;
  let loggedVersion = null;
  let prevOver = false;
  // The only legal card waiting to go by itself: {key, action, started,
  // timer}; waitKey: the decision where the player asked to wait.
  let auto = null;
  let waitKey = null;
  let screenNode = null;

  // Stops the only card from going by itself.
  function stopAuto() {
    if (auto) clearTimeout(auto.timer);
    auto = null;
  }

  // Adds the actions taken since the last state (one line each, from the
  // server's action log), then what came of them.
  function addToLog(st, events, before, seat) {
    const first = loggedVersion === null;
    const from = first ? 0 : loggedVersion;
    for (const entry of Array.isArray(st.log) ? st.log : []) {
      if (entry.version <= from) continue;
      const line = game.actionLine(entry, seat, first);
      if (line) log.push(line);
    }
    loggedVersion = st.version;
    // What an undo took back, in words (from the server's "undo" event)
    // (worded when drawn, so that it follows the language).
    for (const e of events.filter((x) => x && x.type === 'undo')) {
      const view = st.view || {};
      const what = () => (e.actions || []).map((a) => (a ? game.actionLabel(a, view, true) : '?')).join(', ');
      log.push({ key: 'log_undo', lazy: { what } });
    }
    const played = events.filter((x) => !x || x.type !== 'undo');
    for (const e of game.outcomeLines(played, before, st.view || {}, seat, first)) log.push(e);
  }

  // Sends an action; a refusal is shown as a toast.
  function act(action) {
    stopAuto();
    hinted = null;
    hintText = '';
    hintMeaning = null;
    session.act(action).catch((e) => {
      if (e.code === 'conflict' || e.status === 409) toast(t('stale'));
      else if (e.code === 'archived' || e.status === 410) session.onError(e);
      else if (e.status === 0) toast(t('network_error'), 'error');
      else toast(t('illegal', { msg: e.message }), 'error');
    });
  }

  // Takes back the last decision; a refusal is shown as a toast.
  function undo() {
    stopAuto();
    hinted = null;
    hintText = '';
    hintMeaning = null;
    session.undo().catch((e) => {
      if (e.status === 0) toast(t('network_error'), 'error');
      else toast(t('error_prefix', { msg: e.message }), 'error');
    });
  }

  // Asks the server for a hint and marks the advised choice.
  async function askHint() {
    // Asking for advice means thinking it over: the only card waits.
    if (auto) { waitKey = auto.key; stopAuto(); render(session.state, [], null, true); }
    const box = root.querySelector('.hint-box');
    if (box) box.textContent = t('hint_busy');
    try {
      const h = await session.hint();
      hinted = h.action;
      hintText = game.hintText(h, session.state.view);
      hintMeaning = hintAbout(h.meaning);
      render(session.state, [], null, true);
    } catch (e) {
      if (box) box.textContent = t('error_prefix', { msg: e.message });
    }
  }

  // Gives the open seat to a bot of the given kind.
  async function giveSeatToBot(kind) {
    try {
      await api('POST', gamePath(gameId, 'seat/1/bot'), { bot: kind }, session.token);
      await session.load([]);
    } catch (e) {
      toast(t('error_prefix', { msg: e.message }), 'error');
    }
  }

  // Draws the state. prev: the previous state (for animations of changes
  // made by the partner); keepPrev: a redraw of the same state.
  function render(st, events, prev, keepPrev) {
    const restore = focusKeeper(root);
    const view = st.view || {};
    const seat = st.seat ?? view.seat ?? 0;
    const legal = st.over ? [] : (st.legal || []);
    const before = keepPrev ? prevView : (prev ? prev.view : prevView);
    if (!keepPrev) addToLog(st, events, before, seat);
    const myTurn = !st.over && legal.length > 0;
    // Who a seat is, in words: "You" / "Your partner", or "Player 2" in a replay.
    const whoName = (s) => (readOnly ? t('replay_player', { n: s + 1 }) : (s === seat ? t('you') : t('your_partner')));
    const ctx = { st, view, seat, legal, before, events, readOnly, myTurn, hinted, act, whoName,
      labelOf: (a) => game.actionLabel(a, view),
      // Draws the same state again (a choice made on the table itself, such
      // as the ruler picked before its ally, changes what is offered).
      redraw: () => render(st, [], null, true),
      // The prompt line; a two-seat table marks this seat's turn.
      promptLine: (text) => el('p', { class: 'prompt' + (game.seats === 2 && myTurn ? ' your-turn' : ''), role: 'status',
        'aria-live': 'polite', 'data-testid': 'prompt' }, text),
      ...legalChoices(legal, hinted, act) };

    const buttons = el('div', { class: 'choices', role: 'group', 'aria-label': t('choices') });
    const hintBox = el('p', { class: 'hint-box', 'aria-live': 'polite' }, hintText, hintText ? hintMeaning : null);
    const autoNote = armAuto(st, legal, readOnly || !myTurn, ctx);
    ctx.promptBox = !st.over || readOnly ? el('div', { class: 'prompt-box' }, game.promptLines(ctx), autoNote, buttons, hintBox) : null;
    ctx.summary = st.over && !readOnly ? summary(game.overText(ctx), st.again, gameId || st.id, game.id) : null;
    ctx.share = game.seats === 2 && (st.partner || { kind: 'open' }).kind === 'open' && !st.over && !readOnly
      ? sharePanel(st, gameId, giveSeatToBot) : null;

    clear(root);
    const screen = screenNode = el('section', { class: 'game ' + game.cls + (readOnly ? '' : ' live'), 'aria-label': t(game.nameKey),
      'data-focus': game.focus ? game.focus(view) : null });
    root.appendChild(screen);
    screen.appendChild(el('div', { class: 'statusbar' },
      readOnly ? null : el('h1', { class: 'game-title' }, t(game.nameKey)),
      game.pills(ctx),
      el('span', { class: 'pill muted', 'data-testid': 'version', 'data-version': st.version }, t('version', { n: st.version })),
      // The rules over the table, which goes on when they close (the
      // header's Rules button does the same where there is room for it).
      readOnly ? null : el('button', { type: 'button', class: 'pill rules-pill', 'data-testid': 'table-rules', onclick: () => openRules(game.id) }, t('nav_rules'))));
    // The play area (board, middle, hand) and the side column (side
    // information and the log, which scrolls on its own).
    const play = el('div', { class: 'table-main' }, game.draw(ctx));
    const side = el('aside', { class: 'table-side' }, game.side ? game.side(ctx) : null);
    screen.append(play, side);

    // Every legal action not drawn by the table becomes a button.
    for (const a of legal) {
      if (ctx.used.has(a)) continue;
      const parts = game.choiceParts ? game.choiceParts(a, ctx) : {};
      buttons.appendChild(el('button', ctx.choice(a, 'button' + (parts.cls || '')), ctx.keycap(a),
        parts.before, ctx.labelOf(a), parts.after));
    }
    if (myTurn && !readOnly) {
      buttons.appendChild(el('button', { type: 'button', class: 'button secondary hint-button', 'data-testid': 'hint', 'data-focus-key': 'hint', title: t('hint_title'), onclick: askHint }, t('hint')));
    }
    if (myTurn && !readOnly && st.undo > 0) {
      buttons.appendChild(el('button', { type: 'button', class: 'button secondary undo-button', 'data-testid': 'undo',
        'data-focus-key': 'undo', title: t('undo_title'), onclick: undo }, t('undo')));
    }

    if (!readOnly) {
      side.append(logBox(game.logFilter ? game.logFilter(log) : log),
        settingsBox(() => render(session.state, [], null, true), !!game.logFilter));
    }
    if (auto) {
      const card = root.querySelector('[data-action="' + CSS.escape(auto.action) + '"]');
      if (card) card.classList.add('auto-play');
    }
    const wasOver = prevOver;
    prevOver = !!st.over;
    if (!keepPrev || readOnly) prevView = view;
    restore(!readOnly && myTurn);
    // The game just ended (maybe on the other seat's move): its summary
    // comes into view.
    if (ctx.summary && !wasOver && typeof ctx.summary.scrollIntoView === 'function') {
      ctx.summary.scrollIntoView({ block: 'nearest' });
    }
  }

  // Starts, keeps or stops the only legal card's wait before it goes by
  // itself (the player's setting), and returns the note that tells it
  // under the prompt (null when no card waits). A drawing again of the
  // same decision keeps the time already run.
  function armAuto(st, legal, off, ctx) {
    const action = off || !autoPlayOnly() ? null : soleCardAction(game, legal);
    const key = action ? st.version + ' ' + action : null;
    if (!key || key === waitKey || (auto && auto.key !== key)) stopAuto();
    if (!key || key === waitKey) return null;
    if (!auto) {
      auto = { key, action, started: Date.now(), timer: 0 };
      auto.timer = setTimeout(() => {
        const still = auto && auto.key === key && screenNode && screenNode.isConnected &&
          session.state && session.state.version === st.version;
        auto = null;
        if (still) act(action);
      }, AUTO_PLAY_MS);
    }
    const elapsed = Math.min(AUTO_PLAY_MS, Date.now() - auto.started);
    // The bar fills up in the time left (through the CSSOM: the
    // Content-Security-Policy refuses style attributes).
    const bar = el('span', { class: 'auto-play-bar', 'aria-hidden': 'true',
      style: `animation-duration: ${AUTO_PLAY_MS}ms; animation-delay: -${elapsed}ms` });
    return el('p', { class: 'auto-play-note', 'data-testid': 'auto-play-note', role: 'status' },
      el('span', {}, t('auto_play_note', { card: cardName(parseAction(action).args[0]) })),
      el('button', { type: 'button', class: 'button secondary small', 'data-testid': 'auto-play-wait',
        'data-focus-key': 'auto-wait', title: t('auto_play_wait_title'),
        onclick: () => { waitKey = key; stopAuto(); render(session.state, [], null, true); } }, t('auto_play_wait')),
      bar);
  }

  return {
    render: (st, events, prev) => render(st, events || [], prev, false),
    rerender: () => { if (session.state) render(session.state, [], null, true); },
  };
}

// The game-over summary: {won, lines}, the first line in large print;
// again: the request that deals the same game again (null: none); id:
// the game's, for the way to its analysis.
function summary(over, again, id, gameKey) {
  const lines = over.lines.filter((x) => x);
  return el('div', { class: 'summary ' + (over.won ? 'won' : 'lost'), 'data-testid': 'game-over' },
    el('h2', {}, t('game_over')),
    el('p', { class: 'big' }, lines[0]),
    lines.slice(1).map((line) => el('p', {}, line)),
    over.details || null,
    id ? setupTotals(gameKey, id) : null,
    el('p', { class: 'row' },
      againButton(again, 'button primary', 'play-again'),
      el('a', { class: 'button', href: '#/' }, t('new_game')),
      id ? el('a', { class: 'button', href: analysisHref(id), 'data-testid': 'analysis-link' }, t('an_link')) : null,
      el('a', { class: 'button', href: '#/history' }, t('see_history'))));
}

// The player's totals at the setup of the game just finished ("At this
// setup: 7 played, 3 won (43%), best 18, wins in a row: 1"), from the
// history's totals; filled in when they arrive, kept per game id so that a
// redraw does not ask again. Empty when the game is not in the history.
const totalsAsked = new Map();
function setupTotals(gameKey, id) {
  const line = el('p', { class: 'end-totals muted', 'data-testid': 'end-totals' });
  if (!totalsAsked.has(id)) {
    totalsAsked.set(id, api('GET', '/api/history/totals?game=' + encodeURIComponent(gameKey)).catch(() => null));
  }
  totalsAsked.get(id).then((res) => {
    const totals = res && (res.games || []).find((g) => g.game === gameKey);
    const setup = totals && (totals.setups || []).find((x) => (x.results || []).some((r) => r.id === id));
    if (!setup) return;
    line.textContent = t('end_setup_totals', { played: setup.played, won: setup.won, rate: Math.round((setup.win_rate || 0) * 100),
      best: setup.best ?? '–', streak: (setup.streak || {}).current ?? 0 });
  });
  return line;
}

// The panel of an open seat: the join link to share and the bot button.
function sharePanel(st, gameId, giveSeatToBot) {
  let joinUrl = st.join_url || null;
  try { joinUrl = joinUrl || sessionStorage.getItem('tw.join.' + gameId); } catch (e) { /* ignore */ }
  const full = joinUrl ? new URL(joinUrl, location.href).href : null;
  const input = full ? el('input', { type: 'text', readonly: true, value: full, 'data-testid': 'join-link', 'aria-label': t('fox_share_title'), onfocus: (e) => e.target.select() }) : null;
  const botSelect = el('select', { 'aria-label': t('fox_bot_kind'), 'data-testid': 'bot-kind' },
    el('option', { value: 'rule' }, t('partner_rule')),
    el('option', { value: 'strong' }, t('partner_strong')));
  // Compact: the title and its line of text, then the link, its copy
  // button and the bot's offer on one row (wrapping on narrow screens), so
  // that the hand stays in view on a laptop.
  return el('section', { class: 'share', 'aria-label': t('fox_share_title') },
    el('p', { class: 'share-head' }, el('strong', {}, t('fox_share_title')), ' ', t('fox_share_text')),
    el('div', { class: 'row' },
      input,
      input ? el('button', { type: 'button', class: 'button secondary', 'data-focus-key': 'copy', onclick: async () => {
        try { await navigator.clipboard.writeText(full); toast(t('copied')); } catch (e) { input.focus(); input.select(); }
      } }, t('copy')) : null,
      botSelect,
      el('button', { type: 'button', class: 'button', 'data-testid': 'give-bot', 'data-focus-key': 'give-bot',
        onclick: () => giveSeatToBot(botSelect.value) }, t('fox_give_bot'))));
}

// The log box: the latest 80 lines, newest first.
function logBox(log) {
  const box = el('section', { class: 'log', 'aria-label': t('log') }, el('h2', {}, t('log')));
  const list = el('ol', { class: 'log-list', reversed: true, 'data-testid': 'log' });
  const recent = log.slice(-80).reverse();
  if (!recent.length) box.appendChild(el('p', { class: 'muted' }, t('log_empty')));
  for (const entry of recent) list.appendChild(el('li', {}, formatEntry(entry)));
  box.appendChild(list);
  return box;
}

// The bottom of the play area: the middle (the statement or the trick
// beside the prompt) and the hand. On a laptop it is only a grouping (the
// parts lie in the play area's column); on a narrower screen it stays at
// the bottom of the window while the rest scrolls (app.css).
export function dock(middle, hand) {
  return el('div', { class: 'table-dock', 'data-testid': 'dock' }, middle, hand);
}

// Parses an action notation into {verb, args}.
export function parseAction(a) {
  const parts = String(a).trim().split(/\s+/);
  return { verb: parts[0], args: parts.slice(1) };
}

// This seat's hand, titled; a card that a legal action of one of `verbs`
// plays is that action's button, the others are dimmed while such a choice
// is open. opts: verbs, fresh(card) (its animation class), info(card) (words
// added to its label), mark(card) (optional: a node shown on the card).
export function handSection(ctx, title, cards, opts) {
  // --hand-n: how many cards, for a small screen's one-row hand (app.css).
  const hand = el('div', { class: 'hand', 'data-testid': 'hand', style: '--hand-n: ' + Math.max(1, cards.length) });
  const playsCard = (a, c) => opts.verbs.some((v) => a === v + ' ' + c);
  const dim = ctx.myTurn && ctx.legal.some((a) => opts.verbs.some((v) => a.startsWith(v + ' ')));
  for (const c of cards) {
    const action = ctx.legal.find((a) => playsCard(a, c));
    const info = opts.info ? opts.info(c) : '';
    const fresh = opts.fresh(c);
    let node;
    if (action) {
      ctx.used.add(action);
      const label = ctx.labelOf(action);
      node = cardEl(c, { action, index: ctx.index.get(action),
        extra: info ? info + '. ' + label : label,
        cls: fresh + (ctx.hinted === action ? ' hinted' : ''), onclick: () => ctx.act(action) });
    } else {
      node = cardEl(c, { extra: info, cls: fresh + (dim ? ' dim' : '') });
    }
    const mark = opts.mark ? opts.mark(c) : null;
    if (mark) node.appendChild(mark);
    hand.appendChild(node);
  }
  return el('section', { class: 'hand-wrap', 'aria-label': title }, el('h2', {}, title), hand);
}
