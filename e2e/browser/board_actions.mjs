// Acting from the board in Debian's chromium (playwright-core), against a running `fleetwave
// serve` whose board.actorsFile lists Alice (every right) and Bob (pause only). Run by the e2e
// scenario BoardActionsBrowserE2eTest once guestbook waits for the approval of its last wave:
//
//   node board_actions.mjs CONFIG.json
//   {"url": "http://127.0.0.1:PORT", "artifacts": "DIR", "app": "guestbook", "wave": "rest",
//    "alice": {"user": "alice@example.com", "token": "..."}, "bob": {...},
//    "approvedFile": "FILE",   written with the approve commit; the test waits for the release
//    "continueFile": "FILE",   to complete, then creates this one
//    "resultFile": "FILE"}     {"approve": SHA, "pause": SHA}, checked against Git by the test
//
// People sign in the way a browser does (GET /signin answers a basic auth challenge), see only
// the buttons their rights give, confirm each action on the commit it would write, and a POST
// without the CSRF token is refused. Screenshots go to DIR. Exit 0 when every check passed.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const appUrl = `${config.url}/apps/${encodeURIComponent(config.app)}`;
const log = (message) => console.log(`board_actions: ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const browser = await chromium.launch({
  executablePath: process.env.FLEETWAVE_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox'],
});

// A page of someone signed in through /signin (null: nobody), on the app's page.
async function pageOf(person) {
  const context = await browser.newContext({
    viewport: { width: 1400, height: 1000 },
    ...(person ? { httpCredentials: { username: person.user, password: person.token } } : {}),
  });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  if (person) {
    const signedIn = await page.goto(`${config.url}/signin`);
    assert.equal(signedIn.status(), 200, 'signing in lands on the fleet page');
    assert.equal(new URL(page.url()).pathname, '/');
  }
  assert.equal((await page.goto(appUrl)).status(), 200);
  return page;
}

const buttons = (page) => page.locator('#actions button').evaluateAll((bs) => bs.map((b) => b.dataset.action));

// Confirms `action` in its dialog: the preview shows the commit, then Commit writes it.
async function act(page, action, fields = {}) {
  await page.locator(`#actions button[data-action="${action}"]`).click();
  const dialog = page.locator('dialog.act[open]');
  await dialog.waitFor();
  for (const [name, value] of Object.entries(fields)) await dialog.locator(`input[name="${name}"]`).fill(value);
  if (Object.keys(fields).length) await dialog.getByText('Preview the commit').click();
  await page.waitForFunction(() => document.querySelector('dialog.act pre.preview')?.textContent.length > 0);
  const preview = await dialog.locator('pre.preview').innerText();
  assert.match(preview, new RegExp(`^fleetwave\\(${config.app}\\): `), `the preview is the commit: ${preview}`);
  assert.ok(preview.includes(`Fleetwave-Action: ${action}`), preview);
  assert.ok(preview.includes('Fleetwave-Actor: Alice Doe <alice@example.com>'), preview);
  assert.ok(preview.includes(`+++ b/.fleetwave/${config.app}/state.yaml`), `the preview has the diff: ${preview}`);
  await page.screenshot({ path: `${config.artifacts}/action-${action}-confirm.png` });
  await dialog.locator('button.commit').click();
  await page.waitForFunction(() => document.querySelector('dialog.act')?.dataset.commit, null, { timeout: 60000 });
  const commit = await dialog.getAttribute('data-commit');
  assert.match(commit, /^[0-9a-f]{40}$/);
  assert.match(await dialog.locator('p.status').innerText(), /^Committed [0-9a-f]{7} fleetwave\(/);
  log(`${action}: committed ${commit.slice(0, 7)}`);
  await dialog.getByText('Cancel').click();
  return { commit, preview };
}

try {
  // Nobody signed in: a way to sign in, no button.
  const anonymous = await pageOf(null);
  await anonymous.locator('#actions a[href="/signin"]').waitFor();
  assert.equal(await anonymous.locator('#actions button').count(), 0, 'viewers get no button');
  log('a viewer is offered to sign in and no action');

  // Bob may only pause; a request without the CSRF token is refused even from the board's page.
  const bob = await pageOf(config.bob);
  await bob.locator('#actions .who').waitFor();
  assert.equal(await bob.locator('#actions .who').innerText(), 'Signed in as Bob <bob@example.com>');
  assert.deepEqual(await buttons(bob), ['pause'], 'Bob sees only what his rights give');
  const forged = await bob.evaluate(async (url) => {
    const r = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"reason":"x"}' });
    return r.status;
  }, `${config.url}/api/v1/apps/${encodeURIComponent(config.app)}/actions/pause`);
  assert.equal(forged, 403, 'no CSRF token, no step');
  log('Bob: only pause; a POST without the CSRF token is 403');

  // Alice approves the gated wave from the board.
  const alice = await pageOf(config.alice);
  await alice.locator('#actions button[data-action="approve"]').waitFor();
  assert.equal(await alice.locator('#actions button[data-action="approve"]').innerText(), `Approve ${config.wave}`);
  await alice.screenshot({ path: `${config.artifacts}/actions-signed-in.png` });
  const approved = await act(alice, 'approve');
  writeFileSync(config.approvedFile, approved.commit + '\n');
  for (let waited = 0; !existsSync(config.continueFile); waited += 250) {
    assert.ok(waited < 180000, 'the test never saw the release complete');
    await sleep(250);
  }

  // The release completed: no approval is offered any more; Alice pauses the app.
  await alice.reload();
  await alice.locator('#actions button[data-action="pause"]').waitFor();
  assert.ok(!(await buttons(alice)).includes('approve'), 'nothing left to approve');
  const paused = await act(alice, 'pause', { reason: 'board e2e: hold everything' });
  assert.ok(paused.preview.includes('+paused: true'), paused.preview);
  await alice.reload();
  await alice.locator('#actions button[data-action="resume"]').waitFor({ timeout: 60000 });
  log('after the pause the board offers resume');

  writeFileSync(config.resultFile, JSON.stringify({ approve: approved.commit, pause: paused.commit }));
  for (const page of [anonymous, bob, alice]) assert.deepEqual(page.errors, [], 'no script errors');
  log('all checks passed');
} finally {
  await browser.close();
}
