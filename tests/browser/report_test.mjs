// Loads the HTML report of an illegal sample in Debian's chromium (headless, offline, from
// a file path) and checks: the board renders (19 hexes, a screenshot of the board area
// that is not blank), the page opens at the illegal entry with its place outlined,
// stepping away hides the outline and stepping back (keys) shows it, and no request left
// the page. Usage: node report_test.mjs CATAN_REFEREE REPO_ROOT CHROMIUM
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const [exe, root, browserPath] = process.argv.slice(2);
const sample = 'samples/illegal-BUILD-05-next-to-own-settlement.yaml';
const illegalEntry = 20;  // its `# expect:` line: illegal BUILD-05 at action 20
let passed = 0, failed = 0;
function check(ok, what) {
  if (ok) passed++; else { failed++; console.log('FAIL: ' + what); }
}

const dir = mkdtempSync(join(tmpdir(), 'catan-browser-'));
const out = join(dir, 'report.html');
try {
  execFileSync(exe, ['report', sample, '--out', out], { cwd: root, stdio: 'pipe' });
} catch (e) {
  check(e.status === 1, `report exit ${e.status}, expected 1 (illegal)`);
}
const pageUrl = pathToFileURL(out).href;

const browser = await chromium.launch({
  executablePath: browserPath,
  headless: true,
  // Networking off: no proxy reachable, no name resolves; the context is offline as well.
  args: ['--no-sandbox', '--proxy-server=http://127.0.0.1:9', '--host-resolver-rules=MAP * ~NOTFOUND'],
});
try {
  const context = await browser.newContext({ offline: true, viewport: { width: 1600, height: 1200 } });
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(pageUrl, { waitUntil: 'load' });

  const hexes = await page.locator('#board-area svg g.hex').count();
  check(hexes === 19, `${hexes} hex elements on the board, expected 19`);
  const board = page.locator('#board-area svg');
  const shot = await board.screenshot();
  writeFileSync(join(dir, 'board.png'), shot);

  // The page opens at the illegal entry: outlined, marked current in the timeline.
  const state = async () => page.evaluate(() => {
    const hl = document.getElementById('highlight');
    const box = hl ? hl.getBoundingClientRect() : null;
    const cur = document.querySelector('#timeline .entry.current');
    const panel = [...document.querySelectorAll('#state .state')].find((s) => !s.hidden);
    return {
      step: document.body.getAttribute('data-step'),
      highlight: !!hl && getComputedStyle(hl).display !== 'none' && box.width > 0 && box.height > 0,
      current: cur ? cur.id : null,
      currentIllegal: !!cur && cur.classList.contains('illegal'),
      panel: panel ? panel.getAttribute('data-step') : null,
    };
  });
  let s = await state();
  check(s.step === String(illegalEntry), `opens at step ${s.step}, expected ${illegalEntry}`);
  check(s.highlight, 'the illegal entry\'s corner is not outlined on opening');
  check(s.current === `entry-${illegalEntry}` && s.currentIllegal, `current entry ${s.current}`);
  check(s.panel === String(illegalEntry), `state panel of step ${s.panel}`);

  // Keys: Home goes to the start (no outline, no pieces), then the slider and the arrow
  // keys step, and `i` jumps back to the illegal entry.
  await page.locator('body').press('Home');
  s = await state();
  check(s.step === '0' && !s.highlight, `Home: step ${s.step}, outline ${s.highlight}`);
  const pieces0 = await page.locator('#buildings > g:visible').count();
  check(pieces0 === 0, `${pieces0} buildings shown before the first entry`);
  await page.locator('#step').fill(String(illegalEntry - 1));
  s = await state();
  check(s.step === String(illegalEntry - 1) && !s.highlight, `slider: step ${s.step}`);
  const pieces = await page.locator('#buildings > g:visible').count();
  // The eight set-up settlements (entries 1-16); entries 17-19 build none.
  check(pieces === 8, `${pieces} buildings after entry ${illegalEntry - 1}, expected 8`);
  await page.locator('#next').focus();
  await page.keyboard.press('ArrowRight');
  s = await state();
  check(s.step === String(illegalEntry) && s.highlight, `ArrowRight to the illegal entry: ${JSON.stringify(s)}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('i');
  s = await state();
  check(s.step === String(illegalEntry) && s.highlight, `key i: ${JSON.stringify(s)}`);
  // A timeline button, from the keyboard.
  await page.locator('#entry-3 button').focus();
  await page.keyboard.press('Enter');
  s = await state();
  check(s.step === '3' && !s.highlight, `Enter on entry 3: step ${s.step}`);
  check(errors.length === 0, 'script errors: ' + errors.join('; '));

  // Only the page itself was requested, from the file.
  check(requests.length === 1 && requests[0] === pageUrl,
    'requests: ' + JSON.stringify(requests));

  // The screenshot is not blank: many colours (decoded in a blank page of its own).
  const blank = await context.newPage();
  const colours = await blank.evaluate(async (b64) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 7) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return { n: seen.size, w: c.width, h: c.height };
  }, shot.toString('base64'));
  check(colours.w > 500 && colours.h > 300, `board screenshot ${colours.w}x${colours.h}`);
  check(colours.n >= 20, `board screenshot has ${colours.n} colours: blank?`);
} finally {
  await browser.close();
}
console.log(`${passed} passed, ${failed} failed`);
if (failed === 0) rmSync(dir, { recursive: true, force: true });
else console.log('kept ' + dir);
process.exit(failed ? 1 : 0);
