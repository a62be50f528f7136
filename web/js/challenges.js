// The start page's list of For Northwood!'s challenges (GET
// /api/challenges): each with its goal, its rating (the strong bot's wins
// over the games its file records) and the player's best from the history,
// and a button that starts it (POST /api/games with its number).
import { t, lang } from './i18n.js';
import { el } from './ui.js';
import { api } from './api.js';
import { percentText } from './difficulty.js';

// The player's record at each challenge id, from the history's totals
// (GET /api/history/totals: a challenge's games are one setup, whose
// config names the challenge): {played, won, best} (best: the most stars
// of one game).
function bestByChallenge(totals) {
  const out = {};
  for (const game of (totals && totals.games) || []) {
    for (const s of game.game === 'northwood' ? game.setups || [] : []) {
      const id = s.config && s.config.challenge;
      if (id) out[id] = { played: s.played, won: s.won, best: s.best || 0 };
    }
  }
  return out;
}

// A challenge's goal and limits, in words.
function goalText(c) {
  const parts = [c.variant === 'hidden-stars' ? t('variant_hidden') : t('medal_' + c.medal)];
  if (c.expert) parts.push(t('challenge_expert'));
  if (c.must_win && c.must_win.length) parts.push(t('challenge_fiefs', { fiefs: c.must_win.join(', ') }));
  if (c.no_substitutes) parts.push(t('challenge_no_subs'));
  if (c.max_allies) parts.push(t('challenge_max_allies', { n: c.max_allies }));
  parts.push(t(c.setup === 'full' ? 'setup_full' : 'setup_intro'));
  return parts.join(' · ');
}

// The line of a challenge's rating.
function ratingText(c) {
  const r = c.rating;
  if (!r || !r.games) return t('challenge_unrated');
  return t(r.note ? 'challenge_rating_short' : 'challenge_rating', { rate: percentText(r.wins / r.games), games: r.games });
}

// The line of the player's best.
function bestText(mine) {
  if (!mine) return t('challenge_not_played');
  return mine.won ? t('challenge_won', { won: mine.won, n: mine.played })
    : t(mine.played === 1 ? 'challenge_best_sg' : 'challenge_best', { n: mine.played, stars: mine.best });
}

// The panel (folded), filled once the list came; start(body, button)
// creates the game.
export function challengesPanel(start) {
  const list = el('ol', { class: 'challenges', 'data-testid': 'challenge-list' });
  const panel = el('details', { class: 'panel', 'data-testid': 'challenges' },
    el('summary', {}, el('h2', { class: 'inline' }, t('challenges_title'))),
    el('p', { class: 'muted' }, t('challenges_intro')), list);
  Promise.all([api('GET', '/api/challenges'), api('GET', '/api/history/totals?game=northwood').catch(() => null)])
    .then(([data, totals]) => {
      const mine = bestByChallenge(totals);
      const pick = (o) => (o && (o[lang()] || o.en)) || '';
      for (const c of (data && data.challenges) || []) {
        const button = el('button', { type: 'button', class: 'button small', 'data-testid': 'challenge-' + c.number },
          t('challenge_play'));
        button.addEventListener('click', () => start({ game: 'northwood', challenge: c.number }, button));
        list.appendChild(el('li', { 'data-challenge': c.id },
          el('strong', {}, pick(c.name)), ' ', button,
          el('div', {}, pick(c.text)),
          el('div', { class: 'muted' }, goalText(c)),
          el('div', { class: 'muted' }, ratingText(c), ' · ',
            el('span', { 'data-testid': 'challenge-best-' + c.number }, bestText(mine[c.id])))));
      }
    })
    .catch(() => list.appendChild(el('li', {}, t('challenges_unavailable'))));
  return panel;
}
