// The replay page (web/API.md, "Replay and analysis"): a game turn by turn
// as the server folded it, with the draw counters and the repetition count
// of each turn; the engine's judgement of it comes from analysis.js. The
// address says the turn shown (?turn=N), so it can be shared.

import {Analysis} from '/static/analysis.js';
import {Board, drawMoveList, editionName, fillLines, sideColour} from '/static/board.js';
import {language, loadLanguage, t} from '/static/i18n.js';

const $ = (name) => document.getElementById(name);

// /t/ID/replay: table ID's game; /g/KEY/replay: a game opened from a file
// (open.js).
const [, kind, id] = location.pathname.split('/');
const fromTable = kind === 't';
const api = fromTable ? `/api/tables/${id}` : `/api/games/${id}`;

let turns = [];        // GET api/turns: the start, then each turn
let audit = null;      // and what `checkers audit` finds in the game
let at = 0;            // the number of turns shown
const board = new Board($('board'));
let analysis = null;   // analysis.js, once the game is loaded
let marks = {};        // turn: {className, note}, the analysis's marks

function colours() { return turns.length ? turns[0].state.colours : null; }
function colour(side) { return sideColour(colours(), side); }

// The address of turn n of this game, as a link to share.
function turnUrl(n) {
  const url = new URL(location.href);
  url.searchParams.set('turn', String(n));
  return url.pathname + url.search;
}

// Shows the position after `n` turns (clamped to the game).
function showTurn(n) {
  if (!turns.length) return;
  at = Math.max(0, Math.min(n, turns.length - 1));
  history.replaceState(null, '', turnUrl(at));
  draw();
}

function counters(ply) {
  const s = ply.state;
  const out = [];
  if (s.no_progress_turns > 0) {
    out.push(t('web.replay.no_progress', {n: s.no_progress_turns, seq: ply.no_progress_since_seq}));
  }
  if (s.draw_in_turns !== null && s.draw_in_turns !== undefined) {
    out.push(t('web.draw_in', {n: s.draw_in_turns}));
  }
  if (s.repetition_count > 1) {
    out.push(t('web.replay.repeated', {n: s.repetition_count, seqs: ply.repeated_at.join(', ')}));
  }
  return out;
}

// What the audit says of turn `at`: its findings, and the end when it was
// recorded there, each on the turn whose events hold its seq.
function auditLines() {
  if (!audit) return [];
  const from = turns[at].seq;
  const to = at + 1 < turns.length ? turns[at + 1].seq : Infinity;
  const here = (seq) => seq >= from && seq < to;
  const lines = audit.findings.filter((f) => here(f.seq)).map((f) =>
    t('web.replay.audit_finding', {seq: f.seq, message: f.message}));
  if (audit.end && here(audit.end.seq)) {
    lines.push(audit.end.why ? t('web.replay.audit_end', {seq: audit.end.seq, why: audit.end.why})
        : t('web.replay.audit_end_plain', {seq: audit.end.seq}));
  }
  return lines;
}

function result(s) {
  if (!s.over) return '';
  const loser = colour(s.result === 'first' ? 'second' : 'first');
  const why = t(`web.reason.${s.reason}`, {side: loser});
  return s.result === 'draw' ? t('web.drawn', {why}) : t('web.wins', {side: colour(s.result), why});
}

function draw() {
  if (!turns.length) return;
  const ply = turns[at];
  const total = turns.length - 1;
  board.edition = ply.state.rules.toUpperCase();
  board.orient('first', $('flip').checked);
  board.draw(ply.state.board, {colours: colours(), marked: ply.route, captured: ply.captured,
    numbers: $('numbers').checked});
  $('position').textContent = at === 0 ? t('web.replay.at_start', {total})
      : t('web.replay.played', {n: at, total, side: colour(ply.side), move: ply.move});
  $('first').disabled = $('back').disabled = at === 0;
  $('forward').disabled = $('last').disabled = at === total;
  fillLines($('counters'), counters(ply));
  $('result').textContent = result(ply.state);
  fillLines($('audit'), auditLines());
  $('turn-link').href = turnUrl(at);
  const moves = $('moves');
  drawMoveList(moves, turns.slice(1).map((p) => ({side: p.side, text: p.move, ...marks[p.turn]})),
      {current: at || null, colour, pick: showTurn});
  // The list scrolls on its own (never the page) to keep the current
  // move in the middle of its view.
  const current = moves.querySelector('[aria-current]');
  moves.scrollTop = current ? current.closest('li').offsetTop - moves.clientHeight / 2 : 0;
  if (analysis) analysis.show(at);
}

function onKey(e) {
  if (e.target.closest('input, select, textarea') || e.altKey || e.ctrlKey || e.metaKey) return;
  const to = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: turns.length - 1}[e.key];
  if (to === undefined) return;
  e.preventDefault();
  showTurn(to);
}

async function load() {
  await loadLanguage();
  $('table-link').href = `/t/${id}`;
  $('table-link').hidden = !fromTable;
  const res = await fetch(`${api}/turns`).catch(() => null);
  if (!res || !res.ok) {
    $('error').textContent = !res ? t('web.unreachable')
        : fromTable ? t('web.replay.no_game') : (await res.json()).error;
    return;
  }
  ({turns, audit} = await res.json());
  const rules = turns[0].state.rules;
  const title = `${editionName(rules)} · ${t('web.replay.title')}`;
  $('title').textContent = title;
  document.title = title;
  const link = new URL('/rules', location.href);
  // A table's rules are its own (house options included); an opened
  // game's, its edition's.
  if (fromTable) link.searchParams.set('table', id);
  else link.searchParams.set('edition', rules);
  link.searchParams.set('lang', language);
  $('rules-link').href = link.pathname + link.search;
  const asked = new URLSearchParams(location.search).get('turn');
  showTurn(asked === null || !/^\d+$/.test(asked) ? turns.length - 1 : Number(asked));
  analysis = new Analysis(api, turns, {colour, pick: showTurn, marked: (m) => {
    marks = m;
    draw();
  }});
  analysis.show(at);
}

document.addEventListener('keydown', onKey);
$('first').addEventListener('click', () => showTurn(0));
$('back').addEventListener('click', () => showTurn(at - 1));
$('forward').addEventListener('click', () => showTurn(at + 1));
$('last').addEventListener('click', () => showTurn(turns.length - 1));
$('numbers').addEventListener('change', draw);
$('flip').addEventListener('change', draw);

load();
