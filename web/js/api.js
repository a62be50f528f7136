// Talks to the Trickwood JSON API (docs/web-api.md): the server's, or on
// the static site the same API answered by the engine in the page
// (local.js). Keeps the seat tokens handed out, and nothing else about a
// game.

import { LOCAL, localRequest } from './local.js';

// An error answer from the server: status, code (bad_request, illegal...)
// and the server's English message.
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// Turns a reply's status and JSON text into the parsed body, or throws
// ApiError for an error status.
function replyOf(status, statusText, text) {
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch (e) { data = null; }
  }
  if (status < 200 || status >= 300) {
    const msg = data && data.error ? data.error : (status + ' ' + statusText);
    const code = data && data.code ? data.code : 'http_' + status;
    throw new ApiError(status, code, msg);
  }
  return data;
}

// Sends one request; resolves with the parsed JSON body or throws ApiError
// (status 0 and code "network" when the server cannot be reached, code
// "unsupported" when this browser cannot run the engine in the page).
export async function api(method, path, body, token) {
  if (LOCAL) {
    const res = await localRequest(method, path, body, token);
    return replyOf(res.status, '', res.text);
  }
  const headers = { 'Accept': 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = 'Bearer ' + token;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (e) {
    throw new ApiError(0, 'network', String(e && e.message ? e.message : e));
  }
  return replyOf(res.status, res.statusText, await res.text());
}

// Tokens are kept per browser tab (sessionStorage), so two windows of one
// browser can hold the two seats of a Duet table; the latest token of a
// game is also kept in localStorage so that a new tab can pick it up.
const SESSION_KEY = 'tw.tokens';
const LOCAL_KEY = 'tw.tokens';
const RECENT_KEY = 'tw.recent';

function readMap(storage, key) {
  try {
    const v = JSON.parse(storage.getItem(key) || '{}');
    return v && typeof v === 'object' ? v : {};
  } catch (e) { return {}; }
}

function writeMap(storage, key, map) {
  try { storage.setItem(key, JSON.stringify(map)); } catch (e) { /* ignore */ }
}

// Remembers the token of a seat in game id.
export function saveToken(id, token, game) {
  const s = readMap(sessionStorage, SESSION_KEY);
  s[id] = token;
  writeMap(sessionStorage, SESSION_KEY, s);
  const l = readMap(localStorage, LOCAL_KEY);
  l[id] = token;
  writeMap(localStorage, LOCAL_KEY, l);
  const recent = readMap(localStorage, RECENT_KEY);
  recent[id] = { game: game || '', at: Date.now() };
  const ids = Object.keys(recent).sort((a, b) => recent[b].at - recent[a].at);
  for (const old of ids.slice(8)) delete recent[old];
  writeMap(localStorage, RECENT_KEY, recent);
}

// The token this tab holds for game id, or null.
export function tokenFor(id) {
  const s = readMap(sessionStorage, SESSION_KEY);
  if (s[id]) return s[id];
  const l = readMap(localStorage, LOCAL_KEY);
  if (l[id]) {
    s[id] = l[id];
    writeMap(sessionStorage, SESSION_KEY, s);
    return l[id];
  }
  return null;
}

// Forgets a game (finished, or its token was refused).
export function forgetGame(id) {
  const recent = readMap(localStorage, RECENT_KEY);
  delete recent[id];
  writeMap(localStorage, RECENT_KEY, recent);
}

// Games this browser started or joined, newest first: [{id, game}].
export function recentGames() {
  const recent = readMap(localStorage, RECENT_KEY);
  return Object.keys(recent)
    .sort((a, b) => recent[b].at - recent[a].at)
    .map((id) => ({ id, game: recent[id].game }));
}

// A table whose two seats are played at this screen (the static site's
// Duet with a friend: one device passed between two players) keeps both
// seats' tokens here.
const HOTSEAT_KEY = 'tw.hotseat';

// Remembers both seat tokens of a table played at this screen.
export function saveHotseat(id, tokens) {
  const map = readMap(localStorage, HOTSEAT_KEY);
  map[id] = tokens;
  writeMap(localStorage, HOTSEAT_KEY, map);
}

// Both seat tokens of a table played at this screen, or null.
export function hotseatTokens(id) {
  const pair = readMap(localStorage, HOTSEAT_KEY)[id];
  return Array.isArray(pair) && pair.length === 2 && pair[0] && pair[1] ? pair : null;
}

// Path of a per-game endpoint.
export function gamePath(id, rest) {
  return '/api/games/' + encodeURIComponent(id) + (rest ? '/' + rest : '');
}
