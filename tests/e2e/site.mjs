// Browser tests of the static site (docs/site.md): build/site/ served by a
// plain static file server (run-site.sh starts `python3 -m http.server`;
// no Trickwood server behind it), in headless Chromium (Debian's
// /usr/bin/chromium driven by playwright-core; no browser download). The
// engine runs in the page's Web Worker, the games are kept in IndexedDB,
// a service worker keeps the site for offline play. The site's address
// comes in TW_SITE_URL, the native binary (for the records replayed in
// the terminal) is build/trickwood. Screenshots and downloaded records go
// to TW_ARTIFACTS. The last line printed is "N passed, N failed".

import { chromium } from 'playwright-core';
import { runTests, registry, check, versionOf, isOver, newPage, watchErrors } from './harness.mjs';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync, spawn } from 'node:child_process';

const { tests, test } = registry();

const BASE = (process.env.TW_SITE_URL || 'http://127.0.0.1:18090').replace(/\/$/, '');
const EXE = process.env.TW_CHROMIUM || '/usr/bin/chromium';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ART = process.env.TW_ARTIFACTS || join(ROOT, 'build', 'e2e-site-artifacts');
const TRICKWOOD = process.env.TW_TRICKWOOD || join(ROOT, 'build', 'trickwood');
const SITE_DIR = process.env.TW_SITE_DIR || join(ROOT, 'build', 'site');
const ONLY = process.argv[2] || '';
mkdirSync(ART, { recursive: true });

// How Chromium is started (playwright gives each launch a fresh
// temporary --user-data-dir).
const LAUNCH = {
  executablePath: EXE,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
};



// Saves a screenshot under the artifacts folder.
async function shot(page, name, full) {
  await page.screenshot({ path: join(ART, name + '.png'), fullPage: !!full });
}



// Fails when the page reported a script error. allow: a pattern of
// errors expected here.
function checkNoErrors(page, who, allow) {
  const real = page.errors.filter((e) => !/net::ERR_ABORTED|Failed to load resource/.test(e) && !(allow && allow.test(e)));
  check(real.length === 0, `${who}: page errors: ${real.join(' | ')}`);
}



// Waits until the page shows version v or more (or the end).
async function waitVersion(page, v, timeout) {
  await page.waitForFunction((want) => {
    const n = document.querySelector('[data-testid=version]');
    return (n && Number(n.getAttribute('data-version')) >= want) || document.querySelector('[data-testid=game-over]');
  }, v, { timeout: timeout || 20000 });
}

// The legal choices on screen (their actions, "stop" last).
async function choicesOf(page) {
  const actions = await page.$$eval('#main [data-action]', (els) => [...new Set(els.map((e) => e.getAttribute('data-action')))]);
  return actions.filter((a) => a !== 'stop').concat(actions.filter((a) => a === 'stop'));
}

// Clicks one legal choice (skipping "stop" when possible: pickIndex
// chooses among the others) and waits until the page shows a newer
// version. Returns the action's notation, or null if none.
async function playOne(page, pickIndex, timeout) {
  const all = await choicesOf(page);
  if (!all.length) return null;
  const usable = all.filter((a) => a !== 'stop');
  const list = usable.length ? usable : all;
  const action = list[(pickIndex || 0) % list.length];
  const before = await versionOf(page);
  await page.locator(`#main [data-action="${action}"]`).first().click();
  await waitVersion(page, before + 1, timeout);
  return action;
}

// Waits for a choice or the end (the Duet's bot partner may still be
// thinking), then plays one as playOne does. Returns the action, or null
// at the end.
async function playFirst(page, pickIndex) {
  await page.waitForSelector('#main [data-action], [data-testid=game-over]', { timeout: 60000 });
  if (await isOver(page)) return null;
  return playOne(page, pickIndex || 0, 60000);
}

// Plays until the end screen (at most max actions); returns the count.
async function playToEnd(page, max, pick) {
  let steps = 0;
  for (let tries = 0; !(await isOver(page)) && steps < max && tries < 2 * max; tries++) {
    if (await playFirst(page, pick ? pick(steps) : 0)) steps++;
  }
  check(await isOver(page), 'the game reached its end screen (' + steps + ' actions)');
  return steps;
}

// Starts a For Northwood! game from the start page: setup ('intro' or
// 'full'), seed (optional, in "more options") and the site's address
// (the one run-site.sh serves unless told).
async function startNorthwood(page, setup, seed, site) {
  await page.goto((site || BASE + '/') + '#/');
  const form = page.locator('[data-testid=start-northwood]');
  await form.waitFor();
  await form.locator(`input[name=setup][value=${setup || 'intro'}]`).check();
  if (seed !== undefined) {
    await form.locator('summary').click();
    await page.fill('[data-testid=nw-seed]', String(seed));
  }
  await page.click('[data-testid=start-nw]');
  await page.waitForSelector('[data-testid=prompt]');
  await page.waitForSelector('.fief');
  return gameIdOf(page);
}

// Starts a Duet from the start page: partner ('rule', 'strong'), level
// and seed (optional), and waits for the path.
async function startFox(page, partner, level, seed) {
  await page.goto(BASE + '/#/');
  const form = page.locator('[data-testid=start-fox]');
  await form.waitFor();
  await form.locator(`input[name=partner][value=${partner}]`).check();
  if (level) await form.locator(`input[name=level][value="${level}"]`).check();
  if (seed !== undefined) {
    await form.locator('summary').click();
    await page.fill('[data-testid=fox-seed]', String(seed));
  }
  await page.click('[data-testid=start-fox-button]');
  await page.waitForSelector('svg.path .space', { timeout: 60000 });
  return gameIdOf(page);
}

// The game id of the #/play/ID page shown.
function gameIdOf(page) {
  const m = /#\/play\/([^/?#]+)/.exec(page.url());
  check(m, 'a game page is open: ' + page.url());
  return decodeURIComponent(m[1]);
}

// The game's state as the engine in the page keeps it (the API call the
// app makes, through the app's own modules: the same worker).
async function engineState(page, id) {
  return page.evaluate(async (gid) => {
    const m = await import('./js/api.js');
    return m.api('GET', m.gamePath(gid, 'state'), undefined, m.tokenFor(gid));
  }, id);
}

// The card codes the page shows in the hand.
async function handOf(page) {
  return page.$$eval('[data-testid=hand] [data-card], .hand [data-card]', (els) => [...new Set(els.map((e) => e.getAttribute('data-card')))]);
}

// The result the end screen shows: For Northwood! {stars, medal}
// (medal: none, bronze, silver, gold), the Duet {won, end (won,
// lost_path, lost_time), score (of a win), round, gems (left)}.
async function pageResult(page) {
  const text = (await page.locator('[data-testid=game-over]').innerText()).replace(/\s+/g, ' ');
  const nw = /You won the \w+ medal with (\d+) stars|Final count: (\d+) ★/.exec(text);
  if (nw) {
    const medal = /Medal reached: (No medal|Bronze|Silver|Gold)/.exec(text);
    check(medal, 'the end screen names the medal reached: ' + text);
    return { game: 'northwood', stars: Number(nw[1] || nw[2]), medal: medal[1] === 'No medal' ? 'none' : medal[1].toLowerCase(), text };
  }
  // The Duet: the end box, and the round and gems left in the status bar.
  const round = Number(/(\d+)/.exec(await page.textContent('[data-testid=round]'))[1]);
  const gems = Number(/(\d+)/.exec(await page.textContent('[data-testid=gems-left]'))[1]);
  const won = /The team wins with a score of (\d+)/.exec(text);
  if (won) return { game: 'foxduet', won: true, end: 'won', score: Number(won[1]), round, gems, text };
  const end = /walked off the path/.test(text) ? 'lost_path' : /Three rounds went by/.test(text) ? 'lost_time' : '';
  check(/The team lost this time/.test(text) && end, 'the end screen tells a Duet result: ' + text);
  return { game: 'foxduet', won: false, end, score: null, round, gems, text };
}

// Replays a record file with the native build (`trickwood replay FILE`,
// input closed: it runs to the end) and reads its final result and
// first screen.
function nativeReplay(file) {
  const out = execFileSync(TRICKWOOD, ['replay', file], { input: '', encoding: 'utf8', timeout: 60000, env: { ...process.env, LANG: 'C.UTF-8' } });
  writeFileSync(file + '.replay.txt', out);
  check(/End of the record\./.test(out), 'the native replay ran to the end of the record: ' + out.slice(-300));
  const stars = /Game over\. Stars won: (\d+) of 20\./.exec(out);
  if (stars) {
    const medal = /Medal reached: (\w+)\./.exec(out);
    check(medal, 'the native replay names the medal reached');
    return { game: 'northwood', stars: Number(stars[1]), medal: medal[1], out };
  }
  const won = /Victory in round (\d+): every gem is collected!/.exec(out);
  if (won) {
    const score = /Score: (\d+) =/.exec(out);
    return { game: 'foxduet', won: true, end: 'won', score: Number(score[1]), round: Number(won[1]), gems: 0, out };
  }
  const path = /Defeat in round (\d+): the team got lost in the forest \((\d+|no) gems? left/.exec(out);
  const time = /Defeat: time ran out after round (\d+) with (\d+) gems? left/.exec(out);
  const m = path || time;
  check(m, 'the native replay tells a Duet result: ' + out.slice(-300));
  return { game: 'foxduet', won: false, end: path ? 'lost_path' : 'lost_time', score: null, round: Number(m[1]), gems: Number(m[2]) || 0, out };
}

// Opens the replay of game id from the History page, saves its record
// with the download button and returns the file's path and record.
async function downloadRecord(page, id, name) {
  await page.goto(BASE + '/#/history');
  await page.waitForSelector('[data-testid=history-table]');
  const row = page.locator(`[data-testid=history-table] tbody tr[data-game-id="${id}"]`);
  check((await row.count()) === 1, 'the finished game ' + id + ' is in the history');
  await row.locator('[data-testid=replay-link]').click();
  await page.waitForSelector('[data-testid=replay-step]');
  await page.waitForSelector('[data-testid=replay-download]');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=replay-download]')]);
  const file = join(ART, name + '.json');
  await download.saveAs(file);
  const record = JSON.parse(readFileSync(file, 'utf8'));
  check(record.format === 'trickwood-record', 'the saved file is a record: ' + JSON.stringify(record).slice(0, 120));
  return { file, record, suggested: download.suggestedFilename() };
}

// Checks a native replay's result against the page's.
function checkSameResult(native, shown, who) {
  check(native.game === shown.game, `${who}: the same game (${native.game} / ${shown.game})`);
  if (shown.game === 'northwood') {
    check(native.stars === shown.stars && native.medal === shown.medal,
      `${who}: the native replay gives ${native.stars} stars, medal ${native.medal}; the page showed ${shown.stars} stars, medal ${shown.medal}`);
  } else {
    const say = (r) => `${r.end}, score ${r.score}, round ${r.round}, ${r.gems} gems left`;
    check(native.won === shown.won && native.end === shown.end && native.score === shown.score &&
      native.round === shown.round && native.gems === shown.gems,
      `${who}: the native replay gives ${say(native)}; the page showed ${say(shown)}`);
  }
}

// Waits until the service worker controls the page (its files cached).
async function waitServiceWorker(page) {
  await page.waitForFunction(() => 'serviceWorker' in navigator && !!navigator.serviceWorker.controller, null, { timeout: 30000 });
  await page.evaluate(() => navigator.serviceWorker.ready);
}

// The keys of the site's IndexedDB store ('db', 'version', and the
// copies of unreadable stores).
async function storedKeys(page) {
  return page.evaluate(() => new Promise((resolve, reject) => {
    const req = indexedDB.open('trickwood', 1);
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction('files', 'readonly');
      const keysReq = tx.objectStore('files').getAllKeys();
      keysReq.onsuccess = () => { db.close(); resolve(keysReq.result.map(String)); };
      keysReq.onerror = () => reject(keysReq.error);
    };
  }));
}

// ---------------------------------------------------------------------

test('northwood: a whole full game, with a hint and an undo', async (browser) => {
  const { ctx, page } = await newPage(browser);
  const id = await startNorthwood(page, 'full', 2024);
  check((await page.locator('.fief').count()) === 8, 'eight fiefs are shown');
  check((await page.locator('.ally').count()) === 4, 'four ally slots are shown');
  // A hint: the strong bot's choice, with its chances, highlighted.
  await page.click('.hint-button');
  await page.waitForFunction(() => /^Suggested: /.test((document.querySelector('.hint-box') || {}).textContent || ''), null, { timeout: 60000 });
  const hint = await page.textContent('.hint-box');
  check(/^Suggested: \S.*\. Chance of hitting this fief's target: (\d+%|unknown)/.test(hint), 'the hint names an action and its chance: ' + hint);
  check(/\d+%/.test(hint), 'the hint gives a chance in percent: ' + hint);
  check((await page.locator('#main .hinted').count()) === 1, 'the hinted choice is highlighted');
  const hinted = await page.locator('#main .hinted').getAttribute('data-action');
  check((await choicesOf(page)).includes(hinted), 'the hinted choice is a legal one: ' + hinted);
  await shot(page, 'site-northwood-hint');

  let steps = 0;
  let undone = null;
  while (!(await isOver(page)) && steps < 700) {
    if (!undone && (await page.locator('[data-testid=undo]').count())) {
      const before = await versionOf(page);
      const st = await engineState(page, id);
      check(st.version === before && st.undo > 0, 'the engine offers the undo the page shows (' + st.undo + ')');
      await page.click('[data-testid=undo]');
      await page.waitForFunction((v) => Number(document.querySelector('[data-testid=version]').getAttribute('data-version')) < v, before);
      const after = await versionOf(page);
      check(after === before - st.undo, `the version goes back by the actions taken back (${before} -> ${after}, ${st.undo})`);
      await page.waitForFunction(() => /Taken back: /.test(document.querySelector('[data-testid=log]').textContent));
      const st2 = await engineState(page, id);
      check(st2.version === after && st2.log.length === after, 'the engine keeps only the moves that stand (' + st2.log.length + ')');
      check(st2.log.map((e) => e.action).join('|') === st.log.slice(0, after).map((e) => e.action).join('|'), 'the moves before the undo stand');
      undone = { before, after };
      continue;
    }
    // Mostly the first choice, sometimes another, so that allies are used.
    const a = await playOne(page, steps % 5 === 2 ? 1 : 0);
    if (!a) throw new Error('no legal choice on screen and the game is not over');
    steps++;
  }
  check(await isOver(page), 'the game reached its end screen');
  check(undone, 'an undo was offered and taken during the game');
  const shown = await pageResult(page);
  const st = await engineState(page, id);
  check(st.over && st.result && st.result.stars === shown.stars, 'the stored result is the one shown (' + JSON.stringify(st.result) + ')');
  check(st.view.setup === 'full', 'the game was a full deal: ' + st.view.setup);
  check(!st.result.stopped && st.view.fiefs.every((f) => f.status !== 'neutral'), 'every fief was visited: '
    + st.view.fiefs.map((f) => f.status).join(' '));
  check(st.log.length === (await versionOf(page)), 'the engine keeps every move that stands');
  await shot(page, 'site-northwood-end', true);
  checkNoErrors(page, 'northwood full');
  console.log(`   (${steps} actions; undo ${undone.before} -> ${undone.after}; ${shown.stars} stars, medal ${shown.medal})`);
  await ctx.close();
});

test('fox duet: a whole game with the strong partner', async (browser) => {
  const { ctx, page } = await newPage(browser);
  const id = await startFox(page, 'strong', 1, 12);
  const st0 = await engineState(page, id);
  check(st0.partner && st0.partner.kind === 'bot' && st0.partner.name === 'strong', 'the partner is the strong bot: ' + JSON.stringify(st0.partner));
  check((await page.locator('[data-testid=hand] [data-card]').count()) === 11, 'a hand of 11 cards');
  // A hint on the way: the strong bot's card and the team's chance.
  await page.waitForSelector('#main [data-action]', { timeout: 60000 });
  await page.click('.hint-button');
  await page.waitForFunction(() => /^Suggested: /.test((document.querySelector('.hint-box') || {}).textContent || ''), null, { timeout: 60000 });
  const hint = await page.textContent('.hint-box');
  check(/^Suggested: \S.*\. Chance that the team wins: \d+%/.test(hint), 'the hint names a card and the chance: ' + hint);
  check((await page.locator('#main .hinted').count()) === 1, 'the hinted card is highlighted');
  const t0 = Date.now();
  const steps = await playToEnd(page, 400);
  const secs = (Date.now() - t0) / 1000;
  const shown = await pageResult(page);
  const st = await engineState(page, id);
  check(st.over && st.result && st.result.won === shown.won, 'the stored result is the one shown: ' + JSON.stringify(st.result));
  check(!shown.won || st.result.score === shown.score, 'the score shown is the stored one');
  const partnerMoves = st.log.filter((e) => e.seat === 1).length;
  check(partnerMoves > 10, 'the partner played its cards (' + partnerMoves + ')');
  await shot(page, 'site-fox-strong-end', true);
  checkNoErrors(page, 'fox strong');
  console.log(`   (${steps} actions of ours, ${partnerMoves} of the partner, ${secs.toFixed(1)} s; ${shown.text.slice(0, 60)})`);
  await ctx.close();
}, 300000);

test('fox duet: two players at one screen, each seeing only their own hand', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await page.goto(BASE + '/#/');
  const form = page.locator('[data-testid=start-fox]');
  await form.waitFor();
  check(/at this screen/.test(await form.textContent()), 'the start form offers a friend at this screen');
  await form.locator('input[name=partner][value=human]').check();
  await form.locator('summary').click();
  await page.fill('[data-testid=fox-seed]', '21');
  await page.click('[data-testid=start-fox-button]');
  const decisions = [0, 0]; // the decisions each seat took
  let handovers = 0;
  let moves = 0;
  let seat = -1;
  for (let i = 0; i < 400; i++) {
    await page.waitForSelector('[data-testid=handover], #main [data-action], [data-testid=game-over]', { timeout: 60000 });
    if (await isOver(page)) break;
    if (await page.locator('[data-testid=handover]').count()) {
      // The cover hides the table: no card, no choice on screen.
      check((await page.locator('#main [data-card], #main [data-action]').count()) === 0, 'the cover shows no card');
      const next = Number(await page.getAttribute('[data-testid=handover]', 'data-seat'));
      check(next !== seat, 'the cover hands over to the other player (' + seat + ' to ' + next + ')');
      seat = next;
      handovers++;
      await page.click('[data-testid=handover-ready]');
      continue;
    }
    // The hand shown is the acting seat's own, and no card of it is in
    // the other seat's hand (both asked of the engine with each seat's token).
    const hand = await handOf(page);
    const hands = await page.evaluate(async () => {
      const m = await import('./js/api.js');
      const gid = decodeURIComponent(/#\/play\/([^/?#]+)/.exec(location.hash)[1]);
      const pair = m.hotseatTokens(gid);
      const out = [];
      for (const tok of pair) out.push(await m.api('GET', m.gamePath(gid, 'state'), undefined, tok));
      return out.map((st) => ({ seat: st.seat, toAct: st.to_act, hand: (st.view && st.view.hand) || [] }));
    });
    const acting = hands.find((h) => h.seat === h.toAct);
    check(acting, 'one seat is to act: ' + JSON.stringify(hands.map((h) => [h.seat, h.toAct])));
    const other = hands.find((h) => h !== acting);
    check(hand.length === acting.hand.length && hand.every((c) => acting.hand.includes(c)),
      `the hand shown is seat ${acting.seat}'s: ${hand.join(' ')} / ${acting.hand.join(' ')}`);
    check(!hand.some((c) => other.hand.includes(c)), 'no card of the other seat is shown');
    decisions[acting.seat]++;
    const before = await versionOf(page);
    await page.locator('#main [data-action]').first().click();
    await page.waitForFunction((v) => {
      const n = document.querySelector('[data-testid=version]');
      return !n || Number(n.getAttribute('data-version')) > v || document.querySelector('[data-testid=handover]') ||
        document.querySelector('[data-testid=game-over]');
    }, before, { timeout: 60000 });
    moves++;
  }
  check(await isOver(page), 'the game ended (' + moves + ' moves)');
  check(handovers >= 10, 'the device went from one player to the other (' + handovers + ' handovers)');
  check(decisions[0] > 5 && decisions[1] > 5, 'both players decided (' + decisions.join(', ') + ')');
  const id = gameIdOf(page);
  const info = await page.evaluate(async (gid) => {
    const m = await import('./js/api.js');
    return m.api('GET', '/api/history/' + encodeURIComponent(gid));
  }, id);
  check(info && info.record && info.record.actions.length === moves, 'the record holds every move (' + (info && info.record ? info.record.actions.length : '?') + ' / ' + moves + ')');
  checkNoErrors(page, 'hotseat');
  console.log(`   (${moves} moves, ${handovers} handovers, decisions per seat ${decisions.join(' / ')})`);
  await ctx.close();
}, 300000);

test('reload mid-game: the game resumes where it was', async (browser) => {
  const { ctx, page } = await newPage(browser);
  const id = await startNorthwood(page, 'intro', 11);
  for (let i = 0; i < 8; i++) check(await playOne(page, i), 'a legal choice is on screen');
  const version = await versionOf(page);
  const hand = (await handOf(page)).join(' ');
  const choices = (await choicesOf(page)).join(' ');
  check(version >= 8, 'moves were taken (' + version + ')');
  // The same #/play URL.
  await page.reload();
  await page.waitForSelector('[data-testid=prompt]');
  await waitVersion(page, 0);
  check((await versionOf(page)) === version, `the same version after a reload (${await versionOf(page)} / ${version})`);
  check((await handOf(page)).join(' ') === hand, 'the same hand after a reload');
  check((await choicesOf(page)).join(' ') === choices, 'the same choices after a reload');
  // A closed tab, then the start page's list of games to continue.
  await page.close();
  const page2 = watchErrors(await ctx.newPage());
  await page2.goto(BASE + '/#/');
  const link = page2.locator(`#main a[href="#/play/${encodeURIComponent(id)}"]`);
  await link.waitFor();
  await link.click();
  await page2.waitForSelector('[data-testid=prompt]');
  check((await versionOf(page2)) === version, 'the same version from the list of games to continue');
  check((await handOf(page2)).join(' ') === hand, 'the same hand from the list of games to continue');
  // And it plays on.
  check(await playOne(page2, 0), 'the resumed game plays on');
  check((await versionOf(page2)) === version + 1 || (await isOver(page2)), 'the move after the reload is taken');
  checkNoErrors(page2, 'reload');
  await ctx.close();
});

// A new browser that visited the site once (its service worker in
// control), then reloaded it with the network cut.
async function openedOffline(browser) {
  const { ctx, page } = await newPage(browser);
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-northwood]');
  await waitServiceWorker(page);
  await ctx.setOffline(true);
  await page.reload();
  return { ctx, page };
}

test('offline: after one visit the site opens and a new game plays with the network cut', async (browser) => {
  const { ctx, page } = await openedOffline(browser);
  await page.waitForSelector('[data-testid=start-northwood]');
  // The network is really cut: a file the site does not keep cannot be fetched.
  const reached = await page.evaluate(async () => {
    try { await fetch('not-kept-' + Date.now() + '.txt', { cache: 'no-store' }); return true; } catch (e) { return false; }
  });
  check(!reached, 'the network is cut (a file the site does not keep could still be fetched)');
  check(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the service worker answers the page');
  // A new game, of each kind, with a few moves; a hint too.
  await startNorthwood(page, 'intro');
  for (let i = 0; i < 5; i++) check(await playOne(page, i), 'a Northwood move offline');
  await page.click('.hint-button');
  await page.waitForFunction(() => /^Suggested: /.test((document.querySelector('.hint-box') || {}).textContent || ''), null, { timeout: 60000 });
  await startFox(page, 'rule');
  for (let i = 0; i < 4; i++) check(await playFirst(page), 'a Duet move offline');
  // A reload offline in the middle of the game keeps it.
  const v = await versionOf(page);
  await page.reload();
  await page.waitForSelector('svg.path .space');
  check((await versionOf(page)) === v, 'the game played offline survives a reload offline');
  await shot(page, 'site-offline');
  await ctx.setOffline(false);
  checkNoErrors(page, 'offline', /ERR_INTERNET_DISCONNECTED|not-kept-/);
  await ctx.close();
});

test('offline rules: after one visit the Rules panel opens with the network cut, text and cards', async (browser) => {
  const { ctx, page } = await openedOffline(browser);
  await page.click('[data-testid=start-rules-northwood]');
  await page.waitForSelector('[data-testid=rules-section]', { timeout: 60000 });
  check((await page.locator('[data-testid=rules-section]').count()) >= 8, 'every section of the rules, offline');
  await page.click('[data-testid=rules-view-cards]');
  await page.waitForSelector('[data-testid=rules-card]');
  check((await page.locator('[data-testid=rules-card]').count()) === 24, 'the 24 characters, offline');
  await page.click('[data-testid=rules-tab-fox]');
  await page.waitForSelector('[data-testid=rules-fox-rank]');
  check((await page.locator('[data-testid=rules-fox-rank] .rules-card-text').count()) === 5, 'the Duet\'s five abilities, offline');
  await ctx.setOffline(false);
  checkNoErrors(page, 'offline rules', /ERR_INTERNET_DISCONNECTED/);
  await ctx.close();
});

test('installable: manifest, icons, service worker, no installability error', async () => {
  // Chromium installs no app from an incognito profile (which every
  // browser.newContext() is): this test has a profile of its own.
  const dir = mkdtempSync(join(tmpdir(), 'tw-site-profile-'));
  const ctx = await chromium.launchPersistentContext(dir, { ...LAUNCH, locale: 'en-US', viewport: { width: 1280, height: 900 } });
  try {
    await installable(ctx);
  } finally {
    await ctx.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
});

// The checks of the installable test, in a browser context with a profile.
async function installable(ctx) {
  const page = watchErrors(ctx.pages()[0] || await ctx.newPage());
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-northwood]');
  const href = await page.getAttribute('link[rel=manifest]', 'href');
  check(href, 'the page links its manifest');
  const manifestUrl = new URL(href, BASE + '/').href;
  const res = await page.request.get(manifestUrl);
  check(res.ok(), 'the manifest is served: ' + res.status());
  const m = JSON.parse(await res.text());
  check(typeof m.name === 'string' && m.name.length > 3 && m.short_name, 'the manifest has a name and a short name');
  check(['standalone', 'fullscreen', 'minimal-ui'].includes(m.display), 'the manifest opens as an app: ' + m.display);
  check(m.start_url && new URL(m.start_url, manifestUrl).href === BASE + '/', 'the start address is the site: ' + m.start_url);
  for (const size of [192, 512]) {
    const icon = (m.icons || []).find((i) => (i.sizes || '').split(/\s+/).includes(size + 'x' + size) && /png/.test(i.type || i.src));
    check(icon, 'an icon of ' + size + ' px is listed');
    const r = await page.request.get(new URL(icon.src, manifestUrl).href);
    check(r.ok(), 'the icon ' + icon.src + ' is served');
    const png = await r.body();
    check(png.slice(1, 4).toString() === 'PNG', icon.src + ' is a PNG');
    const w = png.readUInt32BE(16);
    const h = png.readUInt32BE(20);
    check(w === size && h === size, `${icon.src} is ${size}x${size} (${w}x${h})`);
  }
  await waitServiceWorker(page);
  const sw = await page.evaluate(() => navigator.serviceWorker.controller.scriptURL);
  check(/\/sw\.js$/.test(sw), 'the site\'s service worker controls the page: ' + sw);
  // What Chromium itself says.
  const cdp = await ctx.newCDPSession(page);
  const app = await cdp.send('Page.getAppManifest');
  check((app.errors || []).length === 0, 'Chromium reads the manifest without error: ' + JSON.stringify(app.errors));
  const inst = await cdp.send('Page.getInstallabilityErrors');
  const errors = (inst.installabilityErrors || []).map((e) => e.errorId + (e.errorArguments && e.errorArguments.length
    ? '(' + e.errorArguments.map((a) => a.name + '=' + a.value).join(',') + ')' : ''));
  console.log('   (Chromium installability errors: ' + (errors.length ? errors.join(', ') : 'none') + ')');
  check(errors.length === 0, 'Chromium reports no installability errors: ' + errors.join(', '));
  checkNoErrors(page, 'installable');
}

// Copies a file; returns the copy's path.
function copyTo(from, to) {
  writeFileSync(to, readFileSync(from));
  return to;
}

test('records: a game finished in the browser replays natively; a record imported on History opens', async (browser) => {
  const { ctx, page } = await newPage(browser);
  // A Duet with the quick partner, played to the end (this deal and these
  // choices win, so that the score is compared too).
  const id = await startFox(page, 'rule', 1, 4);
  const steps = await playToEnd(page, 400, (i) => i % 3);
  const shown = await pageResult(page);
  const version = await versionOf(page);
  const { file, record, suggested } = await downloadRecord(page, id, 'site-fox-record');
  check(/\.json$/.test(suggested), 'the record is saved as a .json file: ' + suggested);
  check(record.game === 'foxduet' && record.seed === 4, 'the record is this game\'s: ' + record.game + ' seed ' + record.seed);
  check(record.actions.length === version, `the record holds every action (${record.actions.length} / ${version})`);
  const native = nativeReplay(file);
  checkSameResult(native, shown, 'Duet record');

  // The other way: a record of the terminal's imported on History.
  const example = join(ROOT, 'data', 'examples', 'northwood-record.json');
  const exampleRecord = JSON.parse(readFileSync(example, 'utf8'));
  const exampleNative = nativeReplay(copyTo(example, join(ART, 'site-example-record.json')));
  const importStatus = async (file) => {
    await page.setInputFiles('[data-testid=hist-import]', file);
    await page.waitForFunction(() => /added|already|could not/i.test(document.querySelector('[data-testid=hist-import-status]').textContent));
    return page.textContent('[data-testid=hist-import-status]');
  };
  await page.goto(BASE + '/#/history');
  await page.waitForSelector('[data-testid=history-table]');
  const before = await page.$$eval('[data-testid=history-table] tbody tr', (els) => els.map((e) => e.getAttribute('data-game-id')));
  // A file far too large for a record is refused, and the engine goes on.
  const big = join(ART, 'site-too-large.json');
  writeFileSync(big, JSON.stringify({ ...exampleRecord, padding: 'x'.repeat(3 * 1024 * 1024) }));
  const refused = await importStatus(big);
  check(/could not be added: the request body is larger than/.test(refused), 'a too large file is refused in words: ' + refused);
  const status = await importStatus(example);
  check(/northwood-record\.json: the game was added to the history/.test(status), 'the import is told: ' + status);
  // Leaving the page at once: the list, read again a moment after an
  // import, does not come over the next page.
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-northwood]');
  await page.waitForTimeout(1800);
  check((await page.locator('[data-testid=start-northwood]').count()) === 1 && (await page.locator('[data-testid=history-table]').count()) === 0,
    'the start page stays after leaving History just after an import: ' + (await page.innerText('#main')).slice(0, 80));
  await page.goto(BASE + '/#/history');
  await page.waitForSelector('[data-testid=history-table]');
  const after = await page.$$eval('[data-testid=history-table] tbody tr', (els) => els.map((e) => e.getAttribute('data-game-id')));
  const added = after.filter((x) => !before.includes(x));
  check(added.length === 1, 'one new row in the list: ' + added.join(', '));
  const row = page.locator(`[data-testid=history-table] tbody tr[data-game-id="${added[0]}"]`);
  const rowText = await row.innerText();
  check(/For Northwood!/.test(rowText) && /from a file/.test(rowText), 'the row is the imported Northwood game: ' + rowText);
  check(new RegExp('\\b' + exampleNative.stars + ' ★, ' + (exampleNative.medal === 'none' ? 'No medal' : exampleNative.medal), 'i').test(rowText),
    `the row shows the record's result (${exampleNative.stars} stars, medal ${exampleNative.medal}): ` + rowText);
  await row.locator('[data-testid=replay-link]').click();
  await page.waitForSelector('[data-testid=replay-step]');
  const stepText = await page.textContent('[data-testid=replay-step]');
  check(new RegExp('Step 0 of ' + exampleRecord.actions.length + '\\b').test(stepText), 'the imported game\'s replay opens at its start: ' + stepText);
  await page.click('[data-testid=replay-last]');
  await page.waitForFunction((n) => new RegExp('Step ' + n + ' of ' + n).test(document.querySelector('[data-testid=replay-step]').textContent), exampleRecord.actions.length);
  await shot(page, 'site-imported-replay', true);
  // The same file again adds nothing.
  await page.goto(BASE + '/#/history');
  await page.waitForSelector('[data-testid=history-table]');
  const again = await importStatus(example);
  check(/this game is in the history already/.test(again), 'the same record again is told to be there already: ' + again);
  check((await page.locator('[data-testid=history-table] tbody tr').count()) === after.length, 'no second row for the same record');
  checkNoErrors(page, 'records');
  console.log(`   (${steps} actions; ${native.end}, score ${native.score}, round ${native.round}, ${native.gems} gems left in both)`);
  await ctx.close();
});

test('replay notes and links: a note kept on an imported game in the browser; a link opens its replay read-only in a fresh browser', async (browser) => {
  const { ctx, page } = await newPage(browser);
  const example = join(ROOT, 'data', 'examples', 'northwood-record.json');
  await page.goto(BASE + '/#/history');
  await page.waitForSelector('[data-testid=hist-import]');
  await page.setInputFiles('[data-testid=hist-import]', example);
  await page.waitForFunction(() => /added|already/i.test(document.querySelector('[data-testid=hist-import-status]').textContent));
  await page.waitForSelector('[data-testid=history-table] [data-testid=replay-link]');
  await page.locator('[data-testid=replay-link]').first().click();
  await page.waitForSelector('[data-testid=replay-step]');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /Step 1 of/.test(document.querySelector('[data-testid=replay-step]').textContent));
  await page.click('[data-testid=replay-note-open]');
  await page.fill('[data-testid=replay-note-input]', 'The third fief first: its target is low.');
  await page.press('[data-testid=replay-note-input]', 'Enter');
  await page.waitForFunction(() => /kept/.test(document.querySelector('[data-testid=replay-note-status]').textContent));
  check(/its target is low/.test(await page.textContent('[data-testid=replay-note]')), 'the note is shown');
  await page.click('[data-testid=replay-share]');
  await page.waitForSelector('[data-testid=replay-share-url]');
  const url = await page.inputValue('[data-testid=replay-share-url]');
  check(url.startsWith(BASE + '/#/replay-link/1.'), 'the link opens this site: ' + url.slice(0, 60));
  const other = await newPage(browser);
  await other.page.goto(url);
  await other.page.waitForFunction(() => /Step 0 of 78/.test((document.querySelector('[data-testid=replay-step]') || {}).textContent || ''));
  await other.page.keyboard.press('ArrowRight');
  await other.page.waitForFunction(() => /Step 1 of/.test(document.querySelector('[data-testid=replay-step]').textContent));
  check(/its target is low/.test(await other.page.textContent('[data-testid=replay-note]')), 'the link carries the note');
  check((await other.page.locator('[data-testid=replay-note-open]').count()) === 0, 'the shared replay is read-only');
  // That browser holds no game: the replay came from the link alone.
  await other.page.goto(BASE + '/#/history');
  await other.page.waitForSelector('[data-testid=hist-empty]');
  checkNoErrors(page, 'replay notes');
  checkNoErrors(other.page, 'replay link');
  await other.ctx.close();
  await ctx.close();
});

test('corrupted save: its message, a usable page, the unreadable copy kept', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await startNorthwood(page, 'intro', 5);
  for (let i = 0; i < 3; i++) check(await playOne(page, 0), 'a move');
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-northwood]');
  // Garbage in place of the saved games, and a newer version number.
  const garbage = Array.from({ length: 3000 }, (_, i) => (i * 37 + 11) % 256);
  const version = await page.evaluate((bytes) => new Promise((resolve, reject) => {
    const req = indexedDB.open('trickwood', 1);
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction('files', 'readwrite');
      const store = tx.objectStore('files');
      const get = store.get('version');
      get.onsuccess = () => {
        const v = (get.result || 0) + 1;
        store.put(new Uint8Array(bytes), 'db');
        store.put(v, 'version');
        tx.oncomplete = () => { db.close(); resolve(v); };
      };
      tx.onerror = () => reject(tx.error);
    };
  }), garbage);
  check(version > 1, 'the store held saved games (version ' + version + ')');
  await page.reload();
  await page.waitForSelector('[data-testid=start-northwood]');
  await page.waitForSelector('[data-testid=local-notice-storage-corrupt]', { timeout: 20000 });
  const text = await page.textContent('[data-testid=local-notice-storage-corrupt]');
  check(/could not be read/.test(text) && /unreadable-/.test(text), 'the message says the games could not be read and where the copy is: ' + text);
  await shot(page, 'site-corrupt');
  // The unreadable copy is kept, byte for byte.
  const keys = await storedKeys(page);
  const aside = keys.filter((k) => k.startsWith('unreadable-'));
  check(aside.length === 1, 'one unreadable copy is kept: ' + keys.join(', '));
  const kept = await page.evaluate((key) => new Promise((resolve) => {
    const req = indexedDB.open('trickwood', 1);
    req.onsuccess = () => {
      const g = req.result.transaction('files').objectStore('files').get(key);
      g.onsuccess = () => { req.result.close(); resolve(Array.from(new Uint8Array(g.result))); };
    };
  }), aside[0]);
  check(kept.length === garbage.length && kept.every((b, i) => b === garbage[i]), 'the kept copy holds the unreadable bytes');
  // The page stays usable: a new game starts and plays.
  await startNorthwood(page, 'intro', 6);
  for (let i = 0; i < 3; i++) check(await playOne(page, 0), 'a move after the fresh start');
  // A reload now reads the fresh store: no message, the game is there,
  // the copy is still kept.
  const v = await versionOf(page);
  await page.reload();
  await page.waitForSelector('[data-testid=prompt]');
  check((await versionOf(page)) === v, 'the new game is saved');
  check((await page.locator('[data-testid=local-notice-storage-corrupt]').count()) === 0, 'no message once the store is readable');
  check((await storedKeys(page)).filter((k) => k.startsWith('unreadable-')).join() === aside.join(), 'the unreadable copy is still kept');
  checkNoErrors(page, 'corrupt');
  await ctx.close();
});

test('no WebAssembly: the page says so, no uncaught error', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await ctx.addInitScript(() => { delete globalThis.WebAssembly; });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=local-unsupported]');
  const text = await page.textContent('[data-testid=local-unsupported]');
  check(/WebAssembly/.test(text), 'the message names what is missing: ' + text);
  check(await page.evaluate(() => typeof WebAssembly === 'undefined'), 'the page really has no WebAssembly');
  // Starting a game anyway: an error on the page, no crash.
  await page.click('[data-testid=start-nw]');
  await page.waitForFunction(() => /WebAssembly/.test(document.body.innerText.replace(document.querySelector('[data-testid=local-unsupported]').innerText, '')), null, { timeout: 10000 });
  check((await page.locator('[data-testid=start-northwood]').count()) + (await page.locator('.panel.error').count()) > 0, 'the page stays up');
  await shot(page, 'site-no-wasm');
  checkNoErrors(page, 'no wasm');
  await ctx.close();
});

// The For Northwood! deal the page shows at the start: the rulers of
// the eight fiefs (names without suit signs) and the hand.
async function dealOnPage(page) {
  const rulers = await page.$$eval('.fief .fief-ruler', (els) => els.map((e) => e.textContent.replace(/[^A-Za-z ]/g, ' ').replace(/\s+/g, ' ').trim()));
  return { rulers, hand: (await handOf(page)).sort() };
}

// The same from the first screen of a native replay.
function dealOfNative(out) {
  const first = out.split(/\nStep 1 of/)[0];
  const rulers = [...first.matchAll(/^\s+\d\s+\d\s+★+\s+(.+?)\s{2,}unvisited$/gm)].map((m) => m[1].replace(/[^A-Za-z ]/g, ' ').replace(/\s+/g, ' ').trim());
  const handLine = /Your hand \(\d+\): (.*)/.exec(first);
  const suits = { '♠': 'C', '✿': 'F', '♣': 'L', '◉': 'E' };
  // each card reads value, the letter typed for its suit, then its symbol ("7C♠")
  const hand = handLine ? [...handLine[1].matchAll(/(\d+)[A-Z]?([♠✿♣◉])/g)].map((m) => m[1] + suits[m[2]]).sort() : [];
  return { rulers, hand };
}

test('same seed, same deal: a seeded Northwood game in the browser and in the terminal', async (browser) => {
  const { ctx, page } = await newPage(browser);
  const seed = 31337;
  const id = await startNorthwood(page, 'intro', seed);
  const deal = await dealOnPage(page);
  check(deal.rulers.length === 8 && deal.hand.length === 8, 'eight rulers and a hand of eight: ' + JSON.stringify(deal));
  const steps = await playToEnd(page, 600, (i) => (i % 4 === 3 ? 1 : 0));
  const shown = await pageResult(page);
  const { file, record } = await downloadRecord(page, id, 'site-northwood-seed-' + seed);
  check(record.game === 'northwood' && record.seed === seed, 'the record keeps the seed chosen: ' + record.seed);
  check(record.config && record.config.setup === 'intro', 'the record keeps the setup');
  const native = nativeReplay(file);
  const nativeDeal = dealOfNative(native.out);
  check(nativeDeal.rulers.join('|') === deal.rulers.join('|'), 'the same rulers: ' + deal.rulers.join(', ') + ' / ' + nativeDeal.rulers.join(', '));
  check(nativeDeal.hand.join(' ') === deal.hand.join(' '), 'the same first hand: ' + deal.hand.join(' ') + ' / ' + nativeDeal.hand.join(' '));
  checkSameResult(native, shown, 'seeded Northwood');
  checkNoErrors(page, 'seed');
  console.log(`   (${steps} actions; ${shown.stars} stars, medal ${shown.medal} in both)`);
  await ctx.close();
});

test('two tabs: a move in one shows in the other without reload, none is lost', async (browser) => {
  const { ctx, page: a } = await newPage(browser);
  // Seed 7: four ready allies, so choosing a fief shows no card yet (it can be undone).
  const id = await startNorthwood(a, 'intro', 7);
  const b = watchErrors(await ctx.newPage());
  await b.goto(a.url());
  await b.waitForSelector('[data-testid=prompt]');
  check((await versionOf(b)) === 0 && (await versionOf(a)) === 0, 'both tabs show the new game');
  // An undo in one tab takes the other back too.
  await b.locator('#main [data-action="visit 0"]').first().click();
  await waitVersion(b, 1);
  await waitVersion(a, 1, 10000).catch(() => { throw new Error('tab A did not show the move of tab B without reload'); });
  await b.click('[data-testid=undo]');
  await a.waitForFunction(() => Number(document.querySelector('[data-testid=version]').getAttribute('data-version')) === 0, null, { timeout: 10000 })
    .catch(() => { throw new Error('tab A did not show the undo of tab B without reload'); });
  check((await a.locator('#main [data-action="visit 0"]').count()) > 0, 'tab A offers the fief choice again');
  const played = [];
  // Turn about: a move in one tab shows in the other by itself.
  for (let i = 0; i < 6; i++) {
    const [me, other] = i % 2 ? [a, b] : [b, a];
    const v = await versionOf(me);
    const act = await playOne(me, 0);
    check(act, 'a legal choice in the tab that moves');
    played.push(act);
    await waitVersion(other, v + 1, 10000).catch(() => { throw new Error(`the other tab did not show version ${v + 1} without reload`); });
    check((await versionOf(other)) === v + 1, 'the other tab shows the new version');
    check((await handOf(other)).join() === (await handOf(me)).join(), 'both tabs show the same hand');
  }
  // Both tabs take the same turn at once: one move stands, the other is
  // refused as stale, and both tabs agree. (At once for sure: the test
  // holds the lock the tabs' workers take for each request, named in
  // web/engine/worker.js, while both clicks are sent.)
  const v = await versionOf(a);
  const choice = (await choicesOf(a))[0];
  await a.evaluate(() => new Promise((held) => {
    navigator.locks.request('trickwood-games', () => new Promise((release) => { window.twRelease = release; held(); }));
  }));
  const press = (act) => { const e = document.querySelector(`#main [data-action="${act}"]`); if (e) e.click(); return !!e; };
  const pressed = await Promise.all([a.evaluate(press, choice), b.evaluate(press, choice)]);
  check(pressed[0] && pressed[1], 'both tabs took the same turn at once');
  await a.waitForTimeout(300);
  check((await versionOf(a)) === v && (await versionOf(b)) === v, 'both moves wait for the lock');
  await a.evaluate(() => window.twRelease());
  await waitVersion(a, v + 1);
  await waitVersion(b, v + 1);
  await a.waitForTimeout(500);
  const told = [(await a.textContent('#toast')) || '', (await b.textContent('#toast')) || ''].filter((x) => /moved on meanwhile/.test(x));
  check(told.length === 1, 'the tab whose click came second is told the game moved on (' + told.length + ' tabs)');
  played.push(choice);
  for (const [p, who] of [[a, 'tab A'], [b, 'tab B']]) {
    const st = await engineState(p, id);
    check(st.version === v + 1, `${who}: exactly one of the two same moves stands (version ${st.version}, expected ${v + 1})`);
    check(st.log.map((e) => e.action).join('|') === played.join('|'), `${who}: every move of both tabs is kept: ` + st.log.map((e) => e.action).join(', '));
    check((await versionOf(p)) === v + 1, who + ' shows the last version');
  }
  // After a reload of both, the same.
  for (const p of [a, b]) {
    await p.reload();
    await p.waitForSelector('[data-testid=prompt]');
    check((await versionOf(p)) === played.length, 'after a reload every move is there (' + (await versionOf(p)) + ')');
  }
  checkNoErrors(a, 'tab A');
  checkNoErrors(b, 'tab B');
  await ctx.close();
});

// Serves dir with the same plain static file server on another free
// port; resolves with its address and a function that stops it.
async function staticServer(dir, probe) {
  const port = await new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => { const p = srv.address().port; srv.close(() => resolve(p)); });
  });
  const child = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir], { stdio: 'ignore' });
  const url = 'http://127.0.0.1:' + port;
  const stop = () => { try { child.kill(); } catch (e) { /* gone */ } };
  for (let i = 0; i < 150; i++) {
    try { if ((await fetch(url + probe)).ok) return { url, stop }; } catch (e) { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error('the second static file server did not start');
}

// The version the service worker controlling the page says it is.
async function swVersion(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const sw = navigator.serviceWorker;
    if (!sw.controller) { resolve(null); return; }
    sw.addEventListener('message', (e) => { if (e.data && e.data.version) resolve(e.data.version); });
    sw.controller.postMessage('version');
    setTimeout(() => resolve(null), 5000);
  }));
}

test('update: a new version waits until accepted, then replaces the old one; another copy on the host keeps its own', async (browser) => {
  // Two copies of the site on one host, /a/ and /b/, from a second
  // server (this test changes its files).
  const dir = mkdtempSync(join(tmpdir(), 'tw-site-update-'));
  for (const copy of ['a', 'b']) cpSync(SITE_DIR, join(dir, copy), { recursive: true });
  const server = await staticServer(dir, '/a/version.json');
  const { ctx, page } = await newPage(browser);
  try {
    const A = server.url + '/a/';
    const B = server.url + '/b/';
    await page.goto(B + '#/');
    await page.waitForSelector('[data-testid=start-northwood]');
    await waitServiceWorker(page);
    await page.goto(A + '#/');
    await page.waitForSelector('[data-testid=start-northwood]');
    await waitServiceWorker(page);
    const v1 = await swVersion(page);
    check(v1 && v1 === JSON.parse(readFileSync(join(dir, 'a', 'version.json'), 'utf8')).version, 'the service worker says its version: ' + v1);
    const id = await startNorthwood(page, 'intro', 21, A);
    for (let i = 0; i < 3; i++) check(await playOne(page, 0), 'a move before the update');
    // A new version of /a/ on the host (another service worker file).
    const v2 = v1 + '-2';
    const swFile = join(dir, 'a', 'sw.js');
    writeFileSync(swFile, readFileSync(swFile, 'utf8').replace(`const VERSION = '${v1}';`, `const VERSION = '${v2}';`));
    check(readFileSync(swFile, 'utf8').includes(v2), 'the new version is written');
    await page.reload();
    await page.waitForSelector('[data-testid=update-ready]', { timeout: 30000 });
    check((await swVersion(page)) === v1, 'until accepted, the old version still serves the page');
    const v = await versionOf(page);
    check(await playOne(page, 0), 'the game goes on meanwhile');
    await shot(page, 'site-update-ready');
    // Accepted: the page reloads on the new version, the game is kept.
    await Promise.all([page.waitForEvent('load', { timeout: 30000 }), page.click('[data-testid=update-reload]')]);
    await page.waitForSelector('[data-testid=prompt]');
    check(gameIdOf(page) === id && (await versionOf(page)) === v + 1, 'the game is there after the update');
    let now = null;
    for (let i = 0; i < 40 && now !== v2; i++) {
      now = await swVersion(page);
      if (now !== v2) await page.waitForTimeout(250);
    }
    check(now === v2, 'the new version serves the page: ' + now);
    check(await page.evaluate(async () => !(await navigator.serviceWorker.getRegistration()).waiting), 'no version is waiting any more');
    check((await page.locator('[data-testid=update-ready]').count()) === 0, 'no update offered any more');
    const keys = await page.evaluate(() => caches.keys());
    check(keys.some((k) => k.endsWith(v2)) && !keys.some((k) => k.endsWith(v1) && !k.includes('/b/')),
      'the new version\'s cache is there, the old one of /a/ gone: ' + keys.join(', '));
    // Both copies still open with the network cut: /a/ on its new cache,
    // /b/ on its own, which the update of /a/ did not remove.
    await ctx.setOffline(true);
    await page.reload();
    await page.waitForSelector('[data-testid=prompt]');
    check(await playOne(page, 0), 'the updated copy plays offline');
    const opened = await page.goto(B + '#/').then(() => page.waitForSelector('[data-testid=start-northwood]', { timeout: 10000 }))
      .then(() => true, () => false);
    check(opened, 'the other copy of the site still opens offline (its cache was kept: ' + keys.join(', ') + ')');
    await startNorthwood(page, 'intro', undefined, B);
    check(await playOne(page, 0), 'the other copy plays offline');
    await ctx.setOffline(false);
    checkNoErrors(page, 'update', /ERR_INTERNET_DISCONNECTED/);
  } finally {
    await ctx.close().catch(() => {});
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function main() {
  let browser = null;
  try {
    browser = await chromium.launch(LAUNCH);
  } catch (e) {
    console.log('could not start Chromium: ' + e.message);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  await runTests(browser, tests, ART, (tc) => !ONLY || tc.name.includes(ONLY));
}

main();
