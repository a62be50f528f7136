// The log of what happened, built from the events the server returns.
// Entries are kept as {key, p} (a text key and its parameters) and turned
// into words when shown, so that switching the language re-words them.
// Parameter names starting with "card" hold card codes, "suit" suit keys,
// "name" server text objects {en, fr}.

import { t, pick } from './i18n.js';
import { cardName, suitName, parseCard } from './cards.js';

// The words of one log entry in the current language.
export function formatEntry(e) {
  const params = {};
  for (const [k, fn] of Object.entries(e.lazy || {})) params[k] = fn();
  for (const [k, v] of Object.entries(e.p || {})) {
    if (k.startsWith('card')) params[k] = cardName(v);
    else if (k.startsWith('suit')) params[k] = suitName(v);
    else if (k.startsWith('name')) params[k] = pick(v);
    else if (k.startsWith('key_')) params[k.slice(4)] = t(v);
    else params[k] = v;
  }
  return t(e.key, params);
}

// Name object of the character acting in Northwood slot s of a view.
function slotCharacterName(view, s) {
  const slot = view && view.slots ? view.slots[s] : null;
  if (!slot) return { en: 'slot ' + s, fr: 'place ' + s };
  const ch = activeCharacter(slot);
  return ch ? ch.name : { en: 'slot ' + s, fr: 'place ' + s };
}

// The character acting in a Northwood slot: the substitute if any.
export function activeCharacter(slot) {
  if (!slot) return null;
  const unwrap = (x) => (x && x.character ? x.character : x);
  if (slot.active) return unwrap(slot.active);
  if (slot.substitute) return unwrap(slot.substitute);
  return unwrap(slot.ally);
}

// Whether answering a Northwood statement with card scores: higher in the
// statement's suit, or trump against a statement that is not trump (the
// rule of tw_nw_answer_scores). Returns 'higher', 'trump' or null.
export function answerScores(card, statement, trump) {
  const c = parseCard(card);
  const s = parseCard(statement);
  if (!c || !s) return null;
  if (c.suit === s.suit && c.rank > s.rank) return 'higher';
  if (s.suit !== trump && c.suit === trump) return 'trump';
  return null;
}

// The log entry of an answer, saying why it scored or not when the
// statement it answered is known.
function responseEntry(e, statement, trump) {
  if (!statement) return { key: e.scored ? 'nw_ev_response_scored' : 'nw_ev_response_lost', p: { card: e.card } };
  const why = answerScores(e.card, statement, trump);
  if (e.scored && why === 'higher') return { key: 'nw_ev_response_higher', p: { card: e.card, card_stmt: statement } };
  if (e.scored && why === 'trump') return { key: 'nw_ev_response_trump', p: { card: e.card, card_stmt: statement, suit: trump } };
  if (!e.scored && !why) return { key: 'nw_ev_response_no_point', p: { card: e.card, card_stmt: statement } };
  return { key: e.scored ? 'nw_ev_response_scored' : 'nw_ev_response_lost', p: { card: e.card } };
}

// Log entries for the events of one Northwood action. view: the state's
// view after the action (used for names); before: the view before it
// (the statement answered and the trump).
export function northwoodEntries(events, view, before) {
  const out = [];
  let gathering = false;
  let dealt = false;
  let lastResponse = null;
  let statement = before ? before.statement || null : null;
  const trump = (before && before.trump) || (view && view.trump) || null;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const next = events[i + 1];
    switch (e.type) {
      case 'move':
        if (gathering || e.action === null) break;
        if (next && (next.type === 'statement' || next.type === 'response') && next.card === e.card) break;
        out.push({ key: 'nw_ev_move', p: { card: e.card, key_from: 'pile_' + e.from, key_to: 'pile_' + e.to } });
        break;
      case 'shuffle':
        if (gathering && !dealt) { out.push({ key: 'nw_ev_deal' }); dealt = true; }
        else if (!gathering && e.action !== null) out.push({ key: 'nw_ev_deck_shuffled' }); /* Baron of Claws */
        break;
      case 'visit': out.push({ key: 'nw_ev_visit', p: { f: e.fief } }); break;
      case 'substitute': out.push({ key: 'nw_ev_substitute', p: { f: e.fief, s: e.slot } }); break;
      case 'ability': out.push({ key: 'nw_ev_ability', p: { name: slotCharacterName(view, e.slot) } }); break;
      case 'statement': out.push({ key: 'nw_ev_statement', p: { card: e.card } }); statement = e.card; break;
      case 'response':
        out.push(responseEntry(e, statement, trump));
        lastResponse = e.card;
        break;
      case 'visit_move': out.push({ key: 'nw_ev_visit_move', p: { from: e.from, to: e.to } }); break;
      case 'ready': out.push({ key: 'nw_ev_ready', p: { name: slotCharacterName(view, e.slot) } }); break;
      case 'trigger': {
        const name = slotCharacterName(view, e.slot);
        if (e.stage === 'armed') out.push({ key: 'nw_ev_trigger_armed', p: { name } });
        else if (e.stage === 'lost') out.push({ key: 'nw_ev_trigger_lost', p: { name } });
        else if (lastResponse && parseInt(lastResponse, 10) % 2) out.push({ key: 'nw_ev_trigger_odd', p: { name, card: lastResponse } });
        else if (lastResponse) out.push({ key: 'nw_ev_trigger_even', p: { name, card: lastResponse } });
        break;
      }
      case 'decided':
        out.push({ key: e.hit ? 'nw_ev_decided_hit' : 'nw_ev_decided_miss', p: { f: e.fief } });
        break;
      case 'name_suit': out.push({ key: 'nw_ev_name', p: { suit: e.suit } }); break;
      case 'peek':
        if (e.depth === 0) out.push({ key: 'nw_ev_peek_top', p: { card: e.card } });
        else out.push({ key: 'nw_ev_peek', p: { card: e.card, depth: e.depth + 1 } });
        break;
      case 'ruler_swap': out.push({ key: 'nw_ev_swap', p: { f: e.fief, o: e.other } }); break;
      case 'visit_end':
        out.push({ key: e.friendly ? 'nw_ev_visit_end_won' : 'nw_ev_visit_end_lost', p: { f: e.fief, score: e.score } });
        gathering = true;
        break;
      case 'removed': out.push({ key: 'nw_ev_removed', p: { f: e.fief } }); break;
      case 'game_end': out.push({ key: 'nw_ev_game_end', p: { stars: e.stars } }); break;
      default: break;
    }
  }
  return out;
}

// Log entries for Fox Duet events as seen by seat `seat`.
// With outcomesOnly, the events that the action lines already tell (plays
// and choices) are left out.
export function foxEntries(events, seat, outcomesOnly) {
  const out = [];
  const skip = outcomesOnly ? new Set(['play', 'fox_target', 'keep', 'gift_pick', 'ignore', 'direction']) : new Set();
  const who = (s) => (s === seat ? 'you' : 'partner');
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (skip.has(e.type)) continue;
    switch (e.type) {
      case 'play':
        if (e.seat === seat) out.push({ key: 'fox_ev_play', p: { card: e.card } });
        else out.push({ key: 'fox_ev_play_partner', p: { card: e.card } });
        break;
      case 'fox_target':
        out.push({ key: 'fox_ev_fox_' + (e.target === e.seat ? 'self_' : 'other_') + who(e.seat) });
        break;
      case 'keep': out.push({ key: 'fox_ev_keep_' + who(e.seat) }); break;
      case 'gift_pick':
        if (e.card) out.push({ key: 'fox_ev_gift_pick', p: { card: e.card } });
        else out.push({ key: 'fox_ev_gift_pick_hidden' });
        break;
      case 'trick_won':
        out.push({ key: who(e.seat) === 'you' ? 'fox_ev_trick_won_you' : 'fox_ev_trick_won_partner', p: { n: e.trick, card: e.card } });
        break;
      case 'ignore': {
        if (e.led && e.followed) out.push({ key: 'fox_ev_ignore_both' });
        else if (e.led) out.push({ key: 'fox_ev_ignore_led' });
        else if (e.followed) out.push({ key: 'fox_ev_ignore_followed' });
        else out.push({ key: 'fox_ev_ignore_nothing' });
        break;
      }
      case 'direction':
        out.push({ key: 'fox_ev_direction', p: { key_whom: e.toward === seat ? 'fox_your_end' : 'fox_partner_end' } });
        break;
      case 'token':
        if (e.steps === 0 && e.to === 0 && e.from !== 0) out.push({ key: 'fox_ev_token_reset' });
        else if (e.from !== e.to) out.push({ key: 'fox_ev_token', p: { from: e.from, to: e.to } });
        break;
      case 'off_path': out.push({ key: 'fox_ev_off_path', p: { key_end: 'end_' + e.end } }); break;
      case 'forest': out.push({ key: 'fox_ev_forest', p: { space: e.space, n: e.forest_left } }); break;
      case 'gem_slide': out.push({ key: 'fox_ev_gem_slide', p: { n: e.count, from: e.from, to: e.to } }); break;
      case 'gem_add': out.push({ key: 'fox_ev_gem_add', p: { to: e.to } }); break;
      case 'gem_collect': out.push({ key: 'fox_ev_gem_collect', p: { space: e.space, n: e.left } }); break;
      case 'round_start': out.push({ key: 'fox_ev_round_start', p: { n: e.round } }); break;
      case 'round_end': out.push({ key: 'fox_ev_round_end', p: { n: e.round } }); break;
      case 'game_end':
        out.push({ key: e.end === 'won' ? 'fox_ev_game_end_won' : 'fox_ev_game_end_lost', p: { score: e.score } });
        break;
      case 'move':
        if (e.to === 'decree' && e.card) {
          if (outcomesOnly && e.from !== 'deck') break;
          out.push({ key: e.from === 'deck' ? 'fox_ev_decree' : 'fox_ev_exchange', p: { card: e.card } });
        } else if (/^hand/.test(e.from) && /^hand/.test(e.to) && e.card) {
          out.push({ key: 'fox_ev_gift_move', p: { card: e.card } });
        }
        break;
      default: break;
    }
  }
  return out;
}

// Log entries telling the Fox outcomes that show between two views of a
// seat, for changes made elsewhere (the partner's moves arrive without
// events): trick won, token moves, forest tokens, gems, new round.
export function foxDiffEntries(prev, view, seat) {
  const out = [];
  if (!prev || !view) return out;
  const lt = view.last_trick;
  const plt = prev.last_trick;
  const key = (x) => (x && x.cards ? x.cards.map((c) => c.card).join(',') : '');
  if (lt && key(lt) !== key(plt)) {
    const win = lt.cards.find((c) => c.seat === lt.winner);
    out.push({ key: lt.winner === seat ? 'fox_ev_trick_won_you' : 'fox_ev_trick_won_partner',
      p: { n: prev.trick_number ?? '?', card: win ? win.card : '' } });
  }
  const pb = prev.board || {};
  const b = view.board || {};
  if ((b.forest_left ?? 0) < (pb.forest_left ?? 0)) {
    const ps = pb.spaces || [];
    for (const [i, sp] of (b.spaces || []).entries()) {
      if (sp.covered && !(ps[i] && ps[i].covered)) out.push({ key: 'fox_ev_forest', p: { space: sp.space, n: b.forest_left } });
    }
  }
  if (b.token !== pb.token) {
    if (b.token === 0 && (b.forest_left ?? 0) < (pb.forest_left ?? 0)) out.push({ key: 'fox_ev_token_reset' });
    else out.push({ key: 'fox_ev_token', p: { from: pb.token, to: b.token } });
  }
  if ((b.gems_collected ?? 0) > (pb.gems_collected ?? 0)) {
    out.push({ key: 'fox_ev_gem_collect', p: { space: b.token, n: b.gems_on_board } });
  }
  if (view.round !== prev.round) out.push({ key: 'fox_ev_round_start', p: { n: view.round } });
  if (view.over && !prev.over) {
    out.push({ key: view.won ? 'fox_ev_game_end_won' : 'fox_ev_game_end_lost', p: { score: view.score ?? 0 } });
  }
  return out;
}
