// How hard each setup of the start page is: how often the strong bot wins
// it while aiming for its goal, with the 95% interval and the bound of a
// player who sees every card. The figures come from web/difficulty.json,
// written by scripts/difficulty-tables.py (docs/difficulty.md has the same
// table with the command of each row).
import { t, lang } from './i18n.js';
import { el } from './ui.js';

let table; // undefined: not asked yet; null: missing or unreadable
let asking = null;

// The table, fetched once (null when it cannot be read).
function loadTable() {
  if (table !== undefined) return Promise.resolve(table);
  if (!asking) {
    asking = fetch('difficulty.json')
      .then((r) => (r.ok ? r.json() : null))
      .then((data) => (data && Array.isArray(data.rows) ? data : null))
      .catch(() => null)
      .then((data) => { table = data; return data; });
  }
  return asking;
}

// A rate as a percentage in the page's language (one decimal below 10%
// and above 99%, so that only no game lost reads 100%).
export function percentText(rate) {
  const x = 100 * Number(rate);
  const digits = (x > 0 && x < 10) || (x > 99 && x < 100) ? x.toFixed(1) : String(Math.round(x));
  return lang() === 'fr' ? digits.replace('.', ',') + '\u00a0%' : digits + '%';
}

// The row of the table for a choice ({game, setup, variant, medal, expert}
// or {game, level}), or null.
function rowFor(rows, choice) {
  return rows.find((r) => {
    if (r.game !== choice.game) return false;
    if (r.game === 'fox') return r.level === choice.level;
    return r.setup === choice.setup && r.variant === choice.variant && !!r.expert === !!choice.expert &&
      (r.variant === 'hidden-stars' || r.medal === choice.medal);
  }) || null;
}

// A line (a <p> with data-testid testId) that tells the difficulty of the
// setup choice(form) describes, kept up to date as the form changes.
export function difficultyLine(form, testId, choice) {
  const line = el('p', { class: 'muted difficulty', 'data-testid': testId, hidden: true });
  const update = () => loadTable().then((data) => {
    const row = data && rowFor(data.rows, choice(form));
    line.hidden = !row;
    line.textContent = row ? t('difficulty_line', {
      rate: percentText(row.strong.win_rate), low: percentText(row.strong.ci95[0]),
      high: percentText(row.strong.ci95[1]), games: row.strong.games, bound: percentText(row.bound.win_rate),
    }) : '';
  });
  form.addEventListener('change', update);
  update();
  return line;
}
