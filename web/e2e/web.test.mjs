// Browser tests of `checkers serve`: Debian's chromium driven by
// playwright-core, against the binary that tools/web_test.sh builds.
// CHECKERS is the binary; outputs (screenshots) go to WEB_TEST_OUTPUTS.

import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {join} from 'node:path';
import {chromium} from 'playwright-core';
import {api, binary, dataDir, newTable, outputs, serve, square, stop, text, until} from './helpers.mjs';

let browser;
before(async () => {
  browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox']});
});
after(async () => { await browser.close(); });

async function clickMove(page, text) {
  for (const n of text.split(/[-x]/)) await square(page, n).click();
}

// Moves the board's focus to square `n` with the arrow keys only. Both
// squares are measured afresh before each key: the page's text above the
// board may change its place meanwhile.
async function focusSquare(page, n) {
  const path = [];
  for (let i = 0; i < 40; ++i) {
    const {at, y, x, ty, tx} = await page.evaluate((n) => {
      const rect = (s) => document.querySelector(`[data-square="${s}"]`).getBoundingClientRect();
      const at = Number(document.activeElement.dataset.square);
      if (!at) return {at};
      const [r, t] = [rect(at), rect(n)];
      return {at, y: r.top, x: r.left, ty: t.top, tx: t.left};
    }, n);
    path.push(at);
    if (at === n) return;
    if (!at) throw new Error(`the focus left the board on the way to square ${n}: ${path}`);
    if (Math.abs(y - ty) > 2) await page.keyboard.press(y > ty ? 'ArrowUp' : 'ArrowDown');
    else await page.keyboard.press(x > tx ? 'ArrowLeft' : 'ArrowRight');
  }
  throw new Error(`could not reach square ${n} with the arrows: ${path}`);
}

// Moves the focus onto the board with Tab, as a keyboard-only person does.
async function tabOntoBoard(page) {
  await until(() => page.locator('[data-square]').count(), 'the board');
  for (let i = 0; i < 30; ++i) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => !!document.activeElement.dataset.square)) break;
  }
}

// Plays `moves` by clicking their squares, each once the one before is listed.
async function playListed(page, moves) {
  for (const [i, move] of moves.entries()) {
    await clickMove(page, move);
    await until(async () => (await page.locator('#moves .move').count()) === i + 1, `${move} listed`);
  }
}

// Runs `body({server, id, page})` on a new server with one table made from
// `table`, open in a new page; the server stops after, whatever happens.
async function withTablePage(table, body, options = {}) {
  const data = dataDir('web-');
  const server = await serve(data, options);
  try {
    const id = await newTable(server, table);
    const page = await browser.newPage();
    await page.goto(`${server.url}t/${id}`);
    await body({server, id, page});
  } finally { await stop(server); }
}

test('a keyboard-only game against the computer reaches a capture', async () => {
  await withTablePage({mode: 'computer', difficulty: 'easy'}, async ({server, id, page}) => {
    await tabOntoBoard(page);
    assert.ok(await page.evaluate(() => !!document.activeElement.dataset.square));
    let captured = false;
    for (let turn = 0; turn < 40 && !captured; ++turn) {
      const s = await until(async () => {
        const st = (await api(server, `/api/tables/${id}`)).body;
        return st.legal.length > 0 || st.over ? st : null;
      }, 'the person\'s turn');
      if (s.over) break;
      // The page hears of the computer's move by its event stream, later
      // than the API answers: keys pressed before then meet a board where
      // it is not the person's move, and are (rightly) refused.
      await until(async () => (await page.locator('#moves .move').count()) === s.turns_played &&
          /^Your move/.test(await page.locator('#turn').textContent()), 'the page to show the turn');
      const move = s.legal.find((m) => m.includes('x')) || s.legal[0];
      captured = move.includes('x');
      for (const n of move.split(/[-x]/).map(Number)) {
        await focusSquare(page, n);
        await page.keyboard.press(n % 2 ? 'Enter' : ' ');
      }
      await until(async () => (await api(server, `/api/tables/${id}`)).body.head > s.head, 'the move');
    }
    assert.ok(captured, 'no capture in 40 turns');
    const label = await square(page, 1).getAttribute('aria-label');
    assert.match(label, /^Square 1, /);
    await until(async () => /played/.test(await page.locator('#announce').textContent()),
        'the last move announced');
  });
});

test('two players play on one page', async () => {
  await withTablePage({mode: 'two-player'}, async ({server, id, page}) => {
    await playListed(page, ['11-15', '23-19']);
    assert.equal(await square(page, 15).getAttribute('aria-label'), 'Square 15, Red man');
    assert.match(await square(page, 19).getAttribute('aria-label'), /^Square 19, White man, last move/);
    assert.equal((await api(server, `/api/tables/${id}`)).body.head, 3);
  });
});

// The event stream redraws the board whenever news comes, and news may
// come between a click's press and its release: the click must still
// reach its square. Turning square numbers on redraws the board as news
// does, at a moment the test chooses.
test('a click whose press and release straddle a redraw still selects its square', async () => {
  await withTablePage({mode: 'two-player'}, async ({page}) => {
    await until(async () => /^Square 11, Red man/.test(
        await square(page, 11).getAttribute('aria-label') || ''), 'the board');
    const box = await square(page, 11).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.evaluate(() => document.getElementById('numbers').click());
    await page.mouse.up();
    await until(async () => /selected/.test(await square(page, 11).getAttribute('aria-label')),
        'square 11 selected');
  });
});

test('the lobby starts a Russian table, where White moves first and kings fly', async () => {
  const data = dataDir('web-');
  const server = await serve(data);
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.selectOption('#rules', 'russian');
    assert.equal(await page.locator('#house').isHidden(), true);
    await page.check('input[name=mode][value=two-player]');
    await page.click('#new-table button[type=submit]');
    await page.waitForURL(/\/t\//);
    await until(() => page.locator('[data-square]').count(), 'the board');
    await until(async () => /^White to move/.test(await text(page, '#turn')), 'White to move first');
    await playListed(page, ['22-18', '11-15', '18x11']);
    const id = new URL(page.url()).pathname.split('/').pop();
    const table = (await api(server, '/api/tables')).body.find((t) => t.id === id);
    assert.equal(table.rules, 'russian');
    // The lobby lists the table under its edition and links the rules.
    await page.goto(`${server.url}?lang=it`);
    await until(async () => (await text(page, '#tables')).includes('Dama russa'), 'the edition listed');
    await page.selectOption('#rules', 'russian');
    await page.click('#rules-link');
    await page.waitForURL(/\/rules\?/);
    assert.match(await text(page, 'h1'), /Dama russa/);
  } finally { await stop(server); }
});

test('the lobby starts an international table on the 10x10 board, where White moves first', async () => {
  const data = dataDir('web-');
  const server = await serve(data);
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.selectOption('#rules', 'international');
    assert.equal(await page.locator('#house').isHidden(), true);
    await page.check('input[name=mode][value=two-player]');
    await page.click('#new-table button[type=submit]');
    await page.waitForURL(/\/t\//);
    await until(async () => (await page.locator('[data-square]').count()) === 50, 'the 50 squares');
    await until(async () => /^White to move/.test(await text(page, '#turn')), 'White to move first');
    // White starts on 31-50, at the bottom.
    const y = (n) => page.evaluate(
        (n) => document.querySelector(`[data-square="${n}"]`).getBoundingClientRect().y, n);
    assert.ok(await y(46) > await y(5), 'square 46 below square 5');
    await playListed(page, ['32-28', '19-23', '28x19']);
    assert.match(await square(page, 19).getAttribute('aria-label'), /^Square 19, White man, last move/);
    // The man taken is shown where it stood.
    assert.equal(await square(page, 23).getAttribute('aria-label'),
        'Square 23, empty, piece taken by this move');
    assert.ok(await square(page, 23).evaluate((c) => c.classList.contains('taken')));
    assert.match(await page.locator('#moves .move').last().textContent(), /28x19/);
  } finally { await stop(server); }
});

test('a Russian king\'s long capture is shown turned and stepped through', async () => {
  await withTablePage({mode: 'two-player', rules: 'russian', fen: 'W:WK29:B18,10'},
      async ({server, id, page}) => {
    // White moves first and starts on 21-32: its side is at the bottom.
    await until(async () => /^Square 29, White king/.test(await square(page, 29).getAttribute('aria-label')),
        'the board');
    const y = (n) => page.evaluate(
        (n) => document.querySelector(`[data-square="${n}"]`).getBoundingClientRect().y, n);
    assert.ok(await y(29) > await y(1), 'square 29 below square 1');
    await playListed(page, ['29x15x6']);
    const label = (n) => square(page, n).getAttribute('aria-label');
    await page.locator('#moves .move').first().click();
    assert.match(await label(6), /^Square 6, White king/);
    assert.equal(await label(18), 'Square 18, empty, piece taken by this move');
    assert.equal(await label(10), 'Square 10, empty, piece taken by this move');
    await page.locator('#replay-back').click();
    assert.equal(await label(29), 'Square 29, White king');
    assert.equal(await label(18), 'Square 18, Black man');
    assert.equal(await label(10), 'Square 10, Black man');
  });
});

test('a multi-jump is entered landing by landing and Escape cancels it', async () => {
  await withTablePage({mode: 'two-player', fen: 'B:W14,23,32:B9'}, async ({server, id, page}) => {
    await square(page, 9).click();
    await square(page, 18).click();
    assert.match(await square(page, 18).getAttribute('aria-label'), /route on the way/);
    await page.keyboard.press('Escape');
    assert.match(await page.locator('#announce').textContent(), /cancelled/);
    assert.doesNotMatch(await square(page, 9).getAttribute('aria-label'), /selected/);
    assert.equal((await api(server, `/api/tables/${id}`)).body.head, 1);
    await clickMove(page, '9x18x27');
    await until(async () => (await api(server, `/api/tables/${id}`)).body.head === 2, 'the jump');
    await until(async () => /Square 27, Red man/.test(await square(page, 27).getAttribute('aria-label')), 'the piece on 27');
  });
});

test('each language renders its board labels', async () => {
  const data = dataDir('web-');
  const server = await serve(data);
  const expected = {
    en: 'Square 1, Red man',
    sv: 'Ruta 1, röd pjäs',
    it: 'Casella 1, pedina rossa',
    ms: 'Petak 1, buah merah',
    sr: 'Поље 1, црвена фигура',
    tl: 'Parisukat 1, pulang piyesa',
  };
  try {
    const id = await newTable(server, {mode: 'two-player'});
    const page = await browser.newPage();
    for (const [language, label] of Object.entries(expected)) {
      await page.goto(`${server.url}t/${id}?lang=${language}`);
      await until(async () => await square(page, 1).getAttribute('aria-label') === label,
          `${language}: ${label}`);
      assert.equal(await page.evaluate(() => document.documentElement.lang), language);
    }
    // The menu's choice is kept for the next page.
    await page.goto(`${server.url}t/${id}`);
    await page.selectOption('#language', 'sv');
    await until(async () => await square(page, 1).getAttribute('aria-label') === expected.sv,
        'the menu\'s language');
    await page.goto(server.url);
    await until(async () => await page.locator('h2#tables-heading').textContent() === 'Bord',
        'the lobby in Swedish');
    assert.equal(await page.title(), 'Dam');
  } finally { await stop(server); }
});

test('a keyboard-only game against the computer reaches a king', async () => {
  await withTablePage({mode: 'computer', difficulty: 'easy', fen: 'B:W13:B26'}, async ({server, id, page}) => {
    await tabOntoBoard(page);
    await focusSquare(page, 26);
    await page.keyboard.press('Enter');
    await focusSquare(page, 30);
    await page.keyboard.press('Enter');
    await until(async () => /^Square 30, Red king/.test(await square(page, 30).getAttribute('aria-label')),
        'the king on 30');
    assert.equal(await square(page, 30).locator('.piece.king').textContent(), '\u{265B}');
  });
});

test('stepping through the move list shows earlier positions', async () => {
  await withTablePage({mode: 'two-player'}, async ({server, id, page}) => {
    await playListed(page, ['11-15', '23-19']);
    const label = (n) => square(page, n).getAttribute('aria-label');
    await page.locator('#moves .move').first().click();
    assert.match(await label(15), /^Square 15, Red man, last move/);
    assert.equal(await label(19), 'Square 19, empty');
    assert.equal(await label(23), 'Square 23, White man');
    assert.match(await page.locator('#replay-status').textContent(), /turn 1 of 2/);
    await page.locator('#replay-back').click();
    assert.equal(await label(11), 'Square 11, Red man');
    assert.equal(await label(15), 'Square 15, empty');
    await page.locator('#replay-forward').click();
    await page.locator('#replay-forward').click();
    assert.match(await label(19), /^Square 19, White man, last move/);
    assert.ok(await page.locator('#replay-status').isHidden());
  });
});

test('a page reloaded mid-game shows the game as it was', async () => {
  await withTablePage({mode: 'two-player'}, async ({server, id, page}) => {
    await playListed(page, ['11-15']);
    await page.reload();
    await until(async () => (await page.locator('#moves .move').count()) === 1, 'the move after reload');
    assert.equal(await square(page, 15).getAttribute('aria-label'), 'Square 15, Red man, last move');
  });
});

test('a server killed mid-game and restarted loses no acknowledged turn', async () => {
  const data = dataDir('web-');
  let server = await serve(data);
  const port = server.port;
  const id = await newTable(server, {mode: 'two-player'});
  const page = await browser.newPage();
  await page.goto(`${server.url}t/${id}`);
  await clickMove(page, '11-15');
  await until(async () => (await api(server, `/api/tables/${id}`)).body.head === 2, 'acknowledged');
  // The page has seen the turn too, so its next move is White's.
  await until(async () => (await page.locator('#turn').textContent()) === 'White to move', 'the page at head 2');
  const killed = new Promise((r) => server.proc.once('exit', r));
  server.proc.kill('SIGKILL');
  await killed;
  // The page says the connection is lost, and its board takes no move.
  await until(() => page.locator('#offline').isVisible(), 'the banner');
  assert.match(await text(page, '#offline'), /Connection lost, reconnecting/);
  await square(page, 22).dispatchEvent('click');
  assert.doesNotMatch(await square(page, 22).getAttribute('aria-label'), /selected/);
  server = await serve(data, {port});
  try {
    assert.equal((await api(server, `/api/tables/${id}`)).body.head, 2);
    // The page's stream reconnects by itself: the banner goes; it plays on.
    await until(() => page.locator('#offline').isHidden(), 'the banner gone');
    await until(async () => (await page.evaluate(() => document.getElementById('error').textContent)) === '' , 'no error');
    await clickMove(page, '23-19');
    await until(async () => (await api(server, `/api/tables/${id}`)).body.head === 3, 'the move after restart');
    await until(async () => (await page.locator('#moves .move').count()) === 2, 'both moves listed');
  } finally { await stop(server); }
});

test('a hidden page pauses the computer', async () => {
  await withTablePage({mode: 'computer'}, async ({server, id, page}) => {
    await clickMove(page, '11-15');
    await until(async () => (await api(server, `/api/tables/${id}`)).body.status.thinking, 'the computer thinking');
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', {value: true, configurable: true});
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const st = await until(async () => {
      const s = (await api(server, `/api/tables/${id}`)).body;
      return s.status.paused && s.status.search_paused ? s : null;
    }, 'the pause').catch(async (e) => {
      throw new Error(`${e.message}: page says ${await page.locator('#error').textContent()}; ` +
          JSON.stringify((await api(server, `/api/tables/${id}`)).body.status));
    });
    await new Promise((r) => setTimeout(r, 300));
    const later = (await api(server, `/api/tables/${id}`)).body;
    assert.equal(later.status.nodes, st.status.nodes, 'the search went on while hidden');
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', {value: false, configurable: true});
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await until(async () => !(await api(server, `/api/tables/${id}`)).body.status.paused, 'the resume').catch(async (e) => {
      throw new Error(`${e.message}: page says ${await page.locator('#error').textContent()}`);
    });
  }, {env: {CHECKERS_SEARCH_NODES: '1000000000000'}});
});

test('screenshots of the table page at phone and desktop widths', async () => {
  const data = dataDir('web-');
  const server = await serve(data);
  try {
    const id = await newTable(server, {mode: 'two-player'});
    for (const width of [375, 1280]) {
      // A page left hidden pauses its computer: a table for each page.
      const russian = await newTable(server, {mode: 'computer', rules: 'russian', difficulty: 'easy'});
      const page = await browser.newPage({viewport: {width, height: width === 375 ? 812 : 800}});
      await page.goto(`${server.url}t/${russian}`);
      await until(async () => /^Your move/.test(await text(page, '#turn')), 'the Russian table');
      await page.screenshot({path: join(outputs, `table-russian-${width}.png`)});
      await page.goto(`${server.url}t/${id}`);
      await until(() => page.locator('[data-square]').count(), 'the board');
      if (width === 375) {
        await clickMove(page, '11-15');
        await until(async () => (await page.locator('#moves .move').count()) === 1, 'the move');
        await page.locator('#numbers').check();
        await square(page, 23).click();
      }
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scroll <= width, `the page scrolls sideways at ${width}px (${scroll})`);
      await page.screenshot({path: join(outputs, `table-${width}.png`), fullPage: true});
    }
  } finally { await stop(server); }
});

test('SIGTERM lets the server exit 0 with every acknowledged turn kept', async () => {
  const data = dataDir('web-');
  let server = await serve(data);
  const id = await newTable(server, {mode: 'two-player'});
  const page = await browser.newPage();
  await page.goto(`${server.url}t/${id}`);
  await clickMove(page, '11-15');
  await until(async () => (await page.locator('#moves .move').count()) === 1, 'the move listed');
  await stop(server);
  server = await serve(data);
  try {
    assert.equal((await api(server, `/api/tables/${id}`)).body.head, 2);
  } finally { await stop(server); }
});

test('two players on their own devices play while a spectator watches', async () => {
  const data = dataDir('web-');
  let server = await serve(data);
  const contexts = [];
  try {
    const id = await newTable(server, {mode: 'remote'});
    const open = async () => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${server.url}t/${id}`);
      await until(() => page.locator('[data-square]').count(), 'the board');
      return {context, page};
    };
    const take = async (player, name, side) => {
      await player.page.fill('#seat-name', name);
      await player.page.click(`#take-${side}`);
      await until(async () => (await text(player.page, '#you')).includes(name), `${name} seated`);
    };
    const alice = await open();
    const bob = await open();
    const carol = await open();
    await take(alice, 'Alice', 'first');
    // The first seat is Alice's: Bob's browser is refused it.
    const refused = await bob.context.request.post(`${server.url}api/tables/${id}/seats/first`,
        {data: {name: 'Bob'}});
    assert.equal(refused.status(), 409);
    await take(bob, 'Bob', 'second');
    await until(async () => /Alice/.test(await text(carol.page, '#seats')) &&
        /Bob/.test(await text(carol.page, '#seats')), 'the spectator sees both seats');
    assert.match(await text(carol.page, '#you'), /watch/i);

    // A spectator's move is refused, by the page and by the server.
    const head = (await api(server, `/api/tables/${id}`)).body.head;
    const spectator = await carol.context.request.post(`${server.url}api/tables/${id}/moves`,
        {data: {move: '11-15', head}});
    assert.equal(spectator.status(), 403);
    // Bob may not play Alice's turn.
    const early = await bob.context.request.post(`${server.url}api/tables/${id}/moves`,
        {data: {move: '11-15', head}});
    assert.equal(early.status(), 403);

    const seen = async (n) => until(async () =>
        (await carol.page.locator('#moves .move').count()) === n, `the spectator sees turn ${n}`);
    // Each page says when it is its player's move, and only then.
    const play = async (player, move, n) => {
      await until(async () => /^Your move/.test(await text(player.page, '#turn')), `turn ${n} on the mover's page`);
      await clickMove(player.page, move);
      await seen(n);
    };
    await play(alice, '11-15', 1);
    await until(async () => /^White to move/.test(await text(alice.page, '#turn')), 'Alice waits for White');
    await play(bob, '22-18', 2);
    // Alice closes her page and comes back: she holds her seat.
    await alice.page.close();
    alice.page = await alice.context.newPage();
    await alice.page.goto(`${server.url}t/${id}`);
    await until(async () => (await text(alice.page, '#you')).includes('Alice'), 'Alice seated again');
    await play(alice, '15x22', 3);
    await play(bob, '25x18', 4);
    await until(async () => /^Square 18, White man, last move/.test(
        await square(carol.page, 18).getAttribute('aria-label')), 'the spectator\'s board');
    await carol.page.screenshot({path: join(outputs, 'table-spectator.png'), fullPage: true});
    // The server is killed and started again: every page reconnects, both
    // players still hold their seats, and the game goes on.
    const killed = new Promise((r) => server.proc.once('exit', r));
    server.proc.kill('SIGKILL');
    await killed;
    server = await serve(data, {port: server.port});
    assert.equal((await api(server, `/api/tables/${id}`)).body.head, 7);
    await play(alice, '8-11', 5);
    await until(async () => /^Square 11, Red man, last move/.test(
        await square(carol.page, 11).getAttribute('aria-label')), 'the spectator after the restart');
    // Alice resigns; everyone sees the result.
    alice.page.once('dialog', (d) => d.accept());
    await alice.page.click('#resign');
    for (const p of [alice.page, bob.page, carol.page]) {
      await until(async () => (await text(p, '#result')).length > 0, 'the result');
    }
    assert.equal((await api(server, `/api/tables/${id}`)).body.result, 'second');
  } finally {
    for (const c of contexts) await c.close();
    await stop(server);
  }
});

test('a seat left empty on its turn is played by the computer and handed back; a turn limit fires', async () => {
  const data = dataDir('web-');
  // The test clock (test-only) moves only when the test says so.
  const server = await serve(data, {args: ['--clock=test', '--cpu-after=5']});
  const contexts = [];
  try {
    const id = await newTable(server, {mode: 'remote', turn_seconds: 60});
    const state = async () => (await api(server, `/api/tables/${id}`)).body;
    const advance = (ms) => api(server, '/api/test/clock', {advance_ms: ms});
    const open = async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}t/${id}`);
      await until(() => page.locator('[data-square]').count(), 'the board');
      return page;
    };
    const seat = async (name, side) => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await open(context);
      await page.fill('#seat-name', name);
      await page.click(`#take-${side}`);
      await until(async () => (await text(page, '#you')).includes(name), `${name} seated`);
      return {context, page};
    };
    const alice = await seat('Alice', 'first');
    const bob = await seat('Bob', 'second');
    await until(async () => /60 s/.test(await text(alice.page, '#clock')), 'Alice\'s clock');
    assert.match(await text(alice.page, '#seat-first-clock'), /60 s/);
    assert.equal(await text(alice.page, '#seat-second-clock'), '');
    await clickMove(alice.page, '11-15');
    await until(async () => (await state()).head === 4, 'Alice\'s turn played');
    // Bob leaves on his turn; once the server sees him gone and his
    // --cpu-after passes, the computer plays for him.
    await bob.page.close();
    await until(async () => (await state()).seats.second.present === false, 'Bob gone');
    await advance(5000);
    await until(async () => (await state()).head >= 6, 'the computer\'s turn for Bob');
    // Alice's page hears of it by its stream, after the API answers.
    await until(async () => /Bob \(/.test(await text(alice.page, '#seats')),
        'Alice\'s page shows the computer in Bob\'s seat');
    await until(async () => (await alice.page.locator('#moves .move.away').count()) >= 1,
        'the computer\'s turn for Bob marked');
    assert.match(await alice.page.locator('#moves .move.away').first().getAttribute('aria-label'),
        /^White .*, played by the computer: the player was away$/);
    // Bob comes back: the seat is his again.
    bob.page = await open(bob.context);
    await until(async () => !(await state()).seats.second.computer, 'Bob handed back');
    // Alice plays a legal move of hers (the computer's reply may force a capture).
    const mine = (await (await alice.context.request.get(`${server.url}api/tables/${id}`)).json());
    const played = await alice.context.request.post(`${server.url}api/tables/${id}/moves`,
        {data: {move: mine.legal[0], head: mine.head}});
    assert.equal(played.status(), 200);
    await until(async () => /^Your move/.test(await text(bob.page, '#turn')), 'Bob to move');
    // Bob lets his 60 seconds run out: his turn is the computer's, marked.
    const head = (await state()).head;
    await advance(60000);
    await until(async () => (await state()).head > head, 'the timed-out turn');
    const log = execFileSync(binary, ['log', join(data, 'tables', `${id}.log`), '--json'])
        .toString().trim().split('\n').map((l) => JSON.parse(l));
    const kinds = log.map((e) => e.event);
    assert.ok(kinds.includes('stand_in') && kinds.includes('hand_back'), kinds.join(' '));
    assert.equal(log.filter((e) => e.timeout).length, 1);
    assert.equal(log.at(-1).timeout, true);
    // The pages mark the turn the computer played when time ran out.
    await until(async () => (await alice.page.locator('#moves .move.timeout').count()) === 1,
        'the timed-out turn marked');
    assert.match(await alice.page.locator('#moves .move.timeout').getAttribute('aria-label'), /time ran out/);
    execFileSync(binary, ['audit', join(data, 'tables', `${id}.log`)]);
  } finally {
    for (const c of contexts) await c.close();
    await stop(server);
  }
});

// Plays up to `turns` legal turns at a two-player table through the API
// (a long move list without a page's clicks), a move without a capture
// where there is one so that the game lasts; stops early if it ends.
async function playTurns(server, id, turns) {
  for (let i = 0; i < turns; ++i) {
    const s = (await api(server, `/api/tables/${id}`)).body;
    if (s.over || s.legal.length === 0) return;
    const quiet = s.legal.filter((m) => !m.includes('x'));
    const pool = quiet.length ? quiet : s.legal;
    const r = await api(server, `/api/tables/${id}/moves`, {move: pool[i % pool.length], head: s.head});
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
}

// Every cell's and piece's box, the board's, and how far the page scrolls.
function measureBoard(page) {
  return page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
    const board = document.getElementById('board');
    return {
      board: box(board),
      cells: [...board.querySelectorAll('[role=gridcell]')].map(box),
      pieces: [...board.querySelectorAll('.piece')].map(box),
      scrollWidth: document.documentElement.scrollWidth,
      selects: [...document.querySelectorAll('select')].map(box),
    };
  });
}

test('the board keeps square cells and round pieces after a long game with kings, on a phone and a desktop', async () => {
  const data = dataDir('web-');
  const server = await serve(data);
  try {
    const tables = [
      ['english', await newTable(server, {mode: 'two-player'})],
      ['international', await newTable(server, {mode: 'two-player', rules: 'international',
        fen: 'W:WK28,K27,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45:BK23,K24,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20'})],
      // A remote table shows the seats panel beside the board.
      ['remote', await newTable(server, {mode: 'remote', turn_seconds: 60})],
    ];
    for (const [name, id] of tables.slice(0, 2)) {
      await playTurns(server, id, 60);
      const s = (await api(server, `/api/tables/${id}`)).body;
      assert.equal(s.turns_played, 60, `${name}: the game ended early`);
      assert.ok(s.board.some((p) => p && p.king), `${name}: no king on the board`);
    }
    for (const [width, height] of [[375, 812], [1280, 800]]) {
      const page = await browser.newPage({viewport: {width, height}});
      for (const [name, id] of tables) {
        await page.goto(`${server.url}t/${id}`);
        await until(async () => (await page.locator('#moves .move').count()) ===
            (await api(server, `/api/tables/${id}`)).body.turns_played, `${name}: the move list`);
        const m = await measureBoard(page);
        if (name !== 'remote') {
          const [last, list] = await page.evaluate(() => [
            [...document.querySelectorAll('#moves .move')].at(-1).getBoundingClientRect().bottom,
            document.getElementById('moves').getBoundingClientRect().bottom]);
          assert.ok(last <= list + 1, `${name}: the latest move is scrolled out of the list`);
        }
        const where = `${name} at ${width}x${height}`;
        const cell = m.cells[0];
        for (const c of m.cells) {
          assert.ok(Math.abs(c.w - cell.w) <= 1 && Math.abs(c.h - cell.h) <= 1 &&
              Math.abs(c.w - c.h) <= 1, `${where}: a cell of ${c.w}x${c.h} beside ${cell.w}x${cell.h}`);
        }
        assert.ok(Math.abs(m.board.w - m.board.h) <= 1, `${where}: the board is ${m.board.w}x${m.board.h}`);
        for (const p of m.pieces) {
          assert.ok(Math.abs(p.w - p.h) <= 1, `${where}: a piece of ${p.w}x${p.h}`);
        }
        assert.ok(m.scrollWidth <= width, `${where}: the page scrolls sideways (${m.scrollWidth})`);
        assert.ok(m.board.x >= 0 && m.board.x + m.board.w <= width, `${where}: the board is cut off at the side`);
        if (width === 1280) {
          assert.ok(m.board.y + m.board.h <= height, `${where}: the board's bottom (${m.board.y + m.board.h}) is cut off`);
        } else {
          assert.ok(cell.w >= 35, `${where}: squares of ${cell.w} px`);
          for (const s of m.selects) assert.ok(s.h >= 44, `${where}: a select ${s.h} px tall`);
        }
        if (name !== 'remote') {
          await page.screenshot({path: join(outputs, `table-${name}-${width}.png`)});
        }
      }
      await page.close();
    }
  } finally { await stop(server); }
});

// The relative luminance of a CSS rgb() colour (WCAG).
function luminance(css) {
  const [r, g, b] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const pieceColour = (page, n) => page.evaluate((n) =>
  getComputedStyle(document.querySelector(`[data-square="${n}"] .piece`)).backgroundColor, n);

test('pieces are drawn in the colours their side is named', async () => {
  const data = dataDir('web-');
  const server = await serve(data);
  try {
    const page = await browser.newPage();
    // Russian: White moves first, from squares 21-32, and is drawn light.
    const russian = await newTable(server, {mode: 'two-player', rules: 'russian'});
    await page.goto(`${server.url}t/${russian}`);
    await until(async () => /^Square 21, White man/.test(await square(page, 21).getAttribute('aria-label') || ''), 'the board');
    assert.ok(luminance(await pieceColour(page, 21)) > 0.6, 'White\'s pieces are not light');
    assert.match(await square(page, 1).getAttribute('aria-label'), /Black man/);
    assert.ok(luminance(await pieceColour(page, 1)) < 0.05, 'Black\'s pieces are not dark');
    // English with Black and Red: neither is drawn white.
    const blackRed = await newTable(server, {mode: 'two-player', options: {colourNames: 'BLACK_RED'}});
    await page.goto(`${server.url}t/${blackRed}`);
    await until(async () => /Black man/.test(await square(page, 1).getAttribute('aria-label') || ''), 'the board');
    assert.ok(luminance(await pieceColour(page, 1)) < 0.05, 'Black\'s pieces are not dark');
    assert.match(await square(page, 32).getAttribute('aria-label'), /Red man/);
    const red = (await pieceColour(page, 32)).match(/\d+/g).map(Number);
    assert.ok(red[0] > 2 * red[1] && red[0] > 2 * red[2], `Red is drawn ${red}`);
  } finally { await stop(server); }
});

test('the table names its edition and links to its rules in the viewer\'s language', async () => {
  const data = dataDir('web-');
  const server = await serve(data);
  try {
    const id = await newTable(server, {mode: 'computer', rules: 'russian'});
    const page = await browser.newPage();
    for (const [language, edition, title] of [['en', 'Russian draughts', 'Rules: Russian draughts'],
      ['sv', 'Rysk dam', null]]) {
      await page.goto(`${server.url}t/${id}?lang=${language}`);
      await until(async () => (await text(page, '#title')).startsWith(`${edition} · `), `${language}: the edition named`);
      assert.match(await page.title(), new RegExp(edition));
      await page.click('#rules-link');
      await page.waitForURL(/\/rules\?/);
      const heading = await text(page, 'h1');
      assert.ok(heading.includes(edition), `${language}: ${heading}`);
      if (title) assert.equal(heading, title);
      assert.ok((await page.locator('p').count()) > 2, 'the rules are there');
    }
  } finally { await stop(server); }
});

test('the panel follows the game: paired moves, the tab title, controls of a finished game, language names', async () => {
  await withTablePage({mode: 'two-player'}, async ({server, id, page}) => {
    await playListed(page, ['11-15', '23-19', '8-11']);
    const rows = await page.locator('#moves li').allTextContents();
    assert.deepEqual(rows, ['1.11-1523-19', '2.8-11']);
    assert.ok(await page.locator('#counters').textContent() === '', 'a draw counter far from a draw');
    assert.equal(await page.locator('#language option[value=sv]').textContent(), 'Svenska');
    page.once('dialog', (d) => d.accept());
    await page.click('#resign');
    await until(async () => (await text(page, '#result')).length > 0, 'the result');
    for (const b of ['#undo', '#pause', '#resign', '#draw']) {
      assert.ok(await page.locator(b).isHidden(), `${b} shown after the game`);
    }
    assert.ok(await page.locator('#new').isVisible());
    // Against the computer the tab says when it is the person's move.
    const computer = await newTable(server, {mode: 'computer', difficulty: 'easy'});
    await page.goto(`${server.url}t/${computer}`);
    await until(async () => /^Your move · English draughts/.test(await page.title()), 'the tab title');
  });
});

test('ten table tabs and the lobby of one browser all stay live', async () => {
  const data = dataDir('web-');
  const server = await serve(data);
  const context = await browser.newContext();
  try {
    const ids = [];
    for (let i = 0; i < 10; ++i) ids.push(await newTable(server, {mode: 'two-player'}));
    const pages = [];
    for (const id of ids) {
      const page = await context.newPage();
      await page.goto(`${server.url}t/${id}`);
      await until(async () => /^Red to move/.test(await text(page, '#turn')), `tab ${pages.length + 1}`);
      pages.push(page);
    }
    const lobby = await context.newPage();
    await lobby.goto(server.url);
    await until(async () => (await lobby.locator('#tables li').count()) >= 10, 'the lobby');
    for (const id of ids) {
      assert.equal((await api(server, `/api/tables/${id}/moves`, {move: '11-15', head: 1})).status, 200);
    }
    for (const [i, page] of pages.entries()) {
      await until(async () => (await page.locator('#moves .move').count()) === 1, `the move on tab ${i + 1}`);
    }
  } finally {
    await context.close();
    await stop(server);
  }
});

test('a stream refused past the server\'s bound is tried again until it is let in', async () => {
  const data = dataDir('web-');
  const server = await serve(data, {args: ['--max_streams=1']});
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const id = await newTable(server, {mode: 'two-player'});
    const holder = await first.newPage();
    await holder.goto(`${server.url}t/${id}`);
    await until(async () => /^Red to move/.test(await text(holder, '#turn')), 'the first browser');
    const refused = await second.newPage();
    await refused.goto(`${server.url}t/${id}`);
    await until(() => refused.locator('#offline').isVisible(), 'the refused page says so');
    await first.close();
    await until(() => refused.locator('#offline').isHidden(), 'the stream let in');
    assert.equal((await api(server, `/api/tables/${id}/moves`, {move: '11-15', head: 1})).status, 200);
    await until(async () => (await refused.locator('#moves .move').count()) === 1, 'the move');
  } finally {
    await second.close();
    await stop(server);
  }
});

test('hint dots leave a king\'s crown clear and the focus ring stands out on a dark square', async () => {
  await withTablePage({mode: 'two-player', fen: 'B:W13:BK26'}, async ({page}) => {
    await until(async () => /king/.test(await square(page, 26).getAttribute('aria-label') || ''), 'the king');
    const m = await page.evaluate(() => {
      const cell = document.querySelector('[data-square="26"]');
      const c = cell.getBoundingClientRect();
      const dot = getComputedStyle(cell, '::after');
      const crown = cell.querySelector('.piece').getBoundingClientRect();
      cell.focus();
      const focused = getComputedStyle(cell);
      return {hint: cell.classList.contains('hint'), content: dot.content, left: c.right - parseFloat(dot.right) - parseFloat(dot.width),
        top: c.top + parseFloat(dot.top), w: parseFloat(dot.width), h: parseFloat(dot.height),
        cx: crown.x + crown.width / 2, cy: crown.y + crown.height / 2, crown: crown.width,
        outline: focused.outlineColor, square: getComputedStyle(cell).backgroundColor};
    });
    assert.ok(m.hint && m.content !== 'none', 'the king has no hint');
    // The dot stays out of the middle half of the piece, where the crown is.
    const clear = m.left + m.w < m.cx - m.crown / 4 || m.left > m.cx + m.crown / 4 ||
        m.top + m.h < m.cy - m.crown / 4 || m.top > m.cy + m.crown / 4;
    assert.ok(clear, `the hint dot covers the crown: ${JSON.stringify(m)}`);
    const [a, b] = [luminance(m.outline), luminance(m.square)];
    const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    assert.ok(contrast >= 3, `the focus ring's contrast is ${contrast.toFixed(2)}:1`);
  });
});

test('a move whose request is lost is reported as not played, and can be played again', async () => {
  await withTablePage({mode: 'two-player'}, async ({server, id, page}) => {
    await until(async () => /^Red to move/.test(await text(page, '#turn')), 'the board');
    let lost = 0;
    await page.route('**/moves', (route) => { ++lost; return route.abort('connectionreset'); });
    await clickMove(page, '11-15');
    await until(async () => /11-15 did not reach the server and was not played/.test(await text(page, '#error')),
        'the move reported as not played');
    assert.equal(lost, 1);
    await page.unroute('**/moves');
    await clickMove(page, '11-15');
    await until(async () => (await page.locator('#moves .move').count()) === 1, 'the move played');
    assert.equal(await text(page, '#error'), '');
    assert.equal((await api(server, `/api/tables/${id}`)).body.head, 2);
  });
});

test('a piece is dragged through a double capture, landing by landing', async () => {
  await withTablePage({mode: 'two-player', fen: 'B:W14,23,32:B9'}, async ({server, id, page}) => {
    await until(async () => /Red man/.test(await square(page, 9).getAttribute('aria-label') || ''), 'the board');
    const centre = async (n) => {
      const b = await square(page, n).boundingBox();
      return [b.x + b.width / 2, b.y + b.height / 2];
    };
    const dragFromTo = async (from, to) => {
      await page.mouse.move(...await centre(from));
      await page.mouse.down();
      await page.mouse.move(...await centre(to), {steps: 5});
      await page.mouse.up();
    };
    await dragFromTo(9, 18);
    await until(async () => /route on the way/.test(await square(page, 18).getAttribute('aria-label')), 'the first landing');
    assert.equal((await api(server, `/api/tables/${id}`)).body.head, 1);
    await dragFromTo(18, 27);
    await until(async () => (await api(server, `/api/tables/${id}`)).body.head === 2, 'the double capture');
    await until(async () => /^Square 27, Red man/.test(await square(page, 27).getAttribute('aria-label')), 'the piece on 27');
    assert.equal(await page.locator('.piece.ghost').count(), 0);
  });
});

test('a seated player copies the invite link; the board can be turned', async () => {
  const data = dataDir('web-');
  const server = await serve(data);
  const context = await browser.newContext({permissions: ['clipboard-read', 'clipboard-write']});
  try {
    const id = await newTable(server, {mode: 'remote'});
    const page = await context.newPage();
    await page.goto(`${server.url}t/${id}`);
    await until(() => page.locator('[data-square]').count(), 'the board');
    assert.ok(await page.locator('#invite').isHidden(), 'a spectator is offered the invite');
    await page.fill('#seat-name', 'Alice');
    await page.click('#take-first');
    await until(() => page.locator('#invite').isVisible(), 'the invite');
    await page.click('#copy-invite');
    await until(async () => (await text(page, '#invite-copied')) === 'Link copied', 'copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${server.url}t/${id}`);
    const y = (n) => page.evaluate((n) => document.querySelector(`[data-square="${n}"]`).getBoundingClientRect().y, n);
    assert.ok(await y(1) > await y(32), 'Red\'s square 1 is not at the bottom');
    await page.check('#flip');
    assert.ok(await y(1) < await y(32), 'the board did not turn');
  } finally {
    await context.close();
    await stop(server);
  }
});

test('a move slides into place unless less motion is asked for, and sounds only when turned on', async () => {
  const data = dataDir('web-');
  const server = await serve(data);
  try {
    for (const reducedMotion of ['no-preference', 'reduce']) {
      const id = await newTable(server, {mode: 'two-player'});
      const context = await browser.newContext({reducedMotion});
      // Counts the pieces' animations and the tones the page starts.
      await context.addInitScript(() => {
        window.counted = {slides: 0, tones: 0};
        const animate = Element.prototype.animate;
        Element.prototype.animate = function(...a) { ++window.counted.slides; return animate.apply(this, a); };
        const start = OscillatorNode.prototype.start;
        OscillatorNode.prototype.start = function(...a) { ++window.counted.tones; return start.apply(this, a); };
      });
      const page = await context.newPage();
      await page.goto(`${server.url}t/${id}`);
      await until(async () => /^Red to move/.test(await text(page, '#turn')), 'the board');
      assert.equal((await api(server, `/api/tables/${id}/moves`, {move: '11-15', head: 1})).status, 200);
      // The first move may come before the page's stream is open, and then
      // it is no news: only the second, heard live, is counted.
      await until(async () => (await page.locator('#moves .move').count()) === 1, 'the first move');
      await page.evaluate(() => { window.counted = {slides: 0, tones: 0}; });
      assert.equal(await page.isChecked('#sounds'), false, 'sounds on by default');
      await page.check('#sounds');
      assert.equal((await api(server, `/api/tables/${id}/moves`, {move: '23-19', head: 2})).status, 200);
      await until(async () => (await page.locator('#moves .move').count()) === 2, 'the second move');
      const counted = await page.evaluate(() => window.counted);
      assert.equal(counted.slides, reducedMotion === 'reduce' ? 0 : 1, reducedMotion);
      assert.equal(counted.tones, 1, 'one tone for the move');
      await context.close();
    }
  } finally { await stop(server); }
});
