// Drives the console in headless Chromium (Debian's /usr/bin/chromium through playwright-core): a scripted workload
// as tenant alpha over HTTP, then sign in, list, open a stored call, page, search, and the other tenant and the
// operator. BASE, SCREENS and KEY_ALPHA, KEY_BETA, KEY_OPS come from run.sh. Any failed check throws: exit code 1.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';

const { BASE, SCREENS, KEY_ALPHA, KEY_BETA, KEY_OPS } = process.env;

async function post(path, key, body, type) {
  const response = await fetch(BASE + path, {
    method: 'POST', headers: { Authorization: 'Bearer ' + key, 'Content-Type': type }, body,
  });
  const text = await response.text();
  assert.ok(response.ok, `${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

// the workload: a large log (stored), a small output (inline), a JSON array (stored), an inspect call and an unknown tool
const log = Array.from({ length: 5000 }, (_, i) => `2026-12-03T09:${String(i % 60).padStart(2, '0')}:00Z ${i % 97 === 0 ? 'ERROR' : 'INFO'} request ${i} served <b>ok</b>`).join('\n') + '\n';
const stored = await post('/v1/tool-outputs?tool=run_tests', KEY_ALPHA, log, 'text/plain');
assert.equal(stored.disposition, 'stored');
await post('/v1/tool-outputs?tool=read_file', KEY_ALPHA, 'a small file\n', 'text/plain');
await post('/v1/tool-outputs?tool=list_items', KEY_ALPHA, JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `item-${i}` }))), 'application/json');
await post('/v1/tool-calls', KEY_ALPHA, JSON.stringify({ calls: [
  { id: 'call-1', name: 'inspect', arguments: { blob_id: stored.blob.id, selector: 'grep:ERROR max:3' } },
  { id: 'call-2', name: 'nope', arguments: {} },
] }), 'application/json');
const blob = stored.blob.id;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-background-networking'],
});
const failures = [];
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
const page = await context.newPage();
page.on('pageerror', (error) => failures.push('page error: ' + error.message));
// a 404 is what the other tenant's checks expect (and assert); any other error is a failure (a 401 once signed in, a CSP refusal)
page.on('console', (message) => {
  if (message.type() === 'error' && !message.text().includes('status of 404')) { failures.push('console error: ' + message.text()); }
});
const shot = (name) => page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: false });

async function signIn(key) {
  await page.goto(BASE + '/console');
  await page.locator('#sign-in').waitFor();
  await page.fill('#key', key);
  await page.click('#sign-in button[type=submit]');
  await page.locator('#calls').waitFor();
}

async function rows() {
  return page.locator('#list tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.cells, (td) => td.textContent)));
}

// sign in as alpha; the ledger is written every 200 ms: show again until every call of the workload is there
await page.goto(BASE + '/console');
await shot('1-sign-in');
await signIn(KEY_ALPHA);
let listed = [];
for (let attempt = 0; attempt < 50 && listed.length < 5; attempt++) {
  await page.click('#filters button[type=submit]');
  await page.waitForLoadState('networkidle');
  listed = await rows();
  if (listed.length < 5) { await page.waitForTimeout(200); }
}
assert.equal(listed.length, 5, 'the five calls of the workload are listed: ' + JSON.stringify(listed));
assert.match(await page.textContent('#who'), /tenant alpha/);
assert.ok(await page.isHidden('#sign-in'), 'the sign-in form is gone once signed in');
assert.ok(await page.isHidden('#f-tenant-label'), 'a tenant has no tenant filter');
const tools = listed.map((row) => row[2]).sort();
assert.deepEqual(tools, ['inspect', 'list_items', 'nope', 'read_file', 'run_tests']);
const totals = await page.locator('#totals tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.cells, (td) => td.textContent)));
const runTests = totals.find((row) => row[0] === 'run_tests');
assert.ok(runTests && Number(runTests[5].replaceAll(',', '')) > 100000, 'run_tests kept most of its bytes out: ' + JSON.stringify(runTests));
await shot('2-calls');

// filters: disposition stored lists the two stored outputs
await page.selectOption('#f-disposition', 'stored');
await page.click('#filters button[type=submit]');
await page.waitForFunction(() => document.querySelectorAll('#list tbody tr').length === 2);
await page.selectOption('#f-disposition', '');

// open the stored call: the model's view beside the first page of the full output
await page.click('#filters button[type=submit]');
await page.waitForFunction(() => document.querySelectorAll('#list tbody tr').length === 5);
await page.locator('#list tbody tr', { hasText: 'run_tests' }).locator('a').click();
await page.locator('#part').waitFor();
await page.waitForFunction(() => document.querySelector('#part').textContent.length > 0);
assert.match(await page.textContent('#answer'), new RegExp('\\[blob:' + blob));
assert.match(await page.textContent('#part'), /request 0 served <b>ok<\/b>/, 'the text is shown as text, markup and all');
assert.equal(await page.locator('#part b').count(), 0, 'no markup from the output became an element');
await shot('3-call');

// page through: Next reads the part after the first
assert.ok(await page.isVisible('#next'), 'a 600 KB log has a next page');
const first = await page.textContent('#part');
await page.click('#next');
await page.waitForFunction((before) => document.querySelector('#part').textContent !== before, first);
const second = await page.textContent('#part');
assert.ok(!second.includes('request 0 served'), 'the second page is another part');
await shot('4-next-page');

// a selector, then a search
await page.fill('#selector', 'lines:4000-4002');
await page.click('#reader button[type=submit]');
await page.waitForFunction(() => document.querySelector('#part').textContent.includes('request 3999 served'));
await page.fill('#pattern', 'request 4850 served');
await page.click('#search button[type=submit]');
await page.waitForFunction(() => document.querySelector('#shown-selector').textContent.startsWith('grep:'));
assert.match(await page.textContent('#part'), /request 4850 served/);
await shot('5-search');
const callUrl = page.url();

// the other tenant sees none of it: an empty list, and the call's page is the 404 of an unknown id
await page.click('#sign-out');
await signIn(KEY_BETA);
await page.waitForLoadState('networkidle');
assert.equal((await rows()).length, 0, 'beta lists none of alpha\'s calls');
assert.match(await page.textContent('#who'), /tenant beta/);
await shot('6-other-tenant');
await page.goto(callUrl);
await page.locator('#error').waitFor();
assert.match(await page.textContent('#error'), /no call with this id/);
assert.ok(await page.isHidden('#call'));
await shot('7-other-tenant-call');
const blobAsBeta = await fetch(`${BASE}/console/api/blobs/${blob}/inspect`, { headers: { Authorization: 'Bearer ' + KEY_BETA } });
assert.equal(blobAsBeta.status, 404);

// the operator sees every tenant's calls
await page.click('#sign-out');
await signIn(KEY_OPS);
await page.waitForLoadState('networkidle');
assert.ok((await rows()).length >= 5, 'the operator sees alpha\'s calls');
assert.match(await page.textContent('#who'), /operator/);
assert.ok(await page.isVisible('#f-tenant-label'), 'an operator may choose a tenant');
await shot('8-operator');

await browser.close();
assert.deepEqual(failures, [], 'no script errors and nothing the CSP refused');
console.log('console: all checks passed');
