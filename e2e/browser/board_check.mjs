// Drives Debian's chromium (playwright-core, no downloaded browser) against a running
// `fleetwave serve` board. Run by the e2e scenario BoardBrowserE2eTest, which starts the Git
// server, the Argo CD simulator and fleetwave serve, brings a release to a gated wave, and
// passes what it expects in a JSON file:
//
//   node board_check.mjs CONFIG.json
//   {"url": "http://127.0.0.1:PORT", "artifacts": "DIR", "app": "guestbook",
//    "expect": {"dev-1": "done", "us-1": "on-stable", ...},   cluster -> its state (the app page's
//                                                             data-state; a square's letter on /)
//    "hostile": "<script>...</script>",                       text that must show as text
//    "readyFile": "FILE",          written once / checked; the test then approves the gate
//    "liveCluster": "us-1", "liveFrom": "on-stable",           must change without a reload
//    "trailActions": ["start", "wait-approval", "approve"], "approver": "Rita Reviewer",
//    "labelFilter": {"selector": "env=prod,geo notin (eu)", "clusters": ["ap-1", ...]}}
//                                  a label selector and the clusters whose labels it matches
//
// Screenshots go to DIR. Exit 0 when every check passed; a failed check throws (exit 1).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const shot = (page, name) => page.screenshot({ path: `${config.artifacts}/${name}.png`, fullPage: true });
const log = (message) => console.log(`board_check: ${message}`);

const browser = await chromium.launch({
  executablePath: process.env.FLEETWAVE_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); d.dismiss(); });
  const streams = [];  // the Content-Encoding of each live event stream the page opened
  page.on('response', (r) => { if (new URL(r.url()).pathname === '/events') streams.push(r.headers()['content-encoding']); });

  // The fleet: one square per cluster whose class is its state's letter, each wave's counts in
  // words, and the app waiting for its approval first, under "Needs attention".
  const letter = { cordoned: 'k', held: 'h', failed: 'f', baking: 'b', done: 'd', healthy: 'g', syncing: 's',
                   pinned: 'p', 'on-stable': 'o', 'not-pinned': 'n' };
  const response = await page.goto(`${config.url}/`);
  assert.equal(response.status(), 200);
  assert.match(response.headers()['content-security-policy'] || '', /script-src 'self'/);
  const app = page.locator(`section.app[data-app="${config.app}"]`);
  await app.waitFor();
  const square = (cluster) => app.locator(`div.dense i[title="${cluster}"]`);
  for (const [cluster, state] of Object.entries(config.expect)) {
    assert.equal(await square(cluster).count(), 1, `one square for ${cluster}`);
    assert.equal(await square(cluster).getAttribute('class'), letter[state], `state of ${cluster}`);
    const counts = (await app.locator('p.counts').allInnerTexts()).join(' ').replace(/ /g, '-');
    assert.ok(counts.includes(state), `the counts name ${state}: ${counts}`);
  }
  log(`fleet grid: ${Object.keys(config.expect).length} clusters in the expected states`);
  const why = await app.locator('p.why').allInnerTexts();
  assert.ok(why.some((t) => t.startsWith('Waiting for approval')), `the gate is explained: ${why}`);
  const attention = await page.locator('section.attention li').allInnerTexts();
  assert.ok(attention.some((t) => t.startsWith(config.app) && t.includes('WaitingApproval')),
            `the waiting app needs attention: ${attention}`);

  // The filters dim what does not match and keep what does.
  const [one] = Object.keys(config.expect);
  await page.fill('#filters input[name="cluster"]', one);
  assert.equal(await app.locator('div.dense i:not(.x)').count(), 1, `only ${one} stays lit`);
  assert.equal(await square(one).getAttribute('class'), letter[config.expect[one]]);
  assert.match(await page.locator('#filters output').innerText(), /^\d+ of \d+ cells match$/);
  await page.selectOption('#filters select[name="state"]', letter[config.expect[one]]);
  assert.equal(await app.locator('div.dense i:not(.x)').count(), 1, 'state and name together');
  await page.fill('#filters input[name="cluster"]', '');
  await page.selectOption('#filters select[name="state"]', '');
  assert.equal(await app.locator('div.dense i.x').count(), 0, 'no filter: every square lit');
  log('filters: by cluster name and state');
  await page.fill('#filters input[name="labels"]', config.labelFilter.selector);
  const lit = await app.locator('div.dense i:not(.x)').evaluateAll((els) => els.map((e) => e.title).sort());
  assert.deepEqual(lit, [...config.labelFilter.clusters].sort(), `lit by ${config.labelFilter.selector}`);
  await page.fill('#filters input[name="labels"]', 'geo in');
  assert.match(await page.locator('#filters output').innerText(), /^not a label selector: geo in/);
  assert.equal(await app.locator('div.dense i.x').count(), 0, 'a text that is no selector dims nothing');
  await page.fill('#filters input[name="labels"]', '');
  log(`filters: labels ${config.labelFilter.selector} lit ${lit.join(', ')}`);

  // Hostile text from a commit subject is shown as text, never run.
  assert.ok((await app.locator('.subject').allInnerTexts()).some((t) => t.includes(config.hostile)),
            'the hostile subject shows as text');
  assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no injected script ran');
  await shot(page, 'board-mid-rollout');

  // A live update arrives without a reload.
  await page.evaluate(() => { window.__sameDocument = true; });
  writeFileSync(config.readyFile, 'ready\n');
  log('ready: waiting for the gate to be approved');
  await page.waitForFunction(
    ({ app, cluster, from }) => {
      const cell = document.querySelector(`section.app[data-app="${app}"] div.dense i[title="${cluster}"]`);
      return cell && cell.className !== from;
    },
    { app: config.app, cluster: config.liveCluster, from: letter[config.liveFrom] },
    { timeout: 120000, polling: 250 });
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was not reloaded');
  assert.equal(await page.evaluate(() => performance.getEntriesByType('navigation').length), 1);
  assert.ok(Number(await page.getAttribute('#board', 'data-updates')) >= 1, 'an event replaced the live part');
  assert.ok(streams.length >= 1 && streams.every((e) => e === 'gzip'), `the event stream came gzipped: ${streams}`);
  const now = await square(config.liveCluster).getAttribute('class');
  log(`live update: ${config.liveCluster} went from ${config.liveFrom} to ${now} without a reload`);
  await shot(page, 'board-live-update');

  // A square opens its cluster on the app's page, which says its state in words.
  await square(one).click();
  await page.waitForURL(`**/apps/${encodeURIComponent(config.app)}#c-${encodeURIComponent(one)}`);
  const cell = page.locator(`li.cell[data-cluster="${one}"]`);
  assert.equal(await cell.count(), 1, `the app page has ${one}`);
  assert.equal(await cell.getAttribute('id'), `c-${one}`);
  log(`a square opens ${one} on the app page (${await cell.getAttribute('data-state')})`);

  // The app page: the plan and the audit trail from the trailers, acted by people and fleetwave.
  const appPage = await page.goto(`${config.url}/apps/${encodeURIComponent(config.app)}`);
  assert.equal(appPage.status(), 200);
  await page.locator('table.trail tbody tr').first().waitFor({ timeout: 60000 });
  const actions = await page.locator('table.trail tbody tr').evaluateAll(
    (rows) => rows.map((r) => r.getAttribute('data-action')));
  for (const a of config.trailActions) assert.ok(actions.includes(a), `trail has ${a}: ${actions}`);
  const approvals = await page.locator('table.trail tbody tr[data-action="approve"] td:nth-child(3)').allInnerTexts();
  assert.ok(approvals.some((actor) => actor.startsWith(config.approver)),
            `the approval names ${config.approver}: ${approvals}`);
  assert.ok(await page.locator('table.plan tbody tr').count() >= 1, 'the plan lists the waves');
  log(`app page: ${actions.length} steps in the audit trail`);
  await shot(page, 'app-page');

  // Unknown paths and odd app names get the 404 page, escaped.
  const odd = await page.goto(`${config.url}/apps/${encodeURIComponent('<img src=x onerror="window.__pwned=1">')}`);
  assert.equal(odd.status(), 404);
  assert.equal(await page.locator('h1').innerText(), 'Not found');
  assert.ok((await page.locator('main').innerText()).includes('<img src=x'), 'the odd name shows as text');
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal((await page.goto(`${config.url}/no/such/page`)).status(), 404);

  // Without JavaScript the pages are whole: the grid is there and Refresh updates it.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const still = await plain.newPage();
  assert.equal((await still.goto(`${config.url}/`)).status(), 200);
  // The app is in flight (its squares) or, once its release completed, one line of the stable list.
  const squares = await still.locator(`section.app[data-app="${config.app}"] div.dense i`).count();
  const folded = await still.locator(`details.stable li[data-app="${config.app}"]`).count();
  assert.ok(squares > 0 || folded === 1, `${config.app} is on the page without JavaScript (${squares}, ${folded})`);
  assert.equal(await still.locator('#live').innerText(), 'Not live: use Refresh to update.');
  assert.equal(await still.locator('a.refresh').getAttribute('href'), '/');
  log('without JavaScript: the grid is served whole with a refresh link');

  assert.deepEqual(errors, [], 'no script errors or dialogs');
  log('all checks passed');
} finally {
  await browser.close();
}
