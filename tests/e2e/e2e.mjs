// End-to-end tests of the Trickwood web app in headless Chromium (Debian's
// /usr/bin/chromium driven by playwright-core; no browser download). They
// drive the real `trickwood serve` started by run.sh, whose address comes
// in TW_BASE_URL. Screenshots go to TW_ARTIFACTS. The last line printed is
// "N passed, N failed".

import { chromium } from 'playwright-core';
import { runTests, registry, check, versionOf, isOver, newPage, watchErrors } from './harness.mjs';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import http from 'node:http';

const { tests, test } = registry();

const BASE = process.env.TW_BASE_URL || 'http://127.0.0.1:18080';
const EXE = process.env.TW_CHROMIUM || '/usr/bin/chromium';
const ART = process.env.TW_ARTIFACTS || 'build/e2e-artifacts';
const ONLY = process.argv[2] || '';
// TW_E2E_SITE=1: the pages come from the static site (tests/e2e/run-site.sh),
// whose engine runs in the page. Then only the tests listed here run: the
// pages are the same files as the server's, so the site runs those that
// check what its own back end could change (the start page, the phone
// layout at every decision of whole games, the one-tap setting, a reload
// mid-game); the others need a second browser at one table, the server's
// archive or games left by earlier tests (each test's browser context has
// a storage of its own there). TW_E2E_SITE_ALL=1 runs every test that
// goes through the pages alone.
const SITE = process.env.TW_E2E_SITE === '1';
const SITE_TESTS = process.env.TW_E2E_SITE_ALL === '1' ? [
  'start page:', 'northwood: a full game in the browser', 'phone-size screen:', 'keyboard alone:', 'language:',
  'reopening a game in progress:', 'northwood: a full deal with crown allies played to the end, in English',
  'fox duet: the path is a drawing', 'phone 390x844:', 'phone 360x740', 'one tap:', 'laptop ', 'tutorial ', 'rules:',
] : ['start page:', 'reopening a game in progress:', 'phone 390x844: at every decision', 'one tap:', 'rules:'];
mkdirSync(ART, { recursive: true });

// Saves a screenshot under the artifacts folder.
async function shot(page, name, full) {
  await page.screenshot({ path: join(ART, name + '.png'), fullPage: !!full });
}


// Fails when the page reported a script error.
function checkNoErrors(page, who) {
  const real = page.errors.filter((e) => !/EventSource|ERR_INCOMPLETE_CHUNKED|net::ERR_ABORTED|Failed to load resource/.test(e));
  check(real.length === 0, `${who}: page errors: ${real.join(' | ')}`);
}



// Clicks one legal choice (skipping "stop" when possible) and waits until
// the page shows a newer version. Uses the number key when asked and the
// choice has one. Returns the action's notation, or null if none.
async function playOne(page, useKeys, pickIndex) {
  const actions = await page.$$eval('#main [data-action]', (els) => els.map((e) => ({
    action: e.getAttribute('data-action'), key: e.getAttribute('data-choice-index'),
  })));
  if (!actions.length) return null;
  const usable = actions.filter((a) => a.action !== 'stop');
  const list = usable.length ? usable : actions;
  const choice = list[(pickIndex || 0) % list.length];
  const before = await versionOf(page);
  if (useKeys && choice.key !== null) {
    await page.keyboard.press('1234567890-='[Number(choice.key)]);
  } else {
    await page.locator(`#main [data-action="${choice.action}"]`).first().click();
  }
  await page.waitForFunction((v) => {
    const n = document.querySelector('[data-testid=version]');
    return (n && Number(n.getAttribute('data-version')) > v) || document.querySelector('[data-testid=game-over]');
  }, before, { timeout: 20000 });
  return choice.action;
}

// Starts a For Northwood! game from the start page with a seed.
async function startNorthwood(page, seed) {
  await page.goto(BASE + '/#/');
  const form = page.locator('[data-testid=start-northwood]');
  await form.locator('summary').click();
  await page.fill('[data-testid=nw-seed]', String(seed));
  await page.click('[data-testid=start-nw]');
  await page.waitForSelector('[data-testid=prompt]');
}

// ---------------------------------------------------------------------

test('start page: no stray text in a fresh browser', async (browser) => {
  const { ctx, page } = await newPage(browser); // a new context: no game kept yet
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-northwood]');
  const stray = await page.$$eval('#main', (els) => [...els[0].childNodes]
    .filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()).map((n) => n.textContent));
  check(stray.length === 0, 'no loose text under the game cards: ' + stray.join(' | '));
  const text = await page.locator('#main').innerText();
  check(!/\bnull\b|\bundefined\b|\{\w+\}/.test(text), 'no "null", "undefined" or unfilled mark on the start page');
  checkNoErrors(page, 'start page');
  await ctx.close();
});

test('northwood: a full game in the browser, with hint and log', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await startNorthwood(page, 2024);
  await page.waitForSelector('.fief');
  check((await page.locator('.fief').count()) === 8, 'eight fiefs are shown');
  check((await page.locator('.ally').count()) === 4, 'four ally slots are shown');
  check((await page.locator('.hand [data-card]').count()) === 8, 'a hand of eight cards');
  const tipText = await page.locator('.fief .tip').first().textContent();
  check(tipText && tipText.length > 10, 'a ruler shows its ability text');
  // The focus the new table puts on its first choice opens no tip over the allies.
  check((await page.locator('.fief .tip:visible').count()) === 0, 'no ruler tip is open when the game opens');
  const rulersAtStart = await page.$$eval('.fief-ruler', (els) => els.map((e) => e.textContent).join('|'));
  await shot(page, 'northwood-start');

  // A hint, with its odds, highlights one of the legal choices.
  await page.click('.hint-button');
  await page.waitForFunction(() => /%|unknown/.test((document.querySelector('.hint-box') || {}).textContent || ''), null, { timeout: 60000 });
  check((await page.locator('#main .hinted').count()) === 1, 'the hinted choice is highlighted');
  // What the chance means comes open with the first hint, behind an (i)
  // after that.
  const about = page.locator('#main [data-testid=hint-about]');
  check((await about.count()) === 1 && (await about.getAttribute('open')) !== null, 'the first hint opens what its chance means');
  check(/±/.test(await about.textContent()), 'the note says what ± covers');
  const v1 = await versionOf(page);
  await page.locator('#main .hinted').first().click();
  await waitVersion(page, v1 + 1);
  await page.click('.hint-button');
  await page.waitForFunction(() => /%|unknown/.test((document.querySelector('.hint-box') || {}).textContent || ''), null, { timeout: 60000 });
  check((await about.count()) === 1 && (await about.getAttribute('open')) === null, 'a later hint keeps the note closed behind its (i)');
  check(!(await about.locator('span').isVisible()), 'the closed note does not show its text');

  let steps = 0;
  const seen = new Set();
  while (!(await isOver(page)) && steps < 600) {
    const a = await playOne(page, steps % 3 === 1, steps);
    if (!a) throw new Error('no legal choice on screen and the game is not over');
    seen.add(a.split(' ')[0]);
    steps++;
    if (steps === 40) await shot(page, 'northwood-mid');
  }
  check(await isOver(page), 'the game reached its end screen');
  for (const verb of ['visit', 'respond']) check(seen.has(verb), 'played a ' + verb + ' action');
  const summary = await page.locator('[data-testid=game-over]').textContent();
  check(/★|stars/.test(summary) && /medal/i.test(summary), 'the end screen tells the stars and the medal: ' + summary);
  const wonMedal = summary.match(/won the (\w+) medal/);
  const reachedMedal = summary.match(/Medal reached: (\w+)/);
  check(!wonMedal || (reachedMedal && wonMedal[1] === reachedMedal[1]), 'a win names the medal reached: ' + summary);
  const logCount = await page.locator('[data-testid=log] li').count();
  check(logCount > 10, 'the log lists what happened');
  const logText = await page.locator('[data-testid=log]').textContent();
  check(!/\{\w+\}/.test(logText), 'every log line is filled in: ' + (logText.match(/[^.]*\{\w+\}[^.]*/) || [''])[0]);
  check((await page.locator('#main [data-action]').count()) === 0, 'no choice is left after the end');
  // The header tells the game as it ended: no stars "still possible", no
  // fief "visiting now", no running score.
  const header = await page.locator('#main').textContent();
  check(!/still possible|visiting now/.test(header), 'the ended table says nothing is still to come: ' +
    (header.match(/[^.]*(still possible|visiting now)[^.]*/) || [''])[0]);
  check(/Stars won: \d+/.test(await page.textContent('[data-testid=stars]')), 'the stars pill gives the stars won');
  // The end summary tells the game visit by visit: a row per visit with
  // its score against its target, and friendly exactly when they match.
  // Beside it, the player's totals at this setup (this game counted).
  await page.waitForFunction(() => /Your games at this setup: \d+ played/.test((document.querySelector('[data-testid=end-totals]') || {}).textContent || ''));
  // (A visit the player finished once decided shows its score when finished.)
  const visitRows = await page.$$eval('[data-testid=end-visits] tbody tr', (rows) => rows.map((r) => ({
    cells: [...r.cells].map((c) => c.textContent), early: !!r.querySelector('[data-early]') })));
  check(visitRows.length >= 1 && visitRows.length <= 8, 'a row per visit (' + visitRows.length + ')');
  for (const { cells, early } of visitRows) {
    const m = /^(\d+) \/ (\d+)/.exec(cells[2]);
    check(m && (early || (m[1] === m[2]) === (cells[4] === 'friendly')), 'a visit is friendly exactly when its score hits its target: ' + cells.join(' | '));
  }
  check((await page.locator('[data-testid=score]').count()) === 0, 'no running score after the end');
  await shot(page, 'northwood-end', true);
  const endUrl = page.url();

  // From the end screen, the analysis of the game just played.
  await page.click('[data-testid=analysis-link]');
  await checkAnalysis(page, /target/, 'northwood');

  // "Play this deal again" from the end screen: a new game, same setup and
  // seed: the same rulers.
  await page.goto(endUrl);
  await page.waitForSelector('[data-testid=play-again]');
  await page.click('[data-testid=play-again]');
  await page.waitForFunction((u) => location.href !== u && document.querySelector('[data-testid=prompt]'), endUrl);
  await page.waitForSelector('.fief-ruler');
  check(await versionOf(page) === 0, 'the deal played again starts a new game');
  const rulersAgain = await page.$$eval('.fief-ruler', (els) => els.map((e) => e.textContent).join('|'));
  check(rulersAgain === rulersAtStart, 'the deal played again has the same rulers: ' + rulersAgain + ' / ' + rulersAtStart);
  checkNoErrors(page, 'northwood');
  console.log(`   (${steps} actions, ${[...seen].join(', ')})`);
  await ctx.close();
});

// Checks the analysis page on screen: one row per judged decision with its
// chances, the costliest rows highlighted and listed, what the chances
// mean (meaning: a pattern of that line), a row's button opening the
// replay at that decision's step, and a hint asked there.
async function checkAnalysis(page, meaning, who) {
  await page.waitForSelector('[data-testid=analysis-table]', { timeout: 60000 });
  const rows = await page.locator('[data-testid=analysis-row]').count();
  check(rows > 3, who + ': the analysis lists the decisions (' + rows + ')');
  check(meaning.test(await page.textContent('[data-testid=analysis-meaning]')), who + ': the analysis says what its chances mean');
  const table = await page.textContent('[data-testid=analysis-table]');
  check(/\d%/.test(table), who + ': the rows show chances');
  check(!/\{\w+\}/.test(await page.textContent('#main')), who + ': every text of the analysis is filled in');
  // Every move is named by what it refers to (an ally by its character),
  // never by a slot number, and no chance shows a margin too wide to mean
  // anything (those say "unsure").
  const moves = (await page.locator('[data-testid=analysis-played], [data-testid=analysis-best]').allTextContents()).join(' | ');
  check(!/#\d/.test(moves), who + ': moves are named, not numbered: ' + (moves.match(/[^|]*#\d[^|]*/) || [''])[0]);
  if (who === 'northwood' && /\bUse /.test(moves)) check(/Use (King|Queen|Jack|Prince|Lady|Baron) of /.test(moves), who + ': an ability is named by its character');
  for (const m of moves.matchAll(/%\s*± (\d+)/g)) check(Number(m[1]) <= 20, who + ': a margin over 20 points is shown as unsure: ' + m[0]);
  const costly = await page.locator('[data-testid=analysis-row].costly').count();
  const listed = await page.locator('ol[data-testid=analysis-costliest] li').count();
  check(costly === listed && costly <= 5, who + ': the costliest rows are highlighted and listed (' + costly + ', ' + listed + ')');
  await shot(page, 'analysis-' + who, true);
  // A decision's button opens the replay at its step (the costliest, or the second row).
  const target = costly ? page.locator('[data-testid=analysis-row].costly').first() : page.locator('[data-testid=analysis-row]').nth(1);
  const step = Number(await target.getAttribute('data-step'));
  await target.locator('[data-testid=analysis-jump]').click();
  await page.waitForFunction((k) => {
    const n = document.querySelector('[data-testid=replay-step]');
    const m = n && /Step (\d+) of/.exec(n.textContent);
    return m && Number(m[1]) === k;
  }, step);
  // The hint can be asked at this replay step.
  await page.click('[data-testid=replay-hint-button]');
  await page.waitForFunction(() => /%/.test((document.querySelector('[data-testid=replay-hint]') || {}).textContent || ''), null, { timeout: 60000 });
  await shot(page, 'analysis-replay-' + who, true);
}

// Cards seen by a page, from its own state replies: its hand, the trick,
// the decree, the last trick and the partner's known cards.
function seenCards(stateReplies) {
  const seen = new Set();
  for (const st of stateReplies) {
    const v = st.view || {};
    for (const c of v.hand || []) seen.add(c);
    for (const c of v.partner_known || []) seen.add(c);
    for (const x of v.trick || []) if (x && x.card) seen.add(x.card);
    if (v.decree) seen.add(v.decree);
    const lt = st.last_trick || v.last_trick;
    if (lt) for (const x of lt.cards || []) if (x) seen.add(x.card || x);
  }
  return seen;
}

// Words that would show a card in a page: its code and its names.
function cardPatterns(code) {
  const m = /^(\d+)([DRS])$/.exec(code);
  const suitEn = { D: 'Doves', R: 'Roses', S: 'Stars' }[m[2]];
  const suitFr = { D: 'Colombes', R: 'Roses', S: 'Étoiles' }[m[2]];
  return [
    new RegExp('(^|[^0-9A-Za-z])' + code + '([^0-9A-Za-z]|$)'),
    new RegExp('(^|[^0-9])' + m[1] + ' (of|de) (' + suitEn + '|' + suitFr + ')'),
  ];
}

// Checks that the partner's secret cards appear neither in a page's DOM nor
// in any API reply it received. Returns the number of cards checked.
async function checkHidden(page, replies, partnerHand, who) {
  const seen = seenCards(replies.map((r) => r.json));
  const secret = partnerHand.filter((c) => !seen.has(c));
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  for (const c of secret) {
    for (const re of cardPatterns(c)) {
      check(!re.test(html), `${who}: the partner's card ${c} appears in the page`);
      check(!re.test(stored), `${who}: the partner's card ${c} is stored by the page`);
      for (const r of replies) check(!re.test(r.text), `${who}: the partner's card ${c} was sent in ${r.url}`);
    }
  }
  for (const r of replies) check(!/"hands"/.test(r.text), `${who}: a reply holds both hands: ${r.url}`);
  return secret.length;
}

// Records every JSON reply of the game API a page receives.
function recordReplies(page) {
  const replies = [];
  page.on('response', async (res) => {
    const url = res.url();
    if (!/\/api\/games\//.test(url) || /\/events/.test(url)) return;
    try {
      const text = await res.text();
      replies.push({ url, text, json: /\/state/.test(url) ? JSON.parse(text) : {} });
    } catch (e) { /* the page went away */ }
  });
  return replies;
}

// The card codes a page shows in its hand.
async function handOf(page) {
  return page.$$eval('[data-testid=hand] [data-card]', (els) => els.map((e) => e.getAttribute('data-card')));
}

// Waits until the page shows version v (or the end).
async function waitVersion(page, v) {
  await page.waitForFunction((want) => {
    const n = document.querySelector('[data-testid=version]');
    return n && Number(n.getAttribute('data-version')) >= want;
  }, v, { timeout: 20000 });
}

// Opens a Duet table for a friend from the start page with a seed; returns
// the game's id and the join link the page shows.
async function openFriendTable(page, seed) {
  await page.goto(BASE + '/#/');
  const form = page.locator('[data-testid=start-fox]');
  await form.locator('input[name=partner][value=human]').check();
  await form.locator('summary').click();
  await page.fill('[data-testid=fox-seed]', String(seed));
  await page.click('[data-testid=start-fox-button]');
  await page.waitForSelector('[data-testid=join-link]');
  const id = decodeURIComponent(/#\/play\/([^/]+)/.exec(page.url())[1]);
  return { id, joinUrl: await page.inputValue('[data-testid=join-link]') };
}

// The Duet played online by two windows (a seeded game of 74 actions):
// the analysis test reads its history, which takes a known, short time.
let onlineFoxGame = null;

test('fox duet: two browser windows play a whole game online', async (browser) => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  // Window B asked to be told when it is its turn, and is out of sight:
  // the notifications it would show are kept in window.__notes.
  await b.ctx.addInitScript(() => {
    window.__notes = [];
    window.Notification = class { constructor(title, opts) { window.__notes.push({ title, body: opts && opts.body }); } };
    window.Notification.permission = 'granted';
    window.Notification.requestPermission = async () => 'granted';
    document.hasFocus = () => false;
    localStorage.setItem('tw.notifyTurn', '1');
  });
  const repliesA = recordReplies(a.page);
  const repliesB = recordReplies(b.page);
  const opened = await openFriendTable(a.page, 77);
  onlineFoxGame = opened.id;
  const joinUrl = opened.joinUrl;
  check(/#\/join\//.test(joinUrl), 'the share link is a join link: ' + joinUrl);
  const noteA = await a.page.locator('[data-testid=board-note]').textContent();
  check(/public web implementation/i.test(noteA) && !/reconstruction/i.test(noteA), 'the side A note says where its layout comes from: ' + noteA);
  await shot(a.page, 'fox-table-open');

  await b.page.goto(joinUrl);
  await b.page.waitForSelector('[data-testid=hand] [data-card]');
  // The first page learns without a reload that the partner arrived.
  await a.page.waitForSelector('[data-testid=join-link]', { state: 'detached', timeout: 20000 });
  check((await a.page.locator('[data-testid=partner-hand] .card').count()) === 11, 'the partner hand is 11 card backs');
  check((await a.page.locator('[data-testid=partner-hand] [data-card]').count()) === 0, 'the partner hand shows no card face');
  await shot(a.page, 'fox-a-start');
  await shot(b.page, 'fox-b-start');

  let steps = 0;
  let checked = 0;
  const verbs = new Set();
  const pages = [a.page, b.page];
  while (steps < 500) {
    if ((await isOver(a.page)) && (await isOver(b.page))) break;
    let acted = null;
    for (let i = 0; i < 2 && !acted; i++) {
      const p = pages[i];
      if ((await p.locator('#main [data-action]').count()) === 0) continue;
      const before = await versionOf(p);
      const action = await playOne(p, steps % 4 === 3, steps);
      if (!action) continue;
      acted = { page: p, other: pages[1 - i], version: before + 1, action };
      verbs.add(action.split(' ')[0]);
    }
    if (!acted) {
      // Neither page has a choice: wait for the event stream to bring one.
      await Promise.race(pages.map((p) => p.waitForSelector('#main [data-action], [data-testid=game-over]', { timeout: 20000 })));
      continue;
    }
    steps++;
    // The other window follows through the event stream, without reload.
    await waitVersion(acted.other, acted.version);
    // The title of each window says whether it is its turn.
    for (const p of pages) {
      if (await isOver(p)) continue;
      const mine = (await p.locator('#main [data-action]').count()) > 0;
      const title = await p.title();
      check(mine === title.startsWith('● Your turn'), 'the title tells the turn (' + mine + '): ' + title);
    }
    const handA = await handOf(a.page);
    const handB = await handOf(b.page);
    check(handA.every((c) => !handB.includes(c)), 'no card is in both hands');
    if (!(await isOver(a.page))) {
      checked += await checkHidden(a.page, repliesA, handB, 'window A');
      checked += await checkHidden(b.page, repliesB, handA, 'window B');
    }
    if (steps === 30) { await shot(a.page, 'fox-a-mid'); await shot(b.page, 'fox-b-mid'); }
  }
  check(await isOver(a.page) && await isOver(b.page), 'both windows show the end of the game');
  const endA = await a.page.locator('[data-testid=game-over]').textContent();
  const endB = await b.page.locator('[data-testid=game-over]').textContent();
  check(endA === endB, 'both windows tell the same result');
  // The end summary tells the game round by round: 11 tricks a round
  // played to its end, and no more gems than the level has.
  const rounds = await a.page.$$eval('[data-testid=end-rounds] tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => Number(c.textContent))));
  check(rounds.length >= 1 && rounds.length <= 3, 'a row per round (' + rounds.length + ')');
  check(rounds.slice(0, -1).every((r) => r[2] + r[3] === 11), 'each finished round has 11 tricks: ' + JSON.stringify(rounds));
  check(rounds.every((r) => r[1] >= 0 && r[1] <= 12 && r[4] >= 0), 'gems and path exits are counts: ' + JSON.stringify(rounds));
  check(rounds[0][0] === 1, 'the first round is listed too: ' + JSON.stringify(rounds));
  const placed = rounds.reduce((n, r) => n + r[5], 0);
  check(placed >= 0 && placed <= 4, 'the forest tokens placed, at most the level\'s four: ' + JSON.stringify(rounds));
  check(checked > 100, 'hidden cards were checked (' + checked + ')');
  const notes = await b.page.evaluate(() => window.__notes);
  check(notes.length > 5 && notes.every((n) => n.title === 'Your turn' && /partner has played/.test(n.body)),
    'window B was told of its turns: ' + JSON.stringify(notes.slice(0, 2)) + ' (' + notes.length + ')');
  check((await a.page.title()).indexOf('Your turn') < 0, 'no turn mark once the game is over');
  for (const p of pages) {
    const logText = await p.locator('[data-testid=log]').textContent();
    check((await p.locator('[data-testid=log] li').count()) > 30, 'the log lists the moves of both players');
    check(!/\{\w+\}/.test(logText), 'every log line is filled in: ' + (logText.match(/[^.]*\{\w+\}[^.]*/) || [''])[0]);
  }
  await shot(a.page, 'fox-a-end', true);
  await shot(b.page, 'fox-b-end', true);
  checkNoErrors(a.page, 'window A');
  checkNoErrors(b.page, 'window B');
  console.log(`   (${steps} actions: ${[...verbs].join(', ')}; ${checked} hidden card checks)`);
  await a.ctx.close();
  await b.ctx.close();
});

// Plays the Duet at the open pages (the one whose turn it is plays its
// first legal choice, the others follow on the event stream) until
// `stop()` says so or the game ends; returns the actions taken.
async function playDuetUntil(pages, stop, limit) {
  let n = 0;
  while (n < (limit || 500) && !(await stop())) {
    if ((await Promise.all(pages.map((p) => isOver(p)))).every((x) => x)) break;
    let acted = null;
    for (const p of pages) {
      if (acted || (await p.locator('#main [data-action]').count()) === 0) continue;
      const before = await versionOf(p);
      if (await playOne(p, false, 0)) acted = before + 1;
    }
    if (acted === null) {
      await Promise.race(pages.map((p) => p.waitForSelector('#main [data-action], [data-testid=game-over]', { timeout: 20000 })));
      continue;
    }
    n++;
    for (const p of pages) await waitVersion(p, acted);
  }
  return n;
}

// The seat a page's last state reply gave it (recordReplies), or null.
function lastSeat(replies) {
  const st = replies.filter((r) => /\/state/.test(r.url) && r.json && typeof r.json.seat === 'number').pop();
  return st ? st.json.seat : null;
}

test('fox duet over days: a player closes the page mid-game, the partner plays on and waits, the first comes back to its seat and hand and plays to the end', async (browser) => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  const repliesA = recordReplies(a.page);
  const { id, joinUrl } = await openFriendTable(a.page, 78);
  const repliesB = recordReplies(b.page);
  await b.page.goto(joinUrl);
  await b.page.waitForSelector('[data-testid=hand] [data-card]');
  await a.page.waitForSelector('[data-testid=join-link]', { state: 'detached', timeout: 20000 });
  // A few tricks together.
  const first = await playDuetUntil([a.page, b.page], async () => (await versionOf(a.page)) >= 9 &&
    (await a.page.locator('#main [data-action]').count()) > 0);
  check(first >= 9, 'the two played a few moves first (' + first + ')');
  const seatB = lastSeat(repliesB);
  check(seatB === 1 - lastSeat(repliesA), 'the two pages hold the two seats: ' + lastSeat(repliesA) + ', ' + seatB);
  // B closes its page (its tab: the browser and its storage stay).
  const handB = await handOf(b.page);
  const versionClosed = await versionOf(b.page);
  const logB = await logLines(b.page);
  await b.page.close();
  // A plays on while it has a move, then waits for B: its title does not
  // say it is its turn, its prompt says whom it waits for.
  let alone = 0;
  for (let i = 0; i < 40 && (await a.page.locator('#main [data-action]').count()) > 0; i++) {
    const v = await versionOf(a.page);
    await playOne(a.page, false, 0);
    await waitVersion(a.page, v + 1);
    alone++;
  }
  check((await a.page.locator('#main [data-action]').count()) === 0, 'A waits for B after its moves');
  check(!(await a.page.title()).startsWith('● Your turn'), 'A\'s title does not say it is its turn: ' + await a.page.title());
  check(/Waiting for your partner/.test(await a.page.textContent('[data-testid=prompt]')), 'A\'s prompt says it waits for its partner');
  const versionNow = await versionOf(a.page);
  // Later, B opens the game's address again in a new tab of its browser.
  await a.page.waitForTimeout(1500);
  const back = watchErrors(await b.ctx.newPage());
  const repliesBack = recordReplies(back);
  await back.goto(BASE + '/#/play/' + encodeURIComponent(id));
  await back.waitForSelector('[data-testid=hand] [data-card]');
  await waitVersion(back, versionNow);
  check(lastSeat(repliesBack) === seatB, 'B is back at its seat (' + lastSeat(repliesBack) + ', was ' + seatB + ')');
  check(!(await back.locator('[data-testid=join-link]').count()) && !(await back.locator('[data-testid=join-error]').count()),
    'B is not asked to join again');
  const handBack = await handOf(back);
  // (only B's own moves change its hand, and B made none while away)
  check([...handBack].sort().join(' ') === [...handB].sort().join(' '),
    'B finds its hand as it left it: ' + handBack.join(' ') + ' (had ' + handB.join(' ') + ')');
  check((await handOf(a.page)).every((c) => !handBack.includes(c)), 'no card of A in B\'s hand');
  // Whose turn it is, in B's title and prompt and in A's.
  check((await back.locator('#main [data-action]').count()) > 0, 'B has a choice when it comes back (A waited for it)');
  check((await back.title()).startsWith('● Your turn'), 'B\'s title says it is its turn: ' + await back.title());
  check(!/Waiting for your partner/.test(await back.textContent('[data-testid=prompt]')), 'B\'s prompt asks it to play');
  // The log tells B what was played while it was away: the partner's
  // moves, newest first (a reopened page's log holds the actions taken).
  const moves = (lines) => lines.filter((l) => /^(You|Your partner): /.test(l));
  const logBack = moves(await logLines(back));
  check(logBack.length >= moves(logB).length + alone && alone > 0 && logBack.slice(0, alone).every((l) => l.startsWith('Your partner: ')),
    'B\'s log has the moves made while it was away (' + moves(logB).length + ' then ' + logBack.length + ', ' + alone + ' by A): ' + logBack.slice(0, alone + 1).join(' | '));
  check(versionNow >= versionClosed + alone, 'the game went on while B was away');
  // Both play to the end.
  await playDuetUntil([a.page, back], async () => false);
  check((await isOver(a.page)) && (await isOver(back)), 'both pages show the end of the game');
  check((await a.page.locator('[data-testid=game-over]').textContent()) === (await back.locator('[data-testid=game-over]').textContent()),
    'both pages tell the same result');
  check(!(await back.title()).includes('Your turn') && !(await a.page.title()).includes('Your turn'), 'no turn mark once the game is over');
  checkNoErrors(a.page, 'A');
  checkNoErrors(back, 'B back');
  console.log(`   (${first} moves together, ${alone} by A alone, the rest after B came back; seat ${seatB})`);
  await a.ctx.close();
  await b.ctx.close();
});

test('fox duet: the open seat is given to the bot, which plays it to the end', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await page.goto(BASE + '/#/');
  const form = page.locator('[data-testid=start-fox]');
  await form.locator('input[name=level][value="2"]').check();
  await form.locator('input[name=partner][value=human]').check();
  await form.locator('summary').click();
  await page.fill('[data-testid=fox-seed]', '5');
  await page.click('[data-testid=start-fox-button]');
  await page.waitForSelector('[data-testid=give-bot]');
  check(/reconstruction/i.test(await page.locator('[data-testid=board-note]').textContent()), 'the side B note says it is a reconstruction');
  await page.click('[data-testid=give-bot]');
  await page.waitForSelector('[data-testid=give-bot]', { state: 'detached' });
  check(/bot/.test(await page.locator('.partner-row').textContent()), 'the partner is the bot');
  let steps = 0;
  while (!(await isOver(page)) && steps < 400) {
    if ((await page.locator('#main [data-action]').count()) === 0) {
      await page.waitForSelector('#main [data-action], [data-testid=game-over]', { timeout: 30000 });
      continue;
    }
    await playOne(page, false, steps);
    steps++;
  }
  check(await isOver(page), 'the game with the bot partner ended');
  checkNoErrors(page, 'bot game');
  await ctx.close();
});

test('phone-size screen: start page and both games fit 360 px', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-nw]');
  check((await overflow()) <= 1, 'the start page fits the width');
  await shot(page, 'phone-start', true);
  await startNorthwood(page, 99);
  check((await overflow()) <= 1, 'the Northwood screen fits the width');
  await playOne(page, false, 0);
  await shot(page, 'phone-northwood', true);
  await page.goto(BASE + '/#/');
  const form = page.locator('[data-testid=start-fox]');
  await form.locator('input[name=partner][value=rule]').check();
  await page.click('[data-testid=start-fox-button]');
  await page.waitForSelector('.path .space');
  await page.waitForSelector('#main [data-action]', { timeout: 30000 });
  check((await overflow()) <= 1, 'the Duet screen fits the width');
  await page.locator('[data-testid=hand] [data-action]').first().tap();
  await page.waitForTimeout(300);
  await shot(page, 'phone-fox', true);
  checkNoErrors(page, 'phone');
  await ctx.close();
});

test('keyboard keys: U undoes and keeps the focus at the choices, H asks a hint, 0 and - reach choices 10 and 11', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await startNorthwood(page, 7);
  for (let i = 0; i < 3; i++) {
    const v = await versionOf(page);
    await page.keyboard.press('1');
    await waitVersion(page, v + 1);
  }
  await page.waitForSelector('[data-testid=undo]');
  const before = await versionOf(page);
  await page.keyboard.press('u');
  await page.waitForFunction((v) => {
    const n = document.querySelector('[data-testid=version]');
    return n && Number(n.getAttribute('data-version')) < v;
  }, before);
  await page.waitForTimeout(200);
  const focus = await page.evaluate(() => {
    const a = document.activeElement;
    return { inChoices: !!(a && a.closest('#main') && (a.hasAttribute('data-choice-index') || a.getAttribute('data-testid') === 'undo')),
      what: a ? a.tagName + ' ' + (a.getAttribute('data-action') || a.getAttribute('data-testid') || a.className) : 'none',
      scroll: window.scrollY };
  });
  check(focus.inChoices, 'after U the focus stays at the choices, not on ' + focus.what);
  check(focus.scroll === 0, 'after U the page did not jump (' + focus.scroll + ')');
  await page.keyboard.press('h');
  await page.waitForFunction(() => /%|unknown/.test((document.querySelector('.hint-box') || {}).textContent || ''), null, { timeout: 60000 });
  check((await page.locator('#main .hinted').count()) > 0, 'H marks the suggested choice');
  await ctx.close();

  // The Duet: a decision with eleven choices numbers them up to "-".
  const fox = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await startFox(fox.page, 'rule', 1, 11);
  let done = false;
  for (let i = 0; i < 30 && !done; i++) {
    await fox.page.waitForSelector('#main [data-action], [data-testid=game-over]', { timeout: 30000 });
    const keys = await fox.page.$$eval('#main [data-choice-index]', (els) => els.map((e) => ({
      index: Number(e.getAttribute('data-choice-index')), action: e.getAttribute('data-action'),
      cap: (e.querySelector('.keycap') || {}).textContent || '' })));
    const eleventh = keys.find((k) => k.index === 10);
    const tenth = keys.find((k) => k.index === 9);
    if (eleventh && tenth) {
      check(tenth.cap === '0' && eleventh.cap === '-', 'choices 10 and 11 show the keys 0 and - (' + tenth.cap + ', ' + eleventh.cap + ')');
      const v = await versionOf(fox.page);
      await fox.page.keyboard.press('-');
      await waitVersion(fox.page, v + 1);
      const still = await fox.page.locator(`#main [data-action="${eleventh.action}"]`).count();
      check(still === 0, 'the key - played the eleventh choice, ' + eleventh.action);
      done = true;
    } else {
      await playFirst(fox.page);
    }
  }
  check(done, 'a Duet decision with eleven choices came within 30 decisions');
  checkNoErrors(fox.page, 'keyboard keys');
  await fox.ctx.close();
});

test('keyboard alone: number keys and Tab/Enter play Northwood', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await startNorthwood(page, 7);
  const v0 = await versionOf(page);
  await page.keyboard.press('1');
  await waitVersion(page, v0 + 1);
  for (let i = 0; i < 8; i++) {
    const v = await versionOf(page);
    await page.keyboard.press('1');
    await waitVersion(page, v + 1);
  }
  // Tab reaches a legal choice with a visible focus; Enter takes it.
  const v = await versionOf(page);
  let found = false;
  for (let i = 0; i < 60 && !found; i++) {
    await page.keyboard.press('Tab');
    found = await page.evaluate(() => {
      const a = document.activeElement;
      return !!(a && a.getAttribute('data-action') && a.getAttribute('data-action') !== 'stop' && a.matches(':focus-visible'));
    });
  }
  check(found, 'Tab reaches a legal choice with a visible focus');
  const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label') || document.activeElement.textContent);
  check(label && label.length > 3, 'the focused choice has a label');
  await page.keyboard.press('Enter');
  await waitVersion(page, v + 1);
  check((await page.locator('[aria-label] svg').count()) > 0, 'cards carry labels');
  checkNoErrors(page, 'keyboard');
  await ctx.close();
});

// Presses Tab (Shift+Tab when back) until the focused element matches
// sel; false when it never does within limit presses.
async function tabTo(page, sel, limit, back) {
  for (let i = 0; i < (limit || 80); i++) {
    if (await page.evaluate((q) => !!(document.activeElement && document.activeElement.matches(q)), sel)) return true;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  return false;
}

// Takes one decision with the keyboard only: the number key of the first
// choice that is not "stop", or Tab to it and Enter when it has no key;
// waits for a newer version or the end. Returns false when no choice.
async function keyboardMove(page) {
  await page.waitForSelector('#main [data-action], [data-testid=game-over]', { timeout: 30000 });
  if (await isOver(page)) return false;
  const choices = await page.$$eval('#main [data-action]', (els) => els.map((e) => ({
    action: e.getAttribute('data-action'), key: e.getAttribute('data-choice-index') })));
  const usable = choices.filter((c) => c.action !== 'stop');
  const choice = (usable.length ? usable : choices)[0];
  const before = await versionOf(page);
  if (choice.key !== null) await page.keyboard.press('1234567890-='[Number(choice.key)]);
  else {
    check(await tabTo(page, `#main [data-action="${choice.action}"]`, 120), 'Tab reaches ' + choice.action);
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction((v) => {
    const n = document.querySelector('[data-testid=version]');
    return (n && Number(n.getAttribute('data-version')) > v) || document.querySelector('[data-testid=game-over]');
  }, before, { timeout: 20000 });
  return true;
}

// The texts of the log's lines.
async function logLines(page) {
  return page.$$eval('[data-testid=log] li', (els) => els.map((e) => e.textContent));
}

test('keyboard only: a whole Northwood game, started and played without the mouse', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-nw]');
  check(await tabTo(page, '[data-testid=start-nw]'), 'Tab reaches the start button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=prompt]');
  let moves = 0;
  while (moves < 400 && await keyboardMove(page)) moves++;
  check(await isOver(page), 'the game ended, played with the keyboard alone (' + moves + ' decisions)');
  check(moves >= 20, 'a whole game (' + moves + ' decisions)');
  checkNoErrors(page, 'keyboard Northwood');
  await ctx.close();
});

test('keyboard only: a whole Duet game with the strict look-back rule, no mouse; no earlier trick on the page', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-fox-button]');
  // The setting, then the quick partner, then start: all with the keyboard.
  check(await tabTo(page, '[data-testid=setting-strict-look-back]', 120), 'Tab reaches the strict look-back setting');
  await page.keyboard.press('Space');
  check(await page.isChecked('[data-testid=setting-strict-look-back]'), 'Space turns the setting on');
  check(await tabTo(page, '[data-testid=start-fox] input[name=partner]:checked', 120, true), 'Shift+Tab reaches the partner choice');
  await page.keyboard.press('ArrowDown');
  check(await page.isChecked('[data-testid=start-fox] input[name=partner][value=rule]'), 'the arrow picks the quick partner');
  check(await tabTo(page, '[data-testid=start-fox-button]'), 'Tab reaches the start button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('svg.path .space');
  let moves = 0, checked = 0;
  while (moves < 200 && await keyboardMove(page)) {
    moves++;
    const trick = await page.evaluate(() => (document.querySelector('[data-testid=trick]') || {}).textContent || '');
    if (moves % 4 === 0 && !(await isOver(page))) {
      checked++;
      check((await page.locator('.last-trick').count()) === 0, 'no last trick on the table');
      const lines = await logLines(page);
      check(!lines.some((l) => /You play|Your partner plays|: Play |\bwith\b/.test(l)), 'the log names no card of a trick: ' + lines.slice(0, 4).join(' | '));
      check(trick.length > 0, 'the trick in progress is shown');
    }
  }
  check(await isOver(page), 'the Duet ended, played with the keyboard alone (' + moves + ' decisions)');
  check(checked >= 5, 'the table was looked at during the game (' + checked + ')');
  const lines = await logLines(page);
  check(lines.some((l) => /wins trick \d+\.$|win trick \d+\.$/.test(l)), 'the log tells who won tricks');
  // Turned off, the same table shows the log with the cards again.
  check(await tabTo(page, '[data-testid=setting-strict-look-back]', 200), 'Tab reaches the setting at the table');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=log] li')].some((l) => /: Play |You play|Your partner plays/.test(l.textContent)));
  check((await page.locator('.last-trick').count()) === 1, 'and the last trick is on the table again');
  checkNoErrors(page, 'keyboard Duet');
  await ctx.close();
});

test('language: French labels, remembered after a reload', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-nw]');
  check((await page.textContent('main h1')) === 'Choose a game', 'English first');
  await page.click('[data-lang=fr]');
  check((await page.textContent('main h1')) === 'Choisissez un jeu', 'French after the switch');
  check(/Nouvelle partie/.test(await page.textContent('.topbar')), 'the header is in French');
  await page.reload();
  await page.waitForSelector('[data-testid=start-nw]');
  check((await page.textContent('main h1')) === 'Choisissez un jeu', 'French is remembered');
  await startNorthwood(page, 3);
  check(/Choisissez le prochain fief/.test(await page.textContent('[data-testid=prompt]')), 'the game prompt is French');
  check(/Fiefs de Norbois/.test(await page.textContent('main')), 'the game name is French');
  await shot(page, 'french-northwood');
  await page.click('[data-lang=en]');
  check(/Choose the next fief/.test(await page.textContent('[data-testid=prompt]')), 'back to English in place');
  checkNoErrors(page, 'language');
  await ctx.close();
});

// Creates a game through the API from the page (body: POST /api/games),
// plays its first legal action that is not "stop" until it ends (all eight
// visits of For Northwood!, as later tests expect of the history; the
// Duet's partner is its bot), and returns its id (null if it did not end).
async function finishThroughApi(page, body) {
  return page.evaluate(async (create) => {
    const post = (path, b, token) => fetch(path, { method: 'POST', body: JSON.stringify(b),
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: 'Bearer ' + token } : {}) } }).then((r) => r.json());
    const g = await post('/api/games', create);
    for (let i = 0; i < 600; i++) {
      const st = await fetch('/api/games/' + g.id + '/state', { headers: { Authorization: 'Bearer ' + g.token } }).then((r) => r.json());
      if (st.over) return g.id;
      const action = st.legal.find((x) => x !== 'stop') || st.legal[0];
      if (action) await post('/api/games/' + g.id + '/actions', { action, version: st.version }, g.token);
      else await new Promise((r) => setTimeout(r, 50)); // the partner's turn
    }
    return null;
  }, body);
}

test('replay 1280x800: the controls and the whole table of both games fit the window', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(BASE + '/#/');
  for (const body of [{ game: 'northwood', seed: 77 }, { game: 'foxduet', partner: 'rule', level: 1, seed: 5 }]) {
    const id = await finishThroughApi(page, body);
    check(id, body.game + ': a game was played to its end');
    await page.goto(BASE + '/#/replay/' + id + '/30');
    await page.waitForFunction(() => /Step 30 of/.test((document.querySelector('[data-testid=replay-step]') || {}).textContent || ''));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    check(height <= 800, body.game + ': the replay page fits 800 px (' + height + ')');
    for (const sel of ['[data-testid=replay-next]', '[data-testid=replay-step]', '.replay-board [data-testid=hand] .card, .replay-board .hand .card']) {
      await checkInWindow(page, sel, body.game + ' replay: ' + sel);
    }
    await shot(page, 'replay-1280-' + body.game);
  }
  checkNoErrors(page, 'replay fit');
  await ctx.close();
});

test('a game of another browser, a finished one and an unknown id each say so in plain words', async (browser) => {
  const mine = await newPage(browser);
  await startNorthwood(mine.page, 5);
  const url = mine.page.url();
  const other = await newPage(browser);
  await other.page.goto(url);
  await other.page.waitForSelector('[data-testid=not-mine]');
  check(/another browser/.test(await other.page.textContent('[data-testid=not-mine]')), 'the page says the game belongs to another browser');
  check(/invite link/.test(await other.page.textContent('[data-testid=not-mine]')), 'and how to get to its table');
  check((await other.page.locator('[data-testid=prompt], [data-card]').count()) === 0, 'no table is drawn');
  await other.page.goto(BASE + '/#/play/zzzzzzzzzzzz');
  await other.page.waitForSelector('[data-testid=no-such-game]');
  check(/No game has the id zzzzzzzzzzzz/.test(await other.page.textContent('[data-testid=no-such-game]')), 'an unknown id says there is no such game');
  // A finished game of someone else (played to its end through the API)
  // offers its replay.
  const done = await finishThroughApi(mine.page, { game: 'northwood', seed: 77 });
  check(done, 'a game was played to its end through the API');
  await other.page.goto(BASE + '/#/play/' + done);
  await other.page.waitForSelector('[data-testid=not-mine-replay]');
  await other.page.click('[data-testid=not-mine-replay]');
  await other.page.waitForSelector('[data-testid=replay-step]');
  checkNoErrors(other.page, 'not mine');
  await other.ctx.close();
  await mine.ctx.close();
});

test('reopening a game in progress: the log tells the actions so far, in either language', async (browser) => {
  const { ctx, page } = await newPage(browser);
  const logLines = () => page.locator('[data-testid=log] li').allTextContents();
  // For Northwood!: one line per action, worded again after a switch.
  await startNorthwood(page, 11);
  for (let i = 0; i < 3; i++) check(await playOne(page, false, 0), 'a legal choice is on screen');
  await page.reload();
  await page.waitForSelector('[data-testid=log] li');
  const nw = await logLines();
  check(nw.length === 3, 'one log line per action taken: ' + nw.join(' | '));
  check(nw.every((l) => l.trim().length > 2 && !/\{\w+\}/.test(l)), 'every line is filled in: ' + nw.join(' | '));
  await page.click('[data-lang=fr]');
  const nwFr = await logLines();
  check(nwFr.length === 3 && nwFr.join('|') !== nw.join('|'), 'the lines are worded again in French: ' + nwFr.join(' | '));
  await page.click('[data-lang=en]');
  check((await logLines()).join('|') === nw.join('|'), 'and back in English');
  // The Duet with a bot: every action of both seats, told by who took it.
  await page.goto(BASE + '/#/');
  const form = page.locator('[data-testid=start-fox]');
  await form.locator('input[name=partner][value=rule]').check();
  await form.locator('summary').click();
  await page.fill('[data-testid=fox-seed]', '21');
  await page.click('[data-testid=start-fox-button]');
  await page.waitForSelector('.path .space');
  while ((await versionOf(page)) < 4) {
    await page.waitForSelector('#main [data-action]');
    check(await playOne(page, false, 0), 'a legal choice is on screen');
  }
  const version = await versionOf(page);
  await page.reload();
  await page.waitForSelector('[data-testid=log] li');
  const fox = await logLines();
  check(fox.length === version, `one log line per action taken (${version}): ` + fox.join(' | '));
  check(fox.some((l) => /^You: /.test(l)) && fox.some((l) => /^Your partner: /.test(l)), 'the lines say who acted: ' + fox.join(' | '));
  await page.click('[data-lang=fr]');
  const foxFr = await logLines();
  check(foxFr.some((l) => /^Vous : /.test(l)), 'the lines are worded again in French: ' + foxFr.join(' | '));
  await page.click('[data-lang=en]');
  checkNoErrors(page, 'reopen');
  await ctx.close();
});

test('history: finished games are listed, charted and replayed', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await page.goto(BASE + '/#/history');
  await page.waitForSelector('[data-testid=history-table]');
  const rows = await page.locator('[data-testid=history-table] tbody tr').count();
  check(rows >= 3, 'the finished games are listed (' + rows + ')');
  const text = await page.textContent('[data-testid=history-table]');
  check(/For Northwood!/.test(text) && /Fox in the Forest Duet/.test(text), 'both games are in the list');
  check((await page.locator('svg.chart').count()) === 2, 'a chart per game');
  check((await page.locator('svg.chart .pt').count()) === rows, 'one chart point per game');
  // Totals per game and setup: the games played add up to the rows, each
  // setup has its bars, and every row can be played again.
  await page.waitForSelector('[data-testid=history-totals]');
  let played = 0;
  for (const game of ['northwood', 'foxduet']) {
    const box = page.locator('[data-testid=totals-' + game + ']');
    if (!(await box.count())) continue;
    const n = Number(await box.locator('.stats').first().locator('dd').first().textContent());
    const mine = await page.locator('[data-testid=history-table] tbody tr', { hasText: game === 'northwood' ? 'For Northwood!' : 'Fox in the Forest' }).count();
    check(n === mine, game + ': the totals count its games (' + n + ' / ' + mine + ')');
    played += n;
    const setups = await box.locator('[data-testid=setup-totals]').count();
    check(setups > 0 && (await box.locator('svg.bars').count()) === setups, game + ': one bar chart per setup');
    // Each small chart has a visible title, axis labels and a legend.
    const chartBox = box.locator('[data-testid=setup-chart]').first();
    check((await chartBox.locator('figcaption').innerText()).length > 3, game + ': the setup chart has a title');
    const axis = await chartBox.locator('svg text').allTextContents();
    check(axis.includes('0') && axis.includes('oldest') && axis.includes('newest'), game + ': the chart has its axes: ' + axis.join('|'));
    const legend = await chartBox.locator('[data-testid=setup-chart-legend]').innerText();
    check(/won/.test(legend) && /lost/.test(legend) && /height/.test(legend), game + ': the chart has a legend: ' + legend);
    check(/Win rate/.test(await box.textContent()) && /Wins in a row/.test(await box.textContent()), game + ': rate and streaks are shown');
  }
  check(played === rows, 'the totals count every game (' + played + ' / ' + rows + ')');
  check((await page.locator('[data-testid=again-button]').count()) === rows, 'a play-again button per row');
  await shot(page, 'history', true);
  // Playing a Northwood row again deals its game: the rulers of its replay's first step.
  const nwRow = page.locator('[data-testid=history-table] tbody tr', { hasText: 'For Northwood!' }).first();
  const rowId = await nwRow.getAttribute('data-game-id');
  await page.goto(BASE + '/#/replay/' + rowId + '/0');
  await page.waitForSelector('.replay-board .fief-ruler');
  const replayRulers = await page.$$eval('.replay-board .fief-ruler', (els) => els.map((e) => e.textContent).join('|'));
  await page.goto(BASE + '/#/history');
  await page.waitForSelector('[data-testid=history-table]');
  await page.locator(`[data-testid=history-table] tbody tr[data-game-id="${rowId}"] [data-testid=again-button]`).click();
  await page.waitForSelector('#main .fief-ruler');
  const againRulers = await page.$$eval('#main .fief-ruler', (els) => els.map((e) => e.textContent).join('|'));
  check(againRulers === replayRulers, 'the row played again has the same rulers');
  for (const game of ['Fox in the Forest Duet', 'For Northwood!']) {
    await page.goto(BASE + '/#/history');
    await page.waitForSelector('[data-testid=history-table]');
    await page.locator('[data-testid=history-table] tbody tr', { hasText: game }).first().locator('[data-testid=replay-link]').click();
    await page.waitForSelector('[data-testid=replay-step]');
    check(/Step 0 of \d+/.test(await page.textContent('[data-testid=replay-step]')), 'the replay starts at step 0');
    await page.click('[data-testid=replay-next]');
    await page.waitForFunction(() => /Step 1 of/.test(document.querySelector('[data-testid=replay-step]').textContent));
    await page.click('[data-testid=replay-next]');
    await page.waitForFunction(() => /Step 2 of/.test(document.querySelector('[data-testid=replay-step]').textContent));
    const named = await page.textContent('[data-testid=replay-step]');
    // The action is named in words, looked up on the table before it: no
    // stand-in name ("?", "#1") and no record notation.
    check(/Action: \S/.test(named) && !/\?|#\d|\((visit|substitute|respond|play|activate)\b/.test(named),
      'the step names its action in words: ' + named);
    await page.click('[data-testid=replay-last]');
    await page.waitForFunction(() => {
      const m = /Step (\d+) of (\d+)/.exec(document.querySelector('[data-testid=replay-step]').textContent);
      return m && m[1] === m[2];
    });
    await page.click('[data-testid=replay-prev]');
    await page.waitForFunction(() => {
      const m = /Step (\d+) of (\d+)/.exec(document.querySelector('[data-testid=replay-step]').textContent);
      return m && Number(m[1]) === Number(m[2]) - 1;
    });
    // Home and End go to the first and the last step.
    await page.keyboard.press('Home');
    await page.waitForFunction(() => /Step 0 of/.test(document.querySelector('[data-testid=replay-step]').textContent));
    await page.keyboard.press('End');
    await page.waitForFunction(() => {
      const m = /Step (\d+) of (\d+)/.exec(document.querySelector('[data-testid=replay-step]').textContent);
      return m && m[1] === m[2];
    });
    await shot(page, game.startsWith('Fox') ? 'replay-fox' : 'replay-northwood', true);
  }
  checkNoErrors(page, 'history');
  await ctx.close();
});

test('analysis: a Duet game from the history, in English and French', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await page.goto(BASE + '/#/history/foxduet');
  await page.waitForSelector('[data-testid=history-analysis-link]');
  const ofOnline = page.locator(`[data-testid=history-analysis-link][href*="${encodeURIComponent(onlineFoxGame || '')}"]`);
  await (onlineFoxGame && await ofOnline.count() ? ofOnline : page.locator('[data-testid=history-analysis-link]')).first().click();
  await checkAnalysis(page, /team wins/, 'fox');
  // The replay leads back to the analysis, here in French.
  await page.evaluate(() => localStorage.setItem('tw.lang', 'fr'));
  await page.reload();
  await page.waitForSelector('[data-testid=replay-analysis-link]');
  await page.click('[data-testid=replay-analysis-link]');
  await page.waitForSelector('[data-testid=analysis-table]', { timeout: 60000 });
  check(/équipe gagne/.test(await page.textContent('[data-testid=analysis-meaning]')), 'the analysis speaks French');
  check(/Joueur [12]/.test(await page.textContent('[data-testid=analysis-table]')), 'the Duet analysis names who decided');
  checkNoErrors(page, 'analysis');
  await ctx.close();
});

test('replay: the table is shown read-only, the Duet with both hands', async (browser) => {
  const { ctx, page } = await newPage(browser);
  for (const game of ['foxduet', 'northwood']) {
    await page.goto(BASE + '/#/history/' + game);
    await page.waitForSelector('[data-testid=replay-link]');
    await page.locator('[data-testid=replay-link]').first().click();
    await page.waitForSelector('[data-testid=replay-step]');
    await page.click('[data-testid=replay-next]');
    await page.waitForFunction(() => /Step 1 of/.test(document.querySelector('[data-testid=replay-step]').textContent));
    await page.waitForSelector('.replay-board [data-testid=prompt]');
    check((await page.locator('.replay-board [data-action]').count()) === 0, game + ': no choice can be taken in a replay');
    check((await page.locator('.replay-board .hint-button').count()) === 0, game + ': no hint in a replay');
    check((await page.locator('.replay-board [data-testid=log]').count()) === 0, game + ': no log in a replay');
    check((await page.locator('.replay-board .hand [data-card]').count()) > 0, game + ': the hand is shown');
    if (game === 'foxduet') {
      check((await page.locator('.replay-board .partner-row [data-card]').count()) > 0, 'the other hand is shown face up');
      check(/Player [12] is to decide/.test(await page.textContent('.replay-board [data-testid=prompt]')), 'the prompt says whose turn it is');
    }
  }
  checkNoErrors(page, 'replay');
  await ctx.close();
});

// Imports a record file of data/examples/ into the history through the
// page (POST /api/history/import) and returns the new game's id.
async function importExample(page, file) {
  const record = JSON.parse(readFileSync(new URL('../../data/examples/' + file, import.meta.url), 'utf8'));
  return page.evaluate(async (rec) => {
    const post = (path, b) => fetch(path, { method: 'POST', body: JSON.stringify(b), headers: { 'Content-Type': 'application/json' } });
    await post('/api/history/import', { record: rec, name: 'example.json' });
    const list = await fetch('/api/history?limit=1000').then((r) => r.json());
    const row = list.games.find((g) => g.game === rec.game && g.seed === rec.seed);
    return row ? row.id : null;
  }, { ...record, seed: record.seed });
}

test('replay notes and links: a note kept on a step, refused when too long; the link opens the replay read-only elsewhere', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(BASE + '/#/');
  const id = await importExample(page, 'foxduet-record-v1-side-a.json');
  check(id, 'the example record is in the history');
  await page.goto(BASE + '/#/replay/' + id + '/3');
  await page.waitForFunction(() => /Step 3 of/.test((document.querySelector('[data-testid=replay-step]') || {}).textContent || ''));
  check((await page.locator('[data-testid=replay-note]').count()) === 0, 'no note at first');
  await page.click('[data-testid=replay-note-open]');
  await page.fill('[data-testid=replay-note-input]', 'x'.repeat(281));
  await page.press('[data-testid=replay-note-input]', 'Enter');
  await page.waitForFunction(() => /at most 280/.test(document.querySelector('[data-testid=replay-note-status]').textContent));
  await page.fill('[data-testid=replay-note-input]', 'Why lead the 5 here? Ça se discute.');
  await page.press('[data-testid=replay-note-input]', 'Enter');
  await page.waitForFunction(() => /kept/.test(document.querySelector('[data-testid=replay-note-status]').textContent));
  check(/Why lead the 5 here\? Ça se discute\./.test(await page.textContent('[data-testid=replay-note]')), 'the note is shown under its step');
  // Arrow keys typed in the note field do not move the replay.
  await page.press('[data-testid=replay-note-input]', 'ArrowRight');
  check(/Step 3 of/.test(await page.textContent('[data-testid=replay-step]')), 'typing in the note does not step');
  await page.reload();
  await page.waitForSelector('[data-testid=replay-note]');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /Step 4 of/.test(document.querySelector('[data-testid=replay-step]').textContent));
  check((await page.locator('[data-testid=replay-note]').count()) === 0, 'the note belongs to step 3 only');
  // The stored record (the one "Save the record" writes) carries the note.
  const saved = await page.evaluate((g) => fetch('/api/history/' + g).then((r) => r.json()), id);
  check(saved.record.notes && saved.record.notes[0].step === 3, 'the record holds the note: ' + JSON.stringify(saved.record.notes));
  // The link: made here, opened in a browser with no history of this game.
  await page.click('[data-testid=replay-share]');
  await page.waitForSelector('[data-testid=replay-share-url]');
  const url = await page.inputValue('[data-testid=replay-share-url]');
  check(/#\/replay-link\/1\.[A-Za-z0-9_-]+$/.test(url) && url.length < 4000, 'the link carries the record (' + url.length + ' characters)');
  const other = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await other.page.goto(url);
  await other.page.waitForFunction(() => /Step 0 of 71/.test((document.querySelector('[data-testid=replay-step]') || {}).textContent || ''));
  for (let i = 1; i <= 3; i++) {
    await other.page.keyboard.press('ArrowRight');
    await other.page.waitForFunction((k) => new RegExp('Step ' + k + ' of').test(document.querySelector('[data-testid=replay-step]').textContent), i);
  }
  await other.page.waitForSelector('[data-testid=replay-note]');
  check((await other.page.locator('[data-testid=replay-note-open], [data-testid=replay-hint-button], [data-testid=replay-analysis-link]').count()) === 0,
    'the shared replay is read-only: no note field, no hint, no analysis');
  check((await other.page.locator('.replay-board [data-action]').count()) === 0, 'no choice can be taken');
  check(/Shared replay/.test(await other.page.textContent('main h1')), 'it says it is a shared replay');
  await shot(other.page, 'replay-link');
  await other.page.goto(BASE + '/#/replay-link/1.AAAA');
  await other.page.waitForSelector('[data-testid=replay-link-error]');
  check(/does not open a replay/.test(await other.page.textContent('[data-testid=replay-link-error]')), 'a damaged link says so');
  checkNoErrors(page, 'replay notes');
  checkNoErrors(other.page, 'replay link');
  await other.ctx.close();
  await ctx.close();
});

test('event stream refused: the page tries again by itself and follows the game live once a slot is free', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await startFox(page, 'rule', 1, 5);
  const id = decodeURIComponent(/#\/play\/([^/]+)/.exec(page.url())[1]);
  // Another program on this address takes every stream the address may
  // hold (a browser opens at most six connections to a host itself).
  const token = await page.evaluate((gid) => JSON.parse(localStorage.getItem('tw.tokens') || '{}')[gid], id);
  const streams = [];
  let held = -1;
  for (let i = 0; i < 64 && held < 0; i++) {
    const status = await new Promise((done, fail) => {
      const req = http.get(BASE + '/api/games/' + encodeURIComponent(id) + '/events?token=' + encodeURIComponent(token),
        { agent: false }, (res) => { streams.push(req); res.on('data', () => {}); res.on('error', () => {}); done(res.statusCode); });
      req.on('error', (e) => (streams.includes(req) ? null : fail(e)));
    });
    if (status !== 200) held = streams.length - 1;
  }
  check(held > 0, 'the streams of one address are capped (' + held + ' taken before a refusal)');
  // A second tab opens the table: its stream is refused.
  const late = await ctx.newPage();
  late.errors = [];
  late.on('pageerror', (e) => late.errors.push(String(e)));
  await late.goto(BASE + '/#/play/' + encodeURIComponent(id));
  await late.waitForSelector('svg.path .space');
  const start = await versionOf(late);
  await late.waitForFunction(() => document.documentElement.dataset.stream === 'retrying');
  await playOne(page);
  await late.waitForTimeout(1500);
  check((await versionOf(late)) === start, 'without a stream the late tab does not follow yet');
  // Slots are freed: at one of its next tries (5 s, then 10 s) the late
  // tab loads the state again and holds a stream of its own.
  streams.forEach((req) => req.destroy());
  const now = await versionOf(page);
  await late.waitForFunction(() => document.documentElement.dataset.stream === 'open', null, { timeout: 20000 });
  await late.waitForFunction((v) => Number(document.querySelector('[data-testid=version]').getAttribute('data-version')) >= v, now, { timeout: 5000 });
  await playOne(page);
  const after = await versionOf(page);
  await late.waitForFunction((v) => Number(document.querySelector('[data-testid=version]').getAttribute('data-version')) >= v, after, { timeout: 4000 });
  check(late.errors.length === 0, 'the late tab: no script error: ' + late.errors.join(' | '));
  await ctx.close();
});

test('start page: each choice says how hard it is, and a challenge starts from the list with its fixed hand', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await page.goto(BASE + '/#/');
  const line = page.locator('[data-testid=nw-difficulty]');
  await line.waitFor();
  const bronze = await line.textContent();
  check(/strong bot wins \d+% of these games .* over \d+ games/.test(bronze), 'the difficulty of the chosen setup: ' + bronze);
  await page.locator('[data-testid=start-northwood] input[name=medal][value=gold]').check();
  await page.waitForFunction((before) => document.querySelector('[data-testid=nw-difficulty]').textContent !== before, bronze);
  const gold = await line.textContent();
  const rate = (text) => Number(/wins (\d+)%/.exec(text)[1]);
  check(rate(gold) < rate(bronze), 'gold is told harder than bronze: ' + gold);
  check(/strong bot wins \d+%/.test(await page.textContent('[data-testid=fox-difficulty]')), 'the Duet level says how hard it is');
  // The challenges: sixteen, each with a rating, the first started.
  await page.click('[data-testid=challenges] summary');
  await page.waitForSelector('[data-testid=challenge-16]');
  check((await page.locator('[data-testid=challenge-list] > li').count()) === 16, 'sixteen challenges are listed');
  check(/strong bot wins/.test(await page.textContent('[data-testid=challenge-list] > li')), 'a challenge shows its rating');
  check(/not played yet/.test(await page.textContent('[data-testid=challenge-best-1]')), 'a fresh browser has played none');
  await page.click('[data-testid=challenge-1]');
  await page.waitForSelector('[data-testid=prompt]');
  const hand = await page.$$eval('.hand [data-card]', (els) => els.map((e) => e.getAttribute('data-card')));
  for (const card of ['8C', '8F', '8L', '8E', '7E']) check(hand.includes(card), 'the challenge\'s fixed hand holds ' + card + ': ' + hand.join(' '));
  // A challenge played to its end: the list tells the player's result
  // (from the history's totals), and the history deals it again by id
  // (through the server's API: the static site has none to fetch).
  if (SITE) { checkNoErrors(page, 'challenges'); await ctx.close(); return; }
  const done = await finishThroughApi(page, { game: 'northwood', challenge: 1, seed: 3 });
  check(done, 'a challenge game was played to its end');
  await page.goto(BASE + '/#/history');
  await page.goto(BASE + '/#/');
  await page.click('[data-testid=challenges] summary');
  await page.waitForSelector('[data-testid=challenge-best-1]');
  const best = await page.textContent('[data-testid=challenge-best-1]');
  check(/^(played once, best \d+ stars|you won 1 of 1)$/.test(best), 'the list tells the one game played: ' + best);
  const listed = await page.evaluate(() => fetch('/api/history?game=northwood').then((r) => r.json()));
  const again = listed.games.find((g) => g.id === done).again;
  check(again && again.challenge === 'first-light' && again.seed === 3, 'the challenge game is dealt again by its id: ' + JSON.stringify(again));
  checkNoErrors(page, 'challenges');
  await ctx.close();
});

test('texts: French calls a bot "robot" throughout', async () => {
  const src = readFileSync(new URL('../../web/js/i18n.js', import.meta.url), 'utf8');
  const { TABLES_FOR_TESTS } = await import('data:text/javascript,' + encodeURIComponent(src));
  const bots = Object.entries(TABLES_FOR_TESTS.fr).filter(([, v]) => /\bbots?\b/i.test(v)).map(([k, v]) => k + ': ' + v);
  check(!bots.length, 'French texts saying "bot": ' + bots.join(' | '));
});

test('undo: a decision comes back until a card is shown', async (browser) => {
  const { ctx, page } = await newPage(browser);
  // Seed 7: four ready allies, so choosing a fief shows no card yet.
  await startNorthwood(page, 7);
  check((await page.locator('[data-testid=undo]').count()) === 0, 'no undo before the first decision');
  await page.locator('#main [data-action="visit 0"]').first().click();
  await page.waitForSelector('[data-testid=undo]');
  check((await versionOf(page)) === 1, 'the fief choice was taken');
  await page.click('[data-testid=undo]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=version]').getAttribute('data-version')) === 0);
  await page.waitForFunction(() => /Taken back: /.test(document.querySelector('[data-testid=log]').textContent));
  check((await page.locator('[data-testid=undo]').count()) === 0, 'nothing more to take back');
  check((await page.locator('#main [data-action="visit 1"]').count()) > 0, 'the fief choice is open again');
  // Another fief, then the statement: it stands.
  await page.locator('#main [data-action="visit 1"]').first().click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=version]').getAttribute('data-version')) === 1);
  await page.locator('#main [data-action="proceed"]').first().click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=version]').getAttribute('data-version')) === 2);
  check((await page.locator('[data-testid=undo]').count()) === 0, 'no undo past the statement');
  // What the server keeps is what stands.
  const id = decodeURIComponent(/#\/play\/([^/]+)/.exec(page.url())[1]);
  const st = await page.evaluate(async (gid) => {
    const tokens = JSON.parse(sessionStorage.getItem('tw.tokens') || '{}');
    const res = await fetch('/api/games/' + gid + '/state', { headers: { Authorization: 'Bearer ' + tokens[gid] } });
    return res.json();
  }, id);
  check(st.log.map((e) => e.action).join(', ') === 'visit 1, proceed', 'the stored actions are the moves that stand: ' + st.log.map((e) => e.action).join(', '));
  await page.click('[data-lang=fr]');
  const undoLine = await page.locator('[data-testid=log] li', { hasText: 'Annulé' }).first().textContent();
  check(!/Visit fief/.test(undoLine), 'the undo line is worded again in French: ' + undoLine);
  await shot(page, 'undo-northwood');
  await page.click('[data-lang=en]');
  checkNoErrors(page, 'undo');
  await ctx.close();
});

test('replay: jumps to a visit, a round and a trick land on their step', async (browser) => {
  const { ctx, page } = await newPage(browser);
  const waitStep = (k) => page.waitForFunction((n) => new RegExp('Step ' + n + ' of').test(document.querySelector('[data-testid=replay-step]').textContent), k);
  const frame = (gid, k) => page.evaluate(async ([g, n]) => (await fetch('/api/history/' + g + '/replay?step=' + n)).json(), [gid, k]);
  // Clicks a jump button and waits for its step; returns the step.
  const jump = async (testid) => {
    const k = Number(await page.getAttribute(`[data-testid=${testid}]`, 'data-step'));
    await page.click(`[data-testid=${testid}]`);
    await waitStep(k);
    return k;
  };
  for (const game of ['northwood', 'foxduet']) {
    await page.goto(BASE + '/#/history/' + game);
    await page.waitForSelector('[data-testid=replay-link]');
    await page.locator('[data-testid=replay-link]').first().click();
    await page.waitForSelector('[data-testid=replay-step]');
    const id = decodeURIComponent(/#\/replay\/([^/]+)/.exec(page.url())[1]);
    const info = await page.evaluate(async (g) => (await fetch('/api/history/' + g)).json(), id);
    const actions = info.record.actions;
    if (game === 'northwood') {
      const visits = actions.map((a, i) => (/^visit /.test(a) ? i : -1)).filter((i) => i >= 0);
      for (const n of [3, 1, visits.length]) {
        const k = await jump(`replay-visit-${n}`);
        check(k === visits[n - 1], `visit ${n} is step ${visits[n - 1]}, not ${k}`);
        const f = await frame(id, k);
        check(/^visit /.test(f.next), `visit ${n}: the next action is the visit (${f.next})`);
      }
      await page.click('[data-testid=replay-prev]');
      await waitStep(visits[visits.length - 1] - 1); // the step buttons go on from a jump
    } else {
      const rounds = await page.locator('[data-testid=replay-jumps-round] button').count();
      check(rounds >= 1, 'the rounds are offered');
      let k = await jump(`replay-round-${rounds}`);
      let f = await frame(id, k);
      check(f.view.round === rounds && f.view.tricks_done === 0 && f.view.trick.length === 0, `round ${rounds} starts at step ${k}`);
      if (k > 0) {
        const before = await frame(id, k - 1);
        check(before.view.round !== rounds || before.view.trick.length > 0, 'the step before is not the round start');
      }
      // A trick of the round shown (the third, or the last when it has fewer).
      const n = Math.min(3, await page.locator('[data-testid=replay-jumps-trick] button').count());
      check(n >= 1, 'the tricks of the round are offered');
      k = await jump('replay-trick-' + n);
      f = await frame(id, k);
      check(f.view.round === rounds && f.view.tricks_done === n - 1 && f.view.trick.length === 0, `trick ${n} starts at step ${k}`);
      if (n > 1) {
        const before = await frame(id, k - 1);
        check(before.view.tricks_done !== n - 1 || before.view.trick.length > 0, `the step before is still trick ${n - 1}`);
      }
    }
    await shot(page, 'replay-jumps-' + game, true);
  }
  checkNoErrors(page, 'replay jumps');
  await ctx.close();
});

// Words the crown test expects on screen, by language.
const CROWN_WORDS = {
  en: {
    setup: 'full', crown: /crown/, called: /You call on/, finished: /You finish the visit to fief \d/,
    decided: /This visit is decided: it will (hit|miss) its target/, finishButton: /Finish this visit now/,
    moveButton: /Left|Right/, continueButton: /Draw another card/, stopButton: /Stop drawing|No swap|Pass/,
    readyButton: /ready again/, trigger: /waits for your next answer/, over: /medal/i,
  },
  fr: {
    setup: 'full', crown: /couronne/, called: /Vous faites appel à/, finished: /Vous terminez la visite du fief \d/,
    decided: /Cette visite est jouée d'avance : elle (atteindra|manquera) sa cible/, finishButton: /Terminer cette visite maintenant/,
    moveButton: /gauche|droite/, continueButton: /Piocher une autre carte/, stopButton: /Arrêter de piocher|Pas d'échange|Passer/,
    readyButton: /agir de nouveau|Peut agir/, trigger: /attend votre prochaine réponse/, over: /médaille/i,
  },
};

// The text of the choice element for an action (its button, fief or ally).
async function choiceText(page, action) {
  return (await page.locator(`#main [data-action="${action}"]`).first().textContent()) || '';
}

// Plays a whole full-deal game with crown allies in one language by
// clicking the page's own choices: "finish" as soon as it is offered, a
// ready crown ally before each statement, else the first choice. Checks
// the words of every crown question it meets.
async function crownGame(browser, language, seed) {
  const words = CROWN_WORDS[language];
  const { ctx, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-nw]');
  if (language === 'fr') {
    await page.click('[data-lang=fr]');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
  }
  const form = page.locator('[data-testid=start-northwood]');
  await form.locator('input[name=setup][value=full]').check();
  await form.locator('summary').click();
  await page.fill('[data-testid=nw-seed]', String(seed));
  await page.click('[data-testid=start-nw]');
  await page.waitForSelector('[data-testid=prompt]');
  await page.waitForSelector('.ally');
  check((await page.locator('.ally.crown').count()) >= 1, 'a crown ally is dealt');
  check((await page.locator('.ally .crown-mark').count()) >= 1, 'crown allies carry the crown mark');
  check(words.crown.test(await page.locator('.ally.crown').first().textContent()), 'a crown ally says it is a crown card');
  const allyText = await page.locator('.ally.crown .ally-text').first().textContent();
  check(allyText && allyText.length > 20, 'a crown ally shows its ability: ' + allyText);
  await shot(page, 'northwood-crown-' + language + '-start');

  const seen = new Set();
  let crownCalls = 0;
  let finishes = 0;
  let steps = 0;
  let checkedFit = false;
  while (!(await isOver(page)) && steps < 700) {
    const actions = await page.$$eval('#main [data-action]', (els) => [...new Set(els.map((e) => e.getAttribute('data-action')))]);
    check(actions.length > 0, 'a choice is on screen while the game goes on');
    const prompt = await page.textContent('[data-testid=prompt]');
    check(!/\{\w+\}|nw_/.test(prompt), 'the prompt is filled in: ' + prompt);
    if (!checkedFit && actions.includes('proceed')) {
      // The table at 1280x800: the prompt, the allies and the hand show at
      // once, laid out as a table (allies above the prompt, hand below).
      const box = async (sel) => page.locator(sel).first().boundingBox();
      const hand = await box('.hand .card');
      const ally = await box('.ally');
      const promptBox = await box('.prompt-box');
      check(hand && hand.y + hand.height <= 800, 'the hand is on screen at 1280x800 (bottom ' + (hand && hand.y + hand.height) + ')');
      check(ally && promptBox && ally.y + ally.height <= promptBox.y, 'the allies come above the prompt');
      check(hand.y >= promptBox.y + promptBox.height, 'the hand comes below the prompt');
      for (const [sel, what] of [['.ally', 'the allies'], ['.prompt-box', 'the prompt'], ['.hand .card', 'the hand']]) {
        await checkInWindow(page, sel, what + ' at 1280x800');
      }
      checkedFit = true;
    }
    if (actions.some((a) => a.startsWith('respond '))) {
      await checkInWindow(page, '.hand .card', 'the hand at a statement');
      await checkInWindow(page, '[data-testid=statement] .card', 'the statement');
    }
    let action;
    if (actions.includes('finish')) {
      check(words.decided.test(await page.textContent('[data-testid=decided]')), 'the decided visit is told');
      check(words.finishButton.test(await choiceText(page, 'finish')), 'the finish button says what it does');
      action = 'finish';
      finishes++;
    } else if (actions.includes('continue')) {
      action = seen.has('continue') ? 'pass' : 'continue'; // draw once more the first time, then stop
    } else if (actions[0].startsWith('visit ')) {
      const visits = actions.filter((a) => a.startsWith('visit '));
      action = visits[Math.floor(visits.length / 2)]; // middle fiefs first: the visit can move either way
    } else {
      // Before a statement: a ready ally, crown ones first; the Lady of
      // Leaves once two others are used (she readies one of them).
      const used = await page.locator('.ally.exhausted').count();
      const allies = await page.$$eval('#main button.ally[data-action^="activate "]', (els) => els.map((e) => ({
        action: e.getAttribute('data-action'), crown: e.classList.contains('crown'), id: e.getAttribute('data-character'),
      })));
      const usable = allies.filter((a) => a.id !== 'lady-of-leaves' || used >= 2);
      const pick = usable.find((a) => a.crown) || usable[0];
      action = pick ? pick.action : (actions.find((a) => a !== 'stop') || actions[0]);
      if (pick && pick.crown) crownCalls++;
    }
    const verb = action.split(' ')[0];
    if (verb === 'continue') check(words.continueButton.test(await choiceText(page, action)), 'continue is worded');
    if (verb === 'pass') check(words.stopButton.test(await choiceText(page, action)), 'pass is worded: ' + await choiceText(page, action));
    if (verb === 'ally') check(words.readyButton.test(await choiceText(page, action)), 'the ally to ready is worded');
    if (verb === 'fief' && (await page.locator('.prompt-box [data-action^="fief "]').count())) {
      check(words.moveButton.test(await choiceText(page, action)), 'the direction is worded: ' + await choiceText(page, action));
      seen.add('direction');
    }
    if (await page.locator('[data-testid=trigger]').count()) {
      check(words.trigger.test(await page.textContent('[data-testid=trigger]')), 'the armed Baron of Eyes is told');
      seen.add('trigger');
    }
    seen.add(verb);
    const before = await versionOf(page);
    await page.locator(`#main [data-action="${action}"]`).first().click();
    await page.waitForFunction((v) => {
      const n = document.querySelector('[data-testid=version]');
      return (n && Number(n.getAttribute('data-version')) > v) || document.querySelector('[data-testid=game-over]');
    }, before, { timeout: 20000 });
    steps++;
    if (steps === 30) await shot(page, 'northwood-crown-' + language + '-mid');
  }
  check(await isOver(page), 'the game reached its end screen');
  check(crownCalls > 0, 'a crown ability was used');
  const logText = await page.locator('[data-testid=log]').textContent();
  check(words.called.test(logText), 'the log tells the abilities used');
  check(!/\{\w+\}/.test(logText), 'every log line is filled in: ' + (logText.match(/[^.]*\{\w+\}[^.]*/) || [''])[0]);
  if (finishes) check(words.finished.test(logText), 'the log tells the finished visit');
  check(words.over.test(await page.locator('[data-testid=game-over]').textContent()), 'the end screen tells the medal');
  await shot(page, 'northwood-crown-' + language + '-end', true);
  checkNoErrors(page, 'crown ' + language);
  console.log(`   (${steps} actions, ${crownCalls} crown abilities, ${finishes} visits finished early; ${[...seen].join(', ')})`);
  await ctx.close();
}

test('northwood: a full deal with crown allies played to the end, in English', async (browser) => {
  await crownGame(browser, 'en', 300);
});

test('northwood: a full deal with crown allies played to the end, in French', async (browser) => {
  await crownGame(browser, 'fr', 19);
});

// Starts a Duet from the start page: partner ('rule', 'strong' or
// 'human'), level and seed (optional), and waits for the path.
async function startFox(page, partner, level, seed) {
  await page.goto(BASE + '/#/');
  const form = page.locator('[data-testid=start-fox]');
  await form.locator(`input[name=partner][value=${partner}]`).check();
  if (level) await form.locator(`input[name=level][value="${level}"]`).check();
  if (seed !== undefined) {
    await form.locator('summary').click();
    await page.fill('[data-testid=fox-seed]', String(seed));
  }
  await page.click('[data-testid=start-fox-button]');
  await page.waitForSelector('svg.path .space');
}

// The boxes of every element matching sel that lie outside the window
// (above its top or below its bottom), as "top-bottom" texts; the page
// must not be scrolled.
async function outsideWindow(page, sel) {
  return page.$$eval(sel, (els) => els.map((e) => e.getBoundingClientRect())
    .filter((r) => r.top < 0 || r.bottom > window.innerHeight + 0.5 || r.height === 0)
    .map((r) => Math.round(r.top) + '-' + Math.round(r.bottom) + '/' + window.innerHeight));
}

// Fails unless at least one element matches sel and all of them lie in
// the window, with the page not scrolled.
async function checkInWindow(page, sel, what) {
  const n = await page.locator(sel).count();
  check(n > 0, what + ' is on the page (' + sel + ')');
  const scrolled = await page.evaluate(() => window.scrollY);
  check(scrolled === 0, what + ': the page is not scrolled (' + scrolled + ')');
  const out = await outsideWindow(page, sel);
  check(out.length === 0, what + ' is within the window without scrolling: ' + out.join(', '));
}

// The final position of a game, measured once the game-over box is drawn
// and the cards stand still: the hand (its cards, or its titled place when
// the last trick emptied it) and the game-over box lie in the window with
// the page not scrolled, and no point of a hand card is covered by the box
// or anything else (the element found at each card's centre and corners
// is the card); the box's title and result line are in view too (a long
// box scrolls in its own place). Returns the figures: the hand's and the
// box's edges.
async function checkEndPosition(page, who) {
  await page.waitForSelector('[data-testid=game-over]');
  await page.evaluate(() => Promise.race([Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))),
    new Promise((r) => setTimeout(r, 1500))]));
  const m = await page.evaluate(() => {
    const H = window.innerHeight;
    const W = window.innerWidth;
    const box = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height }; };
    const cards = [...document.querySelectorAll('[data-testid=hand] .card')];
    const place = document.querySelector('.hand-wrap');
    const covered = [];
    for (const c of cards) {
      const r = c.getBoundingClientRect();
      const pts = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 3, r.top + 3], [r.right - 3, r.top + 3],
        [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]];
      for (const [x, y] of pts) {
        const at = x >= 0 && x < W && y >= 0 && y < H ? document.elementFromPoint(x, y) : null;
        if (!at || !(c === at || c.contains(at))) {
          covered.push((c.getAttribute('data-card') || '?') + '@' + Math.round(x) + ',' + Math.round(y) + ' by ' +
            (at ? (at.getAttribute('data-testid') || at.className || at.tagName) : 'nothing (outside)'));
          break;
        }
      }
    }
    const over = document.querySelector('[data-testid=game-over]');
    // the box's title and result line (a long box scrolls in its place)
    const head = over ? [over.querySelector('h2'), over.querySelector('.big')].filter((e) => e) : [];
    const headBox = head.length ? { top: Math.min(...head.map((e) => e.getBoundingClientRect().top)),
      bottom: Math.max(...head.map((e) => e.getBoundingClientRect().bottom)) } : null;
    return { H, W, scrollY: window.scrollY, cards: cards.map(box), place: place ? box(place) : null,
      over: headBox, covered, wide: document.documentElement.scrollWidth - W };
  });
  const at = who + ' at the end of the game';
  if (m.scrollY !== 0 || m.covered.length || !m.place || !m.over) await shot(page, 'end-' + who.replace(/\W+/g, '-') + '-failed');
  check(m.scrollY === 0, at + ': the page is not scrolled (' + m.scrollY + ')');
  check(m.wide <= 1, at + ': nothing is wider than the window (' + m.wide + ' px more)');
  check(m.over && m.over.top >= 0 && m.over.bottom <= m.H + 0.5, at + ': the game-over box\'s title and result are in the window ' + JSON.stringify(m.over));
  check(m.place, at + ': the hand is on the page');
  const inWin = (r) => r.height > 0 && r.top >= 0 && r.bottom <= m.H + 0.5 && r.left >= 0 && r.right <= m.W + 0.5;
  if (m.cards.length) {
    const out = m.cards.filter((r) => !inWin(r)).map((r) => Math.round(r.top) + '-' + Math.round(r.bottom));
    check(!out.length, at + ': every hand card is in the window (of ' + m.H + '): ' + out.join(', '));
    check(!m.covered.length, at + ': no hand card is covered: ' + m.covered.join('; '));
  } else {
    check(inWin(m.place), at + ': the (empty) hand\'s place is in the window ' + JSON.stringify(m.place));
  }
  return { cards: m.cards.length, handBottom: Math.round(m.cards.length ? Math.max(...m.cards.map((r) => r.bottom)) : m.place.bottom),
    overTop: Math.round(m.over.top), overBottom: Math.round(m.over.bottom), height: m.H };
}

// Plays the first legal choice that is not "stop" and waits for a newer
// version; clicks through the page like a player would.
async function playFirst(page) {
  await page.waitForSelector('#main [data-action], [data-testid=game-over]', { timeout: 30000 });
  if (await isOver(page)) return null;
  return playOne(page, false, 0);
}

for (const [width, height] of [[1280, 800], [1366, 768]]) {
  test(`laptop ${width}x${height}: a substitute is picked on the table, a ruler then an ally, with the hand in view`, async (browser) => {
    const { ctx, page } = await newPage(browser, { viewport: { width, height } });
    await startNorthwood(page, 2024);
    // Play the first non-stop choice until substitutes are offered.
    let found = false;
    for (let steps = 0; steps < 200 && !found && !(await isOver(page)); steps++) {
      found = (await page.locator('[data-testid^=sub-ruler-]').count()) > 0;
      if (!found) await playOne(page, false, 0);
    }
    check(found, 'substitutes were offered');
    // No pairing is listed under the prompt: the allies are the choices.
    check((await page.locator('.prompt-box [data-action^="substitute "]').count()) === 0, 'no ruler x ally list under the prompt');
    const picked = await page.locator('[data-testid^=sub-ruler-].picked').getAttribute('data-testid');
    const fief = picked.replace('sub-ruler-', '');
    const allies = await page.$$eval('#main button.ally[data-action^="substitute "]', (els) => els.map((e) => e.getAttribute('data-action')));
    check(allies.length > 0 && allies.every((a) => a.startsWith('substitute ' + fief + ' ')), 'the allies offer the picked ruler: ' + allies.join(', '));
    check(/is picked: choose the ally/.test(await page.textContent('[data-testid=sub-now]')), 'the prompt says what to pick next');
    for (const [sel, what] of [['.hand .card', 'the hand'], ['.prompt-box', 'the prompt'], ['button.ally[data-action]', 'the allies to pick']]) {
      await checkInWindow(page, sel, what + ' at the substitute step');
    }
    await shot(page, `laptop-${width}-substitute`);
    // Picking the ally makes the substitution.
    const v = await versionOf(page);
    await page.locator(`#main button.ally[data-action="${allies[0]}"]`).click();
    await waitVersion(page, v + 1);
    check((await page.locator('.ally.substituted').count()) === 1, 'the ally slot shows its substitute');
    checkNoErrors(page, 'substitute');
    await ctx.close();
  });

  test(`laptop ${width}x${height}: the Duet's invite panel leaves the hand and the prompt in view`, async (browser) => {
    const { ctx, page } = await newPage(browser, { viewport: { width, height } });
    await startFox(page, 'human', 1, 5);
    await page.waitForSelector('[data-testid=join-link]');
    for (const [sel, what] of [['[data-testid=hand] .card', 'the hand'], ['.prompt-box', 'the prompt'], ['.share', 'the invite panel'],
      ['svg.path', 'the path']]) {
      await checkInWindow(page, sel, what + ' with the invite panel');
    }
    await shot(page, `laptop-${width}-invite`);
    checkNoErrors(page, 'invite');
    await ctx.close();
  });

  test(`laptop ${width}x${height}: both tables fit the window at every decision of whole games`, async (browser) => {
    const { ctx, page } = await newPage(browser, { viewport: { width, height } });
    // For Northwood!: at every statement the hand, the statement, the
    // score against the target, the allies and the prompt are in view.
    await startNorthwood(page, 2024);
    let statements = 0;
    let marked = 0;
    let decisions = 0;
    for (let steps = 0; steps < 700 && !(await isOver(page)); steps++) {
      decisions++;
      const responds = await page.$$eval('#main [data-action^="respond "]', (els) => els.map((e) => e.getAttribute('data-action')));
      if (responds.length) {
        statements++;
        for (const [sel, what] of [['.hand .card', 'the hand'], ['[data-testid=statement] .card', 'the statement'],
          ['[data-testid=score]', 'the score against the target'], ['.ally', 'the allies'], ['.prompt-box', 'the prompt'],
          ['[data-testid=score-mark]', 'the scoring marks']]) {
          await checkInWindow(page, sel, `${what} at statement ${statements}`);
        }
        // Each answer says before the pick whether it scores.
        const marks = await page.$$eval('.hand [data-action^="respond "]', (els) => els.map((e) => {
          const m = e.querySelector('[data-testid=score-mark]');
          return m ? m.getAttribute('data-scores') + ':' + m.textContent : '';
        }));
        check(marks.length === responds.length && marks.every((m) => /^1:scores$|^0:no point$/.test(m)),
          'every answer is marked "scores" or "no point": ' + marks.join(', '));
        check(/scores/.test(await page.textContent('[data-testid=scoring-help]')), 'the prompt says which answers score');
        marked += marks.length;
        if (statements === 1) await shot(page, `laptop-${width}-northwood`);
      } else {
        const used = await page.$$eval('#main button.ally[data-action]', (els) => els.length);
        if (used) await checkInWindow(page, 'button.ally[data-action]', 'the allies that can act');
        // Every other decision of the whole game: the prompt and the hand.
        await checkInWindow(page, '.prompt-box', `the prompt at decision ${decisions}`);
        if (await page.locator('.hand .card').count()) await checkInWindow(page, '.hand .card', `the hand at decision ${decisions}`);
      }
      await playOne(page, false, 0);
    }
    check(await isOver(page), 'the whole For Northwood! game was played (' + decisions + ' decisions)');
    check(statements >= 3, 'statements were answered (' + statements + ')');
    const nwEnd = await checkEndPosition(page, `Northwood ${width}x${height}`);
    await shot(page, `laptop-${width}-northwood-end`);
    const logText = await page.locator('[data-testid=log]').textContent();
    check(/higher in the same suit|your trump \(\w+\) beats it|neither higher in its suit nor a trump/.test(logText),
      'the log says why an answer scored or not: ' + logText.slice(0, 300));
    // The Duet with the bot: the hand, the trick, the gems and the path.
    await startFox(page, 'rule', 3, 31);
    let duetSteps = 0;
    for (let steps = 0; steps < 200 && !(await isOver(page)); steps++) {
      await page.waitForSelector('#main [data-action], [data-testid=game-over]', { timeout: 30000 });
      if (await isOver(page)) break;
      duetSteps++;
      // (between rounds, the hand played out, there is no card to show)
      const hand = (await page.locator('[data-testid=hand] .card').count()) ? [['[data-testid=hand] .card', 'the hand']] : [];
      for (const [sel, what] of [...hand, ['[data-testid=trick]', 'the trick'],
        ['[data-testid=gems-left]', 'the gems left'], ['svg.path', 'the path'], ['.prompt-box', 'the prompt']]) {
        await checkInWindow(page, sel, `${what} at Duet step ${steps}`);
      }
      if (steps === 4) await shot(page, `laptop-${width}-fox`);
      await playFirst(page);
    }
    check(await isOver(page), 'the whole Duet was played (' + duetSteps + ' decisions)');
    const foxEnd = await checkEndPosition(page, `Duet ${width}x${height}`);
    await shot(page, `laptop-${width}-fox-end`);
    checkNoErrors(page, 'laptop');
    console.log(`   (${decisions} For Northwood! decisions, ${statements} statements, ${marked} answers marked; ${duetSteps} Duet decisions)`);
    console.log(`   (end of game: Northwood ${JSON.stringify(nwEnd)}; Duet ${JSON.stringify(foxEnd)})`);
    await ctx.close();
  });
}

// Plays a whole game at a page asking a hint at every decision at once
// (no pause: faster than any player), then taking the advised move; every
// hint reply is kept. Returns {decisions, hints, refused, seconds, peak}:
// refused lists the replies that were not 200 and the hint lines that
// say a limit was met; peak is the most hints asked in any 60 s.
async function hintEveryDecision(page, who) {
  const replies = [];
  page.on('response', async (res) => {
    if (!/\/api\/games\/[^/]+\/hint/.test(res.url())) return;
    let body = null;
    try { body = await res.json(); } catch (e) { body = null; }
    replies.push({ status: res.status(), body, at: Date.now() });
  });
  const t0 = Date.now();
  const refused = [];
  let decisions = 0;
  for (let steps = 0; steps < 800; steps++) {
    await page.waitForSelector('#main [data-action], [data-testid=game-over]', { timeout: 30000 });
    if (await isOver(page)) break;
    const asked = replies.length;
    await page.locator('#main [data-testid=hint]').first().click();
    await page.waitForFunction(() => {
      const b = document.querySelector('#main .hint-box');
      return b && b.textContent.trim() && !/Thinking/.test(b.textContent);
    }, null, { timeout: 60000 });
    const line = await page.textContent('#main .hint-box');
    for (let i = 0; i < 200 && replies.length <= asked; i++) await page.waitForTimeout(25);
    const last = replies[replies.length - 1];
    if (!last || last.status !== 200) refused.push(who + ' decision ' + decisions + ': ' + (last ? last.status + ' ' + JSON.stringify(last.body) : 'no reply'));
    if (/too many|try again|rate/i.test(line)) refused.push(who + ' decision ' + decisions + ': the hint line says ' + line);
    if (refused.length) break;
    decisions++;
    const advised = last && last.body && last.body.action;
    const before = await versionOf(page);
    const target = advised ? page.locator(`#main [data-action="${advised}"]`) : null;
    if (target && (await target.count())) {
      await target.first().click();
      await page.waitForFunction((v) => {
        const n = document.querySelector('[data-testid=version]');
        return (n && Number(n.getAttribute('data-version')) > v) || document.querySelector('[data-testid=game-over]');
      }, before, { timeout: 30000 });
    } else {
      await playOne(page, false, 0);
    }
  }
  const times = replies.map((r) => r.at);
  let peak = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= 60000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  return { decisions, hints: replies.length, refused, seconds: Math.round((Date.now() - t0) / 1000), peak };
}

test('hints: a player asking a hint at every decision of a whole game of each kind, without a pause, never meets the limit', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await startNorthwood(page, 2024);
  const nw = await hintEveryDecision(page, 'Northwood');
  check(!nw.refused.length, 'no hint refused: ' + nw.refused.join(' | '));
  check(await isOver(page), 'the For Northwood! game was played to its end (' + nw.decisions + ' decisions)');
  check(nw.hints === nw.decisions && nw.decisions > 60, 'a hint at each of the ' + nw.decisions + ' decisions (' + nw.hints + ' asked)');
  // The Duet with the bot partner, at the same seat's pace.
  await startFox(page, 'rule', 3, 31);
  const fox = await hintEveryDecision(page, 'Duet');
  check(!fox.refused.length, 'no hint refused: ' + fox.refused.join(' | '));
  check(await isOver(page), 'the Duet was played to its end (' + fox.decisions + ' decisions)');
  check(fox.hints === fox.decisions && fox.decisions > 20, 'a hint at each of the ' + fox.decisions + ' decisions (' + fox.hints + ' asked)');
  checkNoErrors(page, 'hints');
  console.log(`   (Northwood: ${nw.hints} hints in ${nw.seconds} s, at most ${nw.peak} in 60 s; Duet: ${fox.hints} hints in ${fox.seconds} s, at most ${fox.peak} in 60 s)`);
  await ctx.close();
}, 900000);

test('fox duet: the path is a drawing of a forest trail, one element per space', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await startFox(page, 'rule', 3);
  const spaces = await page.$$eval('svg.path .space', (els) => els.map((e) => ({
    n: Number(e.getAttribute('data-space')), gems: Number(e.getAttribute('data-gems')),
    label: e.getAttribute('aria-label'), gemShapes: e.querySelectorAll('.gem-shape').length, text: e.textContent,
  })));
  check(spaces.length === 11, 'eleven spaces (' + spaces.length + ')');
  check(spaces.map((s) => s.n).join(',') === '-5,-4,-3,-2,-1,0,1,2,3,4,5', 'the spaces run from -5 to 5');
  check(spaces.every((s) => s.gems > 4 || s.gemShapes === s.gems), 'each space draws its gems');
  check(spaces.every((s) => /\d/.test(s.label)), 'each space is labelled');
  check(spaces.some((s) => /\(\+\)/.test(s.text)), 'the (+) marks are drawn');
  check((await page.locator('svg.path .trail').count()) === 1, 'a winding trail joins the spaces');
  check((await page.locator('svg.path [data-testid=fox-token]').count()) === 1, 'the fox token stands on the path');
  checkNoErrors(page, 'path');
  await ctx.close();
});

test('phone 390x844: the whole hand is in view, and the end of the game', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const handInView = async (what) => {
    const out = await outsideWindow(page, '[data-testid=hand] .card');
    check((await page.locator('[data-testid=hand] .card').count()) > 0, what + ': a hand is shown');
    check(out.length === 0, what + ': every hand card is in view: ' + out.join(', '));
  };
  // For Northwood!: the hand under the prompt at a statement.
  await startNorthwood(page, 2024);
  for (let i = 0; i < 60 && !(await page.locator('#main [data-action^="respond "]').count()); i++) await playOne(page, false, 0);
  await handInView('Northwood statement');
  check((await page.locator('[data-testid=score-mark]').count()) > 0, 'the answers are marked on a phone too');
  await shot(page, 'phone-390-northwood');
  // The Duet: all 11 cards, then play to the end; the game-over box is in
  // view whoever took the last action.
  await startFox(page, 'rule', null, 8);
  await page.waitForSelector('#main [data-action]', { timeout: 30000 });
  check((await page.locator('[data-testid=hand] .card').count()) >= 11, 'the Duet hand holds 11 cards');
  await handInView('Duet start');
  await shot(page, 'phone-390-fox');
  let steps = 0;
  while (!(await isOver(page)) && steps < 400) {
    if (await playFirst(page)) steps++;
    if (steps === 6 && (await page.locator('#main [data-action]').count())) await handInView('Duet mid-round');
  }
  check(await isOver(page), 'the Duet game ended');
  await page.waitForTimeout(300);
  const out = await outsideWindow(page, '[data-testid=game-over]');
  check(out.length === 0, 'the game-over box is in view: ' + out.join(', '));
  await shot(page, 'phone-390-fox-end');
  checkNoErrors(page, 'phone 390');
  await ctx.close();
});

// The boxes of a phone table at one decision, measured in the page: the
// lowest and highest edges of the hand cards, of the statement (or the
// trick) and of the score, the scroll position, the choices smaller than
// 44x44 px and those out of reach (outside the window, or covered by
// another element at their centre, unless they lie in the prompt's own
// scrolling box).
async function phoneBoxes(page, statementSel, scoreSel) {
  // The window the test asked for: a page wider than it makes a phone
  // zoom out, and the window's own sizes grow.
  const { width: W, height: H } = page.viewportSize();
  return page.evaluate(([stmt, score, W, H]) => {
    const span = (sel) => {
      const rs = [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
      if (!rs.length) return null;
      return { top: Math.min(...rs.map((r) => r.top)), bottom: Math.max(...rs.map((r) => r.bottom)),
        left: Math.min(...rs.map((r) => r.left)), right: Math.max(...rs.map((r) => r.right)), n: rs.length };
    };
    const scoreSel = score.split(',').find((x) => document.querySelector(x.trim()));
    const choices = [...document.querySelectorAll('#main [data-action], #main .hint-button, #main [data-testid=undo], #main [data-testid=auto-play-wait]')];
    const small = [];
    const unreachable = [];
    for (const e of choices) {
      const r = e.getBoundingClientRect();
      const name = e.getAttribute('data-action') || e.getAttribute('data-testid') || e.className;
      if (r.width < 44 || r.height < 44) small.push(name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
      if (e.closest('.prompt-box')) continue; // the prompt scrolls on its own when it is long
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const at = cx >= 0 && cx < W && cy >= 0 && cy < H ? document.elementFromPoint(cx, cy) : null;
      if (!at || !(e === at || e.contains(at))) unreachable.push(name + ' @' + Math.round(r.top) + '-' + Math.round(r.bottom));
    }
    return { H, W, scrollY: window.scrollY, scrollX: window.scrollX,
      wide: Math.max(document.documentElement.scrollWidth, window.innerWidth) - W, tall: window.innerHeight - H,
      // between two rounds of the Duet the hand is empty: its place then
      hand: span('[data-testid=hand] .card') || span('.hand-wrap'), handCards: !!document.querySelector('[data-testid=hand] .card'), statement: span(stmt), score: scoreSel ? span(scoreSel) : null,
      dock: span('[data-testid=dock]'), small, unreachable,
      actions: [...new Set(choices.map((e) => e.getAttribute('data-action')).filter(Boolean))] };
  }, [statementSel, scoreSel, W, H]);
}

// Plays a whole game on a phone-size page, checking at every decision
// that the hand, the statement (or trick) and the score lie in the window
// with the page not scrolled, that every choice is at least 44x44 px and
// that the choice taken is in reach without scrolling. pick(actions, step)
// chooses the action. Returns the figures measured (the lowest bottom
// edges and the highest top edges) and the decisions seen.
async function phoneGame(page, who, statementSel, scoreSel, pick) {
  const worst = { handBottom: 0, handTop: Infinity, statementBottom: 0, scoreTop: Infinity, scoreBottom: 0, dockTop: Infinity, decisions: 0 };
  const phases = new Set();
  let steps = 0;
  while (steps < 700) {
    await page.waitForSelector('#main [data-action], [data-testid=game-over]', { timeout: 30000 });
    if (await isOver(page)) break;
    // The boxes once the cards that just moved have ended their animation.
    await page.evaluate(() => Promise.race([Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))),
      new Promise((r) => setTimeout(r, 1500))]));
    const b = await phoneBoxes(page, statementSel, scoreSel);
    if (!b.actions.length) continue;
    const at = `${who} decision ${steps} (${b.actions.slice(0, 4).join(', ')})`;
    // A failing decision leaves a picture of the window as the player sees it.
    const checkHere = async (cond, msg) => {
      if (!cond) await shot(page, 'phone-' + who.replace(/\W+/g, '-') + '-failed');
      check(cond, msg);
    };
    await checkHere(b.scrollY === 0 && b.scrollX === 0, at + ': the page is not scrolled (' + b.scrollY + ')');
    await checkHere(b.wide <= 1 && b.tall <= 1, at + ': nothing is wider than the screen (' + b.wide + ' px more)');
    for (const [name, box] of [['the hand', b.hand], ['the statement or trick', b.statement], ['the score', b.score]]) {
      await checkHere(box, at + ': ' + name + ' is shown');
      await checkHere(box.top >= 0 && box.bottom <= b.H + 0.5, at + `: ${name} is in the window (${Math.round(box.top)}-${Math.round(box.bottom)} of ${b.H})`);
    }
    await checkHere(!b.small.length, at + ': choices smaller than 44x44: ' + b.small.join(', '));
    if (b.handCards) {
      worst.handBottom = Math.max(worst.handBottom, b.hand.bottom);
      worst.handTop = Math.min(worst.handTop, b.hand.top);
    }
    worst.statementBottom = Math.max(worst.statementBottom, b.statement.bottom);
    worst.scoreTop = Math.min(worst.scoreTop, b.score.top);
    worst.scoreBottom = Math.max(worst.scoreBottom, b.score.bottom);
    if (b.dock) worst.dockTop = Math.min(worst.dockTop, b.dock.top);
    worst.decisions++;
    const action = pick(b.actions, steps);
    phases.add(action.split(' ')[0]);
    await checkHere(!b.unreachable.some((u) => u.split(' @')[0] === action), at + `: the choice ${action} is in reach: ` + b.unreachable.join(', '));
    const before = await versionOf(page);
    try {
      await page.locator(`#main [data-action="${action}"]`).first().click({ timeout: 10000 });
    } catch (e) {
      await shot(page, 'phone-' + who + '-unclickable');
      throw new Error(at + ': ' + action + ' could not be clicked: ' + e.message.split('\n')[0]);
    }
    await page.waitForFunction((v) => {
      const n = document.querySelector('[data-testid=version]');
      return (n && Number(n.getAttribute('data-version')) > v) || document.querySelector('[data-testid=game-over]');
    }, before, { timeout: 30000 });
    steps++;
  }
  check(await isOver(page), who + ': the game ended');
  await page.waitForTimeout(300);
  const out = await outsideWindow(page, '[data-testid=game-over]');
  check(out.length === 0, who + ': the game-over box is in view: ' + out.join(', '));
  // The final position: the hand in view and uncovered beside the box.
  const end = await checkEndPosition(page, who);
  for (const k of Object.keys(worst)) worst[k] = Math.round(worst[k]);
  return { worst, phases: [...phases], end };
}

test('phone 390x844: at every decision of a whole game of each kind, hand, statement or trick and score in view, choices 44 px', async (browser) => {
  // Less motion: the boxes are measured once the cards stand still anyway.
  const { ctx, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-nw]');
  // The header's links and language buttons are 44 px targets too.
  const navSmall = await page.$$eval('.topbar a, .topbar button', (els) => els.map((e) => e.getBoundingClientRect())
    .filter((r) => r.width < 44 || r.height < 44).map((r) => Math.round(r.width) + 'x' + Math.round(r.height)));
  check(!navSmall.length, 'the header targets are 44x44: ' + navSmall.join(', '));
  // For Northwood!: every kind of choice in turn (fiefs, allies, substitutes, answers).
  await startNorthwood(page, 2024);
  const nw = await phoneGame(page, 'Northwood', '[data-testid=statement]', '[data-testid=score], [data-testid=stars]',
    (actions, step) => {
      const usable = actions.filter((a) => a !== 'stop');
      return usable[step % usable.length];
    });
  await shot(page, 'phone-390-nw-end');
  // The Duet with the bot as partner: a deal that lasts three rounds
  // (with the forest token's choice between rounds) when the first choice
  // is always taken.
  await startFox(page, 'rule', 1, 31);
  const fox = await phoneGame(page, 'Duet', '[data-testid=trick]', '[data-testid=gems-left]', (actions) => actions[0]);
  await shot(page, 'phone-390-fox-whole-end');
  checkNoErrors(page, 'phone 390 whole games');
  console.log(`   (Northwood ${nw.worst.decisions} decisions: ${JSON.stringify(nw.worst)} ${nw.phases.join(',')})`);
  console.log(`   (Duet ${fox.worst.decisions} decisions: ${JSON.stringify(fox.worst)} ${fox.phases.join(',')})`);
  console.log(`   (end of game: Northwood ${JSON.stringify(nw.end)}; Duet ${JSON.stringify(fox.end)})`);
  await ctx.close();
}, 420000);

test('phone 360x740 in French: a whole full deal (crown abilities), hand, statement and score in view at every decision', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-nw]');
  await page.click('[data-lang=fr]');
  const form = page.locator('[data-testid=start-northwood]');
  await form.locator('input[name=setup][value=full]').check();
  await form.locator('summary').click();
  await page.fill('[data-testid=nw-seed]', '300');
  await page.click('[data-testid=start-nw]');
  await page.waitForSelector('[data-testid=prompt]');
  // The header keeps to one row during the game, in French too.
  const header = await page.locator('.topbar').boundingBox();
  check(header.height <= 50, 'the header is one row (' + header.height + ' px)');
  // Crown allies first before a statement, else the choices in turn.
  const nw = await phoneGame(page, 'Northwood full', '[data-testid=statement]', '[data-testid=score], [data-testid=stars]',
    (actions, step) => {
      const usable = actions.filter((a) => a !== 'stop');
      return usable.find((a) => a === 'continue' && step % 2) || usable[step % usable.length];
    });
  await shot(page, 'phone-360-fr-full-end');
  checkNoErrors(page, 'phone 360 full');
  console.log(`   (${nw.worst.decisions} decisions: ${JSON.stringify(nw.worst)} ${nw.phases.join(',')})`);
  await ctx.close();
}, 300000);

// The choices on screen, and the only card-playing one when nothing else
// but stopping the game or finishing the visit is offered (the setting
// "play my only legal card by itself" plays it), or null.
async function soleCard(page) {
  const actions = await page.$$eval('#main [data-action]', (els) => [...new Set(els.map((e) => e.getAttribute('data-action')))]);
  const plays = actions.filter((a) => /^(respond|play) /.test(a));
  const sole = plays.length === 1 && actions.every((a) => a === plays[0] || a === 'stop' || a === 'finish') ? plays[0] : null;
  return { actions, sole };
}

// Plays first choices (never "stop") until a decision with only one card
// to play comes; returns that card's action (null at the end of the game).
async function playUntilSoleCard(page, limit) {
  for (let i = 0; i < limit; i++) {
    await page.waitForSelector('#main [data-action], [data-testid=game-over]', { timeout: 30000 });
    if (await isOver(page)) return null;
    const { actions, sole } = await soleCard(page);
    if (sole) return sole;
    if (!actions.length) { await page.waitForTimeout(100); continue; }
    await playOne(page, false, 0);
  }
  return null;
}

test('one tap: the only legal card goes by itself when the setting is on, remembered, in both languages', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto(BASE + '/#/');
  const box = page.locator('[data-testid=setting-auto-play]');
  await box.waitFor();
  check(!(await box.isChecked()), 'the setting is off at first');
  check(/only legal card by itself/.test(await page.textContent('.settings')), 'the setting is worded in English');
  const target = await page.locator('label.setting', { has: page.locator('[data-testid=setting-auto-play]') }).boundingBox();
  check(target.height >= 44, 'the setting is a 44 px target (' + target.height + ')');
  await page.click('[data-lang=fr]');
  check(/seule carte possible/.test(await page.textContent('.settings')), 'the setting is worded in French: ' + await page.textContent('.settings'));
  await page.click('[data-lang=en]');

  // Off: the only answer waits for the player.
  await startNorthwood(page, 2024);
  let sole = await playUntilSoleCard(page, 80);
  check(sole, 'a statement with a single possible answer came');
  let v = await versionOf(page);
  await page.waitForTimeout(2000);
  check((await versionOf(page)) === v && (await page.locator('[data-testid=auto-play-note]').count()) === 0,
    'with the setting off the only card waits for a tap');
  await page.locator(`#main [data-action="${sole}"]`).first().tap();
  await waitVersion(page, v + 1);

  // On (from the table's side column): it goes by itself after a short pause.
  await page.locator('[data-testid=setting-auto-play]').check();
  check((await page.evaluate(() => localStorage.getItem('tw.autoPlayOnly'))) === '1', 'the setting is stored in this browser');
  sole = await playUntilSoleCard(page, 80);
  check(sole, 'another single possible answer came');
  await page.waitForSelector('[data-testid=auto-play-note]');
  const t0 = Date.now();
  v = await versionOf(page);
  const card = sole.split(' ')[1];
  check(/goes in a moment/.test(await page.textContent('[data-testid=auto-play-note]')), 'the note says the card goes in a moment');
  check((await page.locator(`#main [data-action="${sole}"].auto-play`).count()) === 1, 'the card that goes is marked');
  await shot(page, 'one-tap-waiting');
  await waitVersion(page, v + 1);
  const waited = Date.now() - t0;
  check(waited >= 600 && waited < 5000, 'the card went after a short, visible pause (' + waited + ' ms)');
  const log = await page.textContent('[data-testid=log]');
  check(log.includes(card.replace(/^(\d+)([A-Z])$/, '$1 of')), 'the log tells the answer played: ' + card);

  // Wait keeps the card for this decision; a tap plays it.
  sole = await playUntilSoleCard(page, 80);
  check(sole, 'a third single possible answer came');
  await page.waitForSelector('[data-testid=auto-play-wait]');
  v = await versionOf(page);
  await page.locator('[data-testid=auto-play-wait]').tap();
  await page.waitForTimeout(2000);
  check((await versionOf(page)) === v && (await page.locator('[data-testid=auto-play-note]').count()) === 0, 'Wait keeps the card');
  await page.locator(`#main [data-action="${sole}"]`).first().tap();
  await waitVersion(page, v + 1);

  // Remembered after a reload; and the Duet plays its only card by itself too.
  await page.reload();
  await page.locator('[data-testid=setting-auto-play]').waitFor();
  check(await page.locator('[data-testid=setting-auto-play]').isChecked(), 'the setting is remembered');
  await startFox(page, 'rule', 1, 31);
  sole = await playUntilSoleCard(page, 60);
  check(sole, 'a Duet trick with a single card to follow came');
  await page.waitForSelector('[data-testid=auto-play-note]');
  v = await versionOf(page);
  await waitVersion(page, v + 1);
  checkNoErrors(page, 'one tap');
  await ctx.close();
});

test('rules: opened from the table mid-game on a 390x844 phone, every card listed, back to the same game', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await startNorthwood(page, 2024);
  for (let i = 0; i < 3; i++) await playOne(page, false, 0);
  const where = await page.evaluate(() => location.hash);
  const version = await versionOf(page);
  check(!(await page.locator('[data-testid=rules-open]').isVisible()), 'on a phone the header leaves its Rules button to the table');
  const pill = await page.locator('[data-testid=table-rules]').boundingBox();
  check(pill && pill.height >= 44 && pill.width >= 44 && pill.y + pill.height <= 844, 'the table\'s Rules button is in view, 44 px: ' + JSON.stringify(pill));
  await page.click('[data-testid=table-rules]');
  await page.waitForSelector('[data-testid=rules-panel] [data-testid=rules-section]');
  check((await page.getAttribute('[data-testid=rules-tab-northwood]', 'aria-selected')) === 'true', 'the rules open on the game of the table');
  check((await page.locator('[data-testid=rules-section]').count()) >= 8, 'every section of the rules is shown');
  check((await page.locator('[data-testid=rules-toc-item]').count()) >= 8, 'the contents list the sections');
  const box = await page.locator('.rules-dialog').boundingBox();
  check(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 391 && box.y + box.height <= 845, 'the panel fits the phone: ' + JSON.stringify(box));
  check((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 1, 'nothing sticks out sideways');
  await page.keyboard.press('1'); // the table's number keys stay below the panel
  await page.click('[data-testid=rules-view-cards]');
  await page.waitForSelector('[data-testid=rules-card]');
  const cards = await page.$$eval('[data-testid=rules-card]', (els) => els.map((e) => ({ id: e.dataset.id, text: e.innerText })));
  check(cards.length === 24, 'the card list shows the 24 characters: ' + cards.length);
  check(cards.every((c) => c.text.trim().length > 20), 'every character has its ability text');
  if (!SITE) {
    const data = await page.evaluate(async () => (await (await fetch('/api/rules/northwood')).json()).cards.map((c) => c.id));
    check(JSON.stringify(data) === JSON.stringify(cards.map((c) => c.id)), 'the list is the catalog\'s, in its order');
  }
  await shot(page, 'rules-cards-390');
  await page.click('[data-testid=rules-tab-fox]');
  await page.waitForSelector('[data-testid=rules-fox-rank]');
  check((await page.locator('[data-testid=rules-fox-rank]').count()) === 10, 'the Duet lists its ten ranks');
  check((await page.locator('[data-testid=rules-fox-rank] .rules-card-text').count()) === 5, 'the five odd ranks carry their ability');
  await page.click('[data-testid=rules-close]');
  check((await page.locator('[data-testid=rules-panel]').count()) === 0, 'the panel closes');
  check((await page.evaluate(() => location.hash)) === where, 'the same game is open');
  check((await versionOf(page)) === version, 'nothing was played while the rules were open');
  check(await playOne(page, false, 0), 'the game goes on');
  // In French, from the start page and from the header, with Escape to close.
  await page.click('[data-lang=fr]');
  await page.goto(BASE + '/#/');
  await page.click('[data-testid=start-rules-fox]');
  await page.waitForSelector('[data-testid=rules-section]');
  check((await page.locator('.rules-body').innerText()).includes('Les règles du Renard des Bois'), 'the rules follow the app\'s language');
  await page.click('[data-testid=rules-view-cards]');
  await page.waitForSelector('[data-testid=rules-fox-rank]');
  check((await page.locator('.rules-body').innerText()).includes('Prince/Princesse'), 'the cards too');
  await page.keyboard.press('Escape');
  check((await page.locator('[data-testid=rules-panel]').count()) === 0, 'Escape closes the panel');
  await page.click('[data-testid=rules-open]');
  await page.waitForSelector('[data-testid=rules-tab-northwood][aria-selected=true]');
  check((await page.locator('[data-testid=rules-open]').innerText()).trim() === 'Règles', 'the header\'s button is in French');
  await page.click('[data-testid=rules-close]');
  checkNoErrors(page, 'rules');
  await ctx.close();
});

test('texts: every English text has a French one with the same marks', async () => {
  // Loaded as a data: URL so that Node reads it as a module wherever it lies.
  const src = readFileSync(new URL('../../web/js/i18n.js', import.meta.url), 'utf8');
  const { TABLES_FOR_TESTS, t, setLang } = await import('data:text/javascript,' + encodeURIComponent(src));
  const en = TABLES_FOR_TESTS.en;
  const fr = TABLES_FOR_TESTS.fr;
  // Singular forms (key + '_sg'): 1 in English, 0 and 1 in French.
  const orphans = Object.keys(en).filter((k) => k.endsWith('_sg') && !(k.slice(0, -3) in en));
  check(!orphans.length, 'singular forms without their plural: ' + orphans.join(', '));
  const enCounts = [0, 1, 2].map((n) => t('fox_footprints', { n })).join(' / ');
  check(enCounts === '0 footprints / 1 footprint / 2 footprints', 'English counts: ' + enCounts);
  globalThis.document = globalThis.document || { documentElement: {} }; // setLang marks the page's language
  setLang('fr');
  const frCounts = [0, 1, 2].map((n) => t('fox_footprints', { n })).join(' / ');
  // Averages: one decimal, half up, the language's mark (as the terminal).
  const { decimalOne } = await import('data:text/javascript,' + encodeURIComponent(src));
  const frAverage = decimalOne(5.25);
  // French contracts "à" and "de" before a character's title.
  const called = t('nw_ev_ability', { name: 'Prince des Griffes' }) + ' ' + t('nw_a_ready', { name: 'Reine des Fleurs' });
  setLang('en');
  check(frCounts === '0 empreinte / 1 empreinte / 2 empreintes', 'French counts: ' + frCounts);
  check(frAverage === '5,3', 'averages in French: ' + frAverage);
  const enAverages = [5.25, 5, 17.04, 0.05].map(decimalOne).join(' ');
  check(enAverages === '5.3 5.0 17.0 0.1', 'averages in English: ' + enAverages);
  check(called === 'Vous faites appel au Prince des Griffes. Permettre à la Reine des Fleurs d\'agir de nouveau', 'French articles: ' + called);
  check(t('nw_ev_ability', { name: 'Prince of Claws' }) === 'You call on Prince of Claws.', 'English is left as it is');
  // One word for a fief's target in French: "cible", never "objectif".
  const target = Object.entries(fr).filter(([k, v]) => /objectif/i.test(v) && !/medal|médaille/i.test(k + v)).map(([k]) => k);
  check(!target.length, 'French texts calling the target "objectif": ' + target.join(', '));
  const marks = (s) => (s.match(/\{\w+\}/g) || []).sort().join(' ');
  const missing = Object.keys(en).filter((k) => !(k in fr));
  const extra = Object.keys(fr).filter((k) => !(k in en));
  check(!missing.length, 'French texts missing: ' + missing.join(', '));
  check(!extra.length, 'French texts with no English: ' + extra.join(', '));
  const differ = Object.keys(en).filter((k) => marks(en[k]) !== marks(fr[k]));
  check(!differ.length, 'texts whose {marks} differ: ' + differ.join(', '));
  check(Object.keys(en).length > 200, 'the tables are complete (' + Object.keys(en).length + ' texts)');
});

test('texts: no capital letter mid-sentence in English and French, but for the proper names', async () => {
  const cap = await import('./capitals.mjs');
  const allowed = new Set([...cap.NAMES, ...cap.dataNames()]);
  // The rule itself: a capital after a lower-case word is found, a name,
  // a sentence's start, a placeholder, a code and a quoted button are not.
  const bad = cap.midSentenceCapitals('Appuyez sur Conseil, puis jouez la Carte.', allowed);
  check(bad.join(',') === 'sur Conseil,la Carte', 'the rule finds capitals mid-sentence: ' + bad.join(','));
  const good = ['Vous faites appel au Prince des Griffes. Jouez 3G.', 'les Barons des Yeux', "l'atout Feuilles",
    'appuyez sur « Attendre »', 'press "Wait" or Enter', 'Board %s: %s Load another', 'use `trickwood Fox`',
    'Le Renard des Bois : Duo'].filter((x) => cap.midSentenceCapitals(x, allowed).length);
  check(!good.length, 'names, sentence starts and quotes are left alone: ' + good.join(' | '));
  check(allowed.has('Reine') && allowed.has('Valet') && cap.NAMES.size < 80, 'the names: the characters\' words and a short list (' + cap.NAMES.size + ')');
  const { found, texts, fromC } = await cap.findings();
  check(texts > 2500 && fromC > 800, 'the tables were read (' + texts + ' texts, ' + fromC + ' from the C tables)');
  check(!found.length, found.length + ' texts with a capital mid-sentence: ' +
    found.slice(0, 8).map((f) => f.where + ' (' + f.words.join(', ') + ')').join('; '));
});

// ---------------------------------------------------------------------

test('an archived game: its own screen, and it leaves the list of games to continue', async (browser) => {
  const { ctx, page } = await newPage(browser);
  await startNorthwood(page, 77);
  const id = decodeURIComponent(page.url().split('#/play/')[1]);
  // The server archives games left alone for days; here its 410 answer is
  // given to the page for this game's next action (the server side of
  // archiving is tested against the real binary in tests/test_server_archive.c).
  const body = JSON.stringify({ error: 'the game was archived', code: 'archived' });
  await page.route('**/api/games/' + id + '/**', (route) => route.fulfill({ status: 410, contentType: 'application/json', body }));
  await page.locator('#main [data-action]').first().click();
  await page.waitForSelector('[data-testid=archived]');
  const text = await page.locator('[data-testid=archived]').innerText();
  check(/put away/.test(text) && /Start a new game/.test(text), 'archived screen text: ' + text);
  await page.unroute('**/api/games/' + id + '/**');
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=start-northwood]');
  const links = await page.$$eval('#main a[href^="#/play/"]', (els) => els.map((e) => e.getAttribute('href')));
  check(!links.some((h) => h.includes(id)), 'archived game still offered to continue: ' + links.join(' '));
  // Opening its address again shows the same screen, not an error.
  await page.route('**/api/games/' + id + '/**', (route) => route.fulfill({ status: 410, contentType: 'application/json', body }));
  await page.goto(BASE + '/#/play/' + encodeURIComponent(id));
  await page.waitForSelector('[data-testid=archived]');
  checkNoErrors(page, 'archived');
  await ctx.close();
});

// ---- Tutorials (web/js/tutorial.js, scripts in web/tutorial/) ----

// The script of a tutorial, as the page fetches it.
function tutorialScript(name) {
  return JSON.parse(readFileSync(new URL('../../web/tutorial/' + name + '.json', import.meta.url), 'utf8'));
}

// Plays one scripted action of a tutorial through the page (a substitute:
// its ruler, then its ally) and waits for the next version.
async function tutorialAct(page, action) {
  const v = await versionOf(page);
  const sub = /^substitute (\d+) /.exec(action);
  if (sub && !(await page.locator(`#main [data-action="${action}"]`).count())) {
    await page.click(`[data-testid=sub-ruler-${sub[1]}]`);
  }
  await page.locator(`#main [data-action="${action}"]`).first().click();
  await waitVersion(page, v + 1);
}

test('tutorial northwood: offered on the first visit, a wrong move explained, the lessons walked to a real game', async (browser) => {
  const script = tutorialScript('northwood');
  const { ctx, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=tutorial-offer]');
  await shot(page, 'tutorial-offer');
  await page.click('[data-testid=tutorial-offer-northwood]');
  await page.waitForSelector('[data-testid=tutorial-coach] [data-testid=tutorial-say]');
  check((await page.getAttribute('[data-testid=tutorial-step]', 'data-step')) === '0', 'the tutorial starts at its first step');
  // A legal move that is not the lesson's is explained and not sent.
  await page.click('#main [data-action="visit 2"]');
  await page.waitForSelector('[data-testid=tutorial-why]');
  check((await page.textContent('[data-testid=tutorial-why]')).includes(script.steps[0].wrong.en.slice(0, 40)), 'the wrong move is explained');
  check((await versionOf(page)) === 0, 'the wrong move was not played');
  await checkInWindow(page, '[data-testid=tutorial-why]', 'the explanation');
  await checkInWindow(page, '.hand .card', 'the hand beside the coach');
  await shot(page, 'tutorial-nw-wrong');
  for (const [i, step] of script.steps.entries()) {
    check((await page.getAttribute('[data-testid=tutorial-step]', 'data-step')) === String(i), `step ${i} is shown`);
    check((await page.textContent('[data-testid=tutorial-say]')) === step.say.en, `step ${i} says its text`);
    if (i === 2) await checkInWindow(page, '.hand .card', 'the hand at a statement');
    await tutorialAct(page, step.do[0]);
    if (i === 2) {
      // Undo goes back to the step before, and the coach with it.
      await page.click('[data-testid=undo]');
      await page.waitForFunction(() => document.querySelector('[data-testid=tutorial-step]').getAttribute('data-step') === '2');
      check((await versionOf(page)) === step.at, 'undo took the answer back');
      await tutorialAct(page, step.do[0]);
    }
    check((await page.locator('[data-testid=tutorial-why]').count()) === 0, `no explanation after step ${i}`);
  }
  // The lessons are over: the same game goes on, as a real one.
  check((await page.textContent('[data-testid=tutorial-say]')) === script.end.en, 'the end of the lessons is said');
  check((await page.locator('#main [data-action]').count()) > 0, 'the game goes on');
  await playOne(page, false, 0);
  check((await page.locator('[data-testid=tutorial-why]').count()) === 0, 'any move is taken after the lessons');
  await shot(page, 'tutorial-nw-end');
  // The start page no longer offers it, but links each tutorial.
  await page.goto(BASE + '/#/');
  await page.waitForSelector('[data-testid=tutorial-fox]');
  check((await page.locator('[data-testid=tutorial-offer]').count()) === 0, 'the offer is not made twice');
  checkNoErrors(page, 'tutorial northwood');
  await ctx.close();
});

test('tutorial closed and reopened: the coach takes the kept game up at the step it reached', async (browser) => {
  const script = tutorialScript('northwood');
  const { ctx, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(BASE + '/#/tutorial/northwood');
  await page.waitForSelector('[data-testid=tutorial-coach] [data-testid=tutorial-say]');
  for (const step of script.steps.slice(0, 3)) await tutorialAct(page, step.do[0]);
  await page.close();
  // Later, in the same browser: the tutorial's address again.
  const back = watchErrors(await ctx.newPage());
  await back.goto(BASE + '/#/tutorial/northwood');
  await back.waitForSelector('[data-testid=tutorial-coach] [data-testid=tutorial-say]');
  await waitVersion(back, script.steps[3].at);
  check((await versionOf(back)) === script.steps[3].at, 'the kept game, not a new deal (version ' + await versionOf(back) + ')');
  check((await back.getAttribute('[data-testid=tutorial-step]', 'data-step')) === '3', 'the coach is at the fourth step');
  check((await back.textContent('[data-testid=tutorial-say]')) === script.steps[3].say.en, 'it says the fourth step');
  // It still explains a move that is not the lesson's, and takes the lesson's.
  const other = (await back.$$eval('#main [data-action]', (els) => els.map((e) => e.getAttribute('data-action'))))
    .find((a) => !script.steps[3].do.includes(a) && a !== 'stop');
  check(other, 'another move is offered');
  await back.locator(`#main [data-action="${other}"]`).first().click();
  await back.waitForSelector('[data-testid=tutorial-why]');
  check((await versionOf(back)) === script.steps[3].at, 'the wrong move was not played');
  await tutorialAct(back, script.steps[3].do[0]);
  check((await back.getAttribute('[data-testid=tutorial-step]', 'data-step')) === '4', 'the lessons go on');
  // The same game opened by its play address (a bookmark, the history's
  // link) comes back with its coach, at the step reached.
  const id = await back.evaluate(() => localStorage.getItem('tw.tutorial.northwood'));
  check(id, 'the browser keeps the tutorial game');
  await back.goto(BASE + '/#/play/' + encodeURIComponent(id));
  await back.waitForSelector('[data-testid=tutorial-coach] [data-testid=tutorial-say]');
  check((await back.getAttribute('[data-testid=tutorial-step]', 'data-step')) === '4', 'the play address shows the coach at the fifth step');
  checkNoErrors(back, 'tutorial reopened');
  await ctx.close();
});

test('tutorial on a phone 390x844, in French: the coach and the whole hand in view, both games', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const script = tutorialScript('northwood');
  await page.goto(BASE + '/#/tutorial/northwood');
  await page.waitForSelector('[data-testid=tutorial-say]');
  for (const step of script.steps.slice(0, 2)) {
    check((await page.textContent('[data-testid=tutorial-say]')) === step.say.fr, 'the step speaks French');
    await checkInWindow(page, '[data-testid=tutorial-coach]', 'the coach');
    const out = await outsideWindow(page, '[data-testid=hand] .card');
    check(out.length === 0, 'every hand card is in view: ' + out.join(', '));
    await tutorialAct(page, step.do[0]);
  }
  await page.locator('#main [data-action="respond 8E"]').tap();
  await page.waitForSelector('[data-testid=tutorial-why]');
  const out = await outsideWindow(page, '[data-testid=tutorial-why]');
  check(out.length === 0, 'the explanation is in view: ' + out.join(', '));
  await shot(page, 'tutorial-nw-phone');
  // The Duet's coach leaves its eleven cards in view too.
  await page.goto(BASE + '/#/tutorial/fox');
  await page.waitForSelector('#main [data-action="play 8R"]');
  await checkInWindow(page, '[data-testid=tutorial-coach]', 'the Duet coach');
  const fox = await outsideWindow(page, '[data-testid=hand] .card');
  check(fox.length === 0 && (await page.locator('[data-testid=hand] .card').count()) === 11, 'the Duet hand is in view: ' + fox.join(', '));
  await shot(page, 'tutorial-fox-phone');
  // Folded to its heading, it gives the path more room, and stays folded.
  await page.click('[data-testid=tutorial-coach] > summary');
  await tutorialAct(page, 'play 8R');
  const folded = await page.$eval('[data-testid=tutorial-coach]', (n) => ({ open: n.open, h: n.getBoundingClientRect().height }));
  check(!folded.open && folded.h < 60, 'the folded coach is one line: ' + JSON.stringify(folded));
  checkNoErrors(page, 'tutorial phone');
  await ctx.close();
});

test('tutorial fox: the Duet lessons with the bot partner, a wrong lead explained, then a real game', async (browser) => {
  const script = tutorialScript('fox');
  const { ctx, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(BASE + '/#/');
  await page.click('[data-testid=tutorial-fox]');
  await page.waitForSelector('[data-testid=tutorial-say]');
  await page.waitForSelector('#main [data-action="play 10R"]');
  await page.click('#main [data-action="play 10R"]');
  await page.waitForSelector('[data-testid=tutorial-why]');
  check((await page.textContent('[data-testid=tutorial-why]')).includes(script.steps[0].why['play 10R'].en), 'the wrong lead is explained');
  check((await versionOf(page)) === 0, 'the wrong lead was not played');
  await checkInWindow(page, '.hand .card', 'the hand beside the coach');
  for (const [i, step] of script.steps.entries()) {
    await page.waitForFunction((at) => Number(document.querySelector('[data-testid=version]').getAttribute('data-version')) === at, step.at);
    check((await page.textContent('[data-testid=tutorial-say]')) === step.say.en, `step ${i} says its text`);
    await tutorialAct(page, step.do[0]);
  }
  await page.waitForFunction(() => !document.querySelector('[data-testid=tutorial-step]').textContent.includes('Step'));
  check((await page.textContent('[data-testid=tutorial-say]')) === script.end.en, 'the end of the lessons is said');
  check(!/\bnull\b|\bundefined\b/.test(await page.textContent('[data-testid=tutorial-coach]')), 'no stray "null" in the coach');
  await playOne(page, false, 0);
  await shot(page, 'tutorial-fox-end');
  checkNoErrors(page, 'tutorial fox');
  await ctx.close();
});

test('northwood variants: hidden stars with the expert rule from the start page, kept hidden until the end', async (browser) => {
  const { ctx, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(BASE + '/#/');
  const form = page.locator('[data-testid=start-northwood]');
  await form.locator('summary').click();
  await page.check('[data-testid=nw-variant-hidden-stars]');
  await page.check('[data-testid=nw-expert]');
  check(await form.locator('input[name=medal]').first().isDisabled(), 'the medal is not asked with the hidden stars');
  await page.fill('[data-testid=nw-seed]', '8');
  await page.click('[data-testid=start-nw]');
  await page.waitForSelector('[data-testid=prompt]');
  const goal = await page.locator('[data-testid=nw-goal]').textContent();
  check(/3 hidden stars/.test(goal) && /outer fiefs 0, 1, 6, 7/.test(goal), 'the goal pill names the hidden stars and the outer fiefs: ' + goal);
  check((await page.locator('[data-testid=fief-stars-0]').textContent()) === '?', 'a fief shows "?" for its hidden star');
  // the rest of the game through the API with the page's own token
  const id = await page.evaluate(async () => {
    const api = await import('/js/api.js');
    const id = location.hash.split('/').filter(Boolean).pop();
    const token = api.tokenFor(id);
    const post = (path, b) => fetch(path, { method: 'POST', body: JSON.stringify(b),
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token } });
    for (let i = 0; i < 600; i++) {
      const st = await fetch('/api/games/' + id + '/state', { headers: { Authorization: 'Bearer ' + token } }).then((r) => r.json());
      if (st.over) return id;
      if (JSON.stringify(st).includes('"star_fiefs":[')) return 'leak';
      await post('/api/games/' + id + '/actions', { action: st.legal.find((x) => x !== 'stop') || st.legal[0], version: st.version });
    }
    return null;
  });
  check(id && id !== 'leak', 'the game ends and no state before the end carries the stars (' + id + ')');
  await page.reload();
  await page.waitForSelector('[data-testid=game-over]');
  const summary = await page.locator('[data-testid=game-over]').textContent();
  check(/Hidden stars on friendly fiefs: \d of 3 \(they were on fiefs \d, \d, \d\)/.test(summary), 'the end says where the stars were: ' + summary);
  check(/Goal (reached|not reached)/.test(summary), 'the end says whether the goal was met');
  check((await page.locator('.fief-stars').allTextContents()).join('') === '★★★', 'three fiefs show their star at the end');
  await page.goto(BASE + '/#/history/northwood');
  await page.waitForSelector('[data-testid=totals-groups]');
  const groups = await page.locator('[data-testid=totals-groups]').textContent();
  check(/the 3 hidden stars \+ outer fiefs/.test(groups), 'the history counts the variant apart: ' + groups);
  checkNoErrors(page, 'variants');
  await ctx.close();
});

async function main() {
  let browser = null;
  try {
    // playwright gives each launch a fresh temporary --user-data-dir.
    browser = await chromium.launch({
      executablePath: EXE,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
  } catch (e) {
    console.log('could not start Chromium: ' + e.message);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  await runTests(browser, tests, ART, (tc) => (!ONLY || ONLY.split('|').some((part) => tc.name.includes(part))) && (!SITE || SITE_TESTS.some((prefix) => tc.name.startsWith(prefix))));
}

main();
