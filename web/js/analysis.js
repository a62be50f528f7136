// The analysis of a finished game: #/analysis/<id>. One row per decision
// with a real choice (GET /api/history/<id>/analysis, docs/web-api.md):
// where it was, the chance before it, the move played and the strong
// bot's move with their chances, and what the difference cost; the
// costliest decisions are highlighted and listed first. Each row's button
// opens the replay at that decision (#/replay/<id>/<step>).

import { t } from './i18n.js';
import { el, clear, percent, UNSURE_MARGIN } from './ui.js';
import { api } from './api.js';
import { gameOf } from './games.js';
import { replayHref } from './links.js';

// Where a decision stood, in words.
function whereText(d) {
  const w = d.where || {};
  if (w.round !== undefined) return t('an_where_trick', { round: w.round, trick: w.trick });
  if (w.fief === null || w.fief === undefined) return t('an_where_choose');
  return t('an_where_fief', { fief: w.fief, score: w.score });
}

// A difference of chances in percentage points, one decimal.
function points(p) {
  return String(Math.round(Number(p) * 1000) / 10);
}


// A chance with its margin: "71% ± 3"; one whose margin is too wide to
// tell anything (see UNSURE_MARGIN) is marked as unsure instead of shown
// as a figure.
function withMargin(p, margin) {
  if (typeof margin === 'number' && margin > UNSURE_MARGIN) return t('an_unsure', { m: Math.round(margin * 100) });
  return percent(p) + (typeof margin === 'number' ? ' ± ' + Math.round(margin * 100) : '');
}

// One decision as a table row; costly ones carry their rank. viewAt(step)
// is the table at that step, which names what the actions refer to.
function row(id, kind, data, d, viewAt) {
  const view = viewAt(d.step);
  const who = kind.seats === 2 ? t('replay_player', { n: d.seat + 1 }) + ' · ' : '';
  const same = d.played === d.best;
  return el('tr', { class: d.rank ? 'costly' : (same ? 'best' : ''), 'data-step': d.step, 'data-testid': 'analysis-row' },
    el('td', {}, d.rank ? el('span', { class: 'rank', title: t('an_costly_title') }, '#' + d.rank) : null),
    el('td', {}, who, whereText(d)),
    el('td', { class: 'num' }, percent(d.p_before)),
    el('td', { 'data-testid': 'analysis-played' }, kind.actionLabel(d.played, view), ' ', el('span', { class: 'odds' }, '(' + withMargin(d.p_played, d.margin_played) + ')')),
    el('td', { 'data-testid': 'analysis-best' }, same ? el('span', { class: 'muted' }, t('an_same'))
      : [kind.actionLabel(d.best, view), ' ', el('span', { class: 'odds' }, '(' + withMargin(d.p_best, d.margin_best) + ')')]),
    el('td', { class: 'num' }, d.cost >= 0.0005 ? '−' + points(d.cost) : '—'),
    el('td', {}, el('a', { class: 'button small secondary', href: replayHref(id, d.step), 'data-testid': 'analysis-jump',
      'aria-label': t('an_jump_label', { k: d.step }) }, t('an_jump'))));
}

// The page: #/analysis/<id>.
export function analysisPage(main, id) {
  let alive = true;
  let data = null;
  const views = new Map(); // step -> the replay's view at that step
  const viewAt = (step) => views.get(step) || {};

  function draw() {
    const kind = gameOf(data.game);
    const decisions = data.decisions || [];
    const costly = (data.costliest || []).map((step) => decisions.find((d) => d.step === step)).filter((d) => d);
    clear(main).append(
      el('h1', {}, t('an_title'), ' · ', t(kind.nameKey)),
      el('p', {}, el('a', { href: '#/history' }, '← ', t('replay_back')), ' · ',
        el('a', { href: replayHref(id, 0), 'data-testid': 'analysis-replay' }, t('an_open_replay'))),
      el('p', { class: 'muted', 'data-testid': 'analysis-meaning' },
        t(data.chance_of === 'win' ? 'an_meaning_win' : 'an_meaning_target', { samples: data.samples })),
      el('h2', {}, t('an_costliest')),
      costly.length
        ? el('ol', { class: 'costliest', 'data-testid': 'analysis-costliest' }, costly.map((d) => el('li', {},
          el('a', { href: replayHref(id, d.step) }, t('an_step', { k: d.step + 1 }), ', ', whereText(d)), ': ',
          t('an_costly_line', { played: kind.actionLabel(d.played, viewAt(d.step)), p: withMargin(d.p_played, d.margin_played),
            best: kind.actionLabel(d.best, viewAt(d.step)), q: withMargin(d.p_best, d.margin_best) }))))
        : el('p', { 'data-testid': 'analysis-costliest' }, t('an_none')),
      el('h2', {}, t('an_all', { n: decisions.length })),
      el('div', { class: 'table-scroll' }, el('table', { class: 'history analysis', 'data-testid': 'analysis-table' },
        el('thead', {}, el('tr', {},
          el('th', { scope: 'col' }, el('span', { class: 'sr-only' }, t('an_rank'))),
          el('th', { scope: 'col' }, t('an_where')),
          el('th', { scope: 'col' }, t('an_before')),
          el('th', { scope: 'col' }, t('an_played')),
          el('th', { scope: 'col' }, t('an_best')),
          el('th', { scope: 'col' }, t('an_cost')),
          el('th', { scope: 'col' }, t('an_replay')))),
        el('tbody', {}, decisions.map((d) => row(id, kind, data, d, viewAt))))));
  }

  // Fetches the table at each decision's step from the replay (four at a
  // time), so that each action is named by what it refers to ("Use Queen
  // of Claws"). A step that cannot be fetched keeps plain labels.
  async function loadViews(decisions) {
    const steps = [...new Set(decisions.map((d) => d.step))];
    const next = async () => {
      while (alive && steps.length) {
        const step = steps.shift();
        try {
          const frame = await api('GET', '/api/history/' + encodeURIComponent(id) + '/replay?step=' + step);
          if (frame && frame.view) views.set(step, frame.view);
        } catch (e) { /* the label goes without the names */ }
      }
    };
    await Promise.all([next(), next(), next(), next()]);
  }

  clear(main).appendChild(el('p', { class: 'muted', 'data-testid': 'analysis-loading' }, t('an_thinking')));
  api('GET', '/api/history/' + encodeURIComponent(id) + '/analysis').then(async (res) => {
    if (!alive) return;
    await loadViews(res.decisions || []);
    if (!alive) return;
    data = res;
    draw();
  }).catch((e) => {
    if (!alive) return;
    clear(main).appendChild(el('div', { class: 'panel error', role: 'alert' }, t('error_prefix', { msg: e.message }),
      el('p', {}, el('a', { href: '#/history' }, t('replay_back')))));
  });
  return {
    destroy() { alive = false; },
    rerender() { if (data) draw(); },
  };
}
