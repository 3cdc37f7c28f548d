// The table page: the board as an accessible grid, the move list, the
// controls, and the event stream that keeps it current (web/API.md).

const id = location.pathname.split('/').pop();
const api = `/api/tables/${id}`;
import {Board, drawMoveList, editionName, moveSound, sideColour} from '/static/board.js';
import {followTable} from '/static/events.js';
import {language, loadLanguage, t} from '/static/i18n.js';
import {drawSeats} from '/static/seats.js';

const $ = (name) => document.getElementById(name);

let state = null;      // GET /api/tables/ID
let route = [];        // the squares of the turn being entered
let lastMove = [];     // the squares of the last turn played
let lastCaptured = []; // and of the pieces it took
let autoPaused = false;
let moves = [];        // [{seq, side, text, squares, captured, board}]
let loaded = false;    // the stream has caught up once
let startBoard = null; // the board before the first turn, as state.board
let viewing = null;    // the number of turns shown while stepping; null: live
const board = new Board($('board'));

// The side at the bottom: the person's against the computer, else the
// first mover; the board turns so that side's men move up, or the other
// way when the person turns it.
function orient() {
  const bottom = !state || !state.game ? 'first'
      : state.mode === 'computer' ? state.human
      : state.mode === 'remote' && state.you ? state.you : 'first';
  board.orient(bottom, $('flip').checked);
}

function colour(side) { return sideColour(state && state.colours, side); }

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

function drawBoard() {
  orient();
  const hints = $('hints').checked && viewing === null ? hintSquares() : new Set();
  const shown = viewing === null ? null : viewing > 0 ? moves[viewing - 1] : {squares: [], captured: []};
  board.draw(shownBoard(), {
    colours: state && state.colours,
    marked: shown ? shown.squares : lastMove,
    captured: shown ? shown.captured : lastCaptured,
    route, hints, numbers: $('numbers').checked,
  });
  animateMove(shownBoard());
}

// The last move played, slid from its first square to its last once the
// board shows it.
let moving = null;     // {from, to}: the turn to slide on the next draw
function animateMove(shown) {
  const m = moving;
  if (!m || viewing !== null || !shown || !shown[m.to - 1]) return;
  moving = null;
  board.slide(m.from, m.to);
}

// A move's and a capture's sound, when the person turns sounds on (off by
// default).
function sound(capture) {
  if ($('sounds').checked) moveSound(capture);
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
  switch (e.key) {
    case 'Enter': case ' ': e.preventDefault(); choose(n); return;
    case 'Escape': cancelRoute(); return;
    default: break;
  }
  if (!e.key.startsWith('Arrow')) return;
  e.preventDefault();
  const to = board.arrow(n, e.key);
  if (to) board.focusOn(to);
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
  if (remote) drawSeats(s, colour);
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

// The move list paired by number; a turn the computer played because the
// clock ran out, or for a player who was away, is marked.
function drawMoves() {
  const list = $('moves');
  drawMoveList(list, moves.map((m) => ({
    side: m.side, text: m.text,
    note: m.timeout ? t('web.timeout') : m.away ? t('web.away') : '',
    className: m.timeout ? 'timeout' : m.away ? 'away' : '',
  })), {current: viewing, colour, pick: showTurn});
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
  if (state.rules) board.edition = state.rules.toUpperCase();
  if (!board.focusSquare) {
    orient();
    board.focusSquare = board.startFocus();
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
    const folded = data.state.board;
    // The server words the move as the fold checked it (web/API.md).
    const text = data.move;
    const captured = data.captured || [];
    moves.push({seq: data.seq, side, text, squares: turn.squares, captured, board: folded,
      timeout: !!turn.timeout, away: standing[side]});
    lastMove = turn.squares;
    lastCaptured = captured;
    if (loaded) {
      announce(t('web.played', {side: colour(side), move: text}));
      if (viewing === null) moving = {from: turn.squares[0], to: turn.squares[turn.squares.length - 1]};
      sound(captured.length > 0);
    }
  } else if (kind === 'truncated') {
    moves = moves.filter((m) => m.seq <= data.head);
    lastMove = [];
    lastCaptured = [];
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
      lastCaptured = [];
      viewing = null;
      board.edition = data.event.game_started.edition || 'ENGLISH';
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

// A piece dragged (board.js): from a piece the viewer may move, or from
// the last landing of a capture under way, to the next square.
board.enableDrag((n) => {
  const root = entryNode([]);
  const continuing = route.length > 1 && route[route.length - 1] === n;
  if (!online || (!continuing && !(root && root.next[n]))) return 0;
  return continuing ? route[0] : n;
}, async (from, to) => {
  const continuing = route.length > 1 && route[route.length - 1] === from;
  if (!continuing && route[0] !== from) await choose(from);
  board.focusOn(to);
  await choose(to);
});
$('board').addEventListener('keydown', onKey);
$('board').addEventListener('click', (e) => {
  if (!board.clicked()) return;
  const cell = e.target.closest('.dark');
  if (!cell) return;
  board.focusOn(Number(cell.dataset.square));
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

$('replay-link').href = `/t/${id}/replay`;
loadLanguage().then(refresh).then(follow);
