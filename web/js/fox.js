// The Fox in the Forest Duet screen for one seat: the forest path with its
// gems and forest tokens, the decree, the trick, this seat's hand, the
// partner's hand as a count of card backs, every ability choice, the share
// link and the bot button for an open seat, hints and the log.

import { t, pick } from './i18n.js';
import { el, clear, toast, percent, focusKeeper, legalChoices } from './ui.js';
import { cardEl, cardName, suitIcon, suitName, parseCard, FOOTPRINTS } from './cards.js';
import { formatEntry, foxEntries, foxDiffEntries } from './log.js';
import { api, gamePath } from './api.js';

// Parses an action notation into {verb, args}.
function parseAction(a) {
  const parts = String(a).trim().split(/\s+/);
  return { verb: parts[0], args: parts.slice(1) };
}

// The cards of the trick in progress: [{seat, card}].
export function trickCards(view) {
  if (Array.isArray(view.trick_cards)) return view.trick_cards;
  if (Array.isArray(view.trick)) return view.trick;
  return [];
}

// The number of the trick being played (1..11), or null.
function trickNumber(view) {
  if (typeof view.trick_number === 'number') return view.trick_number;
  if (typeof view.trick === 'number') return view.trick;
  if (typeof view.tricks_done === 'number') return Math.min(11, view.tricks_done + 1);
  return null;
}

// Words for a legal Fox action, for buttons and hints.
// forLog: words for the log, where the actor is named before ("Your
// partner: ...") so choices are told in the third person.
export function foxActionLabel(action, view, forLog) {
  const { verb, args } = parseAction(action);
  if (forLog && verb === 'fox') return t(args[0] === 'self' ? 'fox_l_fox_self' : 'fox_l_fox_partner');
  if (forLog && verb === 'direction') return t(args[0] === 'toward-winner' ? 'fox_l_dir_winner' : 'fox_l_dir_partner');
  switch (verb) {
    case 'play': return t('fox_a_play', { card: cardName(args[0]) });
    case 'fox': return t(args[0] === 'self' ? 'fox_a_fox_self' : 'fox_a_fox_partner');
    case 'exchange': return t('fox_a_exchange', { card: cardName(args[0]) });
    case 'keep': return t('fox_a_keep');
    case 'gift': return t('fox_a_gift', { card: cardName(args[0]) });
    case 'ignore':
      if (args[0] === 'none') return t('fox_a_ignore_none');
      if (args.length >= 2 || args[0] === 'both') return t('fox_a_ignore_two');
      if (args[0] === 'led' || args[0] === 'followed') {
        const tc = trickCards(view || {});
        const c = tc[args[0] === 'led' ? 0 : 1];
        return t('fox_a_ignore_one', { card: c ? cardName(c.card) : args[0] });
      }
      return t('fox_a_ignore_one', { card: cardName(args[0]) });
    case 'direction': return t(args[0] === 'toward-winner' ? 'fox_a_dir_winner' : 'fox_a_dir_partner');
    case 'forest': return t(args[0] === 'left' ? 'fox_a_forest_left' : 'fox_a_forest_right');
    default: return action;
  }
}

// A small gem picture.
function gemIcon(diamond) {
  const span = el('span', { class: 'gem' + (diamond ? ' diamond' : ''), 'aria-hidden': 'true' });
  span.innerHTML = diamond
    ? '<svg viewBox="0 0 20 20" width="14" height="14"><path d="M10 1 L19 10 L10 19 L1 10 Z" fill="#7fd6ff" stroke="#0a5a80" stroke-width="1.5"/></svg>'
    : '<svg viewBox="0 0 20 20" width="14" height="14"><path d="M4 2 H16 L19 8 L10 19 L1 8 Z" fill="#4fd1a5" stroke="#0b6b4d" stroke-width="1.5"/></svg>';
  return span;
}

// A forest token picture (a small fir tree).
function treeIcon() {
  const span = el('span', { class: 'tree', 'aria-hidden': 'true' });
  span.innerHTML = '<svg viewBox="0 0 20 24" width="18" height="22"><path d="M10 1 L17 10 H13 L18 17 H2 L7 10 H3 Z" fill="#2f6b3a"/><rect x="8.5" y="17" width="3" height="5" fill="#6b4a2b"/></svg>';
  return span;
}

// Mounts the screen; session is a GameSession.
export function foxScreen(root, session, gameId, opts) {
  const readOnly = !!(opts && opts.readOnly);
  const log = [];
  let hinted = null;
  let hintText = '';
  let prevView = null;

  let loggedVersion = null;
  // Adds the actions taken since the last state (one line each, from the
  // server's action log), then what came of them: from this seat's events
  // when it acted, otherwise from the difference between the two views.
  function addToLog(st, events, before, seat) {
    const entries = Array.isArray(st.log) ? st.log : [];
    const first = loggedVersion === null;
    const from = first ? 0 : loggedVersion;
    for (const entry of entries) {
      if (entry.version <= from) continue;
      const whoKey = entry.seat === seat ? 'you' : 'your_partner';
      if (entry.action) {
        const text = entry.action;
        log.push({ key: 'log_line', p: { key_who: whoKey }, lazy: { what: () => foxActionLabel(text, {}, true) } });
      } else {
        log.push({ key: 'fox_ev_gift_pick_hidden' });
      }
    }
    loggedVersion = st.version;
    if (first) return;
    if (events && events.length) for (const e of foxEntries(events, seat, true)) log.push(e);
    else for (const e of foxDiffEntries(before, st.view, seat)) log.push(e);
  }

  function act(action) {
    hinted = null;
    hintText = '';
    session.act(action).catch((e) => {
      if (e.code === 'conflict' || e.status === 409) toast(t('stale'));
      else if (e.status === 0) toast(t('network_error'), 'error');
      else toast(t('illegal', { msg: e.message }), 'error');
    });
  }

  async function askHint() {
    const box = root.querySelector('.hint-box');
    if (box) box.textContent = t('hint_busy');
    try {
      const h = await session.hint();
      hinted = h.action;
      hintText = t('hint_fox', {
        action: foxActionLabel(h.action, session.state.view),
        win: percent(h.p_win, t('unknown_odds')),
      });
      render(session.state, [], null, true);
    } catch (e) {
      if (box) box.textContent = t('error_prefix', { msg: e.message });
    }
  }

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
    const { choice, keycap, used, index } = legalChoices(legal, hinted, act);

    clear(root);
    const screen = el('section', { class: 'game fox', 'aria-label': t('fox_name') });
    root.appendChild(screen);
    const board = view.board || {};
    const partner = st.partner || { kind: 'open' };
    // Who a seat is, in words: "You" / "Your partner", or "Player 2" in a replay.
    const whoName = (s) => (readOnly ? t('replay_player', { n: s + 1 }) : (s === seat ? t('you') : t('your_partner')));

    // Status bar.
    const tn = trickNumber(view);
    screen.appendChild(el('div', { class: 'statusbar' },
      readOnly ? null : el('h1', { class: 'game-title' }, t('fox_name')),
      el('span', { class: 'pill' }, t('level_n', { n: view.level ?? '?' })),
      view.round ? el('span', { class: 'pill', 'data-testid': 'round' }, t('fox_round', { n: view.round })) : null,
      tn ? el('span', { class: 'pill' }, t('fox_trick', { n: tn })) : null,
      el('span', { class: 'pill strong', 'data-testid': 'gems-left' }, gemIcon(false), ' ', t('fox_gems_left', { n: board.gems_on_board ?? '?' })),
      el('span', { class: 'pill' }, t('fox_gems_collected', { n: board.gems_collected ?? 0 })),
      el('span', { class: 'pill' }, treeIcon(), ' ', t('fox_forest_left', { n: board.forest_left ?? '?' })),
      el('span', { class: 'pill muted', 'data-testid': 'version', 'data-version': st.version }, t('version', { n: st.version })),
    ));

    // Partner and the share panel.
    const partnerName = partner.kind === 'open' ? t('open_seat')
      : (partner.kind === 'bot' ? t('bot') + (partner.name ? ' (' + partner.name + ')' : '') : (partner.name || t('partner_kind_human')));
    const count = view.partner_hand_count ?? 0;
    const backs = el('div', { class: 'partner-hand', 'data-testid': 'partner-hand', 'aria-label': t('fox_partner_hand', { n: count }) });
    const openHands = readOnly && Array.isArray(view.hands) ? view.hands : null;
    if (openHands) {
      // A replay of a finished game: both hands are shown face up.
      for (const c of openHands[1 - seat] || []) backs.appendChild(cardEl(c, { size: 'sm' }));
    } else {
      for (let i = 0; i < count; i++) backs.appendChild(cardEl(null, { size: 'xs' }));
    }
    screen.appendChild(el('section', { class: 'partner-row' },
      openHands
        ? el('p', {}, el('strong', {}, t('replay_hand_of', { n: 2 - seat })))
        : el('p', {}, el('strong', {}, t('your_partner')), ': ', partnerName, ' · ', t('fox_partner_hand', { n: count })),
      backs));

    if (partner.kind === 'open' && !st.over && !readOnly) {
      let joinUrl = st.join_url || null;
      try { joinUrl = joinUrl || sessionStorage.getItem('tw.join.' + gameId); } catch (e) { /* ignore */ }
      const full = joinUrl ? new URL(joinUrl, location.href).href : null;
      const input = full ? el('input', { type: 'text', readonly: true, value: full, 'data-testid': 'join-link', 'aria-label': t('fox_share_title'), onfocus: (e) => e.target.select() }) : null;
      const botSelect = el('select', { 'aria-label': t('fox_bot_kind'), 'data-testid': 'bot-kind' },
        el('option', { value: 'rule' }, t('partner_rule')),
        el('option', { value: 'strong' }, t('partner_strong')));
      screen.appendChild(el('section', { class: 'share', 'aria-label': t('fox_share_title') },
        el('h2', {}, t('fox_share_title')),
        el('p', {}, t('fox_share_text')),
        input ? el('div', { class: 'row' }, input,
          el('button', { type: 'button', class: 'button secondary', 'data-focus-key': 'copy', onclick: async () => {
            try { await navigator.clipboard.writeText(full); toast(t('copied')); } catch (e) { input.focus(); input.select(); }
          } }, t('copy'))) : null,
        el('div', { class: 'row' }, botSelect,
          el('button', { type: 'button', class: 'button', 'data-testid': 'give-bot', 'data-focus-key': 'give-bot',
            onclick: () => giveSeatToBot(botSelect.value) }, t('fox_give_bot'))),
      ));
    }

    // Game over.
    if (st.over && !readOnly) {
      const r = st.result || {};
      const won = r.won ?? view.won ?? false;
      const score = r.score ?? view.score ?? 0;
      const end = r.end || view.end || '';
      screen.appendChild(el('div', { class: 'summary ' + (won ? 'won' : 'lost'), 'data-testid': 'game-over' },
        el('h2', {}, t('game_over')),
        el('p', { class: 'big' }, won ? t('fox_end_won', { score }) : t('fox_end_lost')),
        !won && end === 'lost_path' ? el('p', {}, t('fox_end_lost_path')) : null,
        !won && end === 'lost_time' ? el('p', {}, t('fox_end_lost_time')) : null,
        el('p', { class: 'row' },
          el('a', { class: 'button', href: '#/' }, t('new_game')),
          el('a', { class: 'button', href: '#/history' }, t('see_history')))));
    }

    // The forest path.
    const spaces = Array.isArray(board.spaces) ? board.spaces : [];
    const oldSpaces = before && before.board && Array.isArray(before.board.spaces) ? before.board.spaces : null;
    const collectedAt = new Set(events.filter((e) => e.type === 'gem_collect').map((e) => e.space));
    const path = el('div', { class: 'path', role: 'list', 'aria-label': t('fox_path') });
    const token = board.token ?? 0;
    spaces.forEach((sp, i) => {
      const n = sp.space ?? i - 5;
      const old = oldSpaces ? oldSpaces[i] : null;
      const lostGem = collectedAt.has(n) || (old && (old.gems ?? 0) > (sp.gems ?? 0) && !sp.covered);
      const gems = el('div', { class: 'slot' });
      const g = sp.gems ?? 0;
      if (g <= 4) for (let k = 0; k < g; k++) gems.appendChild(gemIcon(sp.diamond && k === g - 1 && false));
      else gems.append(gemIcon(false), '×' + g);
      const label = t('fox_space_label', {
        n, gems: g,
        plus: sp.plus ? t('fox_space_plus') : '',
        covered: sp.covered ? t('fox_space_covered') : '',
        token: token === n ? t('fox_space_token') : '',
      });
      path.appendChild(el('div', {
        class: 'space' + (sp.covered ? ' covered' : '') + (n === 0 ? ' start' : '') + (token === n ? ' here' : '') + (lostGem ? ' anim-gem' : ''),
        role: 'listitem', 'aria-label': label, title: label, 'data-space': n, 'data-gems': g,
      },
      gems,
      el('div', { class: 'marks' }, sp.plus ? el('span', { class: 'plus' }, '(+)') : null, sp.diamond ? el('span', { class: 'dmark' }, '◆') : null),
      el('div', { class: 'cell' }, sp.covered ? treeIcon() : el('span', { class: 'num' }, String(n))),
      ));
    });
    const oldToken = before && before.board ? (before.board.token ?? token) : token;
    const tokenEl = el('div', { class: 'token' + (oldToken !== token ? ' moving' : ''), 'aria-hidden': 'true',
      style: `--to:${token};--from:${oldToken}` });
    tokenEl.innerHTML = '<svg viewBox="0 0 40 40" width="30" height="30"><circle cx="20" cy="20" r="17" fill="#f4a340" stroke="#7a3f00" stroke-width="3"/><path d="M9 14 L14 6 L18 14 M22 14 L26 6 L31 14 M11 15 Q20 34 29 15" fill="#fff3e0" stroke="#7a3f00" stroke-width="2"/><circle cx="16" cy="19" r="2" fill="#3b1f00"/><circle cx="24" cy="19" r="2" fill="#3b1f00"/></svg>';
    path.appendChild(tokenEl);
    const leftMine = seat === 0;
    screen.appendChild(el('section', { class: 'board', 'aria-label': t('fox_path') },
      el('h2', { class: 'sr-only' }, t('fox_path')),
      path,
      el('div', { class: 'ends' },
        el('span', {}, '← ', readOnly ? t('fox_end_of', { who: whoName(0) }) : t(leftMine ? 'fox_your_end' : 'fox_partner_end')),
        readOnly ? null : el('span', {}, t('fox_seat_you', { n: seat + 1 })),
        el('span', {}, readOnly ? t('fox_end_of', { who: whoName(1) }) : t(leftMine ? 'fox_partner_end' : 'fox_your_end'), ' →')),
      pick(board.note) ? el('p', { class: 'board-note', 'data-testid': 'board-note' },
        el('strong', {}, pick(board.name), ': '), pick(board.note)) : null,
    ));

    // Decree, trick, last trick.
    const table = el('section', { class: 'table-area fox-table' });
    const trump = view.trump || (parseCard(view.decree) || {}).suit;
    table.appendChild(el('div', { class: 'pile decree' }, el('h3', {}, t('fox_decree')),
      view.decree ? cardEl(view.decree, { size: 'md', cls: before && before.decree !== view.decree ? 'anim-flip' : '' }) : null,
      trump ? el('p', { class: 'trump' }, suitIcon(trump, 18), ' ', t('fox_trump', { suit: suitName(trump) })) : null));
    const tc = trickCards(view);
    const oldTc = before ? trickCards(before).map((x) => x.card) : [];
    const slotFor = (s) => {
      const entry = tc.find((x) => x.seat === s);
      const led = tc.length && tc[0].seat === s;
      const mine = s === seat;
      const legalIgnore = entry ? legal.find((a) => a === 'ignore ' + entry.card) : null;
      let node;
      if (entry && legalIgnore) {
        node = cardEl(entry.card, { action: legalIgnore, index: index.get(legalIgnore), extra: foxActionLabel(legalIgnore, view), onclick: () => act(legalIgnore) });
        used.add(legalIgnore);
      } else if (entry) {
        node = cardEl(entry.card, { cls: oldTc.includes(entry.card) ? '' : (mine ? 'anim-play-me' : 'anim-play-partner') });
      } else node = el('div', { class: 'card-slot' });
      return el('div', { class: 'trick-slot' + (mine ? ' mine' : ' theirs') },
        el('span', { class: 'who' }, whoName(s), led ? ' ★' : ''), node);
    };
    table.appendChild(el('div', { class: 'pile trick', 'data-testid': 'trick' }, el('h3', {}, t('fox_trick_area')),
      el('div', { class: 'trick-row' }, slotFor(1 - seat), slotFor(seat))));
    const lt = view.last_trick;
    if (lt && (lt.cards || lt.trick)) {
      const cards = lt.cards || lt.trick || [];
      const winner = lt.winner;
      table.appendChild(el('div', { class: 'pile last-trick' }, el('h3', {}, t('fox_last_trick')),
        el('div', { class: 'fan' }, cards.map((x) => cardEl(x.card || x, { size: 'sm' }))),
        winner !== undefined && winner !== null ? el('p', { class: 'muted' }, t('fox_last_trick_won', { who: whoName(winner) })) : null));
    }
    screen.appendChild(table);

    // Prompt and choices.
    const promptBox = el('div', { class: 'prompt-box' });
    const myTurn = !st.over && legal.length > 0;
    let prompt;
    if (st.over) prompt = t('game_over');
    else if (readOnly) {
      const actor = view.to_act;
      prompt = actor === null || actor === undefined ? t('game_over') : t('replay_to_act', { who: whoName(actor) });
    } else if (myTurn) {
      switch (view.phase) {
        case 'play':
          if (!tc.length) prompt = t('fox_prompt_lead');
          else prompt = (parseCard(tc[0].card) || {}).rank === 9 ? t('fox_prompt_follow_free') : t('fox_prompt_follow');
          break;
        case 'gift_first': case 'gift_second': prompt = t('fox_prompt_gift'); break;
        default: prompt = t('fox_prompt_' + view.phase);
      }
    } else if (partner.kind === 'open') prompt = t('fox_wait_open');
    else prompt = t(partner.kind === 'bot' ? 'fox_wait_bot' : 'fox_wait_partner');
    promptBox.appendChild(el('p', { class: 'prompt' + (myTurn ? ' your-turn' : ''), role: 'status', 'aria-live': 'polite', 'data-testid': 'prompt' }, prompt));
    if (!st.over && tc.length === 0 && view.phase === 'play') {
      promptBox.appendChild(el('p', { class: 'muted' }, view.leader === seat ? t('fox_leader_you') : t('fox_leader_partner')));
    }
    const pend = view.pending;
    if (myTurn && pend && typeof pend.steps === 'number') {
      promptBox.appendChild(el('p', { class: 'muted' }, t('fox_move_steps', { n: pend.steps })));
    }
    const buttons = el('div', { class: 'choices', role: 'group', 'aria-label': t('choices') });
    promptBox.appendChild(buttons);
    const hintBox = el('p', { class: 'hint-box', 'aria-live': 'polite' }, hintText);

    // Hand.
    const handTitle = openHands ? t('replay_hand_of', { n: seat + 1 }) : t('fox_your_hand');
    const handSection = el('section', { class: 'hand-wrap', 'aria-label': handTitle }, el('h2', {}, handTitle));
    const hand = el('div', { class: 'hand', 'data-testid': 'hand' });
    handSection.appendChild(hand);
    const oldHand = before ? (before.hand || []) : (view.hand || []);
    for (const c of view.hand || []) {
      const action = legal.find((a) => a === 'play ' + c || a === 'exchange ' + c || a === 'gift ' + c);
      const pc = parseCard(c);
      const extra = [t('fox_footprints', { n: pc ? FOOTPRINTS[pc.rank] : 0 })];
      if (pc && pc.rank % 2 === 1) extra.push(t('ability_' + pc.rank));
      const freshCls = oldHand.includes(c) ? '' : 'anim-draw';
      if (action) {
        used.add(action);
        hand.appendChild(cardEl(c, { action, index: index.get(action), size: 'md',
          extra: extra.join(', ') + '. ' + foxActionLabel(action, view),
          cls: freshCls + (hinted === action ? ' hinted' : ''), onclick: () => act(action) }));
      } else {
        const dim = myTurn && legal.some((a) => /^(play|exchange|gift) /.test(a));
        hand.appendChild(cardEl(c, { extra: extra.join(', '), cls: freshCls + (dim ? ' dim' : '') }));
      }
    }
    for (const a of legal) {
      if (used.has(a)) continue;
      buttons.appendChild(el('button', choice(a, 'button'), keycap(a), foxActionLabel(a, view)));
    }
    if (myTurn && !readOnly) {
      buttons.appendChild(el('button', { type: 'button', class: 'button secondary hint-button', 'data-focus-key': 'hint', onclick: askHint }, t('hint')));
    }
    promptBox.appendChild(hintBox);
    if (!st.over || readOnly) screen.appendChild(promptBox);
    screen.appendChild(handSection);

    if (readOnly) { prevView = view; restore(false); return; }

    // Log.
    const logBox = el('section', { class: 'log', 'aria-label': t('log') }, el('h2', {}, t('log')));
    const list = el('ol', { class: 'log-list', reversed: true, 'data-testid': 'log' });
    const recent = log.slice(-80).reverse();
    if (!recent.length) logBox.appendChild(el('p', { class: 'muted' }, t('log_empty')));
    for (const entry of recent) list.appendChild(el('li', {}, formatEntry(entry)));
    logBox.appendChild(list);
    screen.appendChild(logBox);

    if (!keepPrev) prevView = view;
    restore(myTurn);
  }

  return {
    render: (st, events, prev) => render(st, events || [], prev, false),
    rerender: () => { if (session.state) render(session.state, [], null, true); },
  };
}
