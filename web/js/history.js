// The history pages: the totals of every finished game (terminal and
// browser alike: one database) per game and per setup with bar charts,
// the list of finished games with a chart of results over time and a
// "play this deal again" button per row (the step-by-step replay of one
// game: replay.js).

import { t, lang, decimalOne } from './i18n.js';
import { el, clear } from './ui.js';
import { api } from './api.js';
import { GAMES, gameOf } from './games.js';
import { againButton } from './again.js';
import { analysisHref } from './links.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

// Creates an SVG element with attributes.
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  for (const c of children) {
    if (c === null || c === undefined) continue;
    node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return node;
}

// A date for people, in the current language.
function formatDate(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso || '');
  return d.toLocaleString(lang() === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

// The words for a game's result.
function resultText(g) {
  return gameOf(g.game).historyResult(g);
}

// The value a game shows on the chart: stars or score.
function chartValue(g) {
  return gameOf(g.game).chartValue(g);
}

// An inline SVG chart of one game's results, oldest first.
function chart(games, title, maxY, refY) {
  const W = 640, H = 220, L = 40, R = 12, T = 14, B = 30;
  const pts = games.slice().reverse();
  const n = pts.length;
  const x = (i) => L + (n <= 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (n - 1));
  const y = (v) => T + (H - T - B) * (1 - Math.min(v, maxY) / maxY);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': title });
  root.appendChild(svg('title', {}, title));
  const step = maxY <= 20 ? 4 : (maxY <= 50 ? 10 : 20);
  const ticks = [];
  for (let v = 0; v <= maxY; v += step) ticks.push(v);
  for (const v of ticks) {
    root.appendChild(svg('line', { x1: L, x2: W - R, y1: y(v), y2: y(v), class: 'grid' }));
    root.appendChild(svg('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, String(v)));
  }
  if (refY !== undefined) root.appendChild(svg('line', { x1: L, x2: W - R, y1: y(refY), y2: y(refY), class: 'ref' }));
  if (n > 1) {
    root.appendChild(svg('polyline', { points: pts.map((g, i) => `${x(i)},${y(chartValue(g))}`).join(' '), class: 'trend' }));
  }
  pts.forEach((g, i) => {
    const won = !!(g.result && g.result.won);
    const cx = x(i), cy = y(chartValue(g));
    const label = formatDate(g.finished_at) + ': ' + resultText(g);
    const mark = won
      ? svg('circle', { cx, cy, r: 6, class: 'pt won' }, svg('title', {}, label))
      : svg('path', { d: `M${cx - 5} ${cy - 5} L${cx + 5} ${cy + 5} M${cx + 5} ${cy - 5} L${cx - 5} ${cy + 5}`, class: 'pt lost' }, svg('title', {}, label));
    root.appendChild(mark);
  });
  root.appendChild(svg('text', { x: L, y: H - 8, class: 'axis' }, n ? formatDate(pts[0].finished_at) : ''));
  if (n > 1) root.appendChild(svg('text', { x: W - R, y: H - 8, 'text-anchor': 'end', class: 'axis' }, formatDate(pts[n - 1].finished_at)));
  return el('figure', { class: 'chart-box' }, root, el('figcaption', {}, title,
    ' · ', el('span', { class: 'legend won' }, '● ', t('hist_won')), ' ', el('span', { class: 'legend lost' }, '✕ ', t('hist_lost'))));
}

// A rate from 0 to 1 as a whole percentage.
function percent(rate) {
  return Math.round((Number(rate) || 0) * 100) + '%';
}

// An average with one decimal (i18n.js: the terminal's rounding rule).
function decimal(x) {
  return x === null || x === undefined ? '–' : decimalOne(x);
}

// The counts of a set of games as a list of terms.
function countsList(c) {
  const streak = c.streak || {};
  const item = (key, value) => el('div', {}, el('dt', {}, t(key)), el('dd', {}, String(value)));
  return el('dl', { class: 'stats' },
    item('hist_played', c.played), item('hist_won_n', c.won), item('hist_rate', percent(c.win_rate)),
    item('hist_best', c.best ?? '–'), item('hist_average', decimal(c.average)),
    item('hist_streak', t('hist_streak_value', { current: streak.current ?? 0, best: streak.best ?? 0 })));
}

// "Bronze (2 of 3) · Silver (1 of 2)" for wins per group, "No medal (1)" for counts.
function groupLine(kind, groups, withWon) {
  return Object.entries(groups || {}).map(([key, c]) => (withWon
    ? t('hist_of', { label: kind.groupLabel(key), won: c.won, played: c.played })
    : t('hist_count', { label: kind.groupLabel(key), n: c.played }))).join(' · ');
}

// A small chart of bars, one per game of a setup (oldest first, newest on
// the right): the height is the game's score (axis on the left, with the
// reference line of the game, e.g. 16 stars for bronze), won games
// filled, lost ones pale. Returns a figure with its visible title and
// legend.
function bars(results, title, maxY, refY, kind) {
  const W = 320, H = 118, L = 26, R = 4, T = 8, B = 18;
  const n = Math.max(results.length, 1);
  const slot = Math.min((W - L - R) / n, 28); // a few games: narrow bars from the left
  const y = (v) => T + (H - T - B) * (1 - Math.min(Math.max(v, 0), maxY) / maxY);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'bars', role: 'img', 'aria-label': title });
  root.appendChild(svg('title', {}, title));
  const ticks = [0, maxY];
  if (refY !== undefined && refY > 0 && refY < maxY) ticks.splice(1, 0, refY);
  for (const v of ticks) {
    root.appendChild(svg('text', { x: L - 4, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, String(v)));
  }
  root.appendChild(svg('line', { x1: L, x2: L, y1: T, y2: H - B, class: 'grid' }));
  root.appendChild(svg('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, class: 'grid' }));
  if (refY !== undefined) root.appendChild(svg('line', { x1: L, x2: W - R, y1: y(refY), y2: y(refY), class: 'ref' }));
  results.forEach((r, i) => {
    const top = y(r.score);
    const label = formatDate(r.finished_at) + ': ' + r.score + ' · ' + t(r.won ? 'hist_won' : 'hist_lost');
    root.appendChild(svg('rect', { x: L + i * slot + slot * 0.15, y: Math.min(top, H - B - 3), width: Math.max(slot * 0.7, 1),
      height: Math.max(H - B - top, 3), class: 'bar ' + (r.won ? 'won' : 'lost') }, svg('title', {}, label)));
  });
  root.appendChild(svg('text', { x: L, y: H - 4, class: 'axis' }, t('hist_axis_oldest')));
  root.appendChild(svg('text', { x: W - R, y: H - 4, 'text-anchor': 'end', class: 'axis' }, t('hist_axis_newest')));
  return el('figure', { class: 'bars-box', 'data-testid': 'setup-chart' },
    el('figcaption', { class: 'bars-title' }, title),
    root,
    el('p', { class: 'bars-legend', 'data-testid': 'setup-chart-legend' },
      el('span', { class: 'legend won' }, '■ ', t('hist_won')), ' ',
      el('span', { class: 'legend pale' }, '■ ', t('hist_lost')),
      refY !== undefined ? [' ', el('span', { class: 'legend ref' }, '┄ ', t(kind.chartRefKey, { n: refY }))] : null,
      ' · ', t(kind.chartAxisKey)));
}

// The totals of one game: its counts, wins per group, medals reached,
// then one row per setup with its counts, bars and a link to play again.
function gameTotals(totals) {
  const kind = gameOf(totals.game);
  const box = el('section', { class: 'panel totals', 'data-testid': 'totals-' + totals.game, 'aria-label': t(kind.nameKey) },
    el('h3', {}, t(kind.nameKey)), countsList(totals));
  if (Object.keys(totals.groups || {}).length) {
    box.appendChild(el('p', { 'data-testid': 'totals-groups' }, t(kind.groupsTitleKey), ': ', groupLine(kind, totals.groups, true)));
  }
  if (totals.reached) box.appendChild(el('p', {}, t('hist_reached'), ': ', groupLine(kind, totals.reached, false)));
  for (const s of totals.setups || []) {
    const words = kind.historyConfig({ config: s.config });
    const scores = (s.results || []).map((r) => r.score);
    box.appendChild(el('div', { class: 'setup-totals', 'data-testid': 'setup-totals', 'data-setup': s.setup },
      el('h4', {}, words),
      countsList(s),
      bars(s.results || [], t('hist_setup_chart', { setup: words }), kind.chartMax(scores), kind.chartRef, kind)));
  }
  return box;
}

// The totals section: every game with at least one finished game.
function totalsSection(totals) {
  const games = ((totals && totals.games) || []).filter((g) => g.played > 0);
  if (!games.length) return null;
  return el('section', { class: 'totals-grid', 'data-testid': 'history-totals', 'aria-label': t('hist_totals') },
    el('h2', {}, t('hist_totals')), games.map(gameTotals));
}

// Reads a record file chosen by the player and adds its finished game to
// the history (POST /api/history/import); done() reloads the list. Every
// outcome is said beside the button.
async function importFile(file, status, done) {
  status.textContent = t('hist_import_busy');
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch (e) {
    status.textContent = t('hist_import_failed', { name: file.name, msg: t('hist_import_not_json', { msg: e.message }) });
    return;
  }
  try {
    const res = await api('POST', '/api/history/import', { record, name: file.name });
    status.textContent = t(res && res.added ? 'hist_import_done' : 'hist_import_already', { name: file.name });
    if (res && res.added) done();
  } catch (e) {
    status.textContent = t('hist_import_failed', { name: file.name, msg: e.message });
  }
}

// The "import a record" control of the History page.
function importControl(reload) {
  const status = el('span', { class: 'muted', role: 'status', 'aria-live': 'polite', 'data-testid': 'hist-import-status' });
  const input = el('input', { type: 'file', accept: '.json,application/json', id: 'hist-import', 'data-testid': 'hist-import',
    onchange: (e) => {
      const file = e.target.files && e.target.files[0];
      if (file) importFile(file, status, () => setTimeout(reload, 1200));
    } });
  return el('p', { class: 'import' }, el('label', { for: 'hist-import' }, t('hist_import'), ' '), input, ' ', status);
}

// The list of past games: #/history or #/history/<game>.
export function historyPage(main, filter) {
  let alive = true;
  async function load() {
    // (Also called a moment after an import, maybe once the player left.)
    if (!alive) return;
    clear(main).appendChild(el('p', { class: 'muted' }, t('loading')));
    let data, totals;
    const query = filter ? '?game=' + encodeURIComponent(filter) : '';
    try {
      [data, totals] = await Promise.all([api('GET', '/api/history' + query), api('GET', '/api/history/totals' + query)]);
    } catch (e) {
      if (!alive) return;
      clear(main).appendChild(el('div', { class: 'panel error', role: 'alert' }, t('error_prefix', { msg: e.message })));
      return;
    }
    if (!alive) return;
    render(data && data.games ? data.games : [], totals);
  }
  let lastGames = [];
  let lastTotals = null;
  function render(games, totals) {
    lastGames = games;
    lastTotals = totals;
    const select = el('select', { id: 'hist-filter', 'data-testid': 'hist-filter', onchange: (e) => {
      location.hash = '#/history' + (e.target.value ? '/' + e.target.value : '');
    } },
    el('option', { value: '', selected: !filter }, t('hist_all')),
    GAMES.map((game) => el('option', { value: game.id, selected: filter === game.id }, t(game.nameKey))));
    clear(main).append(el('h1', {}, t('hist_title')),
      el('p', {}, el('label', { for: 'hist-filter' }, t('hist_filter'), ' '), select),
      importControl(load));
    if (!games.length) {
      main.appendChild(el('p', { class: 'panel', 'data-testid': 'hist-empty' }, t('hist_empty')));
      return;
    }
    const summary = totalsSection(totals);
    if (summary) main.appendChild(summary);
    const charts = el('section', { class: 'charts', 'aria-label': t('hist_chart') }, el('h2', {}, t('hist_chart')));
    for (const game of GAMES) {
      const mine = games.filter((g) => g.game === game.id);
      if (mine.length) charts.appendChild(chart(mine, t(game.chartTitleKey), game.chartMax(mine.map(chartValue)), game.chartRef));
    }
    main.appendChild(charts);
    const table = el('table', { class: 'history', 'data-testid': 'history-table' },
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col' }, t('hist_date')), el('th', { scope: 'col' }, t('hist_game')),
        el('th', { scope: 'col' }, t('hist_config')), el('th', { scope: 'col' }, t('hist_result')),
        el('th', { scope: 'col' }, t('hist_replay')),
        el('th', { scope: 'col' }, t('hist_again')))),
      el('tbody', {}, games.map((g) => el('tr', { 'data-game-id': g.id, class: g.result && g.result.won ? 'won' : 'lost' },
        el('td', {}, formatDate(g.finished_at), ' ',
          el('span', { class: 'muted origin', 'data-testid': 'origin' }, t(g.origin === 'terminal' ? 'hist_terminal' : g.origin === 'import' ? 'hist_imported' : 'hist_browser'))),
        el('td', {}, t(gameOf(g.game).nameKey)),
        el('td', {}, gameOf(g.game).historyConfig(g)),
        el('td', {}, resultText(g)),
        el('td', {}, el('a', { class: 'button small', href: '#/replay/' + encodeURIComponent(g.id), 'data-testid': 'replay-link' }, t('hist_replay')),
          ' ', el('a', { class: 'button small secondary', href: analysisHref(g.id), 'data-testid': 'history-analysis-link' }, t('an_title'))),
        el('td', {}, againButton(g.again, 'button small secondary', 'again-button'))))));
    main.appendChild(el('div', { class: 'table-scroll' }, table));
  }
  load();
  return { destroy() { alive = false; }, rerender() { render(lastGames, lastTotals); } };
}
