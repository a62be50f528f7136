// The page's side of the engine in the page (the static site, docs/site.md):
// starts the Web Worker that runs the WebAssembly engine, sends it the
// app's API requests and hands back its replies, shows the notices it
// sends (storage refused, full or unreadable), and tells the screens when
// another tab of this browser changed a game.
//
// Whether this page uses it is written in index.html:
// <meta name="trickwood-backend" content="local"> on the static site,
// "server" in the pages `trickwood serve` sends.

import { t } from './i18n.js';

const meta = typeof document !== 'undefined' ? document.querySelector('meta[name="trickwood-backend"]') : null;

// Whether the API is answered by the engine in this page.
export const LOCAL = !!meta && meta.getAttribute('content') === 'local';

let worker = null;
let nextId = 1;
const waiting = new Map();
const listeners = new Map(); // game id -> Set of callbacks
let channel = null;
let failure = null; // why the engine cannot run here, once known

// The banner that tells the player what the engine reported.
function showNotice(code, detail) {
  const keys = {
    storage_refused: 'local_storage_refused',
    storage_corrupt: 'local_storage_corrupt',
    storage_full: 'local_storage_full',
    engine_failed: 'local_engine_failed',
  };
  const key = keys[code];
  if (!key) return;
  let box = document.getElementById('local-notice');
  if (!box) {
    box = document.createElement('div');
    box.id = 'local-notice';
    box.className = 'panel notice';
    box.setAttribute('role', 'alert');
    const main = document.getElementById('main');
    main.parentNode.insertBefore(box, main);
  }
  const line = document.createElement('p');
  line.setAttribute('data-testid', 'local-notice-' + code.replace('_', '-'));
  line.textContent = t(key, { detail: detail || '' });
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'button';
  close.textContent = t('local_notice_close');
  close.addEventListener('click', () => line.remove());
  line.append(' ', close);
  box.appendChild(line);
}

// Why this browser cannot run the engine (no WebAssembly or no workers),
// or null.
export function localUnsupported() {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') return 'webassembly';
  if (typeof Worker !== 'function') return 'worker';
  return null;
}

// Starts the worker once.
function ensureWorker() {
  if (worker || failure) return;
  failure = localUnsupported();
  if (failure) return;
  worker = new Worker('engine/worker.js');
  worker.onmessage = (ev) => {
    const msg = ev.data || {};
    if (msg.notice) { showNotice(msg.notice, msg.detail); return; }
    const w = waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id);
    w.resolve({ status: msg.status, text: msg.text });
  };
  worker.onerror = (ev) => {
    failure = 'engine';
    const why = ev && ev.message ? ev.message : 'the engine could not start';
    for (const w of waiting.values()) w.resolve({ status: 500, text: JSON.stringify({ error: why, code: 'internal' }) });
    waiting.clear();
  };
  if (typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel('trickwood-changes');
    channel.onmessage = (ev) => {
      const set = listeners.get(ev.data && ev.data.id);
      if (set) for (const fn of set) fn();
    };
  }
}

// Sends one API request to the engine; resolves with {status, text}
// (503 with code "unsupported" when this browser cannot run the engine).
export function localRequest(method, path, body, token) {
  ensureWorker();
  if (failure) {
    const key = failure === 'webassembly' ? 'local_no_wasm' : failure === 'worker' ? 'local_no_worker' : 'local_engine_failed';
    return Promise.resolve({ status: 503, text: JSON.stringify({ error: t(key, { detail: '' }), code: 'unsupported' }) });
  }
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, { resolve });
    worker.postMessage({ id, method, path, token: token || null, body: body === undefined ? null : JSON.stringify(body) });
  });
}

// Calls fn whenever a tab of this browser changed game id; returns the
// function that stops it.
export function onLocalChange(id, fn) {
  ensureWorker();
  if (!listeners.has(id)) listeners.set(id, new Set());
  listeners.get(id).add(fn);
  return () => {
    const set = listeners.get(id);
    if (set) set.delete(fn);
  };
}

// Starts the engine early (the first move then does not wait for it).
export function warmUp() {
  if (LOCAL) ensureWorker();
}
