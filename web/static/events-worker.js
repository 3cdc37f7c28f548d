// One event stream for every table tab of this browser (a SharedWorker):
// a browser keeps six connections per server over HTTP/1.1, so a stream
// per tab froze the seventh tab (web/API.md, "Several tables on one
// stream"). Each tab's port asks for one table from a seq on; the worker
// follows every table asked for on one /api/events stream and hands each
// port its own table's messages, each record once and in order.

const kinds = ['game_started', 'turn_played', 'draw_offered', 'draw_accepted',
  'draw_declined', 'resigned', 'game_ended', 'mode_changed', 'seat_taken',
  'stand_in', 'hand_back', 'truncated', 'status'];
// The ports that follow a table: {port, table, last}, `last` the seq of
// the last record the port was given.
const followers = new Set();
let source = null;
let timer = null;
let wait = 1000;

function tell(f, message) {
  f.port.postMessage(message);
}

function setOnline(up) {
  for (const f of followers) tell(f, {type: 'online', up});
}

// Opens the stream anew for the tables followed now, each from the
// earliest seq a port still needs; ports that have a record already skip it.
function open() {
  clearTimeout(timer);
  timer = null;
  if (source) source.close();
  source = null;
  const after = new Map();
  for (const f of followers) {
    after.set(f.table, Math.min(after.has(f.table) ? after.get(f.table) : Infinity, f.last));
  }
  if (after.size === 0) return;
  const tables = [...after.keys()];
  const query = new URLSearchParams({
    tables: tables.join(','),
    after: tables.map((t) => `${t}:${after.get(t)}`).join(','),
  });
  const es = new EventSource(`/api/events?${query}`);
  source = es;
  es.onopen = () => {
    wait = 1000;
    setOnline(true);
  };
  es.onerror = () => {
    if (source !== es) return;
    setOnline(false);
    // A refusal (503 past the server's bound) ends an EventSource for
    // good: it is opened again after a wait that doubles, with jitter.
    if (es.readyState === EventSource.CLOSED) {
      timer = setTimeout(open, wait * (0.75 + Math.random() / 2));
      wait = Math.min(wait * 2, 15000);
    }
  };
  for (const kind of kinds) {
    es.addEventListener(kind, (e) => deliver(kind, JSON.parse(e.data)));
  }
}

function deliver(kind, data) {
  for (const f of followers) {
    if (f.table !== data.table) continue;
    if (kind === 'truncated') {
      f.last = data.head;
    } else if (kind !== 'status') {
      if (data.seq <= f.last) continue;
      f.last = data.seq;
    }
    tell(f, {type: 'message', kind, data});
  }
}

onconnect = (e) => {
  const port = e.ports[0];
  const f = {port, table: null, last: 0};
  port.onmessage = (m) => {
    if (m.data.follow) {
      f.table = m.data.follow;
      f.last = m.data.after || 0;
      followers.add(f);
      open();
    } else if (m.data.leave) {
      followers.delete(f);
      open();
    }
  };
  port.start();
};
