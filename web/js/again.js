// New games from the web app: the start page's forms, and "play this deal
// again" on the end screen of a game and in each history row. The request
// that deals a finished game again (its setup and seed) comes from the
// server (the state's and the history's "again", docs/web-api.md), so
// nothing here knows a game's options.

import { t } from './i18n.js';
import { el, toast } from './ui.js';
import { api, saveToken, saveHotseat, gamePath } from './api.js';
import { LOCAL } from './local.js';

// Creates a game on the server (POST /api/games with body), keeps its
// seat token and opens it. With the engine in the page, a table with a
// seat for a friend is played at this screen: the page takes that seat
// too at once. Throws the API's error.
export async function openNewGame(body) {
  const res = await api('POST', '/api/games', body);
  saveToken(res.id, res.token, res.game || body.game);
  if (LOCAL && res.join) {
    const joined = await api('POST', gamePath(res.id, 'join'), { code: res.join });
    saveHotseat(res.id, [res.token, joined.token]);
  } else if (res.join_url) {
    try { sessionStorage.setItem('tw.join.' + res.id, res.join_url); } catch (e) { /* ignore */ }
  }
  location.hash = '#/play/' + encodeURIComponent(res.id);
  return res;
}

// A button's new game: the button is disabled while the game is created;
// a refusal is shown as a toast and the button can be pressed again.
export async function startGameFrom(button, body) {
  button.disabled = true;
  try {
    await openNewGame(body);
  } catch (e) {
    toast(t('error_prefix', { msg: e.message }), 'error');
    button.disabled = false;
  }
}

// The "play this deal again" button for a request (null when the web
// cannot deal that game again: then no button).
export function againButton(again, cls, testId) {
  if (!again || typeof again !== 'object') return null;
  const button = el('button', { type: 'button', class: cls, 'data-testid': testId,
    title: t('again_title', { seed: again.seed }), onclick: () => startGameFrom(button, again) }, t('again'));
  return button;
}
