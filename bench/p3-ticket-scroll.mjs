// P3 ticket list scrolling: an agent with 10,000 open tickets opens /tickets in Debian's chromium,
// loads the list page by page by scrolling to the bottom until every ticket is loaded (or the list
// stops asking), then scrolls it continuously while the page measures frame times with
// requestAnimationFrame. Prints p50/p95/max frame time, dropped frames, rows in the DOM (the
// windowing) and the JS heap; then the same loop on a plain scroller (the machine's and headless
// compositor's floor: on a loaded machine both drop frames) and a sampled CPU profile of the main
// thread while the list scrolls, to name the cause of any jank. Also prints the bytes a browser fetches
// for the login page alone (before sign-in) and from the login page to the first ticket row (the
// requests started before the row was in the page; those started after it apart), as read and over
// the wire. Asserts nothing.
//
// Needs the built packages and web: `npx tsc -b && npm run build:web`, then
// `node bench/p3-ticket-scroll.mjs`. P3_TICKETS (10000), P3_SECONDS (8 per scroll speed),
// P3_WEB_ROOT (the repository: where web-shell/dist is) tune it; P3_BYTES_ONLY=1 stops after the bytes.
/* global document, requestAnimationFrame, MutationObserver -- the functions given to page.evaluate run in the page */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createCompany, fmt, percentile, startBenchKernel } from './lib.mjs';

const TICKETS = Number(process.env.P3_TICKETS ?? 10000);
const SECONDS = Number(process.env.P3_SECONDS ?? 8);
const BYTES_ONLY = process.env.P3_BYTES_ONLY === '1';
const WEB_ROOT = path.resolve(process.env.P3_WEB_ROOT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const LIST = '[data-testid="ticket-list-open"]';
/** web-shell/src/login/first-page.ts: set by the light login when its idle time starts fetching the shell. */
const SHELL_PREFETCH_MARK = 'guiche:shell-prefetch';
/** Set by this bench in the page when the first ticket row is in the document. */
const FIRST_ROW_MARK = 'p3:first-row';
/** Scroll speeds measured, px per frame: a steady reading scroll and a fast fling. */
const SPEEDS = [{ label: 'steady (30 px/frame)', px: 30 }, { label: 'fling (400 px/frame)', px: 400 }];

if (!fs.existsSync(path.join(WEB_ROOT, 'web-shell/dist/index.html'))) {
  console.error(`web-shell/dist/index.html is missing under ${WEB_ROOT}: run npm run build:web first`);
  process.exit(1);
}

/** One agent of one queue holding TICKETS open tickets (a third tagged, a fifth unread), seeded in SQL. */
async function seed(bench) {
  const { kernel, db, url } = bench;
  const { companyId, adminToken } = await createCompany(kernel);
  const [queue] = await db('queues').insert({ companyId, name: 'Atendimento', color: '#2D72D2' }).returning('id');
  const email = `agente.${randomBytes(4).toString('hex')}@bench.local`;
  const password = 'Bench@12345';
  const res = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Agente Bench', email, password, profile: 'user', queueIds: [queue.id] }),
  });
  if (res.status >= 300) throw new Error(`POST /users answered ${res.status}: ${await res.text()}`);
  const agent = await res.json();
  const [connection] = await db('whatsapps')
    .insert({ companyId, name: 'Site', channel: 'webchat', status: 'CONNECTED', isDefault: true, token: randomBytes(15).toString('hex').toUpperCase() })
    .returning('id');
  const [tag] = await db('tags').insert({ companyId, name: 'Retorno', color: '#F0B726' }).returning('id');

  const started = Date.now();
  await db.raw(
    `INSERT INTO contacts (company_id, name, number, channel)
     SELECT ?, 'Contato de teste número ' || g, 'visitor-' || g, 'webchat' FROM generate_series(1, ?) g`,
    [companyId, TICKETS],
  );
  await db.raw(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel, last_message, unread_messages, updated_at, created_at)
     SELECT c.company_id, c.id, ?::int, ?::int, ?::int, 'open', 'webchat',
            'Olá, gostaria de saber o andamento do meu pedido número ' || c.id,
            CASE WHEN c.id % 5 = 0 THEN 1 + c.id % 7 ELSE 0 END,
            now() - (c.id % 43200) * interval '1 minute', now() - interval '30 days'
     FROM contacts c WHERE c.company_id = ?`,
    [connection.id, queue.id, agent.id, companyId],
  );
  await db.raw(
    `INSERT INTO ticket_tags (company_id, ticket_id, tag_id) SELECT company_id, id, ?::int FROM tickets WHERE company_id = ? AND id % 3 = 0`,
    [tag.id, companyId],
  );
  await db.raw('ANALYZE');
  return { email, password, seedMs: Date.now() - started };
}

async function heapMb(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
  return used / (1024 * 1024);
}

/** Rows the list knows (aria-setsize of its rows) and rows in the DOM. */
function listCounts(page) {
  return page.evaluate((selector) => {
    const list = document.querySelector(selector);
    const first = list?.querySelector('li[aria-setsize]');
    return { loaded: Number(first?.getAttribute('aria-setsize') ?? 0), inDom: list?.querySelectorAll('[data-testid="ticket-row"]').length ?? 0 };
  }, LIST);
}

/** Scrolls to the bottom until the list stops growing; answers how many pages that took. */
async function loadEveryPage(page) {
  let { loaded } = await listCounts(page);
  let scrolls = 0;
  const started = Date.now();
  for (;;) {
    await page.evaluate((selector) => {
      const el = document.querySelector(selector);
      el.scrollTop = el.scrollHeight;
    }, LIST);
    scrolls++;
    // The next page has arrived when the row count grows; a list with nothing more stays put.
    const grew = await page
      .waitForFunction(
        ([selector, before]) => Number(document.querySelector(selector)?.querySelector('li[aria-setsize]')?.getAttribute('aria-setsize') ?? 0) > before,
        [LIST, loaded],
        { timeout: 5000, polling: 'raf' },
      )
      .then(() => true, () => false);
    if (!grew) break;
    ({ loaded } = await listCounts(page));
    if (loaded >= TICKETS) break;
  }
  return { loaded, scrolls, ms: Date.now() - started };
}

/** Scrolls the list by `px` every frame for `seconds` (wrapping at the ends), timing every frame. */
function scrollAndMeasure(page, px, seconds) {
  return page.evaluate(
    ([selector, step, ms]) =>
      new Promise((resolve) => {
        const el = document.querySelector(selector);
        el.scrollTop = 0;
        // Long animation frames (> 50 ms): how much of them is script, and whose.
        const long = { count: 0, ms: 0, scriptMs: 0, layoutMs: 0, invokers: {} };
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            long.count++;
            long.ms += entry.duration;
            if (entry.styleAndLayoutStart) long.layoutMs += entry.startTime + entry.duration - entry.styleAndLayoutStart;
            for (const script of entry.scripts ?? []) {
              long.scriptMs += script.duration;
              const who = `${script.invokerType} ${script.invoker}`.slice(0, 60);
              long.invokers[who] = (long.invokers[who] ?? 0) + script.duration;
            }
          }
        });
        observer.observe({ type: 'long-animation-frame', buffered: false });
        const deltas = [];
        let maxRows = 0;
        let direction = 1;
        let last = 0;
        let start = 0;
        const frame = (now) => {
          if (last) deltas.push(now - last);
          else start = now;
          last = now;
          maxRows = Math.max(maxRows, el.querySelectorAll('[data-testid="ticket-row"]').length);
          if (now - start >= ms) {
            observer.disconnect();
            return resolve({ deltas, maxRows, long });
          }
          const next = el.scrollTop + direction * step;
          if (next + el.clientHeight >= el.scrollHeight || next <= 0) direction = -direction;
          el.scrollTop = next;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    [LIST, px, seconds * 1000],
  );
}

/**
 * The same rAF scroll loop on a plain scroller (no React, no rows) laid over the page: what the
 * machine and the headless compositor give at best, to tell the list's cost from the machine's load.
 */
async function measureControl(page, px, seconds) {
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.id = 'p3-control';
    box.style.cssText = 'position:fixed;inset:0;overflow-y:auto;z-index:99999;background:#fff';
    const tall = document.createElement('div');
    tall.style.cssText = 'height:840000px;background:repeating-linear-gradient(#fff 0 83px,#ccc 83px 84px)';
    box.appendChild(tall);
    document.body.appendChild(box);
  });
  const run = await page.evaluate(
    ([step, ms]) =>
      new Promise((resolve) => {
        const el = document.getElementById('p3-control');
        const deltas = [];
        let last = 0;
        let start = 0;
        const frame = (now) => {
          if (last) deltas.push(now - last);
          else start = now;
          last = now;
          if (now - start >= ms) return resolve(deltas);
          el.scrollTop += step;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    [px, seconds * 1000],
  );
  await page.evaluate(() => document.getElementById('p3-control')?.remove());
  return run;
}

/** Where the main thread's time goes while the list scrolls: sampled CPU profile, self time by function. */
async function profileScroll(page, cdp, px, seconds) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await scrollAndMeasure(page, px, seconds);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Profiler.disable');
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return { total, top: [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8) };
}

function frameFigures(deltas) {
  const sorted = [...deltas].sort((a, b) => a - b);
  // The display's frame interval is the typical (lowest-decile) delta; a frame that took k intervals dropped k-1.
  const interval = percentile(sorted, 10);
  const dropped = deltas.reduce((sum, d) => sum + Math.max(0, Math.round(d / interval) - 1), 0);
  return { frames: deltas.length, interval, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1], droppedPct: (100 * dropped) / (dropped + deltas.length) };
}

/** Until no request has been open for half a second (the page's own loads done; a long poll would not end). */
async function settled(page) {
  let open = 0;
  let quietSince = Date.now();
  const up = () => { open += 1; };
  const down = () => { open -= 1; quietSince = Date.now(); };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  try {
    while (open > 0 || Date.now() - quietSince < 500) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    page.off('request', up);
    page.off('requestfinished', down);
    page.off('requestfailed', down);
  }
}

const bench = await startBenchKernel({ webRoot: WEB_ROOT });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const { email, password, seedMs } = await seed(bench);
  const context = await browser.newContext({ baseURL: bench.url, viewport: { width: 1366, height: 900 }, locale: 'pt-BR' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');

  // What a browser fetches from the login page to the first ticket row: bytes over the wire
  // (compressed, headers included) and as the page reads them, of the requests that started before
  // the first row was in the page (the page's own clock, FIRST_ROW_MARK): what the page fetched
  // after it (the live connection's code, what that connection reads again) is listed apart.
  const fetched = [];
  const counting = [];
  const count = (request) =>
    counting.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        fetched.push({ path: new URL(request.url()).pathname, start: request.timing().startTime, wire: sizes.responseBodySize + sizes.responseHeadersSize, decoded: body.length });
      })(),
    );
  page.on('requestfinished', count);
  await page.addInitScript(
    ([selector, mark]) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        performance.mark(mark);
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    [`${LIST} [data-testid="ticket-row"]`, FIRST_ROW_MARK],
  );
  await page.goto('/login');
  // The login page alone (before sign-in): what a visitor who has not signed in yet downloads, up
  // to the moment the idle page starts fetching the shell's code for the sign-in (the page's
  // SHELL_PREFETCH_MARK); what it fetches from then on is counted apart, and in the total below.
  await page.locator('input[name="email"]').waitFor();
  await settled(page);
  await Promise.all(counting);
  const beforePrefetch = await page.evaluate((mark) => {
    const at = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
    return performance.getEntriesByType('resource').filter((e) => e.startTime < at).map((e) => new URL(e.name).pathname);
  }, SHELL_PREFETCH_MARK);
  const ownPaths = new Set(['/login', ...beforePrefetch]);
  const own = fetched.filter((r) => ownPaths.has(r.path));
  const prefetched = fetched.filter((r) => !ownPaths.has(r.path));
  const sum = (rows, key) => rows.reduce((total, r) => total + r[key], 0);
  const figures = (rows) => ({ requests: rows.length, wire: sum(rows, 'wire'), decoded: sum(rows, 'decoded') });
  const loginPage = figures(own);
  const idlePrefetch = figures(prefetched);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname.startsWith('/tickets'));
  await page.locator(`${LIST} [data-testid="ticket-row"]`).first().waitFor({ timeout: 30000 });
  const firstRowAt = await page.evaluate((mark) => performance.timeOrigin + performance.getEntriesByName(mark)[0].startTime, FIRST_ROW_MARK);
  // Every request that started before the first row has finished (and those after it, to list them).
  await settled(page);
  page.off('requestfinished', count);
  await Promise.all(counting);
  const toFirstRow = fetched.filter((r) => r.start < firstRowAt);
  const afterFirstRow = fetched.filter((r) => r.start >= firstRowAt);
  const firstRow = figures(toFirstRow);
  const after = figures(afterFirstRow);
  const heapFirstPage = await heapMb(cdp);
  const row = (r) => `    ${fmt(r.wire / 1024, 1).padStart(7)} kB wire ${fmt(r.decoded / 1024, 1).padStart(7)} kB read  ${r.path}`;
  console.log(`P3 bytes: the login page (before sign-in): ${loginPage.requests} requests, ${fmt(loginPage.decoded / 1024, 0)} kB as read, ${fmt(loginPage.wire / 1024, 0)} kB over the wire (goal ≤ 300 kB)`);
  console.log(`P3 bytes: the shell's code fetched by the idle login page before sign-in: ${idlePrefetch.requests} requests, ${fmt(idlePrefetch.decoded / 1024, 0)} kB as read, ${fmt(idlePrefetch.wire / 1024, 0)} kB over the wire (in the total below)`);
  if (BYTES_ONLY) for (const r of own.sort((a, b) => b.wire - a.wire)) console.log(row(r));
  console.log(`P3 bytes: login to first ticket row: ${firstRow.requests} requests, ${fmt(firstRow.decoded / 1024, 0)} kB as read, ${fmt(firstRow.wire / 1024, 0)} kB over the wire (compressed, headers included); the largest:`);
  for (const r of toFirstRow.sort((a, b) => b.wire - a.wire).slice(0, BYTES_ONLY ? undefined : 10)) console.log(row(r));
  console.log(`P3 bytes: started after the first row was drawn (not in the figure above): ${after.requests} requests, ${fmt(after.decoded / 1024, 0)} kB as read, ${fmt(after.wire / 1024, 0)} kB over the wire`);
  if (BYTES_ONLY) for (const r of afterFirstRow.sort((a, b) => b.wire - a.wire)) console.log(row(r));

  if (!BYTES_ONLY) {
    const load = await loadEveryPage(page);
    const afterLoad = await listCounts(page);
    const heapLoaded = await heapMb(cdp);

    console.log(`P3 ticket list scroll (/tickets in chromium ${browser.version()}, viewport 1366x900, an agent with ${TICKETS} open tickets)`);
    console.log(`  seed: ${TICKETS} contacts + tickets in ${fmt(seedMs / 1000)} s`);
    console.log(`  the login page (before sign-in): ${loginPage.requests} requests, ${fmt(loginPage.wire / 1024, 0)} kB over the wire (goal ≤ 300 kB)`);
    console.log(`  login to first ticket row: ${firstRow.requests} requests, ${fmt(firstRow.decoded / 1024, 0)} kB as read, ${fmt(firstRow.wire / 1024, 0)} kB over the wire (compressed, headers included)`);
    console.log(`  loading by scrolling to the bottom: ${load.loaded} of ${TICKETS} rows loaded after ${load.scrolls} scrolls in ${fmt(load.ms / 1000)} s (${fmt(load.ms / Math.max(1, load.scrolls), 0)} ms per page)`);
    console.log(`  rows in the DOM with ${afterLoad.loaded} loaded: ${afterLoad.inDom}`);
    console.log(`  JS heap (after GC): first page ${fmt(heapFirstPage)} MB, all rows loaded ${fmt(heapLoaded)} MB`);
    for (const speed of SPEEDS) {
      const run = await scrollAndMeasure(page, speed.px, SECONDS);
      const f = frameFigures(run.deltas);
      console.log(
        `  ${speed.label.padEnd(22)} ${f.frames} frames in ${SECONDS} s (interval ${fmt(f.interval)} ms): p50 ${fmt(f.p50)} ms, p95 ${fmt(f.p95)} ms, max ${fmt(f.max)} ms, dropped ${fmt(f.droppedPct)} %, max rows in the DOM ${run.maxRows}`,
      );
      const top = Object.entries(run.long.invokers).sort((a, b) => b[1] - a[1]).slice(0, 3);
      console.log(
        `  ${''.padEnd(22)} long frames: ${run.long.count} (${fmt(run.long.ms, 0)} ms), of which script ${fmt(run.long.scriptMs, 0)} ms, style+layout+paint ${fmt(run.long.layoutMs, 0)} ms; scripts by invoker: ${top.map(([who, ms]) => `${who} ${fmt(ms, 0)} ms`).join('; ') || 'none'}`,
      );
    }
    console.log(`  JS heap (after GC) after scrolling: ${fmt(await heapMb(cdp))} MB`);
    for (const speed of SPEEDS) {
      const f = frameFigures(await measureControl(page, speed.px, SECONDS));
      console.log(`  control, plain scroller, ${speed.label.padEnd(22)} ${f.frames} frames: p50 ${fmt(f.p50)} ms, p95 ${fmt(f.p95)} ms, max ${fmt(f.max)} ms, dropped ${fmt(f.droppedPct)} %`);
    }
    const profile = await profileScroll(page, cdp, SPEEDS[0].px, 3);
    console.log(`  main thread while scrolling (${SPEEDS[0].label}, 3 s sampled), self time:`);
    for (const [fn, ms] of profile.top) console.log(`    ${fmt(ms, 0).padStart(6)} ms ${fmt((100 * ms) / profile.total).padStart(5)} %  ${fn}`);
    console.log(`  load average during the run: ${os.loadavg().map((l) => fmt(l, 2)).join(' ')} on ${os.cpus().length} CPUs`);
  }
} finally {
  await browser.close();
  await bench.close();
}
