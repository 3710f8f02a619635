// The gallery's management side in Chromium against the real `wallpaper serve --token`: an empty
// library explains how to add wallpapers; the first change asks for the token once, keeps it and
// retries; drag-and-drop uploads; rescan shows its summary and reloads the grid, counts a GNOME
// wallpaper list as ignored (never failed) and gives the min_size line for an icon; the settings panel
// edits folders and thumbnail size and shows the server's refusals.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import {
  ARTIFACTS,
  apiAll,
  cardIds,
  haveChromium,
  launchBrowser,
  startServer,
  tempDir,
  watchProblems,
  writeLandscape,
  writeSolid,
  PALETTES,
  type Palette,
} from './harness.js';

const TOKEN = 'open-sesame';
mkdirSync(ARTIFACTS, { recursive: true });

if (haveChromium(t)) {
  const root = tempDir(t);
  const library = join(root, 'library');
  const extra = join(root, 'extra');
  const files = join(root, 'files');
  mkdirSync(library, { recursive: true });
  mkdirSync(files, { recursive: true });
  const server = await startServer(t, { folders: [library], token: TOKEN });
  const base = server.base;
  const browser = await launchBrowser(t);
  // One page for the whole file: the token kept in localStorage carries from one step to the next.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const problems = watchProblems(page);
  const palette = (i: number) => PALETTES[i % PALETTES.length] as Palette;

  t.test('an empty library explains how to add wallpapers', async (t) => {
    await page.goto(`${base}/`);
    await page.waitForSelector('#empty-library:not([hidden])');
    const text = (await page.textContent('#empty-library')) ?? '';
    t.match(text, /library is empty/i);
    t.match(text, /drop/i, 'mentions dropping files');
    t.match(text, 'wallpaper scan FOLDER', 'mentions the scan command');
    t.ok(await page.isVisible('#empty-library button[data-action="upload"]'), 'offers a file picker');
    t.equal((await page.textContent('#count'))?.trim(), '0 wallpapers');
    t.ok(await page.isHidden('#empty-filters'));
    await page.screenshot({ path: join(ARTIFACTS, 'empty-library.png') });
  });

  t.test('the first change asks for the token once, keeps it, and retries', async (t) => {
    const first = await writeLandscape(join(files, 'first-upload.png'), 640, 360, palette(0), 1, 'png');
    const second = await writeLandscape(join(files, 'second-upload.webp'), 400, 300, palette(1), 2, 'webp');
    const unauthorised = await fetch(`${base}/api/upload`, { method: 'POST', body: new FormData() });
    const message = (await unauthorised.text()).trim();
    t.equal(unauthorised.status, 401, 'the server wants a token');

    await page.setInputFiles('#upload-input', first);
    await page.waitForSelector('#token[open]');
    t.equal(await page.textContent('#token-message'), message, 'the dialog quotes the server');
    await page.screenshot({ path: join(ARTIFACTS, 'token.png') });
    await page.fill('#token-input', TOKEN);
    await page.click('#token button[value="ok"]');
    await page.waitForSelector('#uploads-list .upload.succeeded');
    t.equal(await page.evaluate(() => localStorage.getItem('wallpaper.token')), TOKEN, 'the token is kept');
    await page.waitForSelector('#grid a.card');
    t.ok(await page.isHidden('#empty-library'), 'the empty-library message goes away');
    t.equal((await page.textContent('#count'))?.trim(), '1 wallpaper');

    // The next upload goes straight through with the kept token.
    await page.setInputFiles('#upload-input', second);
    await page.waitForFunction(() => document.querySelectorAll('#grid a.card').length === 2);
    t.ok(await page.isHidden('#token[open]'), 'no second prompt');
    const names = await page.$$eval('#grid a.card .card-name', (els) => els.map((el) => el.textContent));
    t.same(names.length, 2);
    t.match(names[0], /^second-upload/, 'the newest upload comes first');

    // A wrong kept token: the server says 401, the page asks again, then the delete goes through.
    await page.evaluate(() => localStorage.setItem('wallpaper.token', 'stale'));
    await page.reload();
    await page.waitForSelector('#grid a.card');
    const [victim] = await cardIds(page);
    await page.click(`#grid a.card[data-id="${victim}"]`);
    await page.click('#viewer-delete');
    await page.click('#viewer-confirm-delete');
    await page.waitForSelector('#token[open]');
    await page.fill('#token-input', TOKEN);
    await page.click('#token button[value="ok"]');
    await page.waitForSelector(`#grid a.card[data-id="${victim}"]`, { state: 'detached' });
    t.equal((await fetch(`${base}/api/wallpapers/${victim}`)).status, 404, 'deleted after the retry');
    t.equal(await page.evaluate(() => localStorage.getItem('wallpaper.token')), TOKEN, 'the right token replaced the stale one');
    await page.keyboard.press('Escape');
  });

  t.test('files dropped on the page are uploaded, several at once', async (t) => {
    const before = (await apiAll(base)).length;
    const dropped = [
      { name: 'dropped-a.jpg', bytes: readFileSync(await writeLandscape(join(files, 'dropped-a.jpg'), 480, 270, palette(2), 3)) },
      { name: 'dropped-b.jpg', bytes: readFileSync(await writeLandscape(join(files, 'dropped-b.jpg'), 360, 360, palette(3), 4)) },
    ].map(({ name, bytes }) => ({ name, data: bytes.toString('base64') }));
    const transfer = await page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const { name, data } of list) {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], name, { type: 'image/jpeg' }));
      }
      return dt;
    }, dropped);
    await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
    t.ok(await page.isVisible('#drop-overlay'), 'the drop zone shows while dragging');
    await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
    await page.waitForFunction(() => document.querySelectorAll('#uploads-list .upload.succeeded').length === 2);
    t.ok(await page.isHidden('#drop-overlay'));
    t.equal((await apiAll(base)).length, before + 2, 'both files are in the library');
    const names = await page.$$eval('#grid a.card .card-name', (els) => els.map((el) => el.textContent ?? ''));
    t.ok(names.some((n) => n.startsWith('dropped-a')) && names.some((n) => n.startsWith('dropped-b')), 'both have cards');
  });

  t.test('rescan shows the summary, then the grid has the new files', async (t) => {
    await writeLandscape(join(library, 'scanned-1.jpg'), 480, 270, palette(4), 5);
    await writeSolid(join(library, 'scanned-2.png'), 300, 500, '#3366cc', 'png');
    writeFileSync(join(library, 'broken.jpg'), 'not an image at all');
    await page.click('#rescan');
    await page.waitForSelector('#rescan-result[open]');
    t.equal(await page.textContent('#rescan-result [data-stat="added"] dd'), '2', 'two added');
    t.equal(await page.textContent('#rescan-result [data-stat="failed"] dd'), '1', 'one failed');
    t.match(await page.textContent('#rescan-body'), join(library, 'broken.jpg'), 'the failed path is listed');
    await page.screenshot({ path: join(ARTIFACTS, 'rescan.png') });
    await page.click('#rescan-result button[type="submit"] >> text=OK');
    const all = await apiAll(base);
    await page.waitForFunction((n) => document.querySelectorAll('#grid a.card').length === n, all.length);
    t.same([...(await cardIds(page))].sort(), all.map((w) => w.id).sort(), 'the grid was reloaded');
  });

  t.test('rescan of a GNOME wallpaper list and an icon: no XML under Failed, the ignored count and the min_size line shown', async (t) => {
    const properties = join(library, 'gnome-background-properties');
    mkdirSync(properties, { recursive: true });
    writeFileSync(
      join(properties, 'adwaita.xml'),
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE wallpapers SYSTEM "gnome-wp-list.dtd">\n<wallpapers>\n' +
        `  <wallpaper deleted="false">\n    <name>Scanned</name>\n    <filename>${join(library, 'scanned-1.jpg')}</filename>\n  </wallpaper>\n</wallpapers>\n`,
    );
    await writeSolid(join(library, 'icon.png'), 48, 48, '#cc3366', 'png');
    await page.click('#rescan');
    await page.waitForSelector('#rescan-result[open]');
    const stat = async (key: string) => (await page.textContent(`#rescan-result [data-stat="${key}"] dd`))?.trim();
    t.equal(await stat('ignored'), '1', 'the wallpaper list is counted as ignored');
    t.equal(await stat('failed'), '1', 'only broken.jpg failed');
    t.equal(await stat('added'), '1', 'the icon was indexed (min_size is off)');
    const failed = await page.$$eval('#rescan-body ul.problems li code', (nodes) => nodes.map((node) => node.textContent));
    t.notOk(
      failed.some((path) => path?.endsWith('.xml')),
      `no XML under "Could not be indexed" (${failed.join(', ')})`,
    );
    t.match(
      await page.textContent('#rescan-body [data-hint="small"]'),
      /^1 picture under 320x200 indexed .*wallpaper config set min_size 320x200$/,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'rescan-ignored.png') });
    await page.click('#rescan-result button[type="submit"] >> text=OK');
  });

  t.test("settings: thumbnail size and folders, with the server's refusals shown", async (t) => {
    const settings = (await (await fetch(`${base}/api/settings`)).json()) as { folders: string[]; thumbnail_size: number };
    await page.click('#settings-button');
    await page.waitForSelector('#settings[open]');
    t.same(
      await page.$$eval('#settings-folders input', (inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
      settings.folders,
      'the folders are listed',
    );
    t.equal(await page.inputValue('#settings-thumb'), String(settings.thumbnail_size));

    // Refused: the message is the server's plain text.
    await page.fill('#settings-thumb', '10');
    await page.click('#settings-save');
    await page.waitForSelector('#settings-error:not([hidden])');
    const refused = await fetch(`${base}/api/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ thumbnail_size: 10 }),
    });
    t.equal(refused.status, 400);
    t.equal(await page.textContent('#settings-error'), (await refused.text()).trim(), "the server's message is shown");
    t.ok(await page.isVisible('#settings[open]'), 'the panel stays open');
    await page.screenshot({ path: join(ARTIFACTS, 'settings.png') });

    await page.fill('#settings-thumb', '320');
    await page.click('#settings-save');
    await page.waitForSelector('#settings:not([open])', { state: 'attached' });
    let saved = (await (await fetch(`${base}/api/settings`)).json()) as { folders: string[]; thumbnail_size: number };
    t.equal(saved.thumbnail_size, 320, 'the thumbnail size was saved');
    t.same(saved.folders, settings.folders, 'the folders were not sent, so not changed');

    // Add a folder: saved, rescanned, and its wallpaper appears.
    await writeSolid(join(extra, 'from-extra.jpg'), 1280, 720, '#2a9d8f');
    await page.click('#settings-button');
    await page.waitForSelector('#settings[open]');
    await page.click('#settings-add-folder');
    await page.locator('#settings-folders input').last().fill(extra);
    await page.click('#settings-save');
    await page.waitForSelector('#rescan-result[open]');
    saved = (await (await fetch(`${base}/api/settings`)).json()) as { folders: string[]; thumbnail_size: number };
    t.same(saved.folders, [...settings.folders, extra], 'the folder was added');
    await page.click('#rescan-result button[type="submit"] >> text=OK');
    await page.waitForSelector('#grid a.card .card-name >> text=from-extra');
    t.pass("the new folder's wallpaper is in the grid");

    // A folder that does not exist is refused with the server's words.
    await page.click('#settings-button');
    await page.waitForSelector('#settings[open]');
    await page.click('#settings-add-folder');
    await page.locator('#settings-folders input').last().fill(join(root, 'no-such-folder'));
    await page.click('#settings-save');
    await page.waitForSelector('#settings-error:not([hidden])');
    t.match(await page.textContent('#settings-error'), /folders/, 'the message names the key');
    await page.click('#settings [data-close] >> nth=0');
    t.same(problems, [], 'no page errors or CSP violations');
  });
}
