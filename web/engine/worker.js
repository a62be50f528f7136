// The engine of the static site, in a Web Worker so that no bot move or
// hint ever blocks the page. It loads the C engine compiled to
// WebAssembly (trickwood.js, .wasm and .data beside this file: see
// docs/site.md) and answers the app's API requests with the same code
// `trickwood serve` runs (src/wasm/wasm_api.c).
//
// The games live in an SQLite file in the worker's memory. After every
// request that changes something, the file is copied to the browser's
// IndexedDB, and the reply goes back only once that copy is stored, so
// an answered move survives a reload or a closed tab. Other tabs of the
// same site hold their own workers: a lock (navigator.locks) lets one
// request run at a time over all of them, a version number in IndexedDB
// tells a worker when another tab changed the games (it then reads the
// file again), and a BroadcastChannel tells the pages which game changed.
//
// Messages from the page: {id, method, path, body, token}. Replies:
// {id, status, text} (text: the reply's JSON). Notices the page shows:
// {notice: code, detail} with code storage_refused, storage_corrupt,
// storage_full or engine_failed.

/* global TrickwoodEngine */
'use strict';

const DB_PATH = '/store/trickwood.db';
const IDB_NAME = 'trickwood';
const IDB_STORE = 'files';
const LOCK_NAME = 'trickwood-games';
const CHANNEL = 'trickwood-changes';

let engine = null;      // the emscripten module
let idb = null;         // the IndexedDB database, or null when refused
let loadedVersion = -1; // the IndexedDB version the memory file holds
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;

// Tells the page something it should show the player.
function notice(code, detail) {
  self.postMessage({ notice: code, detail: String(detail || '') });
}

// Opens the site's IndexedDB database (one object store of files).
function openIdb() {
  return new Promise((resolve, reject) => {
    let req;
    try { req = indexedDB.open(IDB_NAME, 1); } catch (e) { reject(e); return; }
    req.onupgradeneeded = () => req.result.createObjectStore(IDB_STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('the database is blocked by another tab'));
  });
}

// Reads one value of the store (undefined when missing).
function idbGet(key) {
  return new Promise((resolve, reject) => {
    const tx = idb.transaction(IDB_STORE, 'readonly');
    const req = tx.objectStore(IDB_STORE).get(key);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

// Writes values ({key: value}) in one transaction; resolves once stored.
function idbPut(values) {
  return new Promise((resolve, reject) => {
    const tx = idb.transaction(IDB_STORE, 'readwrite');
    const store = tx.objectStore(IDB_STORE);
    for (const key of Object.keys(values)) store.put(values[key], key);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error('the browser refused to store the games'));
  });
}

// The engine's last open error.
function engineError() {
  return engine.UTF8ToString(engine._tw_wasm_error());
}

// Opens the memory file as the engine's database. 0, or -1.
function openEngine() {
  return engine.ccall('tw_wasm_open', 'number', ['string'], [DB_PATH]);
}

// Removes the memory file and what SQLite keeps beside it.
function removeFile() {
  for (const p of [DB_PATH, DB_PATH + '-journal', DB_PATH + '.lock']) {
    try { engine.FS.unlink(p); } catch (e) { /* not there */ }
  }
}

// Puts the stored games (bytes, or none) in the memory file and opens
// them. A file the engine cannot read is kept aside in IndexedDB under
// its own name, never overwritten, and a fresh database is started.
async function loadGames(bytes) {
  engine._tw_wasm_close();
  removeFile();
  if (bytes) engine.FS.writeFile(DB_PATH, bytes);
  if (openEngine() === 0) return;
  const why = engineError();
  if (bytes && idb) {
    const aside = 'unreadable-' + new Date().toISOString();
    try { await idbPut({ [aside]: bytes }); } catch (e) { /* nothing more to do */ }
    notice('storage_corrupt', why + ' (kept as "' + aside + '")');
  } else if (bytes) {
    notice('storage_corrupt', why);
  }
  removeFile();
  if (openEngine() !== 0) throw new Error(engineError());
}

// Reads the games again when another tab stored newer ones.
async function freshen() {
  if (!idb) return;
  const version = (await idbGet('version')) || 0;
  if (version === loadedVersion) return;
  await loadGames(await idbGet('db'));
  loadedVersion = version;
}

// Stores the memory file in IndexedDB (bumping the version). A refusal
// (storage full, or none) is told to the page; the game goes on.
async function storeGames() {
  if (!idb) return;
  const bytes = engine.FS.readFile(DB_PATH);
  try {
    await idbPut({ db: bytes, version: loadedVersion + 1 });
    loadedVersion += 1;
  } catch (e) {
    notice('storage_full', e && e.message ? e.message : e);
  }
}

// Starts the engine and loads the stored games.
async function start() {
  engine = await TrickwoodEngine({ locateFile: (file) => file });
  engine.FS.mkdir('/store');
  try {
    idb = await openIdb();
  } catch (e) {
    idb = null;
    notice('storage_refused', e && e.message ? e.message : e);
  }
  let bytes;
  if (idb) {
    loadedVersion = (await idbGet('version')) || 0;
    bytes = await idbGet('db');
  }
  await loadGames(bytes);
}

// The game id of an /api/games/ID/... path, or ''.
function gameIdOf(path) {
  const m = /^\/api\/games\/([^/?]+)/.exec(path);
  return m ? decodeURIComponent(m[1]) : '';
}

// The largest body handed to the engine, in bytes; the engine itself
// refuses one over TW_SRV_MAX_BODY (64 KiB) with this same reply, and the
// server refuses an announced body over 1 MiB before reading it.
const BODY_MAX = 1024 * 1024;
const TOO_LARGE = JSON.stringify({ error: 'the request body is larger than ' + 64 * 1024 + ' bytes', code: 'too_large' });

// Copies a request body into the engine's heap as a C string; returns
// its address (to free), or 0 for no body. (ccall's 'string' would put
// it on the engine's stack, 4 bytes per character: a record file of a
// few megabytes chosen on the History page overflowed the 8 MB stack and
// broke the engine until the page was reloaded.)
function heapText(bytes) {
  if (!bytes) return 0;
  const ptr = engine._malloc(bytes.length + 1);
  if (!ptr) throw new Error('out of memory for a request of ' + bytes.length + ' bytes');
  engine.HEAPU8.set(bytes, ptr); // read after malloc, which may grow the memory
  engine.HEAPU8[ptr + bytes.length] = 0;
  return ptr;
}

// Answers one request: {status, text}.
async function answer(msg) {
  const bytes = msg.body === undefined || msg.body === null ? null : new TextEncoder().encode(String(msg.body));
  if (bytes && bytes.length > BODY_MAX) return { status: 413, text: TOO_LARGE };
  await freshen();
  const bodyPtr = heapText(bytes);
  let ptr;
  try {
    ptr = engine.ccall('tw_wasm_request', 'number', ['string', 'string', 'string', 'number'],
      [msg.method, msg.path, msg.token || null, bodyPtr]);
  } finally {
    if (bodyPtr) engine._free(bodyPtr);
  }
  const text = engine.UTF8ToString(ptr);
  engine._tw_wasm_free(ptr);
  const status = engine._tw_wasm_status();
  const changes = msg.method !== 'GET' && msg.method !== 'HEAD';
  if (changes && status < 400) {
    await storeGames();
    const id = gameIdOf(msg.path) || (JSON.parse(text || '{}').id || '');
    if (channel && id) channel.postMessage({ id });
  }
  return { status, text };
}

// Runs fn with the lock every tab's worker takes (or at once where the
// browser has no Web Locks).
function withLock(fn) {
  if (self.navigator && navigator.locks && navigator.locks.request) return navigator.locks.request(LOCK_NAME, fn);
  return fn();
}

let ready = null;
let queue = Promise.resolve();

// Starts the engine and reads the stored games once.
function startOnce() {
  if (!ready) ready = start();
  return ready;
}

self.onmessage = (ev) => {
  const msg = ev.data || {};
  // One request at a time, in the order they came.
  queue = queue.then(async () => {
    try {
      await startOnce();
      const reply = await withLock(() => answer(msg));
      self.postMessage({ id: msg.id, status: reply.status, text: reply.text });
    } catch (e) {
      const why = e && e.message ? e.message : String(e);
      notice('engine_failed', why);
      self.postMessage({ id: msg.id, status: 500, text: JSON.stringify({ error: 'the engine failed: ' + why, code: 'internal' }) });
    }
  });
};

try {
  importScripts('trickwood.js');
  // At once, not at the first request: the page's warmUp() starts this
  // worker so that the first move does not wait for the engine, and a
  // store that cannot be read is told as the page opens (also on a page
  // that asks nothing, such as the start page). A failure here is told
  // with the first request's reply.
  startOnce().catch(() => {});
} catch (e) {
  notice('engine_failed', e && e.message ? e.message : e);
}
