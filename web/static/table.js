// The table page: the board as an accessible grid, the move list, the
// controls, and the event stream that keeps it current (web/API.md).

const id = location.pathname.split('/').pop();
const api = `/api/tables/${id}`;
const $ = (name) => document.getElementById(name);

let state = null;      // GET /api/tables/ID
let route = [];        // the squares of the turn being entered
let focusSquare = 0;   // the square the board's Tab stop is on
let lastMove = [];     // the squares of the last turn played
let autoPaused = false;
let moves = [];        // [{seq, side, text}]
let loaded = false;    // the stream has caught up once

// Square n (1-32) at its row and column, as the engine numbers them
// (engine/bitboard.h): square 1 is on row 0, column 1.
function rowOf(n) { return Math.floor((n - 1) / 4); }
function colOf(n) {
  const r = rowOf(n);
  return r % 2 === 0 ? 2 * ((n - 1) % 4) + 1 : 2 * ((n - 1) % 4);
}
function squareAt(row, col) {
  if (row < 0 || row > 7 || col < 0 || col > 7 || (row + col) % 2 === 0) return 0;
  return row * 4 + Math.floor(col / 2) + 1;
}
// The side at the bottom: the person's against the computer, else the
// first mover; the board turns so that side's men move up.
function flipped() {
  if (!state || !state.game) return true;
  return (state.mode === 'computer' ? state.human : 'first') === 'first';
}
function cellOf(n) {
  const r = rowOf(n), c = colOf(n);
  return flipped() ? [7 - r, 7 - c] : [r, c];
}
function squareAtCell(row, col) {
  return flipped() ? squareAt(7 - row, 7 - col) : squareAt(row, col);
}

function colour(side) { return state && state.colours ? state.colours[side] : side; }
function parseMove(text) { return text.split(/[-x]/).map(Number); }

function pieceWords(p) {
  return p ? `${colour(p.side)} ${p.king ? 'king' : 'man'}` : 'empty';
}

function candidates() {
  if (!state || !state.legal) return [];
  return state.legal.map(parseMove).filter(
      (m) => route.every((s, i) => m[i] === s));
}

function hintSquares() {
  const next = new Set();
  for (const m of candidates()) {
    if (route.length < m.length) next.add(m[route.length]);
  }
  return next;
}

function drawBoard() {
  const board = $('board');
  board.classList.toggle('numbers', $('numbers').checked);
  const hints = $('hints').checked ? hintSquares() : new Set();
  const keepFocus = board.contains(document.activeElement);
  board.replaceChildren();
  for (let row = 0; row < 8; ++row) {
    const r = document.createElement('div');
    r.setAttribute('role', 'row');
    r.style.display = 'contents';
    for (let col = 0; col < 8; ++col) {
      const n = squareAtCell(row, col);
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      if (n === 0) {
        cell.className = 'sq light';
        cell.setAttribute('aria-hidden', 'true');
        r.append(cell);
        continue;
      }
      const p = state && state.board ? state.board[n - 1] : null;
      cell.className = 'sq dark';
      cell.dataset.square = n;
      cell.tabIndex = n === focusSquare ? 0 : -1;
      const marks = [];
      if (route.includes(n)) marks.push(route[0] === n ? 'selected' : 'route on the way');
      if (lastMove.includes(n)) marks.push('last move');
      cell.setAttribute('aria-label',
          `Square ${n}, ${pieceWords(p)}` + (marks.length ? `, ${marks.join(', ')}` : ''));
      if (hints.has(n)) cell.classList.add('hint');
      if (lastMove.includes(n)) cell.classList.add('last');
      if (route[0] === n) cell.classList.add('selected');
      else if (route.includes(n)) cell.classList.add('route');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = n;
      num.setAttribute('aria-hidden', 'true');
      cell.append(num);
      if (p) {
        const piece = document.createElement('span');
        piece.className = `piece ${p.side}`;
        piece.setAttribute('aria-hidden', 'true');
        if (p.king) piece.textContent = '\u{265B}';
        cell.append(piece);
      }
      r.append(cell);
    }
    board.append(r);
  }
  if (keepFocus) focusOn(focusSquare);
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

async function post(action, extra = {}) {
  showError('');
  let res;
  try {
    res = await fetch(`${api}/${action}`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({head: state ? state.head : 0, ...extra}),
    });
  } catch (e) {
    showError('The server cannot be reached; it will be tried again.');
    return false;
  }
  const body = await res.json();
  if (res.status !== 200) showError(body.error);
  await refresh();
  return res.status === 200;
}

async function choose(n) {
  if (!state || !state.legal || state.legal.length === 0) {
    announce(`Square ${n}: not your move now`);
    return;
  }
  if (route.length <= 1 && state.legal.some((m) => parseMove(m)[0] === n)) {
    route = route[0] === n ? [] : [n];
    announce(route.length ? `Square ${n} selected` : 'Selection cleared');
    drawBoard();
    return;
  }
  if (route.length === 0) {
    announce(`Square ${n}: no move from here`);
    return;
  }
  const next = route.concat([n]);
  const fits = state.legal.map(parseMove).filter(
      (m) => next.every((s, i) => m[i] === s));
  if (fits.length === 0) {
    announce(route.length > 1
        ? `Square ${n} is not a landing of this jump; continue it or press Escape`
        : `Square ${n} is not a landing for square ${route[0]}`);
    return;
  }
  route = next;
  const done = fits.find((m) => m.length === route.length);
  if (done && fits.length === 1) {
    const text = state.legal.find(
        (m) => parseMove(m).join() === done.join());
    route = [];
    drawBoard();
    await post('moves', {move: text});
    return;
  }
  announce(`Landed on square ${n}; choose the next landing`);
  drawBoard();
}

function cancelRoute() {
  if (route.length === 0) return;
  route = [];
  announce('Move cancelled');
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

const reasons = {
  no_legal_move: (s) => `${colour(s.result === 'first' ? 'second' : 'first')} has no legal move`,
  resignation: (s) => `${colour(s.result === 'first' ? 'second' : 'first')} resigned`,
  agreement: () => 'by agreement',
  threefold_repetition: () => 'the same position for the third time',
  no_progress: () => 'no capture or man\'s move for too long',
  turn_limit: () => 'the turn limit',
};

function drawPanel() {
  const s = state;
  if (!s.game) {
    $('turn').textContent = 'No game at this table yet: start a new game.';
  } else if (s.over) {
    $('turn').textContent = 'Game over';
  } else {
    const side = colour(s.side_to_move);
    const computer = s.mode === 'computer' && s.side_to_move !== s.human;
    $('turn').textContent = s.status.paused ? `Paused — ${side} to move`
        : computer ? `${side} (computer) is thinking…`
        : s.mode === 'computer' ? `Your move (${side})` : `${side} to move`;
  }
  const ro = s.status.readonly;
  $('readonly').hidden = !ro;
  $('readonly').textContent = ro || '';
  for (const b of ['undo', 'pause', 'draw', 'resign', 'new']) $(b).disabled = !!ro;
  $('pause').textContent = s.status.paused ? 'Resume' : 'Pause';
  $('pause').setAttribute('aria-pressed', String(!!s.status.paused));
  const due = s.draw_answer_due && s.mode !== 'computer';
  $('accept').hidden = $('decline').hidden = !due;
  $('draw').hidden = !!due;
  const counters = [];
  if (s.game && !s.over && s.draw_in_turns !== null) counters.push(`Draw in ${s.draw_in_turns} turns`);
  if (s.game && s.repetition_count > 1) counters.push(`Position repeated ${s.repetition_count} times`);
  if (s.draw_offer_by && !s.over) counters.push(`${colour(s.draw_offer_by)} offers a draw`);
  $('counters').textContent = counters.join(' · ');
  let result = '';
  if (s.over) {
    const why = reasons[s.reason] ? reasons[s.reason](s) : s.reason;
    result = s.result === 'draw' ? `Draw: ${why}` : `${colour(s.result)} wins: ${why}`;
  }
  $('result').textContent = result;
  $('title').textContent = id === 'local' ? 'The terminal game' :
      s.mode === 'computer' ? `Against the computer (${s.difficulty})` : 'Two players';
}

function drawMoves() {
  const list = $('moves');
  list.replaceChildren();
  for (const m of moves) {
    const li = document.createElement('li');
    li.textContent = `${colour(m.side)} ${m.text}`;
    list.append(li);
  }
}

async function refresh() {
  const res = await fetch(api);
  if (!res.ok) {
    showError((await res.json()).error);
    return;
  }
  state = await res.json();
  if (!focusSquare) focusSquare = flipped() ? 21 : 12;
  if (route.length && candidates().length === 0) route = [];
  drawPanel();
  drawBoard();
  drawMoves();
}

function moveText(turn) {
  const sq = turn.squares;
  const jump = sq.length > 2 || Math.abs(rowOf(sq[0]) - rowOf(sq[1])) === 2;
  return sq.join(jump ? 'x' : '-');
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

function follow() {
  const stream = new EventSource(`${api}/events?after=0`);
  stream.addEventListener('turn_played', (e) => {
    const data = JSON.parse(e.data);
    const turn = data.event.turn_played;
    const side = turn.side === 'SECOND' ? 'second' : 'first';
    moves = moves.filter((m) => m.seq < data.seq);
    moves.push({seq: data.seq, side, text: moveText(turn)});
    lastMove = turn.squares;
    if (loaded) announce(`${colour(side)} played ${moveText(turn)}`);
    refreshSoon();
  });
  for (const kind of ['game_started', 'draw_offered', 'draw_accepted',
                      'draw_declined', 'resigned', 'game_ended', 'mode_changed']) {
    stream.addEventListener(kind, (e) => {
      const data = JSON.parse(e.data);
      if (kind === 'game_started') { moves = []; lastMove = []; }
      if (kind === 'game_ended' && loaded) refreshSoon();
      moves = moves.filter((m) => m.seq < data.seq);
      refreshSoon();
    });
  }
  stream.addEventListener('truncated', (e) => {
    const head = JSON.parse(e.data).head;
    moves = moves.filter((m) => m.seq <= head);
    lastMove = [];
    if (loaded) announce('A turn was taken back');
    refreshSoon();
  });
  stream.addEventListener('status', () => {
    loaded = true;
    refreshSoon();
  });
  stream.addEventListener('open', () => refreshSoon());
}

$('board').addEventListener('keydown', onKey);
$('board').addEventListener('click', (e) => {
  const cell = e.target.closest('.dark');
  if (!cell) return;
  focusOn(Number(cell.dataset.square));
  choose(Number(cell.dataset.square));
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') cancelRoute();
});
$('hints').addEventListener('change', drawBoard);
$('numbers').addEventListener('change', drawBoard);
$('undo').addEventListener('click', () => { route = []; post('undo'); });
$('pause').addEventListener('click', () => {
  autoPaused = false;
  post(state.status.paused ? 'resume' : 'pause');
});
$('draw').addEventListener('click', () => post('draw/offer'));
$('accept').addEventListener('click', () => post('draw/accept'));
$('decline').addEventListener('click', () => post('draw/decline'));
$('resign').addEventListener('click', () => {
  if (confirm('Resign this game?')) post('resign');
});
$('new').addEventListener('click', () => {
  const playing = state && state.game && !state.over && state.turns_played > 0;
  if (playing && !confirm('Start a new game? This game will be replaced.')) return;
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

refresh().then(follow);
