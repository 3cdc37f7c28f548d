// What the browser tests share: the server under test (the binary
// tools/web_test.sh builds, CHECKERS), its API, and waiting on a page.

import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

export const binary = process.env.CHECKERS;
export const outputs = process.env.WEB_TEST_OUTPUTS || join(tmpdir(), 'checkers-web-e2e');
mkdirSync(outputs, {recursive: true});
// How long a test waits for the page or the server before it fails.
export const patience = 30000;

// A fresh data directory for a server, under the system's temp directory;
// every one is removed when the test file's process exits.
const dataDirs = [];
process.on('exit', () => {
  for (const dir of dataDirs) rmSync(dir, {recursive: true, force: true});
});
export function dataDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dataDirs.push(dir);
  return dir;
}

// Starts the server; resolves with {url, port, proc} once it prints its address.
export function serve(data, {port = 0, env = {}, args = []} = {}) {
  const proc = spawn(binary, ['serve', `--listen=127.0.0.1:${port}`, `--data=${data}`, ...args],
      {env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'inherit']});
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/^listening on (http:\/\/[^/]+:(\d+)\/)\n/);
      if (m) resolve({url: m[1], port: Number(m[2]), proc});
    });
    proc.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
}

// Stops the server with SIGTERM, which must exit 0 (WEB.md, Starting it).
export async function stop(server) {
  const exited = new Promise((r) => server.proc.once('exit', (code) => r(code)));
  server.proc.kill('SIGTERM');
  assert.equal(await exited, 0, 'serve exited with a failure after SIGTERM');
}

export async function api(server, path, body) {
  const res = await fetch(server.url + path.replace(/^\//, ''), body === undefined ? {} : {
    method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  return {status: res.status, body: await res.json()};
}

export async function newTable(server, body) {
  const r = await api(server, '/api/tables', body);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.id;
}

export async function until(fn, what) {
  const deadline = Date.now() + patience;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const square = (page, n) => page.locator(`[data-square="${n}"]`);

// The text of a page's element, for waiting on what the page shows.
export const text = (page, selector) => page.locator(selector).textContent();
