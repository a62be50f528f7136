// The For Northwood! table (the game object that table.js draws with):
// fief row, allies, statement, piles and hand, each legal action on the
// element it is about, and the game's texts for the prompt, the log, the
// hint, the game-over summary and the history.

import { t, pick } from './i18n.js';
import { el, chanceText } from './ui.js';
import { cardEl, cardName, suitIcon, suitName, parseCard, crownIcon } from './cards.js';
import { northwoodEntries, activeCharacter, answerScores } from './log.js';
import { handSection, parseAction, dock } from './table.js';

const STARS = [4, 3, 2, 1, 1, 2, 3, 4];

// The character object inside a view field ({character: {...}} or the
// character itself).
function charOf(x) {
  return x && x.character ? x.character : x;
}

// The crown mark of a character, or null when it is not a crown card.
function crownOf(ch) {
  return ch && ch.crown ? crownIcon() : null;
}

// The name of the character acting on a slot, with the ruler it copies
// ("Queen of Leaves as Prince of Claws").
function actingName(view, slotIndex) {
  const slot = view && view.slots ? view.slots[Number(slotIndex)] : null;
  const ch = activeCharacter(slot);
  if (!ch) return '#' + slotIndex;
  const copies = slot && slot.copies ? charOf(slot.copies) : null;
  return copies ? t('nw_copying', { name: pick(ch.name), ruler: pick(copies.name) }) : pick(ch.name);
}

// The top card of an open pile of the view ('discard' or 'score'), or null.
function pileTop(view, pile) {
  const cards = (view && view[pile === 'score' ? 'score' : 'discard']) || [];
  return cards.length ? cards[cards.length - 1] : null;
}

// The question of an ability waiting for a choice, from the step asking.
function abilityQuestion(view) {
  const ab = view.ability;
  const pending = ab.pending || [];
  const firstValue = pending.length ? parseInt(pending[0], 10) : 0;
  if (ab.choice === 'continue') return t('nw_q_continue', { suit: view.trump ? suitName(view.trump) : '?' });
  if (ab.choice === 'ally') return t('nw_q_ready');
  switch (ab.step) {
    case 'move_lowest': return t('nw_q_lowest', { n: firstValue });
    case 'search_value': return t('nw_q_search');
    case 'move_duplicates': return t('nw_q_duplicates');
    case 'move_hand_count_value': return t('nw_q_hand_count', { n: (view.hand || []).length });
    case 'move_values': return t('nw_q_values');
    case 'move_sum': return t('nw_q_sum', { n: ab.memo });
    case 'move_visit': return t('nw_q_move_visit');
    case 'swap_top': {
      const top = pileTop(view, ab.swap_with);
      return t('nw_q_swap_top', { pile: t('pile_' + ab.swap_with), card: top ? cardName(top) : '?' });
    }
    case 'choose_move':
      if (ab.triggered) return t('nw_q_trigger_odd', { n: ab.memo });
      if (ab.repeat_left !== null && ab.repeat_left !== undefined) {
        return ab.repeat_left > 0 ? t('nw_q_repeat_more', { n: ab.repeat_left }) : t('nw_q_repeat_last');
      }
      break;
    default: break;
  }
  return t('nw_prompt_' + ab.choice);
}

// Words for a legal action, for buttons and hints.
function northwoodActionLabel(action, view) {
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
    case 'activate': return t('nw_a_activate', { name: view ? actingName(view, args[0]) : slotName(args[0]) });
    case 'proceed': return t('nw_a_proceed');
    case 'respond': {
      const why = view && view.phase === 'response' && view.statement ? answerScores(args[0], view.statement, view.trump) : undefined;
      const label = t('nw_a_respond', { card: cardName(args[0]) }) +
        (why === undefined ? '' : ' (' + t(why ? 'nw_mark_scores' : 'nw_mark_no_point') + ')');
      if (!view || !view.trigger) return label;
      return label + t(parseInt(args[0], 10) % 2 ? 'nw_then_discard' : 'nw_then_draw');
    }
    case 'pick': {
      const step = view && view.ability ? view.ability.step : null;
      const value = parseInt(args[0], 10);
      if (step === 'move_lowest') return t('nw_a_lowest', { card: cardName(args[0]), n: value });
      if (step === 'search_value') return t('nw_a_search', { card: cardName(args[0]), n: value });
      if (step === 'swap_top') {
        const top = pileTop(view, view.ability.swap_with);
        return t('nw_a_swap_top', { card: cardName(args[0]), top: top ? cardName(top) : '?' });
      }
      return t('nw_a_pick', { card: cardName(args[0]) });
    }
    case 'name': return t('nw_a_name', { suit: suitName(args[0]) });
    case 'fief': {
      if (view && view.ability && view.ability.step === 'move_visit') {
        const visiting = Number(view.visiting);
        const ruler = fief(args[0]) ? charOf(fief(args[0]).ruler) : null;
        return t(Number(args[0]) < visiting ? 'nw_a_move_left' : 'nw_a_move_right',
          { f: args[0], name: ruler ? pick(ruler.name) : '?' });
      }
      return t('nw_a_fief', { f: args[0] });
    }
    case 'ally': return t('nw_a_ready', { name: slotName(args[0]) });
    case 'continue': return t('nw_a_continue');
    case 'pass': {
      const ab = view && view.ability;
      if (ab && ab.choice === 'continue') return t('nw_a_stop_drawing');
      if (ab && ab.step === 'swap_top') return t('nw_a_no_swap');
      return t('nw_a_pass');
    }
    case 'finish':
      if (view && view.decided) return t(view.decided.hit ? 'nw_a_finish_hit' : 'nw_a_finish_miss');
      return t('nw_a_finish');
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

// The fief being visited, or null.
function visitingOf(view) {
  if (view.over) return null; // the last fief stays in the view; nothing is visited any more
  return view.visiting === null || view.visiting === undefined ? null : Number(view.visiting);
}

// The part of the table the current choice is about, which comes right
// after the prompt on small screens (see app.css).
function focus(view) {
  const abilityChoice = view.ability ? view.ability.choice : null;
  return view.phase === 'response' || (view.phase === 'ability' && abilityChoice === 'card') ? 'hand'
    : view.phase === 'before_statement' || view.phase === 'substitutes' || abilityChoice === 'ally' ? 'allies'
      : view.phase === 'choose_fief' || abilityChoice === 'fief' ? 'fiefs' : 'none';
}

// The goal of a game in words, from its view or its configuration
// ({medal, variant, expert}): "Bronze (16 stars)", "the 3 hidden stars",
// then the outer fiefs under the expert rule.
export function goalText(c) {
  const goal = c.variant === 'hidden-stars' ? t('goal_hidden')
    : t('medal_stars', { medal: t('medal_' + (c.medal || 'bronze')), stars: { bronze: 16, silver: 18, gold: 20 }[c.medal || 'bronze'] || '?' });
  return c.expert ? t('goal_expert', { goal }) : goal;
}

// How many fiefs are friendly and lost.
function fiefCounts(view) {
  const fiefs = view.fiefs || [];
  return { won: fiefs.filter((f) => f.status === 'friendly').length, lost: fiefs.filter((f) => f.status === 'lost').length };
}

// The status bar's pills: the goal, stars (fiefs with the hidden stars),
// score against the visited fief's target, trump.
function pills(ctx) {
  const { view } = ctx;
  const visiting = visitingOf(view);
  const score = (view.score || []).length;
  return [
    el('span', { class: 'pill', 'data-testid': 'nw-goal' }, goalText(view)),
    el('span', { class: 'pill', 'data-testid': 'stars' }, view.variant === 'hidden-stars' ? t('nw_fiefs_count', fiefCounts(view))
      : view.over ? t('nw_stars_final', { won: view.stars_won ?? '?' })
        : t('nw_stars', { won: view.stars_won ?? '?', possible: view.stars_possible ?? '?' })),
    visiting !== null ? el('span', { class: 'pill strong', 'data-testid': 'score' }, t('nw_score_vs', { score, target: visiting })) : null,
    view.trump ? el('span', { class: 'pill' }, suitIcon(view.trump, 16), ' ', t('nw_trump', { suit: suitName(view.trump) })) : null,
  ];
}

// The prompt (with the statement to answer), the running ability's text,
// an armed Baron of Eyes and a decided visit.
function promptLines(ctx) {
  const { st, view, legal } = ctx;
  let promptText;
  if (st.over) promptText = t('nw_prompt_game_over');
  else if (view.phase === 'ability' && view.ability) {
    promptText = t('nw_ability_running', { name: actingName(view, view.ability.slot) }) + abilityQuestion(view);
  } else promptText = t('nw_prompt_' + view.phase);
  const promptLine = ctx.promptLine(promptText);
  const lines = [];
  if (view.phase === 'response' && view.statement) {
    lines.push(el('div', { class: 'prompt-with-card' },
      cardEl(view.statement, { size: 'sm', label: t('nw_statement') + ': ' + cardName(view.statement) }), promptLine));
    const suit = (parseCard(view.statement) || {}).suit;
    if (!st.over && suit) {
      lines.push(el('p', { class: 'scoring-help muted', 'data-testid': 'scoring-help' }, suit === view.trump
        ? t('nw_scoring_help_trump', { suit: suitName(suit) })
        : t('nw_scoring_help', { suit: suitName(suit), trump: view.trump ? suitName(view.trump) : '?' })));
    }
  } else lines.push(promptLine);
  const standIn = pickedSubstitute(ctx);
  if (standIn !== null) {
    const ruler = charOf(((view.fiefs || [])[standIn] || {}).ruler);
    lines.push(el('p', { class: 'sub-now', 'data-testid': 'sub-now' }, t('nw_sub_now', { name: ruler ? pick(ruler.name) : '?', f: standIn })));
  }
  if (view.phase === 'ability' && view.ability) {
    const slot = (view.slots || [])[view.ability.slot];
    const ch = (slot && slot.copies ? charOf(slot.copies) : null) || charOf(view.ability.character) || activeCharacter(slot);
    if (ch) lines.push(el('p', { class: 'ability-now' }, crownOf(ch), ch.crown ? ' ' : null, pick(ch.text)));
  }
  // The Baron of Eyes waits for the next answer.
  if (!st.over && view.trigger) {
    lines.push(el('p', { class: 'trigger-note', 'data-testid': 'trigger' },
      crownOf(charOf(view.trigger.character)), ' ',
      t('nw_trigger_armed', { name: actingName(view, view.trigger.slot) })));
  }
  // A decided visit: finishing it now is offered, playing on stays possible.
  if (!st.over && view.decided && legal.includes('finish')) {
    lines.push(el('p', { class: 'decided-note ' + (view.decided.hit ? 'hit' : 'miss'), 'data-testid': 'decided' },
      t(view.decided.hit ? 'nw_decided_hit' : 'nw_decided_miss', { target: visitingOf(view) })));
  }
  return lines;
}

// The fief row; a fief a legal action visits or names is its button.
// The substitutes on offer, by fief: {fief: [action, ...]} from the legal
// actions "substitute F S".
function substitutesByFief(legal) {
  const by = new Map();
  for (const a of legal) {
    const { verb, args } = parseAction(a);
    if (verb !== 'substitute') continue;
    const f = Number(args[0]);
    if (!by.has(f)) by.set(f, []);
    by.get(f).push(a);
  }
  return by;
}

// The friendly ruler picked to stand in, at this decision: the one the
// player clicked, else the hinted one, else the first on offer. Kept per
// game and version, so that a new decision starts afresh.
let subPick = { key: null, fief: null };

// The fief whose ruler is picked to stand in, or null when no substitute
// is on offer. Marks every substitute action as drawn on the table (the
// picked ruler's on the allies, the others by their fiefs).
function pickedSubstitute(ctx) {
  const by = substitutesByFief(ctx.legal);
  if (!by.size || ctx.readOnly) return null;
  for (const list of by.values()) for (const a of list) ctx.used.add(a);
  const key = (ctx.st.id || '') + ':' + ctx.st.version;
  if (subPick.key !== key) {
    const hinted = ctx.hinted && parseAction(ctx.hinted).verb === 'substitute' ? Number(parseAction(ctx.hinted).args[0]) : null;
    subPick = { key, fief: hinted !== null && by.has(hinted) ? hinted : by.keys().next().value };
  } else if (ctx.hinted && parseAction(ctx.hinted).verb === 'substitute') {
    subPick.fief = Number(parseAction(ctx.hinted).args[0]);
  }
  return by.has(subPick.fief) ? subPick.fief : by.keys().next().value;
}

function fiefSection(ctx) {
  const { view, legal, events, choice, keycap } = ctx;
  const visiting = visitingOf(view);
  const fiefRow = el('div', { class: 'fiefs' });
  const subs = substitutesByFief(legal);
  const picked = pickedSubstitute(ctx);
  (view.fiefs || []).forEach((f, i) => {
    const idx = f.index ?? i;
    const ruler = charOf(f.ruler);
    // Prince of Leaves: the direction buttons sit under the prompt; the
    // fiefs they lead to are only marked.
    const moving = view.ability && view.ability.step === 'move_visit';
    const action = legal.includes('visit ' + idx) ? 'visit ' + idx
      : (legal.includes('fief ' + idx) && !moving ? 'fief ' + idx : null);
    const candidate = moving && legal.includes('fief ' + idx);
    const statusKey = visiting === idx ? 'nw_visiting' : 'nw_status_' + (f.status || 'neutral');
    const stars = f.stars ?? STARS[idx];
    // with the hidden stars a fief shows "?" until the end, then a star where one was
    const hidden = view.variant === 'hidden-stars';
    const starHere = hidden && Array.isArray(view.star_fiefs) && view.star_fiefs.includes(idx);
    const starText = !hidden ? '★'.repeat(stars) : view.star_fiefs ? (starHere ? '★' : '') : '?';
    const starLabel = !hidden ? t('nw_star_count', { n: stars }) : view.star_fiefs ? (starHere ? t('nw_star_here') : '') : t('nw_star_unknown');
    const title = ruler && pick(ruler.title);
    const parts = [
      el('span', { class: 'fief-head' }, t('nw_fief', { n: idx })),
      el('span', { class: 'fief-target', 'aria-label': t('nw_target', { n: f.target ?? idx }) }, String(f.target ?? idx)),
      el('span', { class: 'fief-stars', 'aria-label': starLabel, 'data-testid': 'fief-stars-' + idx }, starText),
      ruler
        ? el('span', { class: 'fief-ruler suit-' + ruler.suit }, suitIcon(ruler.suit, 16), ' ', pick(ruler.name))
        : el('span', { class: 'fief-ruler gone' }, t(f.status === 'friendly' ? 'nw_ruler_left' : 'nw_removed')),
      ruler && title ? el('span', { class: 'fief-title' }, title) : null,
      ruler && ruler.crown ? el('span', { class: 'fief-title crown-line' }, crownIcon(12), ' ', t('nw_crown_word')) : null,
      el('span', { class: 'badge status-' + (visiting === idx ? 'visiting' : f.status) }, t(statusKey)),
      f.substitute_slot !== null && f.substitute_slot !== undefined ? el('span', { class: 'badge sub' }, t('nw_ruler_sub')) : null,
      ruler ? el('span', { class: 'tip', role: 'tooltip' }, ruler.crown ? t('nw_crown') + '. ' : '', pick(ruler.text)) : null,
    ];
    const cls = 'fief status-' + (f.status || 'neutral') + (visiting === idx ? ' visiting' : '') + (candidate ? ' candidate' : '') +
      (events.some((e) => (e.type === 'visit_end' || e.type === 'visit') && e.fief === idx) ? ' anim-pulse' : '');
    const label = [t('nw_fief', { n: idx }), t('nw_target', { n: f.target ?? idx }), starLabel,
      ruler ? pick(ruler.name) + ' (' + suitName(ruler.suit) + (ruler.crown ? ', ' + t('nw_crown') : '') + '): ' + pick(ruler.text)
        : t('nw_removed'), t(statusKey)].join(', ');
    let node;
    if (action) {
      const attrs = choice(action, cls);
      attrs['aria-label'] = northwoodActionLabel(action, view) + '. ' + label;
      node = el('button', attrs, parts, keycap(action));
    } else if (subs.has(idx)) {
      // A friendly ruler that may stand in: picking it shows, on the
      // allies, whom it may replace.
      const on = picked === idx;
      node = el('button', { type: 'button', class: cls + ' sub-ruler' + (on ? ' picked' : ''), 'aria-pressed': on ? 'true' : 'false',
        'data-testid': 'sub-ruler-' + idx, 'data-focus-key': 'sub-ruler:' + idx,
        'aria-label': t('nw_sub_pick_ruler', { name: ruler ? pick(ruler.name) : '?' }) + '. ' + label,
        onclick: () => { subPick.fief = idx; ctx.redraw(); } },
      parts, el('span', { class: 'sub-ruler-mark' }, t(on ? 'nw_sub_ruler_picked' : 'nw_sub_ruler_pick')));
    } else {
      node = el('div', { class: cls, tabindex: '0', 'aria-label': label, 'data-focus-key': 'fief:' + idx,
        onclick: (ev) => ev.currentTarget.classList.toggle('show-tip') }, parts);
    }
    if (ruler) node.setAttribute('data-character', ruler.id);
    fiefRow.appendChild(node);
  });
  return el('section', { class: 'fiefs-wrap', 'aria-label': t('nw_fiefs') }, el('h2', {}, t('nw_fiefs')), fiefRow);
}

// The allies row; an ally a legal action activates or readies is its button.
function allySection(ctx) {
  const { view, legal, choice, keycap } = ctx;
  const allyRow = el('div', { class: 'allies' });
  const picked = pickedSubstitute(ctx);
  const pickedRuler = picked !== null ? charOf(((view.fiefs || [])[picked] || {}).ruler) : null;
  const pickedName = pickedRuler ? pick(pickedRuler.name) : '?';
  (view.slots || []).forEach((s, i) => {
    const idx = s.slot ?? i;
    const ally = charOf(s.ally);
    const sub = s.substitute ? charOf(s.substitute.character || s.substitute) : null;
    const ch = activeCharacter(s);
    const copies = s.copies ? charOf(s.copies) : null;
    const standIn = picked !== null && legal.includes('substitute ' + picked + ' ' + idx) ? 'substitute ' + picked + ' ' + idx : null;
    const action = standIn || (legal.includes('activate ' + idx) ? 'activate ' + idx : (legal.includes('ally ' + idx) ? 'ally ' + idx : null));
    const parts = [
      el('span', { class: 'ally-name suit-' + (ch ? ch.suit : '') }, ch ? suitIcon(ch.suit, 18) : null, ' ', ch ? pick(ch.name) : '?',
        ch && ch.crown ? ' ' : null, crownOf(ch)),
      sub ? el('span', { class: 'ally-sub' }, t('nw_substitute_for', { name: pick(sub.name), ally: ally ? pick(ally.name) : '?' }),
        s.substitute.fief !== undefined ? ' (' + t('nw_sub_of_fief', { n: s.substitute.fief }) + ')' : '') : null,
      el('span', { class: 'ally-text' }, ch ? pick(ch.text) : ''),
      copies ? el('span', { class: 'ally-copies' }, t('nw_copies_now', { name: pick(copies.name) }), ' ', crownOf(copies),
        copies.crown ? ' ' : null, pick(copies.text)) : null,
      el('span', { class: 'ally-badges' },
        el('span', { class: 'badge ' + (s.exhausted ? 'exhausted' : 'ready'), title: s.exhausted ? t('nw_exhausted_long') : null },
          t(s.exhausted ? 'nw_exhausted' : 'nw_ready')),
        ch && ch.crown ? el('span', { class: 'badge crown' }, t('nw_crown_word')) : null),
    ];
    const cls = 'ally' + (s.exhausted ? ' exhausted' : '') + (sub ? ' substituted' : '') + (ch && ch.crown ? ' crown' : '');
    let node;
    if (action) {
      const attrs = choice(action, cls);
      attrs['aria-label'] = northwoodActionLabel(action, view) + '. ' + (ch ? pick(ch.text) : '');
      const note = action.startsWith('ally ') ? t('nw_a_ready_short')
        : standIn ? t('nw_sub_here', { name: pickedName }) : null;
      node = el('button', attrs, parts, note ? el('span', { class: 'ally-ready-now' }, note) : null, keycap(action));
    } else {
      node = el('div', { class: cls, tabindex: '0', 'data-focus-key': 'slot:' + idx }, parts);
    }
    if (ch) node.setAttribute('data-character', ch.id);
    allyRow.appendChild(node);
  });
  return el('section', { class: 'allies-wrap', 'aria-label': t('nw_allies') }, el('h2', {}, t('nw_allies')), allyRow);
}

// The statement pile, in the middle of the table.
function statementPile(view, fresh) {
  const stmt = view.statement || null;
  return el('div', { class: 'pile statement', 'data-testid': 'statement' }, el('h3', {}, t('nw_statement')),
    stmt ? cardEl(stmt, { size: 'md', cls: fresh[stmt] === 'anim-flip' ? 'anim-flip' : '' }) : el('p', { class: 'muted' }, t('nw_no_statement')));
}

// The deck (with the cards known in it) and the open piles, for the side
// column.
function pilesSection(view, fresh) {
  const table = el('section', { class: 'table-area side-piles', 'aria-label': t('nw_deck') });
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
  return table;
}

// The mark on a hand card that can answer the statement: whether it
// scores, and why.
function scoreMark(ctx, card) {
  const { view, legal } = ctx;
  if (view.phase !== 'response' || !view.statement || !legal.includes('respond ' + card)) return null;
  const why = answerScores(card, view.statement, view.trump);
  return el('span', { class: 'score-mark ' + (why ? 'scores' : 'no-point'), 'data-testid': 'score-mark',
    'data-scores': why ? '1' : '0', 'aria-hidden': 'true' }, t(why ? 'nw_mark_scores' : 'nw_mark_no_point'));
}

// The table, top to bottom: fiefs, allies, the statement beside the
// prompt (or the game-over summary), the hand; events animate what just
// moved.
function draw(ctx) {
  const fresh = freshCards(ctx.events);
  const { view } = ctx;
  const hand = handSection(ctx, t('nw_hand'), view.hand || [], {
    verbs: ['respond', 'pick'],
    fresh: (c) => fresh[c] || '',
    mark: (c) => scoreMark(ctx, c),
  });
  return [fiefSection(ctx), allySection(ctx),
    dock(el('div', { class: 'middle' }, statementPile(view, fresh), ctx.promptBox, ctx.summary), hand)];
}

// The side column: the deck and the open piles.
function side(ctx) {
  return [pilesSection(ctx.view, freshCards(ctx.events))];
}

// A choice button's look: stopping is marked, finishing too; a suit to
// name shows its icon. (Substitutes are chosen on the allies, not here.)
function choiceParts(a) {
  const { verb, args } = parseAction(a);
  return {
    cls: (verb === 'stop' ? ' danger' : '') + (verb === 'finish' ? ' finish' : ''),
    before: verb === 'name' ? [suitIcon(args[0], 18), ' '] : null,
  };
}

// The game-over summary: stars against the aimed medal, the medal reached.
function overText(ctx) {
  const { st, view } = ctx;
  const r = st.result || {};
  const stars = r.stars ?? view.stars_won ?? 0;
  const reached = r.medal && r.medal !== 'none' ? t('medal_' + r.medal) : t('medal_none');
  const won = r.won ?? false;
  if (view.variant === 'hidden-stars' || view.expert) {
    // the variants: the goal met or not, and where the stars were
    const fiefs = r.star_fiefs || view.star_fiefs || [];
    return { won, lines: [
      t(won ? 'nw_end_goal_won' : 'nw_end_goal_lost', { goal: goalText(view) }),
      view.variant === 'hidden-stars' ? t('nw_end_hidden', { found: r.stars_found ?? 0, fiefs: fiefs.join(', ') }) : t('nw_end_medal', { medal: reached }),
      r.stopped ? t('nw_end_stopped') : null,
    ], details: visitsTable(r.visits) };
  }
  return { won, lines: [
    // a win names the medal reached (it may be above the one aimed for)
    won ? t('nw_end_won', { medal: reached, stars }) : t('nw_end_lost', { medal: t('medal_' + view.medal), stars }),
    t('nw_end_medal', { medal: reached }),
    r.stopped ? t('nw_end_stopped') : null,
  ], details: visitsTable(r.visits) };
}

// The game visit by visit (the result's "visits"): the fief and its
// target, the score it ended with, the abilities used and the rulers
// that stood in, friendly or lost. Null when the result has none.
function visitsTable(visits) {
  if (!Array.isArray(visits) || !visits.length) return null;
  const names = (list) => (list || []).map((c) => pick(c.name) || c.id).join(', ') || '–';
  return el('details', { class: 'end-details', open: true, 'data-testid': 'end-visits' },
    el('summary', {}, t('nw_end_visits')),
    el('div', { class: 'table-scroll' }, el('table', { class: 'history end-table' },
      el('thead', {}, el('tr', {}, [t('nw_end_col_visit'), t('nw_end_col_fief'), t('nw_end_col_score'), t('nw_end_col_abilities'), t('nw_end_col_result')]
        .map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, visits.map((v, i) => el('tr', { class: v.friendly ? 'won' : 'lost' },
        el('td', { class: 'num' }, String(i + 1)),
        el('td', {}, t('nw_fief', { n: v.fief }), ' · ', '★'.repeat(STARS[v.fief] || 0)),
        el('td', { class: 'num' }, t('nw_end_score', { score: v.score, target: v.target }),
          v.finished_early ? el('span', { class: 'muted', 'data-early': '1' }, ' ', t('nw_end_early')) : null),
        el('td', {}, names(v.abilities), v.substitutes && v.substitutes.length ? [' ', el('span', { class: 'muted' }, t('nw_end_subs', { names: names(v.substitutes) }))] : null),
        el('td', {}, t(v.friendly ? 'nw_end_friendly' : 'nw_end_lost_fief'))))))));
}

// For Northwood! for table.js and the history pages.
export const northwoodGame = {
  id: 'northwood',
  nameKey: 'nw_name',
  cls: 'nw',
  seats: 1,
  // An answer is the card played; stopping the game or finishing a decided
  // visit leave the only answer free to go by itself.
  playVerbs: ['respond'],
  asideVerbs: ['stop', 'finish'],
  actionLabel: northwoodActionLabel,
  hintText: (h, view) => t('hint_nw', {
    action: northwoodActionLabel(h.action, view),
    target: chanceText(h.p_target, h.margin, t('unknown_odds')),
    medal: chanceText(h.p_medal, h.margin_medal, t('unknown_odds')),
  }),

  // Opening a game in progress: one line per action taken so far (later
  // actions are told by their events).
  actionLine(entry, seat, first) {
    const text = entry.action;
    return first && text ? { key: 'log_action', lazy: { what: () => northwoodActionLabel(text, null) } } : null;
  },
  outcomeLines: (events, before, view) => (events.length ? northwoodEntries(events, view, before) : []),
  focus,
  pills,
  promptLines,
  choiceParts,
  overText,
  draw,
  side,
  // Where a replay can jump (record actions; view of the step shown): the
  // start of each visit, the step before its "visit" action.
  replayJumps(actions) {
    const visits = [];
    actions.forEach((a, i) => { if (/^visit /.test(a)) visits.push({ n: visits.length + 1, step: i }); });
    return [{ name: 'visit', key: 'replay_jump_visit', targets: visits }];
  },
  // The history's words for a game's setup: deal and medal aimed for.
  historyConfig(g) {
    const c = g.config || {};
    if (c.variant === 'hidden-stars' || c.expert) return t('hist_nw_goal', { setup: t('setup_' + (c.setup || 'intro') + '_short'), goal: goalText(c) });
    return t('hist_nw_config', { setup: t('setup_' + (c.setup || 'intro') + '_short'), medal: t('medal_' + (c.medal || 'bronze')) });
  },
  // The history's words for a game's result: stars, medal, won or lost.
  historyResult(g) {
    const r = g.result || {};
    const medal = r.medal && r.medal !== 'none' ? t('medal_' + r.medal) : t('medal_none');
    return t('hist_nw_result', { stars: r.stars ?? 0, medal }) + ' · ' + t(r.won ? 'hist_won' : 'hist_lost');
  },
  // The chart shows the stars of each game, with the bronze medal's 16.
  chartValue: (g) => Number((g.result || {}).stars || 0),
  chartTitleKey: 'hist_chart_nw',
  chartMax: () => 20,
  chartRef: 16,
  chartRefKey: 'hist_ref_bronze',
  chartAxisKey: 'hist_axis_stars',
  // The totals count wins per medal aimed for (the groups' keys).
  groupsTitleKey: 'hist_wins_medal',
  // a group is a medal, or "hidden-stars", either with "-expert"
  groupLabel: (key) => {
    const expert = key.endsWith('-expert');
    const base = expert ? key.slice(0, -'-expert'.length) : key;
    return expert || base === 'hidden-stars' ? goalText(base === 'hidden-stars' ? { variant: base, expert } : { medal: base, expert })
      : t('medal_' + key);
  },
};
