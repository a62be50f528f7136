// The WebAssembly engine gives the native build's answers: the same games
// (same seeds, same options) are played through both, the engine of the
// static site (build/wasm/trickwood.js, loaded in Node) and the native
// `trickwood serve`, following the strong bot's hint at every decision.
// At each step the two hints (action and chances), the two states (as the
// seat sees them, ids and tokens aside) and the events must be equal; at
// the end the two results too. Also the in-page router's own cases: a
// query with escapes, an unknown path, a body over the limit.
//
// Usage: node tests/wasm/same-results.mjs BASE_URL
// (BASE_URL: the native server). The last line is "N passed, N failed".

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const BASE = process.argv[2];
const require = createRequire(import.meta.url);

let passed = 0;
let failed = 0;

// Fails the current test with a message.
function check(cond, msg) {
  if (!cond) throw new Error(msg);
}

// The engine of the site, opened on an empty database in its memory.
async function openEngine() {
  process.chdir(join(root, 'build', 'wasm')); // it finds trickwood.data beside it
  const factory = require(join(root, 'build', 'wasm', 'trickwood.js'));
  // Given the module's bytes, the loader needs no fetch (Node's fetch
  // cannot read a file path).
  const M = await factory({ wasmBinary: readFileSync(join(root, 'build', 'wasm', 'trickwood.wasm')) });
  M.FS.mkdir('/store');
  const rc = M.ccall('tw_wasm_open', 'number', ['string'], ['/store/test.db']);
  check(rc === 0, 'the engine did not open: ' + M.UTF8ToString(M._tw_wasm_error()));
  return async (method, path, token, body) => {
    const ptr = M.ccall('tw_wasm_request', 'number', ['string', 'string', 'string', 'string'],
      [method, path, token || null, body === undefined ? null : JSON.stringify(body)]);
    const text = M.UTF8ToString(ptr);
    M._tw_wasm_free(ptr);
    return { status: M._tw_wasm_status(), body: JSON.parse(text) };
  };
}

// The native server's answer to the same request.
async function nativeRequest(method, path, token, body) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = 'Bearer ' + token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

// A JSON value without what differs between two servers by design: game
// ids, seat tokens, join codes and times.
function comparable(value) {
  const text = JSON.stringify(value, (key, v) =>
    (['id', 'token', 'join_code', 'join_link', 'created_at', 'finished_at', 'at'].includes(key) ? '~' : v));
  return text;
}

// Plays one game through both sides, following the hint; returns the
// number of decisions compared.
async function playBoth(wasm, body) {
  const sides = [wasm, nativeRequest];
  const made = await Promise.all(sides.map((f) => f('POST', '/api/games', null, body)));
  for (const m of made) check(m.status === 201, 'create: ' + JSON.stringify(m.body));
  const ids = made.map((m) => m.body.id);
  const tokens = made.map((m) => m.body.token);
  let steps = 0;
  for (;;) {
    const states = [];
    for (let s = 0; s < 2; s++) states.push(await sides[s]('GET', '/api/games/' + ids[s] + '/state', tokens[s]));
    check(states[0].status === 200 && states[1].status === 200, 'state refused');
    const a = comparable(states[0].body);
    const b = comparable(states[1].body);
    check(a === b, `step ${steps}: the states differ:\nwasm   ${a.slice(0, 600)}\nnative ${b.slice(0, 600)}`);
    if (states[0].body.over) return { steps, result: states[0].body.result };
    const hints = [];
    for (let s = 0; s < 2; s++) hints.push(await sides[s]('GET', '/api/games/' + ids[s] + '/hint', tokens[s]));
    check(comparable(hints[0].body) === comparable(hints[1].body),
      `step ${steps}: the hints differ: ${JSON.stringify(hints[0].body).slice(0, 300)} / ${JSON.stringify(hints[1].body).slice(0, 300)}`);
    const action = hints[0].body.action;
    check(typeof action === 'string', `step ${steps}: no hint action: ${JSON.stringify(hints[0].body)}`);
    const acts = [];
    for (let s = 0; s < 2; s++) {
      acts.push(await sides[s]('POST', '/api/games/' + ids[s] + '/actions', tokens[s],
        { action, version: states[s].body.version }));
    }
    check(acts[0].status === 200 && acts[1].status === 200, `step ${steps}: ${action} refused: ${JSON.stringify(acts[0].body)}`);
    check(comparable(acts[0].body) === comparable(acts[1].body), `step ${steps}: the events of ${action} differ`);
    steps++;
    check(steps < 400, 'the game does not end');
  }
}

const wasm = await openEngine();
const games = [
  { game: 'northwood', setup: 'intro', medal: 'bronze', seed: 11 },
  { game: 'northwood', setup: 'full', medal: 'silver', seed: 12 },
  { game: 'foxduet', level: 1, partner: 'strong', seed: 13 },
  { game: 'foxduet', level: 3, partner: 'rule', seed: 14 },
];
for (const body of games) {
  const name = `same game, same result: ${JSON.stringify(body)}`;
  try {
    const t0 = Date.now();
    const out = await playBoth(wasm, body);
    passed++;
    console.log(`ok   ${name}: ${out.steps} decisions, ${JSON.stringify(out.result)} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.message}`);
  }
}

// The in-page router: the same answers as the native one for a query
// with escapes, an unknown path, a wrong method and a body too large.
const cases = [
  ['GET', '/api/history?game=north%77ood&limit=5', undefined],
  ['GET', '/api/history?game=chess', undefined],
  ['GET', '/api/nothing/here', undefined],
  ['DELETE', '/api/games', undefined],
  ['POST', '/api/games', { game: 'northwood', pad: 'x'.repeat(70 * 1024) }],
];
for (const [method, path, body] of cases) {
  const name = `router: ${method} ${path}${body ? ' (a large body)' : ''}`;
  try {
    const a = await wasm(method, path, null, body);
    const b = await nativeRequest(method, path, null, body);
    check(a.status === b.status, `status ${a.status}, native ${b.status}`);
    check(comparable(a.body) === comparable(b.body), `bodies differ: ${JSON.stringify(a.body)} / ${JSON.stringify(b.body)}`);
    passed++;
    console.log(`ok   ${name}: ${a.status}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.message}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
