// The engine in the browser against the native build (docs/benchmarks.md,
// "The engine in the browser"). A benchmark, not a test: it prints figures.
//
//   node scripts/bench-site.mjs [OPTIONS]
//
// 1. Latency. Plays the same games through four back ends: the same
//    POST /api/games bodies (fixed seeds), the same actions (the hint's
//    action at every decision). At each decision every back end answers,
//    in turn, GET .../state (a cheap request: what a call costs with no
//    engine work), GET .../hint (the strong bot's hint) and POST
//    .../actions (the hint's move; in the Duet the strong partner's answer
//    comes in the same reply). The back ends take turns decision by
//    decision, the first one changing every time, so load from other
//    programs falls on all of them alike. The replies are compared: the
//    states, hints and moves must be the same everywhere.
//      serve   build/trickwood serve on a free loopback port (temporary
//              database, no rate limits, --workers 1), an HTTP request
//              from node timed in node: what a player of `serve` waits.
//              Its hint threads run at SCHED_IDLE and its bot threads at
//              nice 10, so other work on the machine slows them first.
//      native  the same router and engine in one process with no HTTP and
//              no pool (scripts/bench-site-native.c: src/wasm/wasm_api.c
//              built natively, database in /dev/shm), timed around the
//              call: the engine's own time, at normal priority.
//      app     the static site (python3 -m http.server) in headless
//              Chromium, through the page's own module (js/api.js, the Web
//              Worker, IndexedDB after each change), timed in the page
//              with performance.now(): what a player of the site waits.
//      direct  the same site's trickwood.js and .wasm in a worker of the
//              bench's own in that page (a database in memory, no
//              IndexedDB), timed in the worker around tw_wasm_request:
//              the engine's own time in the browser.
//    Engine against engine is direct / native; player against player is
//    app / serve.
// 2. Opening. With a cold cache (a new browser context each run, no
//    service worker yet), from navigation start: the start page in the
//    DOM and the frame after it, and the first card after the start
//    form's button is clicked at once (from the page itself, so no driver
//    delay counts). Then the saved game's #/play address is opened again:
//    once in the same context, served by the service worker (a returning
//    player), and once cold: a new context holding only the same storage
//    (the token in localStorage, the games in IndexedDB).
// 3. Sizes: every file of the site, raw and compressed (gzip -9, brotli).
//
// Options:
//   --site DIR        a static site (default build/site); repeat it to
//                     compare builds in the same run (the first is used for
//                     the opening part)
//   --backends LIST   among serve,native,app,direct (default all four;
//                     app and direct are run for every site)
//   --native FILE     the native program (default build/trickwood)
//   --nw-games N      For Northwood! intro games (default 2)
//   --fox-games N     Duet games, strong partner (default 4)
//   --level N         the Duet's level (default 1)
//   --seed N          first seed (default 1; game k uses seed + k)
//   --load-runs N     cold openings (default 7)
//   --parts LIST      among latency,load,size (default all three)
//   --json FILE       also write every figure and sample as JSON
//   --chromium FILE   the browser (default /usr/bin/chromium, or TW_CHROMIUM)
//
// playwright-core comes from tests/e2e (cd tests/e2e && npm ci); the
// native back ends need `make build/trickwood` (its objects) and the
// sites `make site`.

import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, readdirSync, statSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join, resolve, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { gzipSync, brotliCompressSync, constants as zc } from 'node:zlib';
import { performance } from 'node:perf_hooks';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'tests/e2e/package.json'));
let chromium;
try {
  ({ chromium } = require('playwright-core'));
} catch (e) {
  console.error('bench-site: playwright-core is missing: cd tests/e2e && npm ci');
  process.exit(1);
}

// ---- Options ----
const opt = {
  sites: [], native: join(root, 'build/trickwood'), nwGames: 2, foxGames: 4, level: 1, seed: 1,
  loadRuns: 7, parts: ['latency', 'load', 'size'], json: null, backends: ['serve', 'native', 'app', 'direct'],
  chromium: process.env.TW_CHROMIUM || '/usr/bin/chromium',
};
{
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    const v = () => { if (i + 1 >= a.length) usage('missing value for ' + a[i]); return a[++i]; };
    const n = () => { const x = Number(v()); if (!Number.isInteger(x) || x < 0) usage('not a whole number: ' + a[i]); return x; };
    switch (a[i]) {
      case '--site': opt.sites.push(resolve(v())); break;
      case '--native': opt.native = resolve(v()); break;
      case '--nw-games': opt.nwGames = n(); break;
      case '--fox-games': opt.foxGames = n(); break;
      case '--level': opt.level = n(); break;
      case '--seed': opt.seed = n(); break;
      case '--load-runs': opt.loadRuns = n(); break;
      case '--parts': opt.parts = v().split(',').filter(Boolean); break;
      case '--backends': opt.backends = v().split(',').filter(Boolean); break;
      case '--json': opt.json = resolve(v()); break;
      case '--chromium': opt.chromium = v(); break;
      case '-h': case '--help': usage(null); break;
      default: usage('unknown option ' + a[i]);
    }
  }
  if (!opt.sites.length) opt.sites.push(join(root, 'build/site'));
  for (const p of opt.parts) if (!['latency', 'load', 'size'].includes(p)) usage('unknown part ' + p);
  for (const b of opt.backends) if (!['serve', 'native', 'app', 'direct'].includes(b)) usage('unknown back end ' + b);
}

function usage(msg) {
  const text = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n')
    .filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n');
  if (msg) { console.error('bench-site: ' + msg); process.exit(2); }
  console.log(text);
  process.exit(0);
}

// ---- Small helpers ----
const children = [];
const temps = [];

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
  });
}

// Starts a child process, kept for the final cleanup; its stderr and stdout are collected.
function start(cmd, args, opts) {
  const ch = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(opts || {}) });
  ch.log = '';
  ch.stdout.on('data', (d) => { ch.log += d; });
  ch.stderr.on('data', (d) => { ch.log += d; });
  children.push(ch);
  return ch;
}

async function waitHttp(url, ms) {
  const end = Date.now() + ms;
  for (;;) {
    try { const r = await fetch(url); await r.arrayBuffer(); return; } catch (e) {
      if (Date.now() > end) throw new Error('no answer from ' + url);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function cleanup() {
  for (const ch of children) { try { ch.kill('SIGTERM'); } catch (e) { /* gone */ } }
  for (const d of temps) { try { rmSync(d, { recursive: true, force: true }); } catch (e) { /* gone */ } }
}
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

function quantile(xs, q) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}
const median = (xs) => quantile(xs, 0.5);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const geomean = (xs) => Math.exp(sum(xs.map(Math.log)) / xs.length);
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '-');

function table(head, rows) {
  const w = head.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => (i === 0 ? String(c).padEnd(w[i]) : String(c).padStart(w[i]))).join('  ');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}

function machine() {
  let model = '';
  try { model = (/model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8')) || [])[1] || ''; } catch (e) { /* none */ }
  let nproc = cpus().length;
  try { nproc = Number(execFileSync('nproc').toString().trim()); } catch (e) { /* keep */ }
  let browser = '';
  try { browser = execFileSync(opt.chromium, ['--version']).toString().trim(); } catch (e) { /* none */ }
  let commit = '';
  try { commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD']).toString().trim(); } catch (e) { /* none */ }
  return { nproc, cpu: model, node: process.version, browser, commit, date: new Date().toISOString() };
}

const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

// A static file server (python3 -m http.server) for one site folder.
async function staticServer(dir) {
  const port = await freePort();
  const ch = start('python3', ['-m', 'http.server', '--bind', '127.0.0.1', '--directory', dir, String(port)]);
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(base + '/version.json', 15000);
  return { base, proc: ch, requests: (re) => (ch.log.match(re) || []).length };
}

// ---- The back ends ----
// Each has a name, a kind (serve, native, app, direct) and
// call(method, path, body, token) -> {ms, data}; a refusal throws.

// The native server: HTTP from node, timed around the whole exchange.
async function serveBackend() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'tw-bench-site-'));
  temps.push(dir);
  start(opt.native, ['serve', '--host', '127.0.0.1', '--port', String(port), '--db', join(dir, 'bench.db'),
    '--hint-rate', '0', '--hint-rate-seat', '0', '--create-rate', '0', '--workers', '1']);
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(base + '/api/history', 15000);
  return {
    name: 'serve', kind: 'serve',
    async call(method, path, body, token) {
      const headers = { Accept: 'application/json' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (token) headers.Authorization = 'Bearer ' + token;
      const t0 = performance.now();
      const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (res.status >= 300) throw new Error(`serve ${method} ${path}: ${res.status} ${text}`);
      return { ms, data: text ? JSON.parse(text) : null };
    },
  };
}

// Builds scripts/bench-site-native.c with the native build's objects
// (the history's and the server's, without its HTTP parts, as the
// WebAssembly build leaves them out) into build/bench-site/native-api.
function buildNativeRunner() {
  const out = join(root, 'build/bench-site');
  const stub = join(out, 'stub');
  execFileSync('mkdir', ['-p', stub]);
  writeFileSync(join(stub, 'emscripten.h'), '/* bench-site-native: no emscripten */\n#define EMSCRIPTEN_KEEPALIVE\n');
  const rel = join(root, 'build/release');
  const skip = new Set(['srv_http.o', 'srv_front.o', 'srv_head.o', 'srv_static.o']);
  let objs;
  try {
    objs = ['src/history', 'src/server'].flatMap((dir) =>
      readdirSync(join(rel, dir)).filter((f) => f.endsWith('.o') && !skip.has(f)).map((f) => join(rel, dir, f)));
    statSync(join(rel, 'libtrickwood.a'));
  } catch (e) {
    throw new Error('the native objects are missing: run make build/trickwood');
  }
  const exe = join(out, 'native-api');
  execFileSync(process.env.CC || 'cc', ['-std=c11', '-O2', '-D_POSIX_C_SOURCE=200809L', '-I' + stub, '-I' + join(root, 'include'),
    '-I' + join(root, 'src'), '-o', exe, join(root, 'src/wasm/wasm_api.c'), join(root, 'scripts/bench-site-native.c'),
    ...objs, join(rel, 'libtrickwood.a'), '-lsqlite3', '-ljansson', '-lm', '-lpthread'], { stdio: 'inherit' });
  return exe;
}

// The in-process native runner: one request at a time over a pipe,
// timed inside the process around the call.
async function nativeBackend() {
  const exe = buildNativeRunner();
  let shm = '/dev/shm';
  try { statSync(shm); } catch (e) { shm = tmpdir(); }
  const dir = mkdtempSync(join(shm, 'tw-bench-site-'));
  temps.push(dir);
  const ch = spawn(exe, [join(dir, 'bench.db')], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(ch);
  let buf = Buffer.alloc(0);
  let waiting = null;
  const tryReply = () => {
    if (!waiting) return;
    const nl = buf.indexOf(10);
    if (nl < 0) return;
    const [status, wall, cpu, len] = buf.subarray(0, nl).toString().split(' ').map(Number);
    if (buf.length < nl + 1 + len) return;
    const text = buf.subarray(nl + 1, nl + 1 + len).toString();
    buf = buf.subarray(nl + 1 + len);
    const w = waiting;
    waiting = null;
    w({ status, ms: wall / 1000, cpu: cpu / 1000, text });
  };
  ch.stdout.on('data', (d) => { buf = Buffer.concat([buf, d]); tryReply(); });
  ch.on('exit', (code) => { if (waiting) waiting({ status: -1, text: 'native-api exited ' + code }); });
  return {
    name: 'native', kind: 'native',
    async call(method, path, body, token) {
      const line = JSON.stringify({ method, path, token: token || null, body: body === undefined ? null : JSON.stringify(body) }) + '\n';
      const r = await new Promise((res) => { waiting = res; ch.stdin.write(line); });
      if (r.status < 0 || r.status >= 300) throw new Error(`native ${method} ${path}: ${r.status} ${r.text}`);
      return { ms: r.ms, cpu: r.cpu, data: r.text ? JSON.parse(r.text) : null };
    },
  };
}

// The bench's own worker in the site's page: the site's engine files,
// a database in memory, timed around tw_wasm_request.
function directWorker(base) {
  /* global importScripts, TrickwoodEngine */
  let engine = null;
  const ready = (async () => {
    importScripts(base + '/engine/trickwood.js');
    engine = await TrickwoodEngine({ locateFile: (f) => base + '/engine/' + f });
    engine.FS.mkdir('/store');
    if (engine.ccall('tw_wasm_open', 'number', ['string'], ['/store/bench.db']) !== 0)
      throw new Error(engine.UTF8ToString(engine._tw_wasm_error()));
  })();
  self.onmessage = async (ev) => {
    const m = ev.data;
    try {
      await ready;
      const t0 = performance.now();
      const ptr = engine.ccall('tw_wasm_request', 'number', ['string', 'string', 'string', 'string'], [m.method, m.path, m.token, m.body]);
      const text = engine.UTF8ToString(ptr);
      engine._tw_wasm_free(ptr);
      const status = engine._tw_wasm_status();
      const ms = performance.now() - t0;
      self.postMessage({ id: m.id, status, text, ms });
    } catch (e) {
      self.postMessage({ id: m.id, status: -1, text: String(e && e.stack ? e.stack : e), ms: 0 });
    }
  };
}

// One static site in its own browser context, and its two back ends: app
// (the page's js/api.js and the site's Web Worker, timed in the page) and
// direct (directWorker, timed in that worker).
async function siteBackends(browser, dir, label) {
  const srv = await staticServer(dir);
  const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(120000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(srv.base + '/');
  await page.waitForSelector('[data-testid=start-northwood]');
  await page.evaluate(async (code) => {
    window.__twApi = (await import('/js/api.js')).api;
    const url = URL.createObjectURL(new Blob(['(' + code + ')(' + JSON.stringify(location.origin) + ');'], { type: 'text/javascript' }));
    const w = new Worker(url);
    const waiting = new Map();
    let next = 1;
    w.onmessage = (ev) => { const r = waiting.get(ev.data.id); waiting.delete(ev.data.id); r(ev.data); };
    window.__twDirect = (m) => new Promise((res) => { const id = next++; waiting.set(id, res); w.postMessage({ ...m, id }); });
  }, directWorker.toString());
  const app = {
    name: label ? label + ' app' : 'app', kind: 'app',
    async call(method, path, body, token) {
      const r = await page.evaluate(async ([m, p, b, tok]) => {
        const t0 = performance.now();
        try {
          const data = await window.__twApi(m, p, b === null ? undefined : b, tok || undefined);
          return { ms: performance.now() - t0, data };
        } catch (e) {
          return { ms: performance.now() - t0, error: `${e.status} ${e.code} ${e.message}` };
        }
      }, [method, path, body === undefined ? null : body, token || null]);
      if (r.error) throw new Error(`${this.name} ${method} ${path}: ${r.error}`);
      return r;
    },
    errors,
    async dbBytes() {
      return page.evaluate(() => new Promise((res) => {
        const req = indexedDB.open('trickwood', 1);
        req.onsuccess = () => {
          const g = req.result.transaction('files', 'readonly').objectStore('files').get('db');
          g.onsuccess = () => res(g.result ? g.result.byteLength : 0);
          g.onerror = () => res(-1);
        };
        req.onerror = () => res(-1);
      }));
    },
  };
  const direct = {
    name: label || 'direct', kind: 'direct',
    async call(method, path, body, token) {
      const r = await page.evaluate((m) => window.__twDirect(m),
        { method, path, token: token || null, body: body === undefined ? null : JSON.stringify(body) });
      if (r.status < 0 || r.status >= 300) throw new Error(`${this.name} ${method} ${path}: ${r.status} ${r.text}`);
      return { ms: r.ms, data: r.text ? JSON.parse(r.text) : null };
    },
  };
  // Each engine starts on its first request: not timed.
  const out = [];
  if (opt.backends.includes('app')) { await app.call('GET', '/api/history'); out.push(app); }
  if (opt.backends.includes('direct')) { await direct.call('GET', '/api/history'); out.push(direct); }
  return out;
}

// ---- Part 1: latency ----

// The kinds of timed request; a sample is kept per back end and decision.
const KINDS = [
  ['nw_state', 'For Northwood!: GET state (no engine work)'],
  ['nw_hint', 'For Northwood!: GET hint'],
  ['nw_move', 'For Northwood!: POST actions (no bot)'],
  ['fox_state', 'Duet: GET state (no engine work)'],
  ['fox_hint', 'Duet: GET hint'],
  ['fox_partner', 'Duet: POST actions, strong partner answers'],
  ['fox_alone', 'Duet: POST actions, no partner move'],
];

function comparable(x) {
  // What every back end must answer alike (ids and tokens differ).
  if (!x) return x;
  const c = { ...x };
  delete c.id; delete c.token; delete c.join; delete c.join_url;
  return JSON.stringify(c);
}

async function latency(backends) {
  const samples = {};
  const cpu = {};
  for (const [k] of KINDS) { samples[k] = backends.map(() => []); cpu[k] = backends.map(() => []); }
  const mismatches = [];
  let turn = 0;
  // Runs one request on every back end, the first one changing at each call.
  async function all(kind, fn) {
    const out = new Array(backends.length);
    const first = turn++ % backends.length;
    for (let j = 0; j < backends.length; j++) {
      const b = (first + j) % backends.length;
      const r = await fn(backends[b], b);
      out[b] = r.data;
      if (kind) samples[kind][b].push(r.ms);
      if (kind && r.cpu !== undefined) cpu[kind][b].push(r.cpu);
    }
    return out;
  }
  const games = [];
  for (let g = 0; g < opt.nwGames; g++) games.push({ game: 'northwood', setup: 'intro', medal: 'bronze', seed: opt.seed + g });
  for (let g = 0; g < opt.foxGames; g++) games.push({ game: 'foxduet', level: opt.level, partner: 'strong', seed: opt.seed + g });
  const results = [];
  for (const body of games) {
    const fox = body.game === 'foxduet';
    const t0 = Date.now();
    const made = await all(null, (be) => be.call('POST', '/api/games', body));
    const ids = made.map((m) => ({ id: m.id, token: m.token }));
    const path = (b, what) => '/api/games/' + ids[b].id + '/' + what;
    let decisions = 0;
    let last = null;
    for (;;) {
      const st = await all(fox ? 'fox_state' : 'nw_state', (be, b) => be.call('GET', path(b, 'state'), undefined, ids[b].token));
      const key = comparable({ v: st[0].version, legal: st[0].legal, over: st[0].over, result: st[0].result });
      for (let b = 1; b < st.length; b++) {
        if (comparable({ v: st[b].version, legal: st[b].legal, over: st[b].over, result: st[b].result }) !== key)
          mismatches.push(`${body.game} seed ${body.seed} v${st[0].version}: state differs (${backends[b].name})`);
      }
      last = st[0];
      if (st[0].over) break;
      if (st[0].to_act !== 0) throw new Error(`${body.game} seed ${body.seed}: seat ${st[0].to_act} to act`);
      const hints = await all(fox ? 'fox_hint' : 'nw_hint', (be, b) => be.call('GET', path(b, 'hint'), undefined, ids[b].token));
      for (let b = 1; b < hints.length; b++) {
        if (comparable(hints[b]) !== comparable(hints[0]))
          mismatches.push(`${body.game} seed ${body.seed} v${st[0].version}: hint differs (${backends[b].name}: ${hints[b].action} vs ${hints[0].action})`);
      }
      const action = st[0].legal.includes(hints[0].action) ? hints[0].action : st[0].legal[0];
      // Which row the move goes to is known only from the reply: time it, then file it.
      const moves = [];
      await all(null, async (be, b) => {
        const r = await be.call('POST', path(b, 'actions'), { action, version: st[b].version }, ids[b].token);
        moves[b] = r;
        return r;
      });
      const partner = moves[0].data.applied.length > 1;
      const kind = fox ? (partner ? 'fox_partner' : 'fox_alone') : 'nw_move';
      moves.forEach((m, b) => { samples[kind][b].push(m.ms); if (m.cpu !== undefined) cpu[kind][b].push(m.cpu); });
      for (let b = 1; b < moves.length; b++) {
        if (JSON.stringify(moves[b].data.applied) !== JSON.stringify(moves[0].data.applied))
          mismatches.push(`${body.game} seed ${body.seed} v${st[0].version}: move differs (${backends[b].name})`);
      }
      decisions++;
    }
    results.push({ ...body, decisions, result: last.result, seconds: (Date.now() - t0) / 1000 });
    const r = last.result || {};
    console.log(`  ${body.game} seed ${body.seed}: ${decisions} decisions, ${fox ? (r.won ? 'won' : 'lost') : (r.medal || 'no medal') + ', ' + r.stars + ' stars'}, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  return { samples, cpu, mismatches, games: results };
}

function latencyReport(backends, lat) {
  const out = {};
  const kinds = KINDS.filter(([k]) => lat.samples[k][0].length);
  console.log('');
  console.log('Latency per request, ms (median, p90, mean; total over the run, s; native: also the CPU time, median):');
  const rows = [];
  for (const [k, label] of kinds) {
    out[k] = { label, n: lat.samples[k][0].length };
    backends.forEach((be, b) => {
      const xs = lat.samples[k][b];
      const cpu = lat.cpu[k][b].length ? median(lat.cpu[k][b]) : NaN;
      out[k][be.name] = { median: median(xs), p90: quantile(xs, 0.9), mean: sum(xs) / xs.length, total: sum(xs) };
      if (Number.isFinite(cpu)) out[k][be.name].cpu_median = cpu;
      rows.push([b === 0 ? label : '', be.name, xs.length, f1(median(xs)), f1(quantile(xs, 0.9)), f1(sum(xs) / xs.length),
        f2(sum(xs) / 1000), Number.isFinite(cpu) ? f1(cpu) : '']);
    });
  }
  table(['request', 'back end', 'n', 'median', 'p90', 'mean', 'total s', 'cpu med'], rows);
  // Every browser back end against every native one.
  const pairs = [];
  backends.forEach((w, i) => {
    if (w.kind !== 'app' && w.kind !== 'direct') return;
    backends.forEach((n, j) => { if (n.kind === 'serve' || n.kind === 'native') pairs.push([i, j]); });
  });
  if (pairs.length) {
    console.log('');
    console.log('Browser / native on the same decisions (same run): ratio of the medians, of the totals, geometric mean of the per-decision ratios:');
    const rows2 = [];
    for (const [k, label] of kinds) {
      pairs.forEach(([i, j], p) => {
        const xs = lat.samples[k][i], nat = lat.samples[k][j];
        const rm = median(xs) / median(nat), rt = sum(xs) / sum(nat), rg = geomean(xs.map((x, d) => x / nat[d]));
        out[k][backends[i].name + ' / ' + backends[j].name] = { ratio_median: rm, ratio_total: rt, ratio_geomean: rg };
        rows2.push([p === 0 ? label : '', backends[i].name + ' / ' + backends[j].name, f2(rm), f2(rt), f2(rg)]);
      });
    }
    table(['request', 'pair', 'medians', 'totals', 'geo mean'], rows2);
  }
  console.log('');
  if (lat.mismatches.length) {
    console.log(`MISMATCHES (${lat.mismatches.length}):`);
    for (const m of lat.mismatches.slice(0, 20)) console.log('  ' + m);
  } else {
    console.log('Every state, hint and move was the same on every back end.');
  }
  return out;
}

// ---- Part 2: opening the site ----

// Marks, in the page, when the start page and the first card enter the
// DOM (and the frame after, which draws them); clicks the start button at
// once when asked. Times are performance.now(): from navigation start.
function marker(click) {
  // Whether the service worker answered this page's own load.
  window.__tw = { click, marks: {}, controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller) };
  const want = [['start', '[data-testid=start-northwood]'], ['card', '#main .card']];
  const check = () => {
    for (const [k, sel] of want) {
      if (window.__tw.marks[k] !== undefined || !document.querySelector(sel)) continue;
      window.__tw.marks[k] = performance.now();
      requestAnimationFrame(() => { window.__tw.marks[k + '_frame'] = performance.now(); });
      if (k === 'start' && window.__tw.click) {
        window.__tw.marks.click = performance.now();
        document.querySelector('[data-testid=start-nw]').click();
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__tw.marks.fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
  } catch (e) { /* no paint timing */ }
}

async function marksOf(page, key) {
  await page.waitForFunction((k) => window.__tw && window.__tw.marks[k + '_frame'] !== undefined, key, { timeout: 60000 });
  return page.evaluate(() => ({ ...window.__tw.marks, controlled: window.__tw.controlled }));
}

async function opening(browser, dir) {
  const srv = await staticServer(dir);
  const wasmRe = /"GET \/engine\/trickwood\.wasm/g;
  const runs = [];
  for (let i = 0; i < opt.loadRuns; i++) {
    const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(marker, true);
    const run = {};
    // (a) and (b): a new context, nothing cached, no service worker.
    let page = await ctx.newPage();
    let before = srv.requests(wasmRe);
    await page.goto(srv.base + '/');
    const m = await marksOf(page, 'card');
    run.start = m.start_frame;
    run.card = m.card_frame;
    run.click_to_card = m.card_frame - m.click;
    run.fcp = m.fcp;
    run.cold_wasm_fetched = srv.requests(wasmRe) - before;
    run.cold_controlled = m.controlled;
    const hash = await page.evaluate(() => location.hash);
    // What the browser keeps of the game: localStorage (the seat's token)
    // and the games' file in IndexedDB, once the reply is stored.
    const kept = await page.evaluate(() => new Promise((res, rej) => {
      const ls = {};
      for (let k = 0; k < localStorage.length; k++) ls[localStorage.key(k)] = localStorage.getItem(localStorage.key(k));
      const req = indexedDB.open('trickwood', 1);
      req.onerror = () => rej(req.error);
      req.onsuccess = () => {
        const st = req.result.transaction('files', 'readonly').objectStore('files');
        const g = st.get('db');
        const v = st.get('version');
        v.onsuccess = () => res({ ls, db: g.result ? Array.from(g.result) : null, version: v.result });
      };
    }));
    // (d): the same game opened again once the service worker holds the site.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.close();
    page = await ctx.newPage();
    await ctx.addInitScript(() => { window.__tw.click = false; });
    await page.goto(srv.base + '/' + hash);
    const w = await marksOf(page, 'card');
    run.play_sw = w.card_frame;
    run.play_sw_controlled = w.controlled;
    await ctx.close();
    // (c): the same game in a new context (nothing cached, no service
    // worker) holding the same storage, written from a page of the site's
    // origin that loads nothing else (version.json).
    const ctx2 = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    await ctx2.addInitScript(marker, false);
    page = await ctx2.newPage();
    await page.goto(srv.base + '/version.json');
    await page.evaluate((k) => new Promise((res, rej) => {
      for (const [key, val] of Object.entries(k.ls)) localStorage.setItem(key, val);
      const req = indexedDB.open('trickwood', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('files');
      req.onerror = () => rej(req.error);
      req.onsuccess = () => {
        const tx = req.result.transaction('files', 'readwrite');
        tx.objectStore('files').put(new Uint8Array(k.db), 'db');
        tx.objectStore('files').put(k.version, 'version');
        tx.oncomplete = () => { req.result.close(); res(); };
        tx.onerror = () => rej(tx.error);
      };
    }), kept);
    before = srv.requests(wasmRe);
    await page.goto(srv.base + '/' + hash);
    const c = await marksOf(page, 'card');
    run.play_cold = c.card_frame;
    run.play_cold_controlled = c.controlled;
    run.play_cold_wasm_fetched = srv.requests(wasmRe) - before;
    await ctx2.close();
    runs.push(run);
    console.log(`  run ${i + 1}: start page ${f1(run.start)} ms, first card ${f1(run.card)} ms (click to card ${f1(run.click_to_card)}), ` +
      `saved game cold ${f1(run.play_cold)} ms, from the service worker ${f1(run.play_sw)} ms`);
  }
  const rows = [
    ['start', '(a) start page on screen, cold'],
    ['fcp', '    first contentful paint, cold'],
    ['card', '(b) first card after Start For Northwood!, cold'],
    ['click_to_card', '    of which from the click to the card'],
    ['play_cold', '(c) saved game (#/play/ID), cold: new context, storage only'],
    ['play_sw', '(d) saved game, from the service worker'],
  ];
  console.log('');
  console.log(`Opening the site, ms from navigation start (${runs.length} runs):`);
  const out = {};
  table(['moment', 'median', 'min', 'max'], rows.map(([k, label]) => {
    const xs = runs.map((r) => r[k]).filter(Number.isFinite);
    out[k] = { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
    return [label, f1(median(xs)), f1(Math.min(...xs)), f1(Math.max(...xs))];
  }));
  const ok = runs.every((r) => r.cold_wasm_fetched >= 1 && !r.cold_controlled && r.play_cold_wasm_fetched >= 1 && !r.play_cold_controlled && r.play_sw_controlled);
  console.log(ok ? 'Checked: the cold openings fetched the wasm from the server, the service-worker ones were controlled by it.'
    : 'WARNING: a cold opening did not fetch the wasm, or the service worker did not control a page: ' + JSON.stringify(runs));
  return { runs, summary: out, checked: ok };
}

// ---- Part 3: sizes ----

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

function sizes(dir) {
  const files = walk(dir).map((p) => {
    const buf = readFileSync(p);
    return {
      file: relative(dir, p), raw: buf.length,
      gzip: gzipSync(buf, { level: 9 }).length,
      br: brotliCompressSync(buf, { params: { [zc.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  const pick = (re) => files.filter((f) => re.test(f.file));
  const tot = (fs) => ({ raw: sum(fs.map((f) => f.raw)), gzip: sum(fs.map((f) => f.gzip)), br: sum(fs.map((f) => f.br)), files: fs.length });
  const groups = {
    wasm: tot(pick(/trickwood\.wasm$/)),
    data: tot(pick(/trickwood\.data$/)),
    wasm_and_data: tot(pick(/trickwood\.(wasm|data)$/)),
    loader_js: tot(pick(/engine\/trickwood\.js$/)),
    site: tot(files),
  };
  console.log('');
  console.log(`Sizes of ${relative(root, dir) || dir}, KiB (each file compressed on its own, as a compressing host sends it):`);
  const k = (x) => (x / 1024).toFixed(1);
  table(['part', 'files', 'raw', 'gzip -9', 'brotli 11'], Object.entries(groups).map(([n, g]) => [n, g.files, k(g.raw), k(g.gzip), k(g.br)]));
  return { groups, files };
}

// ---- Main ----

async function main() {
  const info = machine();
  info.loadavg_start = loadavg().map((x) => x.toFixed(2)).join(' ');
  console.log(`bench-site: ${info.date}, commit ${info.commit}, nproc ${info.nproc}, ${info.cpu}, ${info.browser}, node ${info.node}`);
  console.log(`load average at start: ${info.loadavg_start}`);
  const report = { machine: info, options: { ...opt, sites: opt.sites.map((s) => relative(root, s)) } };
  for (const s of opt.sites) {
    try { statSync(join(s, 'engine/trickwood.wasm')); } catch (e) { throw new Error(`${s} is not a built site: run make site`); }
  }
  if (opt.parts.includes('size')) {
    report.sizes = {};
    for (const s of opt.sites) report.sizes[relative(root, s)] = sizes(s).groups;
  }
  let browser = null;
  if (opt.parts.includes('latency') || opt.parts.includes('load')) {
    browser = await chromium.launch({ executablePath: opt.chromium, headless: true, args: LAUNCH_ARGS });
  }
  if (opt.parts.includes('latency')) {
    console.log('');
    console.log(`Latency: ${opt.nwGames} For Northwood! intro games and ${opt.foxGames} Duet level-${opt.level} games (strong partner), seeds from ${opt.seed}, every back end in turn:`);
    const names = opt.sites.map((s) => relative(root, s));
    const backends = [];
    if (opt.backends.includes('serve')) backends.push(await serveBackend());
    if (opt.backends.includes('native')) backends.push(await nativeBackend());
    for (let i = 0; i < opt.sites.length; i++) backends.push(...await siteBackends(browser, opt.sites[i], opt.sites.length > 1 ? names[i] : ''));
    console.log('back ends: ' + backends.map((b) => b.name).join(', '));
    const lat = await latency(backends);
    report.latency = latencyReport(backends, lat);
    report.latency_games = lat.games;
    report.latency_mismatches = lat.mismatches;
    report.latency_samples = Object.fromEntries(Object.entries(lat.samples).map(([k, v]) => [k, Object.fromEntries(v.map((xs, b) => [backends[b].name, xs]))]));
    for (const be of backends.filter((x) => x.dbBytes)) {
      const bytes = await be.dbBytes();
      console.log(`${be.name}: the games' SQLite file in IndexedDB at the end: ${(bytes / 1024).toFixed(0)} KiB (copied whole after every change)`);
      if (be.errors && be.errors.length) console.log(`${be.name}: page errors: ${be.errors.join(' | ')}`);
    }
  }
  if (opt.parts.includes('load')) {
    console.log('');
    console.log(`Opening ${relative(root, opt.sites[0])} from python3 -m http.server (no compression), a new browser context per run:`);
    report.load = await opening(browser, opt.sites[0]);
  }
  if (browser) await browser.close();
  info.loadavg_end = loadavg().map((x) => x.toFixed(2)).join(' ');
  console.log('');
  console.log(`load average at the end: ${info.loadavg_end}`);
  if (opt.json) {
    writeFileSync(opt.json, JSON.stringify(report, null, 1) + '\n');
    console.log('JSON: ' + opt.json);
  }
  if (report.latency_mismatches && report.latency_mismatches.length) process.exitCode = 1;
}

main().catch((e) => {
  console.error('bench-site: ' + (e && e.stack ? e.stack : e));
  for (const ch of children) if (ch.exitCode !== null && ch.log) console.error(ch.spawnargs.join(' ') + ':\n' + ch.log.slice(-2000));
  process.exit(1);
});
