// The test runner shared by the browser test files (e2e.mjs, site.mjs):
// runs each wanted test with its time limit, prints "ok" or "FAIL" with
// its time, keeps a screenshot of every open page of a failed test in
// art, closes the test's browser contexts, then prints the summary line
// "N passed, N failed" and exits (1 when a test failed).

import { join } from 'node:path';

// A list of tests and the function that registers one: name, async body
// receiving the browser, time limit (default 3 minutes).
export function registry() {
  const tests = [];
  const test = (name, fn, timeoutMs) => tests.push({ name, fn, timeoutMs: timeoutMs || 180000 });
  return { tests, test };
}

// Throws when cond is false.
export function check(cond, msg) {
  if (!cond) throw new Error(msg);
}

// The game version shown on the page (number of actions applied), or -1.
export async function versionOf(page) {
  const v = await page.locator('[data-testid=version]').first().getAttribute('data-version').catch(() => null);
  return v === null ? -1 : Number(v);
}

// Whether the game-over summary is on screen.
export async function isOver(page) {
  return (await page.locator('[data-testid=game-over]').count()) > 0;
}

// Collects a page's script errors (uncaught, and console errors) in
// page.errors, and gives it a 20 s default timeout.
export function watchErrors(page) {
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push('console: ' + m.text()); });
  page.setDefaultTimeout(20000);
  return page;
}

// A new browser context in English, 1280x900 unless opts say otherwise
// (its own storage, service worker and caches: a fresh browser
// profile), and a page of it with its errors collected.
export async function newPage(browser, opts) {
  const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, ...(opts || {}) });
  const page = watchErrors(await ctx.newPage());
  return { ctx, page };
}

// Runs the tests (see the top of this file).
export async function runTests(browser, tests, art, wanted) {
  let passed = 0;
  let failed = 0;
  for (const tc of tests) {
    if (!wanted(tc)) continue;
    const t0 = Date.now();
    let timer;
    try {
      await Promise.race([
        tc.fn(browser),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), tc.timeoutMs); }),
      ]);
      passed++;
      console.log(`ok   ${tc.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${tc.name} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${e && e.message ? e.message.split('\n')[0] : e}`);
      let n = 0;
      for (const ctx of browser.contexts()) {
        for (const p of ctx.pages()) {
          await p.screenshot({ path: join(art, 'failed-' + tc.name.replace(/[^a-z0-9]+/gi, '-') + '-' + n++ + '.png'), fullPage: true }).catch(() => {});
        }
      }
    } finally {
      clearTimeout(timer);
      for (const ctx of browser.contexts()) await ctx.close().catch(() => {});
    }
  }
  await browser.close();
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
