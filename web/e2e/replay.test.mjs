// Browser tests of the replay page (web/API.md, "Replay and analysis"):
// games of the project's PDN collections imported into tables, opened by
// link at a turn, stepped with the keyboard, in every edition.

import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {chromium} from 'playwright-core';
import {api, binary, dataDir, newTable, outputs, serve, square, stop, text, until} from './helpers.mjs';

const collections = new URL('../../tests/data/', import.meta.url).pathname;

let browser;
before(async () => {
  browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox']});
});
after(async () => { await browser.close(); });

// Game `n` (from 1) of a PDN collection of tests/data: its text.
function gameOf(file, n = 1) {
  const games = readFileSync(join(collections, file), 'utf8').split(/\n\s*\n(?=\s*\[)/);
  return games[n - 1];
}

// A data directory whose table `id` is the game `pdn` imported with
// `checkers import` (args: e.g. --rules=russian).
function importedTable(pdn, id, args = []) {
  const data = dataDir('replay-');
  const file = join(data, 'game.pdn');
  writeFileSync(file, pdn);
  const out = join(data, 'imported');
  execFileSync(binary, ['import', file, `--out=${out}`, ...args]);
  mkdirSync(join(data, 'tables'));
  renameSync(join(out, 'game-0001.log'), join(data, 'tables', `${id}.log`));
  return data;
}

const position = (page) => text(page, '#position');
const current = (page) => page.locator('#moves [aria-current]').textContent();
const turnInAddress = (page) => new URL(page.url()).searchParams.get('turn');

test('a Tinsley game opened at turn 20 by link is stepped with the keyboard', async () => {
  const id = '0123456789ab';
  const data = importedTable(gameOf('tinsley.pdn'), id);
  const server = await serve(data);
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}t/${id}/replay?turn=20`);
    // 10. 18-23 16-11: the 20th turn is White's 16-11.
    await until(async () => /^Turn 20 of 56: White played 16-11$/.test(await position(page)), 'turn 20');
    assert.equal(await current(page), '16-11');
    assert.match(await square(page, 11).getAttribute('aria-label'), /^Square 11, White man, last move/);
    assert.match(await page.title(), /^English draughts \(checkers\) · Replay$/);
    await page.keyboard.press('ArrowRight');
    // 11. 23x30: the man on 26 is taken, and shown where it stood.
    await until(async () => /^Turn 21 of 56: Black played 23x30$/.test(await position(page)), 'turn 21');
    assert.equal(await square(page, 26).getAttribute('aria-label'), 'Square 26, empty, piece taken by this move');
    assert.equal(turnInAddress(page), '21');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.match(await position(page), /^Turn 19 of 56: Black played 18-23$/);
    await page.keyboard.press('Home');
    assert.match(await position(page), /^Start position \(56 turns/);
    assert.equal(await page.locator('#moves [aria-current]').count(), 0);
    assert.ok(await page.locator('#back').isDisabled());
    await page.keyboard.press('End');
    assert.match(await position(page), /^Turn 56 of 56: White played 24x15x6$/);
    assert.ok(await page.locator('#forward').isDisabled());
    // The recorded draw, as the log ends it, and the audit's word on it.
    assert.match(await text(page, '#result'), /^Draw: the recorded result/);
    assert.match(await text(page, '#audit'), /^Audit: the end recorded at seq 58 holds/);
    // The link of the turn shown opens it again.
    const link = await page.locator('#turn-link').getAttribute('href');
    assert.equal(link, `/t/${id}/replay?turn=56`);
    // A click on a move goes to it.
    await page.locator('#moves .move', {hasText: /^2-7$/}).first().click();
    assert.equal(turnInAddress(page), '23');
  } finally { await stop(server); }
});

test('the counters of a turn are the fold\'s: no-progress count and repetitions with their seqs', async () => {
  const data = dataDir('replay-');
  const server = await serve(data);
  try {
    const id = await newTable(server, {mode: 'two-player', fen: 'B:WK32:BK1'});
    let head = 1;
    for (const move of ['1-6', '32-27', '6-1', '27-32']) {
      assert.equal((await api(server, `/api/tables/${id}/moves`, {move, head})).status, 200);
      head += 1;
    }
    const page = await browser.newPage();
    await page.goto(`${server.url}t/${id}/replay?turn=4`);
    await until(async () => /Times this position has stood: 2 \(after seqs 1, 5\)/.test(
        await text(page, '#counters')), 'the repetition and its seqs');
    assert.match(await text(page, '#counters'), /Turns without a capture or a man's move: 4 \(since seq 1\)/);
    await page.keyboard.press('ArrowLeft');
    assert.doesNotMatch(await text(page, '#counters'), /Times this position/);
    // The third time ends the game; the audit gives the end's evidence.
    for (const move of ['1-6', '32-27', '6-1', '27-32']) {
      assert.equal((await api(server, `/api/tables/${id}/moves`, {move, head})).status, 200);
      head += 1;
    }
    await page.goto(`${server.url}t/${id}/replay?turn=8`);
    await until(async () => /Times this position has stood: 3 \(after seqs 1, 5, 9\)/.test(
        await text(page, '#counters')), 'the third repetition');
    assert.match(await text(page, '#result'), /^Draw: the same position for the third time/);
    assert.match(await text(page, '#audit'), /^Audit: the end recorded at seq 10 holds: .*1, 5, 9/);
  } finally { await stop(server); }
});

test('a Russian and an international game replay on their boards, a pool table too', async () => {
  const games = [
    {file: 'russian_games.pdn', args: ['--rules=russian'], squares: 32, edition: 'Russian draughts'},
    {file: 'international_games.pdn', args: ['--rules=international'], squares: 50, edition: 'International draughts'},
  ];
  for (const g of games) {
    const id = 'abcdef012345';
    const data = importedTable(gameOf(g.file), id, g.args);
    const server = await serve(data);
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}t/${id}/replay?turn=20`);
      await until(async () => /^Turn 20 of /.test(await position(page)), `${g.file}: turn 20`);
      assert.equal(await page.locator('[data-square]').count(), g.squares);
      assert.match(await text(page, '#title'), new RegExp(`^${g.edition}`));
      // White moves first, from the bottom.
      const y = (n) => page.evaluate(
          (n) => document.querySelector(`[data-square="${n}"]`).getBoundingClientRect().y, n);
      assert.ok(await y(g.squares) > await y(1), `${g.file}: the high squares at the bottom`);
    } finally { await stop(server); }
  }
  const data = dataDir('replay-');
  const server = await serve(data);
  try {
    const id = await newTable(server, {mode: 'two-player', rules: 'pool'});
    assert.equal((await api(server, `/api/tables/${id}/moves`, {move: '11-15', head: 1})).status, 200);
    const page = await browser.newPage();
    await page.goto(`${server.url}t/${id}/replay?lang=it`);
    await until(async () => /^Turno 1 di 1/.test(await position(page)), 'the pool game in Italian');
    assert.equal(await page.locator('#moves .move').count(), 1);
    // The table page links its replay.
    await page.goto(`${server.url}t/${id}`);
    await page.click('#replay-link');
    await page.waitForURL(/\/replay/);
  } finally { await stop(server); }
});

test('the analysis draws one point per turn; a marked mistake is clicked to and listed', async () => {
  const data = dataDir('replay-');
  const server = await serve(data, {args: ['--nodes=20000']});
  try {
    // Black's man on 14 is taken whichever way it steps; 1-5 was safe.
    const id = await newTable(server, {mode: 'two-player', fen: 'B:W22,30:B1,14'});
    let head = 1;
    for (const move of ['14-17', '22x13', '1-5']) {
      assert.equal((await api(server, `/api/tables/${id}/moves`, {move, head})).status, 200);
      head += 1;
    }
    const page = await browser.newPage();
    await page.goto(`${server.url}t/${id}/replay?turn=3`);
    await until(async () => (await page.locator('#graph .point').count()) === 4, 'a point per position');
    const marked = page.locator('#graph .point.mistake, #graph .point.blunder');
    assert.equal(await marked.count(), 1);
    assert.equal(await marked.getAttribute('data-turn'), '1');
    assert.match(await marked.getAttribute('class'), /\bfirst\b/);
    await marked.click();
    await until(async () => /^Turn 1 of 3: Red played 14-17$/.test(await position(page)), 'the mistake shown');
    assert.match(await text(page, '#judgement'), /Red played 14-17; the engine prefers /);
    assert.match(await text(page, '#judgement'), /(Mistake|Blunder) by Red/);
    // The list of marked turns is the graph's text alternative.
    assert.equal(await page.locator('#marked button').count(), 1);
    await page.keyboard.press('End');
    await page.locator('#marked button').click();
    assert.equal(new URL(page.url()).searchParams.get('turn'), '1');
    assert.match(await page.locator('#moves .move').first().getAttribute('class'), /mistake|blunder/);
    // A second visit finds the analysis kept: no progress, the graph at once.
    await page.reload();
    await until(async () => (await page.locator('#graph .point').count()) === 4, 'the kept graph');
    assert.equal(await page.locator('#analysis-progress').isHidden(), true);
  } finally { await stop(server); }
});

test('a whole game is analysed with progress shown and the page usable meanwhile; 10x10 says it is weaker', async () => {
  const id = '0123456789ab';
  const data = importedTable(gameOf('tinsley.pdn'), id);
  const server = await serve(data, {args: ['--nodes=20000']});
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}t/${id}/replay?turn=5`);
    // While the engine works, the page steps.
    await until(async () => /^Turn 5 of 56/.test(await position(page)), 'turn 5');
    await page.keyboard.press('ArrowRight');
    assert.match(await position(page), /^Turn 6 of 56/);
    assert.equal(await page.locator('#analysis-note').isHidden(), true);
    await until(async () => (await page.locator('#graph .point').count()) === 57, 'a point per position');
    const analysis = (await api(server, `/api/tables/${id}/analysis`)).body;
    assert.equal(analysis.state, 'done');
    assert.equal(analysis.analysis.turns.length, 56);
    // The page shows each turn's preferred move as the server judged it.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    const first = analysis.analysis.turns[0];
    assert.match(await text(page, '#judgement'), first.played === first.best
        ? /the engine's choice too/ : new RegExp(`the engine prefers ${first.best}`));
  } finally { await stop(server); }
  const ten = importedTable(gameOf('international_games.pdn'), id, ['--rules=international']);
  const other = await serve(ten, {args: ['--nodes=1000000']});
  try {
    const page = await browser.newPage();
    await page.goto(`${other.url}t/${id}/replay?turn=1`);
    await until(async () => /^Turn 1 of /.test(await position(page)), 'the 10x10 game');
    assert.equal(await page.locator('#analysis-note').isVisible(), true);
    assert.match(await text(page, '#analysis-note'), /10×10 board the engine's evaluation is weaker/);
    // The analysis can be stopped, and started again.
    await page.locator('#analysis-cancel').click();
    await until(async () => /stopped/.test(await text(page, '#analysis-status')), 'the analysis stopped');
    assert.equal(await page.locator('#analysis-start').isVisible(), true);
  } finally { await stop(other); }
});

test('a dropped PDN file with several games lists them with their tags; a chosen log opens too', async () => {
  const data = dataDir('replay-');
  const server = await serve(data);
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.click('a[href="/open"]');
    await page.waitForURL(/\/open$/);
    const pdn = [1, 2, 3].map((n) => gameOf('tinsley.pdn', n)).join('\n\n');
    // A drop as a browser makes it: a DataTransfer holding the file.
    const transfer = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'tinsley-3.pdn', {type: 'text/plain'}));
      return dt;
    }, pdn);
    await page.dispatchEvent('#drop', 'drop', {dataTransfer: transfer});
    await until(async () => (await page.locator('#games li').count()) === 3, 'three games listed');
    assert.match(await text(page, '#games-heading'), /^Games in tinsley-3.pdn: 3$/);
    const second = page.locator('#games li').nth(1);
    assert.match(await second.textContent(), /Game 2, 75 turns/);
    assert.match(await second.textContent(), /Event: US National 1946 · Black: MF Tinsley · White: E Fuller/);
    // No table was made for them.
    assert.deepEqual((await api(server, '/api/tables')).body.filter((t) => t.id !== 'local'), []);
    await second.locator('a').click();
    await page.waitForURL(/\/g\/[0-9a-f]{24}\/replay\?turn=0$/);
    await until(async () => /^Start position \(75 turns/.test(await position(page)), 'the game opened');
    assert.ok(await page.locator('#table-link').isHidden());
    // By link, at turn 20, then stepped with the keyboard.
    await page.goto(page.url().replace('turn=0', 'turn=20'));
    await until(async () => /^Turn 20 of 75: White played /.test(await position(page)), 'turn 20 by link');
    await page.keyboard.press('ArrowRight');
    assert.match(await position(page), /^Turn 21 of 75: Black played /);
    // A log chosen with the file input is one game.
    const id = '0123456789ab';
    const imported = importedTable(gameOf('tinsley.pdn'), id);
    await page.goto(`${server.url}open`);
    await page.setInputFiles('#file', join(imported, 'tables', `${id}.log`));
    await until(async () => (await page.locator('#games li').count()) === 1, 'the log listed');
    assert.match(await text(page, '#games li'), /Game 1, 56 turns/);
  } finally { await stop(server); }
});

test('screenshots of the replay page at phone and desktop sizes', async () => {
  const id = '0123456789ab';
  const data = importedTable(gameOf('tinsley.pdn'), id);
  const server = await serve(data, {args: ['--nodes=20000']});
  try {
    for (const [width, height, name] of [[390, 844, 'replay-phone'], [1280, 800, 'replay']]) {
      const page = await browser.newPage({viewport: {width, height}});
      await page.goto(`${server.url}t/${id}/replay?turn=21`);
      await until(async () => /^Turn 21/.test(await position(page)), 'turn 21');
      await until(async () => (await page.locator('#graph .point').count()) === 57, 'the graph');
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scroll <= width, `the page scrolls sideways at ${width}px (${scroll})`);
      await page.screenshot({path: join(outputs, `${name}.png`), fullPage: width < 500});
    }
  } finally { await stop(server); }
});
