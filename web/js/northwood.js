// The For Northwood! screen: fief row, allies, statement, piles, hand,
// prompt and choices, hints and the log. It draws the view the server
// sent for seat 0 and turns each legal action into a clickable element.

import { t, pick } from './i18n.js';
import { el, clear, toast, percent, focusKeeper } from './ui.js';
import { cardEl, cardName, suitIcon, suitName } from './cards.js';
import { formatEntry, northwoodEntries, activeCharacter } from './log.js';

const STARS = [4, 3, 2, 1, 1, 2, 3, 4];

// The character object inside a view field ({character: {...}} or the
// character itself).
function charOf(x) {
  return x && x.character ? x.character : x;
}

// Parses an action notation into {verb, args}.
function parseAction(a) {
  const parts = String(a).trim().split(/\s+/);
  return { verb: parts[0], args: parts.slice(1) };
}

// Words for a legal action, for buttons and hints.
export function northwoodActionLabel(action, view) {
  const { verb, args } = parseAction(action);
  const fief = (f) => (view && view.fiefs ? view.fiefs[Number(f)] : null);
  const slotName = (s) => {
    const slot = view && view.slots ? view.slots[Number(s)] : null;
    const ch = activeCharacter(slot);
    return ch ? pick(ch.name) : '#' + s;
  };
  switch (verb) {
    case 'visit': return t('nw_a_visit', { f: args[0] });
    case 'substitute': {
      const fi = fief(args[0]);
      const ruler = fi ? charOf(fi.ruler) : null;
      const allySlot = view && view.slots ? view.slots[Number(args[1])] : null;
      const ally = allySlot ? charOf(allySlot.ally) : null;
      return t('nw_a_substitute', {
        f: args[0],
        name: ruler ? pick(ruler.name) : '?',
        ally: ally ? pick(ally.name) : '#' + args[1],
      });
    }
    case 'begin': return t('nw_a_begin');
    case 'activate': return t('nw_a_activate', { name: slotName(args[0]) });
    case 'proceed': return t('nw_a_proceed');
    case 'respond': return t('nw_a_respond', { card: cardName(args[0]) });
    case 'pick': return t('nw_a_pick', { card: cardName(args[0]) });
    case 'name': return t('nw_a_name', { suit: suitName(args[0]) });
    case 'fief': return t('nw_a_fief', { f: args[0] });
    case 'stop': return t('nw_a_stop');
    default: return action;
  }
}

// Which animation each card gets after a batch of events.
function freshCards(events) {
  const fresh = {};
  for (const e of events) {
    if (e.type === 'move' && e.card) {
      if (e.to === 'hand') fresh[e.card] = 'anim-draw';
      else if (e.to === 'discard' || e.to === 'score') fresh[e.card] = 'anim-drop';
    } else if (e.type === 'statement' && e.card) {
      fresh[e.card] = 'anim-flip';
    }
  }
  return fresh;
}

// Mounts the screen for game `id` in root; session is a GameSession.
export function northwoodScreen(root, session, opts) {
  const readOnly = !!(opts && opts.readOnly);
  const log = [];
  let hinted = null;
  let hintText = '';
  let lastEvents = [];
  let loggedVersion = null;

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
      hintText = t('hint_nw', {
        action: northwoodActionLabel(h.action, session.state.view),
        target: percent(h.p_target, t('unknown_odds')),
        medal: percent(h.p_medal, t('unknown_odds')),
      });
      render(session.state, []);
    } catch (e) {
      if (box) box.textContent = t('error_prefix', { msg: e.message });
    }
  }

  // Draws everything from a state; events animate what just moved.
  function render(st, events) {
    const restore = focusKeeper(root);
    const view = st.view || {};
    const legal = st.over ? [] : (st.legal || []);
    if (loggedVersion === null && Array.isArray(st.log)) {
      // Opening a game in progress: one line per action taken so far.
      for (const entry of st.log) {
        const text = entry.action;
        if (text) log.push({ key: 'log_action', lazy: { what: () => northwoodActionLabel(text, null) } });
      }
    }
    loggedVersion = st.version;
    if (events && events.length) {
      for (const entry of northwoodEntries(events, view)) log.push(entry);
      lastEvents = events;
    }
    const fresh = freshCards(events || []);
    const index = new Map(legal.map((a, i) => [a, i]));
    const used = new Set();
    // Attributes making an element the button for a legal action.
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
      if (i !== undefined && i < 9) attrs['data-choice-index'] = i;
      return attrs;
    };
    const keycap = (action) => {
      const i = index.get(action);
      return i !== undefined && i < 9 ? el('span', { class: 'keycap', 'aria-hidden': 'true' }, String(i + 1)) : null;
    };

    clear(root);
    // On small screens the part of the table the current choice is about
    // comes right after the prompt (see app.css).
    const abilityChoice = view.ability ? view.ability.choice : null;
    const focus = view.phase === 'response' || (view.phase === 'ability' && abilityChoice === 'card') ? 'hand'
      : view.phase === 'before_statement' ? 'allies'
        : view.phase === 'choose_fief' || abilityChoice === 'fief' ? 'fiefs' : 'none';
    const screen = el('section', { class: 'game nw', 'aria-label': t('nw_name'), 'data-focus': focus });
    root.appendChild(screen);

    // Status bar.
    const visiting = view.visiting === null || view.visiting === undefined ? null : Number(view.visiting);
    const score = (view.score || []).length;
    const status = el('div', { class: 'statusbar' },
      readOnly ? null : el('h1', { class: 'game-title' }, t('nw_name')),
      el('span', { class: 'pill' }, t('medal_stars', { medal: t('medal_' + view.medal), stars: { bronze: 16, silver: 18, gold: 20 }[view.medal] || '?' })),
      el('span', { class: 'pill', 'data-testid': 'stars' }, t('nw_stars', { won: view.stars_won ?? '?', possible: view.stars_possible ?? '?' })),
      visiting !== null ? el('span', { class: 'pill strong', 'data-testid': 'score' }, t('nw_score_vs', { score, target: visiting })) : null,
      view.trump ? el('span', { class: 'pill' }, suitIcon(view.trump, 16), ' ', t('nw_trump', { suit: suitName(view.trump) })) : null,
      el('span', { class: 'pill muted', 'data-testid': 'version', 'data-version': st.version }, t('version', { n: st.version })),
    );
    screen.appendChild(status);

    // Prompt, choices that have no card/fief/ally of their own, hint.
    const promptBox = el('div', { class: 'prompt-box' });
    if (!st.over || readOnly) screen.appendChild(promptBox);
    let promptText;
    if (st.over) promptText = t('nw_prompt_game_over');
    else if (view.phase === 'ability' && view.ability) {
      const ch = charOf(view.ability.character) || activeCharacter((view.slots || [])[view.ability.slot]);
      promptText = (ch ? t('nw_ability_running', { name: pick(ch.name) }) : '') + t('nw_prompt_' + view.ability.choice);
    } else promptText = t('nw_prompt_' + view.phase);
    const promptLine = el('p', { class: 'prompt', role: 'status', 'aria-live': 'polite', 'data-testid': 'prompt' }, promptText);
    if (view.phase === 'response' && view.statement) {
      promptBox.appendChild(el('div', { class: 'prompt-with-card' },
        cardEl(view.statement, { size: 'sm', label: t('nw_statement') + ': ' + cardName(view.statement) }), promptLine));
    } else promptBox.appendChild(promptLine);
    if (view.phase === 'ability' && view.ability) {
      const ch = charOf(view.ability.character) || activeCharacter((view.slots || [])[view.ability.slot]);
      if (ch) promptBox.appendChild(el('p', { class: 'ability-now' }, pick(ch.text)));
    }
    const buttons = el('div', { class: 'choices', role: 'group', 'aria-label': t('choices') });
    promptBox.appendChild(buttons);
    const hintBox = el('p', { class: 'hint-box', 'aria-live': 'polite' }, hintText);

    // End of game summary.
    if (st.over && !readOnly) {
      const r = st.result || {};
      const stars = r.stars ?? view.stars_won ?? 0;
      const reached = r.medal && r.medal !== 'none' ? t('medal_' + r.medal) : t('medal_none');
      const won = r.won ?? false;
      // (the prompt box is left out once the game is over: this replaces it)
      screen.appendChild(el('div', { class: 'summary ' + (won ? 'won' : 'lost'), 'data-testid': 'game-over' },
        el('h2', {}, t('game_over')),
        el('p', { class: 'big' }, won
          ? t('nw_end_won', { medal: t('medal_' + view.medal), stars })
          : t('nw_end_lost', { medal: t('medal_' + view.medal), stars })),
        el('p', {}, t('nw_end_medal', { medal: reached })),
        r.stopped ? el('p', {}, t('nw_end_stopped')) : null,
        el('p', { class: 'row' },
          el('a', { class: 'button', href: '#/' }, t('new_game')),
          el('a', { class: 'button', href: '#/history' }, t('see_history'))),
      ));
    }

    // Fief row.
    const fiefSection = el('section', { class: 'fiefs-wrap', 'aria-label': t('nw_fiefs') },
      el('h2', {}, t('nw_fiefs')));
    const fiefRow = el('div', { class: 'fiefs' });
    fiefSection.appendChild(fiefRow);
    (view.fiefs || []).forEach((f, i) => {
      const idx = f.index ?? i;
      const ruler = charOf(f.ruler);
      const action = legal.includes('visit ' + idx) ? 'visit ' + idx : (legal.includes('fief ' + idx) ? 'fief ' + idx : null);
      const statusKey = visiting === idx ? 'nw_visiting' : 'nw_status_' + (f.status || 'neutral');
      const stars = f.stars ?? STARS[idx];
      const parts = [
        el('span', { class: 'fief-head' }, t('nw_fief', { n: idx })),
        el('span', { class: 'fief-target', 'aria-label': t('nw_target', { n: f.target ?? idx }) }, String(f.target ?? idx)),
        el('span', { class: 'fief-stars', 'aria-label': t('nw_star_count', { n: stars }) }, '★'.repeat(stars)),
        ruler
          ? el('span', { class: 'fief-ruler suit-' + ruler.suit }, suitIcon(ruler.suit, 16), ' ', pick(ruler.name))
          : el('span', { class: 'fief-ruler gone' }, t(f.status === 'friendly' ? 'nw_ruler_left' : 'nw_removed')),
        ruler && ruler.title ? el('span', { class: 'fief-title' }, pick(ruler.title)) : null,
        el('span', { class: 'badge status-' + (visiting === idx ? 'visiting' : f.status) }, t(statusKey)),
        f.substitute_slot !== null && f.substitute_slot !== undefined ? el('span', { class: 'badge sub' }, t('nw_ruler_sub')) : null,
        ruler ? el('span', { class: 'tip', role: 'tooltip' }, pick(ruler.text)) : null,
      ];
      const cls = 'fief status-' + (f.status || 'neutral') + (visiting === idx ? ' visiting' : '') +
        (events && events.some((e) => (e.type === 'visit_end' || e.type === 'visit') && e.fief === idx) ? ' anim-pulse' : '');
      const label = [t('nw_fief', { n: idx }), t('nw_target', { n: f.target ?? idx }), t('nw_star_count', { n: stars }),
        ruler ? pick(ruler.name) + ' (' + suitName(ruler.suit) + '): ' + pick(ruler.text) : t('nw_removed'), t(statusKey)].join(', ');
      let node;
      if (action) {
        const attrs = choice(action, cls);
        attrs['aria-label'] = northwoodActionLabel(action, view) + '. ' + label;
        node = el('button', attrs, parts, keycap(action));
      } else {
        node = el('div', { class: cls, tabindex: '0', 'aria-label': label, 'data-focus-key': 'fief:' + idx,
          onclick: (ev) => ev.currentTarget.classList.toggle('show-tip') }, parts);
      }
      fiefRow.appendChild(node);
    });
    screen.appendChild(fiefSection);

    // Allies row.
    const allySection = el('section', { class: 'allies-wrap', 'aria-label': t('nw_allies') }, el('h2', {}, t('nw_allies')));
    const allyRow = el('div', { class: 'allies' });
    allySection.appendChild(allyRow);
    (view.slots || []).forEach((s, i) => {
      const idx = s.slot ?? i;
      const ally = charOf(s.ally);
      const sub = s.substitute ? charOf(s.substitute.character || s.substitute) : null;
      const ch = activeCharacter(s);
      const action = legal.includes('activate ' + idx) ? 'activate ' + idx : null;
      const parts = [
        el('span', { class: 'ally-name suit-' + (ch ? ch.suit : '') }, ch ? suitIcon(ch.suit, 18) : null, ' ', ch ? pick(ch.name) : '?'),
        sub ? el('span', { class: 'ally-sub' }, t('nw_substitute_for', { name: pick(sub.name), ally: ally ? pick(ally.name) : '?' }),
          s.substitute.fief !== undefined ? ' (' + t('nw_sub_of_fief', { n: s.substitute.fief }) + ')' : '') : null,
        el('span', { class: 'ally-text' }, ch ? pick(ch.text) : ''),
        el('span', { class: 'badge ' + (s.exhausted ? 'exhausted' : 'ready') }, t(s.exhausted ? 'nw_exhausted' : 'nw_ready')),
      ];
      const cls = 'ally' + (s.exhausted ? ' exhausted' : '') + (sub ? ' substituted' : '');
      let node;
      if (action) {
        const attrs = choice(action, cls);
        node = el('button', attrs, parts, keycap(action));
      } else {
        node = el('div', { class: cls, tabindex: '0', 'data-focus-key': 'slot:' + idx }, parts);
      }
      allyRow.appendChild(node);
    });

    // Table: statement, deck, piles.
    const table = el('section', { class: 'table-area', 'aria-label': t('nw_statement') });
    const stmt = view.statement || null;
    table.appendChild(el('div', { class: 'pile statement' }, el('h3', {}, t('nw_statement')),
      stmt ? cardEl(stmt, { size: 'lg', cls: fresh[stmt] === 'anim-flip' ? 'anim-flip' : '' }) : el('p', { class: 'muted' }, t('nw_no_statement'))));
    const known = view.deck_known || [];
    table.appendChild(el('div', { class: 'pile deck' }, el('h3', {}, t('nw_deck')),
      el('div', { class: 'deck-stack' }, cardEl(null, { size: 'sm' }),
        el('span', { class: 'count', 'data-testid': 'deck-count' }, t('nw_deck_count', { n: view.deck_count ?? '?' }))),
      known.length ? el('div', { class: 'known' }, el('h4', {}, t('nw_deck_known')),
        known.map((k) => el('div', { class: 'known-card' }, cardEl(k.card, { size: 'sm' }),
          el('span', {}, k.from_top === 0 ? t('nw_top') : t('nw_from_top', { n: k.from_top + 1 }))))) : null));
    const pileView = (title, cards, cls) => el('div', { class: 'pile ' + cls }, el('h3', {}, title + ' (' + cards.length + ')'),
      cards.length ? el('div', { class: 'fan' }, cards.map((c) => cardEl(c, { size: 'sm', cls: fresh[c] === 'anim-drop' ? 'anim-drop' : '' })))
        : el('p', { class: 'muted' }, t('nw_empty')));
    table.appendChild(pileView(t('nw_discard'), view.discard || [], 'discard'));
    table.appendChild(pileView(t('nw_scorepile'), view.score || [], 'scorepile'));

    // Hand.
    const handSection = el('section', { class: 'hand-wrap', 'aria-label': t('nw_hand') }, el('h2', {}, t('nw_hand')));
    const hand = el('div', { class: 'hand' });
    handSection.appendChild(hand);
    for (const c of view.hand || []) {
      const action = legal.find((a) => (a === 'respond ' + c || a === 'pick ' + c));
      if (action) {
        used.add(action);
        const node = cardEl(c, { action, index: index.get(action), extra: northwoodActionLabel(action, view),
          cls: (fresh[c] || '') + (hinted === action ? ' hinted' : ''), onclick: () => act(action) });
        hand.appendChild(node);
      } else {
        const dim = legal.some((a) => a.startsWith('respond ') || a.startsWith('pick '));
        hand.appendChild(cardEl(c, { cls: (fresh[c] || '') + (dim ? ' dim' : '') }));
      }
    }

    // Every legal action not drawn above becomes a button.
    for (const a of legal) {
      if (used.has(a)) continue;
      const { verb, args } = parseAction(a);
      const attrs = choice(a, 'button' + (verb === 'stop' ? ' danger' : ''));
      buttons.appendChild(el('button', attrs, keycap(a),
        verb === 'name' ? suitIcon(args[0], 18) : null, verb === 'name' ? ' ' : null,
        northwoodActionLabel(a, view)));
    }
    if (!st.over && !readOnly) {
      buttons.appendChild(el('button', { type: 'button', class: 'button secondary hint-button', 'data-focus-key': 'hint', onclick: askHint }, t('hint')));
    }
    promptBox.appendChild(hintBox);

    screen.appendChild(allySection);
    screen.appendChild(table);
    screen.appendChild(handSection);

    if (readOnly) { restore(false); return; }

    // Log.
    const logBox = el('section', { class: 'log', 'aria-label': t('log') }, el('h2', {}, t('log')));
    const list = el('ol', { class: 'log-list', reversed: true, 'data-testid': 'log' });
    const recent = log.slice(-80).reverse();
    if (!recent.length) logBox.appendChild(el('p', { class: 'muted' }, t('log_empty')));
    for (const entry of recent) list.appendChild(el('li', {}, formatEntry(entry)));
    logBox.appendChild(list);
    screen.appendChild(logBox);

    restore(true);
  }

  return {
    render: (st, events) => render(st, events),
    rerender: () => { if (session.state) render(session.state, []); },
    seedLog: (entries) => { for (const e of entries) log.push(e); },
    lastEvents: () => lastEvents,
  };
}
