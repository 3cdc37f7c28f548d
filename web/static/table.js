// The table page: the board as an accessible grid, the move list, the
// controls, and the event stream that keeps it current (web/API.md).

const id = location.pathname.split('/').pop();
const api = `/api/tables/${id}`;
import {followTable} from '/static/events.js';
import {colourWord, language, loadLanguage, pieceWords, t} from '/static/i18n.js';

const $ = (name) => document.getElementById(name);

let state = null;      // GET /api/tables/ID
let route = [];        // the squares of the turn being entered
let focusSquare = 0;   // the square the board's Tab stop is on
let lastMove = [];     // the squares of the last turn played
let autoPaused = false;
let moves = [];        // [{seq, side, text, squares, board}]
let loaded = false;    // the stream has caught up once
let startBoard = null; // the board before the first turn, as state.board
let viewing = null;    // the number of turns shown while stepping; null: live
// The edition of the game shown, from its game_started event: in Russian
// and international draughts the first mover starts on the high squares
// (docs/RULES.md), and the international board is 10×10.
let edition = 'ENGLISH';
const firstOnHigh = () => edition === 'RUSSIAN' || edition === 'INTERNATIONAL';
// Squares along a side: 10 in international draughts, else 8.
const size = () => (edition === 'INTERNATIONAL' ? 10 : 8);
const squareCount = () => size() * size() / 2;

// Square n at its row and column, as the engine numbers them (engine/
// board8.h, engine/board10.h): square 1 is on row 0, column 1, and each
// row holds size/2 squares.
function rowOf(n) { return Math.floor((n - 1) / (size() / 2)); }
function colOf(n) {
  const half = size() / 2;
  const r = rowOf(n);
  return r % 2 === 0 ? 2 * ((n - 1) % half) + 1 : 2 * ((n - 1) % half);
}
function squareAt(row, col) {
  const last = size() - 1;
  if (row < 0 || row > last || col < 0 || col > last || (row + col) % 2 === 0) return 0;
  return row * (size() / 2) + Math.floor(col / 2) + 1;
}
// The side at the bottom: the person's against the computer, else the
// first mover; the board turns so that side's men move up.
function flipped() {
  if (!state || !state.game) return true;
  const bottom = state.mode === 'computer' ? state.human
      : state.mode === 'remote' && state.you ? state.you : 'first';
  // Turned, square 1 is at the bottom: for the side whose men start on the
  // low squares; the person may turn it the other way.
  return ((bottom === 'first') !== firstOnHigh()) !== $('flip').checked;
}
function cellOf(n) {
  const r = rowOf(n), c = colOf(n), last = size() - 1;
  return flipped() ? [last - r, last - c] : [r, c];
}
function squareAtCell(row, col) {
  const last = size() - 1;
  return flipped() ? squareAt(last - row, last - col) : squareAt(row, col);
}

function colourName(side) { return state && state.colours ? state.colours[side] : side; }
function colour(side) { return colourWord(colourName(side)); }

function squareWords(p) {
  return p ? pieceWords(colourName(p.side), p.king) : t('web.square.empty');
}

// The board after the first `count` turns of the move list, as the server
// folded it: each record of the stream carries the state after it.
function boardAfter(count) {
  return count === 0 ? startBoard : moves[count - 1].board;
}

function shownBoard() {
  if (viewing !== null && startBoard) return boardAfter(viewing);
  return state && state.board ? state.board : null;
}

// The move entry's node for the route entered so far, or null when the
// route leads nowhere: the server sends the tree of every route the viewer
// may play with the state (web/API.md, "entry"), so the page neither reads
// move notation nor knows a rule.
function entryNode(steps = route) {
  let node = state && state.entry;
  for (const s of steps) {
    node = node && node.next ? node.next[s] : null;
  }
  return node || null;
}

function hintSquares() {
  const node = entryNode();
  return new Set(node && node.next ? Object.keys(node.next).map(Number) : []);
}

// The board's cells are laid once for each size and orientation and then
// only restyled: news from the event stream redraws the board at any
// moment, and a click whose press and release met two different cells
// would reach neither.
let layout = '';
function layBoard() {
  const key = `${size()}:${flipped()}`;
  if (key === layout) return;
  layout = key;
  const board = $('board');
  board.replaceChildren();
  board.classList.toggle('ten', size() === 10);
  for (let row = 0; row < size(); ++row) {
    const r = document.createElement('div');
    r.setAttribute('role', 'row');
    r.style.display = 'contents';
    for (let col = 0; col < size(); ++col) {
      const n = squareAtCell(row, col);
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      if (n === 0) {
        cell.className = 'sq light';
        cell.setAttribute('aria-hidden', 'true');
      } else {
        cell.dataset.square = n;
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = n;
        num.setAttribute('aria-hidden', 'true');
        cell.append(num);
      }
      r.append(cell);
    }
    board.append(r);
  }
}

function drawBoard() {
  const board = $('board');
  const keepFocus = board.contains(document.activeElement);
  layBoard();
  board.classList.toggle('numbers', $('numbers').checked);
  const hints = $('hints').checked && viewing === null ? hintSquares() : new Set();
  const shown = shownBoard();
  const marked = viewing === null ? lastMove : viewing > 0 ? moves[viewing - 1].squares : [];
  for (const cell of board.querySelectorAll('[data-square]')) {
    const n = Number(cell.dataset.square);
    const p = shown ? shown[n - 1] : null;
    cell.className = 'sq dark';
    cell.tabIndex = n === focusSquare ? 0 : -1;
    const marks = [];
    if (route.includes(n)) marks.push(t(route[0] === n ? 'web.square.selected' : 'web.square.route'));
    if (marked.includes(n)) marks.push(t('web.square.last'));
    cell.setAttribute('aria-label',
        t('web.square', {n, piece: squareWords(p)}) + (marks.length ? `, ${marks.join(', ')}` : ''));
    if (hints.has(n)) cell.classList.add('hint');
    if (marked.includes(n)) cell.classList.add('last');
    if (route[0] === n) cell.classList.add('selected');
    else if (route.includes(n)) cell.classList.add('route');
    let piece = cell.querySelector('.piece');
    if (!p) {
      if (piece) piece.remove();
      continue;
    }
    if (!piece) {
      piece = document.createElement('span');
      piece.setAttribute('aria-hidden', 'true');
      cell.append(piece);
    }
    // Drawn in the colour the side is named (the state's `colours`), not
    // by which side moves first.
    piece.className = `piece ${p.side} c-${colourName(p.side).toLowerCase()}${p.king ? ' king' : ''}`;
    piece.textContent = p.king ? '\u{265B}' : '';
  }
  if (keepFocus) focusOn(focusSquare);
  animateMove(shown);
}

// The last move played, slid from its first square to its last once the
// board shows it: short, and not at all where the person asks for less
// motion.
let moving = null;     // {from, to}: the turn to slide on the next draw
function animateMove(shown) {
  const m = moving;
  if (!m || viewing !== null || !shown || !shown[m.to - 1]) return;
  moving = null;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const cell = (n) => $('board').querySelector(`[data-square="${n}"]`);
  const piece = cell(m.to).querySelector('.piece');
  if (!piece || !cell(m.from)) return;
  const [a, b] = [cell(m.from).getBoundingClientRect(), cell(m.to).getBoundingClientRect()];
  piece.animate([{transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)`}, {transform: 'none'}],
      {duration: 180, easing: 'ease-out'});
}

// A move's and a capture's sound, when the person turns sounds on (off by
// default): two short tones made here, no sound files.
let audio = null;
function sound(capture) {
  if (!$('sounds').checked) return;
  audio = audio || new AudioContext();
  const tones = capture ? [440, 660] : [520];
  tones.forEach((hz, i) => {
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.frequency.value = hz;
    g.gain.setValueAtTime(0.15, audio.currentTime + i * 0.09);
    g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.09 + 0.08);
    o.connect(g).connect(audio.destination);
    o.start(audio.currentTime + i * 0.09);
    o.stop(audio.currentTime + i * 0.09 + 0.09);
  });
}

function focusOn(n) {
  focusSquare = n;
  for (const c of $('board').querySelectorAll('.dark')) {
    c.tabIndex = Number(c.dataset.square) === n ? 0 : -1;
  }
  const cell = $('board').querySelector(`[data-square="${n}"]`);
  if (cell) cell.focus();
}

function announce(text) {
  $('announce').textContent = text;
}

function showError(text) { $('error').textContent = text || ''; }

// An action sent whose answer was lost with the connection, {head, move}
// (`move`: its text when it was a move), until the state read afresh says
// whether it went through: nothing sent is dropped without a word.
let unanswered = null;

async function settleUnanswered() {
  if (!unanswered) return;
  const res = await fetch(api).catch(() => null);
  // Still unreachable: settled once the stream is back.
  if (!res || !res.ok) return;
  const now = await res.json();
  const done = now.head > unanswered.head;
  showError(done ? '' : unanswered.move ? t('web.not_played', {move: unanswered.move})
      : t('web.unreachable'));
  unanswered = null;
}

async function post(action, extra = {}, move = '') {
  showError('');
  let res;
  const head = state ? state.head : 0;
  try {
    res = await fetch(`${api}/${action}`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({head, ...extra}),
    });
  } catch (e) {
    unanswered = {head, move};
    showError(t('web.unanswered'));
    await settleUnanswered();
    return false;
  }
  const body = await res.json();
  if (res.status !== 200) showError(body.error);
  await refresh();
  return res.status === 200;
}

async function choose(n) {
  if (!online) {
    announce(t('web.offline'));
    return;
  }
  if (viewing !== null) showLive();
  const root = entryNode([]);
  if (!root) {
    announce(t('web.not_your_move', {n}));
    return;
  }
  if (route.length <= 1 && root.next[n]) {
    route = route[0] === n ? [] : [n];
    announce(route.length ? t('web.selected', {n}) : t('web.cleared'));
    drawBoard();
    return;
  }
  if (route.length === 0) {
    announce(t('web.no_move_from', {n}));
    return;
  }
  const node = entryNode(route.concat([n]));
  if (!node) {
    announce(route.length > 1
        ? t('web.not_landing_jump', {n})
        : t('web.not_landing', {n, from: route[0]}));
    return;
  }
  route = route.concat([n]);
  if (node.move && !node.next) {
    const played = route;
    route = [];
    drawBoard();
    await post('moves', {route: played}, node.move);
    return;
  }
  announce(t('web.landed', {n}));
  drawBoard();
}

function cancelRoute() {
  if (route.length === 0) return;
  route = [];
  announce(t('web.cancelled'));
  drawBoard();
}

function onKey(e) {
  const n = Number(e.target.dataset.square);
  if (!n) return;
  const [row, col] = cellOf(n);
  let to = 0;
  switch (e.key) {
    case 'ArrowLeft': to = squareAtCell(row, col - 2); break;
    case 'ArrowRight': to = squareAtCell(row, col + 2); break;
    case 'ArrowUp': to = squareAtCell(row - 1, col + 1) || squareAtCell(row - 1, col - 1); break;
    case 'ArrowDown': to = squareAtCell(row + 1, col - 1) || squareAtCell(row + 1, col + 1); break;
    case 'Enter': case ' ': e.preventDefault(); choose(n); return;
    case 'Escape': cancelRoute(); return;
    default: return;
  }
  e.preventDefault();
  if (to) focusOn(to);
}

// The side that did not win: the one without a move, or that resigned.
function loser(s) { return colour(s.result === 'first' ? 'second' : 'first'); }
function drawPanel() {
  const s = state;
  let yourTurn = false;
  if (!s.game) {
    $('turn').textContent = t('web.no_game');
  } else if (s.over) {
    $('turn').textContent = t('web.over');
  } else {
    const side = colour(s.side_to_move);
    const computer = s.mode === 'computer' && s.side_to_move !== s.human;
    const yours = s.mode === 'computer' || (s.mode === 'remote' && s.you === s.side_to_move);
    yourTurn = yours && !computer && !s.status.paused;
    $('turn').textContent = s.status.paused ? t('web.paused', {side})
        : computer ? t('web.thinking', {side})
        : yours ? t('web.your_move', {side}) : t('web.to_move', {side});
  }
  // The reason word names the catalogue's sentence (web.error.REASON).
  const ro = s.status.readonly;
  $('readonly').hidden = !ro;
  $('readonly').textContent = ro ? t(`web.error.${ro}`, {detail: s.status.readonly_detail}) : '';
  const remote = s.mode === 'remote';
  for (const b of ['undo', 'pause', 'draw', 'resign', 'new']) $(b).disabled = !!ro;
  // At a remote table a player offers a draw or resigns; a spectator only
  // watches.
  // Controls that cannot act are not shown: nothing to pause, resign or
  // offer once the game is over.
  const over = !s.game || s.over;
  for (const b of ['undo', 'pause', 'new']) $(b).hidden = remote;
  $('undo').hidden = remote || over || s.turns_played === 0;
  $('pause').hidden = remote || over;
  $('resign').hidden = (remote && !s.you) || over;
  $('seats').hidden = !remote;
  if (remote) drawSeats(s);
  $('pause').textContent = t(s.status.paused ? 'web.resume' : 'web.pause');
  $('pause').setAttribute('aria-pressed', String(!!s.status.paused));
  const due = s.draw_answer_due && s.mode !== 'computer' &&
      (!remote || s.draw_answer_due === s.you);
  $('accept').hidden = $('decline').hidden = !due;
  $('draw').hidden = !!due || (remote && !s.you) || over;
  const counters = [];
  // The draw counter only when a draw is near.
  if (s.game && !s.over && s.draw_in_turns !== null && s.draw_in_turns <= 10) counters.push(t('web.draw_in', {n: s.draw_in_turns}));
  if (s.game && s.repetition_count > 1) counters.push(t('web.repeated', {n: s.repetition_count}));
  if (s.draw_offer_by && !s.over) counters.push(t('web.offers_draw', {side: colour(s.draw_offer_by)}));
  $('counters').textContent = counters.join(' · ');
  let result = '';
  if (s.over) {
    const key = `web.reason.${s.reason}`;
    const why = t(key, {side: loser(s)});
    result = s.result === 'draw' ? t('web.drawn', {why})
        : t('web.wins', {side: colour(s.result), why});
  }
  $('result').textContent = result;
  const level = s.difficulty ? t(`web.level.${s.difficulty}`) : '';
  const table = id === 'local' ? t('web.title.local') :
      s.mode === 'computer' ? t('web.title.computer', {level}) :
      remote ? t('web.title.remote') : t('web.title.two_player');
  const title = s.rules ? `${editionName(s.rules)} · ${table}` : table;
  $('title').textContent = title;
  $('turn').classList.toggle('yours', yourTurn);
  document.title = yourTurn ? t('web.tab.your_move', {title}) : title;
  const rules = new URL('/rules', location.href);
  // The table's own rules, house options included.
  if (s.game) rules.searchParams.set('table', id);
  else rules.searchParams.set('edition', 'english');
  rules.searchParams.set('lang', language);
  $('rules-link').href = rules.pathname + rules.search;
}

// The edition's name in the viewer's language ("Russian draughts").
function editionName(rules) {
  return rules === 'english' ? t('rules.edition') : t(`edition.${rules}`);
}

// A remote table's seats: who holds each (names as text, never markup),
// which this viewer holds, and the buttons that take a free one.
function drawSeats(s) {
  const seats = s.seats || {};
  for (const side of ['first', 'second']) {
    $(`seat-${side}-side`).textContent = colour(side);
    $(`seat-${side}`).textContent = !seats[side] ? t('web.seat.free')
        : seats[side].computer ? t('web.seat.computer', {name: seats[side].name})
        : seats[side].name;
    const take = $(`take-${side}`);
    take.textContent = t('web.seat.take', {side: colour(side)});
    take.hidden = !!seats[side];
  }
  $('take-seat').hidden = !!s.you || s.over || !!(seats.first && seats.second);
  // A player with a free seat opposite invites the other by the page's link.
  $('invite').hidden = !s.you || s.over || !!(seats.first && seats.second);
  $('invite-url').value = location.origin + location.pathname;
  startClock(s.clock);
  $('you').textContent = s.you
      ? t('web.you.play', {side: colour(s.you), name: seats[s.you].name})
      : t('web.you.watch');
}

// The turn clock, counted down here between the server's answers; the
// server keeps the time (web/API.md), this only shows it.
let clockTimer = null;
function startClock(clock) {
  clearInterval(clockTimer);
  clockTimer = null;
  $('clock').hidden = !clock;
  // Each player's clock beside their name: the one whose turn runs.
  for (const side of ['first', 'second']) $(`seat-${side}-clock`).textContent = '';
  if (!clock) return;
  const ends = performance.now() + clock.remaining_ms;
  const show = () => {
    const seconds = Math.max(0, Math.ceil((ends - performance.now()) / 1000));
    $('clock').textContent = t('web.clock', {side: colour(clock.side), seconds});
    $('clock').classList.toggle('low', seconds <= 10);
    $(`seat-${clock.side}-clock`).textContent = t('web.seat.clock', {seconds});
  };
  show();
  clockTimer = setInterval(show, 250);
}

async function takeSeat(side) {
  showError('');
  const res = await fetch(`${api}/seats/${side}`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({name: $('seat-name').value.trim()}),
  }).catch(() => null);
  if (!res) showError(t('web.unreachable'));
  else if (res.status !== 200) showError((await res.json()).error);
  else follow();
  await refresh();
}

// Replay stepping: the board shows the position after `count` turns of
// the move list until the person goes back to the game.
function showTurn(count) {
  if (!startBoard) return;
  viewing = Math.max(0, Math.min(count, moves.length));
  if (viewing === moves.length) viewing = null;
  route = [];
  drawReplay();
  drawBoard();
  drawMoves();
}

function showLive() { showTurn(moves.length); }

function drawReplay() {
  const status = $('replay-status');
  status.hidden = viewing === null;
  status.textContent = viewing === null ? ''
      : viewing === 0 ? t('web.replay.start')
      : t('web.replay.turn', {n: viewing, total: moves.length});
  $('replay-live').hidden = viewing === null;
  const at = viewing === null ? moves.length : viewing;
  $('replay-first').disabled = $('replay-back').disabled = at === 0;
  $('replay-forward').disabled = viewing === null;
}

// The move list paired by number, as players write it ("1. 11-15 23-19"):
// a number starts at each move of the side that moved first; a turn the
// computer played because the clock ran out is marked.
function drawMoves() {
  const list = $('moves');
  list.replaceChildren();
  let li = null;
  let number = 0;
  moves.forEach((m, i) => {
    if (!li || m.side === 'first') {
      li = document.createElement('li');
      const n = document.createElement('span');
      n.className = 'number';
      n.textContent = `${++number}.`;
      li.append(n);
      if (m.side === 'second') {
        const gap = document.createElement('span');
        gap.textContent = '…';
        li.append(gap);
      }
      list.append(li);
    }
    const b = document.createElement('button');
    b.type = 'button';
    const mark = m.timeout ? t('web.timeout') : m.away ? t('web.away') : '';
    b.className = m.timeout ? 'move timeout' : m.away ? 'move away' : 'move';
    b.textContent = m.text;
    b.setAttribute('aria-label', `${colour(m.side)} ${m.text}${mark ? `, ${mark}` : ''}`);
    if (mark) b.title = mark;
    if (viewing === i + 1) b.setAttribute('aria-current', 'step');
    b.addEventListener('click', () => showTurn(i + 1));
    li.append(b);
    if (m.side === 'second') li = null;
  });
  // The list scrolls on its own; live, its end (the latest turns) shows.
  if (viewing === null) list.scrollTop = list.scrollHeight;
  drawReplay();
}

async function refresh() {
  // Unreachable, the stream says so; the state is read again once it is back.
  const res = await fetch(api).catch(() => null);
  if (!res) return;
  if (!res.ok) {
    showError((await res.json()).error);
    return;
  }
  state = await res.json();
  // The state names the rules before the stream's game_started does.
  if (state.rules) edition = state.rules.toUpperCase();
  if (!focusSquare) {
    const men = squareCount() / 2 - size() / 2;
    focusSquare = flipped() ? squareCount() - men + 1 : men;
  }
  if (route.length && !entryNode()) route = [];
  drawPanel();
  drawBoard();
  drawMoves();
}

let refreshing = null;
function refreshSoon() {
  if (!refreshing) {
    refreshing = Promise.resolve().then(async () => {
      refreshing = null;
      await refresh();
    });
  }
}

// The event stream, opened again once the viewer holds a seat: the server
// counts a seat's holder present while a stream that shows its cookie is
// open (web/API.md, "Seats"), and only the table's own stream does.
let stream = null;
let standing = {first: false, second: false};
function follow() {
  if (stream) stream.close();
  // The records sent again are not news: no announcements until the
  // stream's first status.
  loaded = false;
  stream = followTable(id, onMessage, setOnline, {own: !!(state && state.you)});
}

function onMessage(kind, data) {
  if (kind === 'turn_played') {
    const turn = data.event.turn_played;
    const side = turn.side === 'SECOND' ? 'second' : 'first';
    moves = moves.filter((m) => m.seq < data.seq);
    const board = data.state.board;
    // The server words the move as the fold checked it (web/API.md).
    const text = data.move;
    moves.push({seq: data.seq, side, text, squares: turn.squares, board, timeout: !!turn.timeout,
      away: standing[side]});
    lastMove = turn.squares;
    if (loaded) {
      announce(t('web.played', {side: colour(side), move: text}));
      if (viewing === null) moving = {from: turn.squares[0], to: turn.squares[turn.squares.length - 1]};
      sound((data.captured || []).length > 0);
    }
  } else if (kind === 'truncated') {
    moves = moves.filter((m) => m.seq <= data.head);
    lastMove = [];
    viewing = null;
    if (loaded) announce(t('web.taken_back'));
  } else if (kind === 'status') {
    loaded = true;
  } else {
    // The seats the computer plays for an absent holder, from stand_in to
    // hand_back: their turns are marked.
    if (kind === 'stand_in' || kind === 'hand_back') {
      standing[data.event[kind].side === 'SECOND' ? 'second' : 'first'] = kind === 'stand_in';
    }
    if (kind === 'game_started') {
      standing = {first: false, second: false};
      moves = [];
      lastMove = [];
      viewing = null;
      edition = data.event.game_started.edition || 'ENGLISH';
      startBoard = data.state.board;
    }
    moves = moves.filter((m) => m.seq < data.seq);
  }
  refreshSoon();
}

// While the stream is down the page says so and the board takes no move
// (a move sent then could not be confirmed); back up, the banner and any
// message of the outage go, and the state is read afresh.
let online = true;
function setOnline(up) {
  if (up !== online) {
    online = up;
    $('offline').hidden = up;
    document.body.classList.toggle('offline', !up);
    $('board').setAttribute('aria-disabled', String(!up));
    if (up) showError('');
  }
  if (up) settleUnanswered();
  if (up) refreshSoon();
}

// Dragging a piece as well as clicking: a drag from the piece (or from the
// last landing of a capture under way) to a square is the two clicks it
// stands for, so a multi-capture is dragged landing by landing. A press
// and release without moving is left to the click.
let drag = null;       // {from, x, y, ghost}
let dragged = false;   // the click that ends a drag is not a click
function cellAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const cell = el && el.closest('#board .dark');
  return cell ? Number(cell.dataset.square) : 0;
}
$('board').addEventListener('pointerdown', (e) => {
  const cell = e.target.closest('.dark');
  if (!cell || !online || e.button !== 0) return;
  const n = Number(cell.dataset.square);
  const root = entryNode([]);
  const continuing = route.length > 1 && route[route.length - 1] === n;
  if (!continuing && !(root && root.next[n])) return;
  // No text selection or native drag may start (it would cancel this one).
  e.preventDefault();
  drag = {from: n, x: e.clientX, y: e.clientY, ghost: null, continuing};
  dragged = false;
});
addEventListener('pointermove', (e) => {
  if (!drag) return;
  if (!drag.ghost) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
    // Mid-capture the piece still stands on the route's first square.
    const at = drag.continuing ? route[0] : drag.from;
    const piece = $('board').querySelector(`[data-square="${at}"] .piece`);
    if (!piece) return;
    const box = piece.getBoundingClientRect();
    drag.ghost = piece.cloneNode(true);
    drag.ghost.classList.add('ghost');
    drag.ghost.style.width = `${box.width}px`;
    drag.ghost.style.fontSize = getComputedStyle(piece).fontSize;
    document.body.append(drag.ghost);
  }
  drag.ghost.style.left = `${e.clientX}px`;
  drag.ghost.style.top = `${e.clientY}px`;
});
addEventListener('pointerup', async (e) => {
  const d = drag;
  drag = null;
  if (!d || !d.ghost) return;
  d.ghost.remove();
  dragged = true;
  const to = cellAt(e.clientX, e.clientY);
  if (!to || to === d.from) return;
  if (!d.continuing && route[0] !== d.from) await choose(d.from);
  focusOn(to);
  await choose(to);
});
addEventListener('pointercancel', () => {
  if (drag && drag.ghost) drag.ghost.remove();
  drag = null;
});

$('board').addEventListener('keydown', onKey);
$('board').addEventListener('click', (e) => {
  if (dragged) {
    dragged = false;
    return;
  }
  const cell = e.target.closest('.dark');
  if (!cell) return;
  focusOn(Number(cell.dataset.square));
  choose(Number(cell.dataset.square));
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') cancelRoute();
});
$('hints').addEventListener('change', drawBoard);
$('take-first').addEventListener('click', () => takeSeat('first'));
$('take-second').addEventListener('click', () => takeSeat('second'));
$('take-seat').addEventListener('submit', (e) => e.preventDefault());
$('numbers').addEventListener('change', drawBoard);
$('flip').addEventListener('change', drawBoard);
$('copy-invite').addEventListener('click', async () => {
  const field = $('invite-url');
  // The clipboard API needs a secure page (not http on a LAN address):
  // there the field's text is selected for the person to copy.
  const copied = navigator.clipboard
      ? await navigator.clipboard.writeText(field.value).then(() => true, () => false) : false;
  if (!copied) field.select();
  $('invite-copied').textContent = copied ? t('web.invite.copied') : t('web.invite.select');
});
$('undo').addEventListener('click', () => { route = []; post('undo'); });
$('pause').addEventListener('click', () => {
  autoPaused = false;
  post(state.status.paused ? 'resume' : 'pause');
});
$('draw').addEventListener('click', () => post('draw/offer'));
$('accept').addEventListener('click', () => post('draw/accept'));
$('decline').addEventListener('click', () => post('draw/decline'));
$('resign').addEventListener('click', () => {
  if (confirm(t('web.confirm.resign'))) post('resign');
});
$('new').addEventListener('click', () => {
  const playing = state && state.game && !state.over && state.turns_played > 0;
  if (playing && !confirm(t('web.confirm.new'))) return;
  post('new', {
    mode: state && state.mode === 'two-player' ? 'two-player' : 'computer',
    difficulty: (state && state.difficulty) || 'medium',
  });
});
// Leaving the page pauses the computer; coming back resumes what the page
// paused (a pause the person chose stays).
document.addEventListener('visibilitychange', async () => {
  if (!state || state.mode !== 'computer' || state.over) return;
  if (document.hidden && !state.status.paused) {
    // Set before the answer comes, so that a quick return resumes it.
    autoPaused = true;
    // The computer may have moved since the page last heard: pause at the
    // head the server has now, not a stale one.
    await refresh();
    if (!(await post('pause'))) autoPaused = false;
  } else if (!document.hidden && autoPaused) {
    autoPaused = false;
    await post('resume');
  }
});

$('replay-first').addEventListener('click', () => showTurn(0));
$('replay-back').addEventListener('click', () =>
  showTurn((viewing === null ? moves.length : viewing) - 1));
$('replay-forward').addEventListener('click', () => showTurn(viewing + 1));
$('replay-live').addEventListener('click', showLive);

// A page shown again from the back-forward cache left its stream when it
// was hidden: it follows again.
addEventListener('pageshow', (e) => {
  if (e.persisted) follow();
});

loadLanguage().then(refresh).then(follow);
