// The Fox in the Forest Duet table for one seat (the game object that
// table.js draws with): the forest path with its gems and forest tokens,
// the decree, the trick, this seat's hand, the partner's hand as a count of
// card backs, the ability choices, and the game's texts for the log, the
// hint, the game-over summary and the history.

import { t, pick } from './i18n.js';
import { el, svgEl, chanceText } from './ui.js';
import { cardEl, cardName, suitIcon, suitName, parseCard, FOOTPRINTS } from './cards.js';
import { foxEntries, foxDiffEntries } from './log.js';
import { handSection, parseAction, dock } from './table.js';
import { strictLookBack } from './settings.js';

// The cards of the trick in progress: [{seat, card}].
function trickCards(view) {
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
function foxActionLabel(action, view, forLog) {
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


// The partner's row: who the partner is and their hand (card backs, or
// face up in a replay of a finished game).
function partnerRow(ctx) {
  const { st, view, seat, readOnly } = ctx;
  const partner = st.partner || { kind: 'open' };
  const partnerName = partner.kind === 'open' ? t('open_seat')
    : (partner.kind === 'bot' ? t('bot') + (partner.name ? ' (' + partner.name + ')' : '') : (partner.name || t('partner_kind_human')));
  const count = view.partner_hand_count ?? 0;
  const backs = el('div', { class: 'partner-hand', 'data-testid': 'partner-hand', 'aria-label': t('fox_partner_hand', { n: count }) });
  const openHands = readOnly && Array.isArray(view.hands) ? view.hands : null;
  if (openHands) {
    for (const c of openHands[1 - seat] || []) backs.appendChild(cardEl(c, { size: 'sm' }));
  } else {
    for (let i = 0; i < count; i++) backs.appendChild(cardEl(null, { size: 'xs' }));
  }
  return el('section', { class: 'partner-row' },
    openHands
      ? el('p', {}, el('strong', {}, t('replay_hand_of', { n: 2 - seat })))
      : el('p', {}, el('strong', {}, t('your_partner')), ': ', partnerName, ' · ', t('fox_partner_hand', { n: count })),
    backs);
}

// The forest path's drawing: the width and height of its viewBox, and
// the points its spaces stand on (a winding line from the left end to the
// right end).
const PATH_W = 1100;
const PATH_H = 210;
function pathPoints(count) {
  const step = (PATH_W - 100) / Math.max(1, count - 1);
  return Array.from({ length: count }, (_, i) => ({ x: 50 + i * step, y: 105 + 40 * Math.sin(i * 1.1) }));
}

// The SVG "d" of a smooth line through the points (Catmull-Rom curves),
// running on to both edges of the drawing.
function smoothLine(points) {
  const pts = [{ x: 0, y: points[0].y }, ...points, { x: PATH_W, y: points[points.length - 1].y }];
  let d = `M${pts[0].x} ${pts[0].y}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] || pts[i];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[i + 2] || p2;
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += ` C${c1.x.toFixed(1)} ${c1.y.toFixed(1)} ${c2.x.toFixed(1)} ${c2.y.toFixed(1)} ${p2.x.toFixed(1)} ${p2.y.toFixed(1)}`;
  }
  return d;
}

// A gem drawn in the path's SVG, centred on (x, y).
function svgGem(x, y) {
  return svgEl('path', { class: 'gem-shape', d: 'M4 2 H16 L19 8 L10 19 L1 8 Z', fill: '#4fd1a5', stroke: '#0b6b4d', 'stroke-width': 1.5,
    transform: `translate(${x - 10} ${y - 10})` });
}

// A fir tree drawn in the path's SVG, centred on (x, y), scaled by k.
function svgTree(x, y, k, cls) {
  return svgEl('g', { class: cls, transform: `translate(${x} ${y}) scale(${k}) translate(-10 -12)` },
    svgEl('path', { d: 'M10 1 L17 10 H13 L18 17 H2 L7 10 H3 Z', fill: '#2f6b3a' }),
    svgEl('rect', { x: 8.5, y: 17, width: 3, height: 5, fill: '#6b4a2b' }));
}

// The fox token drawn in the path's SVG at (x, y); it slides in from
// (fromX, fromY) when it moved (unless the reader asks for less motion).
function svgToken(x, y, fromX, fromY) {
  const token = svgEl('g', { class: 'token', 'data-testid': 'fox-token', transform: `translate(${x} ${y})` },
    svgEl('circle', { r: 24, fill: '#f4a340', stroke: '#7a3f00', 'stroke-width': 3 }),
    svgEl('g', { transform: 'scale(1.15) translate(-20 -20)' },
      svgEl('path', { d: 'M9 14 L14 6 L18 14 M22 14 L26 6 L31 14 M11 15 Q20 34 29 15', fill: '#fff3e0', stroke: '#7a3f00', 'stroke-width': 2 }),
      svgEl('circle', { cx: 16, cy: 19, r: 2, fill: '#3b1f00' }),
      svgEl('circle', { cx: 24, cy: 19, r: 2, fill: '#3b1f00' })));
  const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (!still && (fromX !== x || fromY !== y)) {
    token.appendChild(svgEl('animateTransform', { attributeName: 'transform', type: 'translate',
      from: `${fromX} ${fromY}`, to: `${x} ${y}`, dur: '0.6s', fill: 'freeze' }));
  }
  return token;
}

// One space of the path: gems above, the spot (its number, or a forest
// token when covered), its (+) and diamond marks below.
function svgSpace(sp, n, at, opts) {
  const { x, y } = at;
  const g = sp.gems ?? 0;
  const gems = svgEl('g', { class: 'slot' });
  if (g <= 4) for (let k = 0; k < g; k++) gems.appendChild(svgGem(x + (k - (g - 1) / 2) * 21, y - 50));
  else gems.append(svgGem(x - 14, y - 50), svgEl('text', { x: x + 2, y: y - 43, class: 'gem-count' }, '×' + g));
  const marks = svgEl('text', { class: 'marks', x, y: y + 58, 'text-anchor': 'middle' },
    sp.plus ? svgEl('tspan', { class: 'plus' }, '(+)') : null,
    sp.diamond ? svgEl('tspan', { class: 'dmark', dx: sp.plus ? 3 : 0 }, '◆') : null);
  return svgEl('g', {
    class: 'space' + (sp.covered ? ' covered' : '') + (n === 0 ? ' start' : '') + (opts.here ? ' here' : '') + (opts.lostGem ? ' anim-gem' : ''),
    role: 'listitem', 'aria-label': opts.label, 'data-space': n, 'data-gems': g,
  },
  svgEl('title', {}, opts.label),
  n === 0 ? svgEl('circle', { class: 'start-ring', cx: x, cy: y, r: 35 }) : null,
  svgEl('circle', { class: 'spot', cx: x, cy: y, r: 29 }),
  sp.covered ? svgTree(x, y, 2.2, 'forest-token') : svgEl('text', { class: 'num', x, y: y + 10, 'text-anchor': 'middle' }, String(n)),
  gems, marks);
}

// The forest path, drawn as a winding trail through the trees: its
// spaces with gems, (+) and diamond marks and forest tokens, the fox
// token and the two ends.
function forestPath(ctx) {
  const { view, seat, readOnly, before, events, whoName } = ctx;
  const board = view.board || {};
  const spaces = Array.isArray(board.spaces) ? board.spaces : [];
  const oldSpaces = before && before.board && Array.isArray(before.board.spaces) ? before.board.spaces : null;
  const collectedAt = new Set(events.filter((e) => e.type === 'gem_collect').map((e) => e.space));
  const token = board.token ?? 0;
  const points = pathPoints(spaces.length || 11);
  const path = svgEl('svg', { class: 'path', viewBox: `0 0 ${PATH_W} ${PATH_H}`, role: 'list', 'aria-label': t('fox_path'),
    'data-testid': 'path' });
  path.appendChild(svgEl('rect', { class: 'forest', x: 0, y: 0, width: PATH_W, height: PATH_H, rx: 18 }));
  // Trees between the spaces, away from the trail.
  for (let i = 0; i + 1 < points.length; i++) {
    const mx = (points[i].x + points[i + 1].x) / 2;
    const my = (points[i].y + points[i + 1].y) / 2;
    const ty = my + (i % 2 ? 62 : -62);
    if (ty > 18 && ty < PATH_H - 18) path.appendChild(svgTree(mx, ty, 1.3, 'deco'));
  }
  const line = smoothLine(points);
  path.appendChild(svgEl('path', { class: 'trail', d: line }));
  path.appendChild(svgEl('path', { class: 'trail-mid', d: line }));
  let at = null;
  spaces.forEach((sp, i) => {
    const n = sp.space ?? i - 5;
    const old = oldSpaces ? oldSpaces[i] : null;
    const lostGem = collectedAt.has(n) || (old && (old.gems ?? 0) > (sp.gems ?? 0) && !sp.covered);
    const label = t('fox_space_label', {
      n, gems: sp.gems ?? 0,
      plus: sp.plus ? t('fox_space_plus') : '',
      covered: sp.covered ? t('fox_space_covered') : '',
      token: token === n ? t('fox_space_token') : '',
    });
    if (token === n) at = points[i];
    path.appendChild(svgSpace(sp, n, points[i], { here: token === n, lostGem, label }));
  });
  if (at) {
    const oldToken = before && before.board ? (before.board.token ?? token) : token;
    const oldIndex = spaces.findIndex((sp, i) => (sp.space ?? i - 5) === oldToken);
    const from = oldIndex >= 0 ? points[oldIndex] : at;
    path.appendChild(svgToken(at.x, at.y, from.x, from.y));
  }
  const leftMine = seat === 0;
  return el('section', { class: 'board', 'aria-label': t('fox_path') },
    el('h2', { class: 'sr-only' }, t('fox_path')),
    path,
    el('div', { class: 'ends' },
      el('span', {}, '← ', readOnly ? t('fox_end_of', { who: whoName(0) }) : t(leftMine ? 'fox_your_end' : 'fox_partner_end')),
      readOnly ? null : el('span', {}, t('fox_seat_you', { n: seat + 1 })),
      el('span', {}, readOnly ? t('fox_end_of', { who: whoName(1) }) : t(leftMine ? 'fox_partner_end' : 'fox_your_end'), ' →')),
  );
}

// The board's note (where its layout comes from), for the side column.
function boardNote(view) {
  const board = view.board || {};
  return pick(board.note) ? el('p', { class: 'board-note', 'data-testid': 'board-note' },
    el('strong', {}, pick(board.name), ': '), pick(board.note)) : null;
}

// The decree, the trick in progress (a card the 9 may ignore is its
// choice) and the last trick.
function trickTable(ctx) {
  const { view, seat, legal, before, index, used, act, whoName, readOnly } = ctx;
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
      el('span', { class: 'who' }, whoName(s), led ? ' · ' + t('fox_led_mark') : ''), node);
  };
  table.appendChild(el('div', { class: 'pile trick', 'data-testid': 'trick' }, el('h3', {}, t('fox_trick_area')),
    el('div', { class: 'trick-row' }, slotFor(1 - seat), slotFor(seat))));
  const lt = view.last_trick;
  // Under the strict look-back rule the finished trick is not drawn at all
  // (a replay, watched after the game, still shows it).
  if (lt && (lt.cards || lt.trick) && (readOnly || !strictLookBack())) {
    const cards = lt.cards || lt.trick || [];
    const winner = lt.winner;
    table.appendChild(el('div', { class: 'pile last-trick' }, el('h3', {}, t('fox_last_trick')),
      el('div', { class: 'fan' }, cards.map((x) => cardEl(x.card || x, { size: 'sm' }))),
      winner !== undefined && winner !== null ? el('p', { class: 'muted' }, t('fox_last_trick_won', { who: whoName(winner) })) : null));
  }
  return table;
}

// The status bar's pills: level, round, trick, gems and forest tokens.
function pills(ctx) {
  const { view } = ctx;
  const board = view.board || {};
  const tn = trickNumber(view);
  return [
    el('span', { class: 'pill' }, t('level_n', { n: view.level ?? '?' })),
    view.round ? el('span', { class: 'pill', 'data-testid': 'round' }, t('fox_round', { n: view.round })) : null,
    tn ? el('span', { class: 'pill' }, t('fox_trick', { n: tn })) : null,
    el('span', { class: 'pill strong', 'data-testid': 'gems-left' }, gemIcon(false), ' ', t('fox_gems_left', { n: board.gems_on_board ?? '?' })),
    el('span', { class: 'pill' }, t('fox_gems_collected', { n: board.gems_collected ?? 0 })),
    el('span', { class: 'pill' }, treeIcon(), ' ', t('fox_forest_left', { n: board.forest_left ?? '?' })),
  ];
}

// The prompt: what this seat is asked, or whom the table waits for; who
// leads, and how far the token moves.
function promptLines(ctx) {
  const { st, view, seat, readOnly, myTurn, whoName } = ctx;
  const partner = st.partner || { kind: 'open' };
  const tc = trickCards(view);
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
  const pend = view.pending;
  return [
    ctx.promptLine(prompt),
    !st.over && tc.length === 0 && view.phase === 'play'
      ? el('p', { class: 'muted' }, view.leader === seat ? t('fox_leader_you') : t('fox_leader_partner')) : null,
    myTurn && pend && typeof pend.steps === 'number' ? el('p', { class: 'muted' }, t('fox_move_steps', { n: pend.steps })) : null,
  ];
}

// The table of a Duet seat, top to bottom: the open seat's panel, the
// path, the trick beside the prompt (or the game-over summary), the hand.
function draw(ctx) {
  const { view, seat, readOnly, before } = ctx;
  const openHands = readOnly && Array.isArray(view.hands);
  const oldHand = before ? (before.hand || []) : (view.hand || []);
  const hand = handSection(ctx, openHands ? t('replay_hand_of', { n: seat + 1 }) : t('fox_your_hand'), view.hand || [], {
    verbs: ['play', 'exchange', 'gift'],
    fresh: (c) => (oldHand.includes(c) ? '' : 'anim-draw'),
    info: (c) => {
      const pc = parseCard(c);
      const info = [t('fox_footprints', { n: pc ? FOOTPRINTS[pc.rank] : 0 })];
      if (pc && pc.rank % 2 === 1) info.push(t('ability_' + pc.rank));
      return info.join(', ');
    },
  });
  return [ctx.share, forestPath(ctx), dock(el('div', { class: 'middle' }, trickTable(ctx), ctx.promptBox, ctx.summary), hand)];
}

// The side column of a Duet seat: the partner and the board's note.
function side(ctx) {
  return [partnerRow(ctx), boardNote(ctx.view)];
}

// The game-over summary: won with a score, or lost and why.
function overText(ctx) {
  const { st, view } = ctx;
  const r = st.result || {};
  const won = r.won ?? view.won ?? false;
  const score = r.score ?? view.score ?? 0;
  const end = r.end || view.end || '';
  return { won, lines: [
    won ? t('fox_end_won', { score }) : t('fox_end_lost'),
    !won && end === 'lost_path' ? t('fox_end_lost_path') : null,
    !won && end === 'lost_time' ? t('fox_end_lost_time') : null,
  ], details: roundsTable(r.rounds) };
}

// The game round by round (the result's "rounds"): the gems collected,
// the tricks each player won (by player number, the same in both
// windows), the times the token went off the path. Null when the result
// has none.
function roundsTable(rounds) {
  const player = (n) => t('replay_player', { n });
  if (!Array.isArray(rounds) || !rounds.length) return null;
  return el('details', { class: 'end-details', open: true, 'data-testid': 'end-rounds' },
    el('summary', {}, t('fox_end_rounds')),
    el('div', { class: 'table-scroll' }, el('table', { class: 'history end-table' },
      el('thead', {}, el('tr', {}, [t('fox_end_col_round'), t('fox_end_col_gems'), t('fox_end_col_tricks', { who: player(1) }),
        t('fox_end_col_tricks', { who: player(2) }), t('fox_end_col_off'), t('fox_end_col_forest')].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, rounds.map((x) => el('tr', {},
        el('td', { class: 'num' }, String(x.round)),
        el('td', { class: 'num' }, String(x.gems)),
        el('td', { class: 'num' }, String((x.tricks || [])[0] ?? 0)),
        el('td', { class: 'num' }, String((x.tricks || [])[1] ?? 0)),
        el('td', { class: 'num' }, String(x.off_path ?? 0)),
        el('td', { class: 'num', 'data-testid': 'end-round-forest' }, String(x.forest ?? 0))))))));
}

// The Fox in the Forest Duet for table.js and the history pages.
// Tricks in a round of the Duet.
const FOX_TRICKS = 11;

export const foxGame = {
  id: 'foxduet',
  nameKey: 'fox_name',
  cls: 'fox',
  seats: 2,
  playVerbs: ['play'],
  actionLabel: foxActionLabel,
  hintText: (h, view) => t('hint_fox', { action: foxActionLabel(h.action, view), win: chanceText(h.p_win, h.margin, t('unknown_odds')) })
,

  // Every action of the server's log, told by who took it (the partner's
  // Gift pick stays hidden until both cards move).
  actionLine(entry, seat) {
    if (!entry.action) return { key: 'fox_ev_gift_pick_hidden' };
    const text = entry.action;
    return { act: text, key: 'log_line', p: { key_who: entry.seat === seat ? 'you' : 'your_partner' }, lazy: { what: () => foxActionLabel(text, {}, true) } };
  },
  // What came of the actions: from this seat's events when it acted,
  // otherwise from the difference between the two views.
  outcomeLines(events, before, view, seat, first) {
    if (first) return [];
    return events.length ? foxEntries(events, seat, true) : foxDiffEntries(before, view, seat);
  },
  // The log as shown: under the strict look-back rule (settings.js),
  // without the cards of tricks: the plays are left out (the trick in
  // progress is on the table) and who won a trick is told without its card.
  logFilter(log) {
    if (!strictLookBack()) return log;
    const out = [];
    for (const e of log) {
      if (e.key === 'fox_ev_play' || e.key === 'fox_ev_play_partner' || (e.key === 'log_line' && /^play /.test(e.act || ''))) continue;
      if (e.key === 'fox_ev_trick_won_you' || e.key === 'fox_ev_trick_won_partner') out.push({ key: e.key + '_strict', p: { n: e.p.n } });
      else out.push(e);
    }
    return out;
  },
  pills,
  promptLines,
  overText,
  draw,
  side,
  // Where a replay can jump (record actions; view of the step shown): the
  // start of each round and of each trick of the round shown, the step
  // before the lead of the trick. A round is 11 tricks of two plays (the
  // decisions between tricks, the Gazelle's and the Musician's, come
  // after the second play), so the k-th play of the game tells where.
  replayJumps(actions, view) {
    const plays = [];
    actions.forEach((a, i) => { if (/^play /.test(a)) plays.push(i); });
    const perRound = 2 * FOX_TRICKS;
    const rounds = [];
    for (let r = 0; r * perRound < plays.length; r++) rounds.push({ n: r + 1, step: plays[r * perRound] });
    const round = (view && view.round) || 1;
    const tricks = [];
    for (let k = 0; k < FOX_TRICKS; k++) {
      const at = plays[(round - 1) * perRound + 2 * k];
      if (at !== undefined) tricks.push({ n: k + 1, step: at });
    }
    return [{ name: 'round', key: 'replay_jump_round', targets: rounds },
      { name: 'trick', key: 'replay_jump_trick', targets: tricks }];
  },
  // The history's words for a game's setup: level and partner.
  historyConfig(g) {
    const c = g.config || {};
    // The totals' setups leave the partner out: they count every partner.
    if (!c.partner) return t('hist_fox_config', { level: c.level ?? '?' });
    const who = c.partner === 'human' || c.partner === 'open' ? t('hist_with_friend') : t('hist_with_bot', { name: c.partner });
    return t('hist_fox_config', { level: c.level ?? '?' }) + ', ' + who;
  },
  // The history's words for a game's result: the score, or the round lost in.
  historyResult(g) {
    const r = g.result || {};
    return r.won ? t('hist_fox_result_won', { score: r.score ?? 0 }) : t('hist_fox_result_lost', { round: r.round ?? '?' });
  },
  // The chart shows the score of each won game (0 for a lost one).
  chartValue: (g) => ((g.result || {}).won ? Number(g.result.score || 0) : 0),
  chartTitleKey: 'hist_chart_fox',
  chartAxisKey: 'hist_axis_score',
  chartMax: (values) => Math.ceil(Math.max(30, ...values) / 20) * 20,
  // The totals count wins per level (the groups' keys).
  groupsTitleKey: 'hist_wins_level',
  groupLabel: (key) => t('hist_fox_config', { level: key }),
};
