// A table's event stream for its page (web/API.md): through the browser's
// one shared stream (events-worker.js) where SharedWorker exists, else (or
// when `own` is asked: a seat holder's stream must carry the seat's cookie,
// which only the table's own stream does) the table's own EventSource.
// Either way a refused or broken stream is opened again, and the page is
// told when the stream is up and when it is down.

const kinds = ['game_started', 'turn_played', 'draw_offered', 'draw_accepted',
  'draw_declined', 'resigned', 'game_ended', 'mode_changed', 'seat_taken',
  'stand_in', 'hand_back', 'truncated', 'status'];

// Follows table `id` from its first record: onMessage(kind, data) for each
// message, onOnline(up) as the stream opens or breaks. Returns {close}.
export function followTable(id, onMessage, onOnline, {own = false} = {}) {
  if (!own && typeof SharedWorker === 'function') {
    const worker = new SharedWorker('/static/events-worker.js', {name: 'checkers-events'});
    const port = worker.port;
    port.onmessage = (m) => {
      if (m.data.type === 'online') onOnline(m.data.up);
      else onMessage(m.data.kind, m.data.data);
    };
    port.start();
    port.postMessage({follow: id, after: 0});
    // A page that goes (or into the back-forward cache) stops following.
    const leave = () => port.postMessage({leave: true});
    addEventListener('pagehide', leave);
    return {close() { removeEventListener('pagehide', leave); leave(); port.close(); }};
  }
  let es = null;
  let timer = null;
  let wait = 1000;
  let closed = false;
  const open = () => {
    es = new EventSource(`/api/tables/${id}/events?after=0`);
    es.onopen = () => {
      wait = 1000;
      onOnline(true);
    };
    es.onerror = () => {
      onOnline(false);
      // A refusal (503) ends an EventSource for good: open it again after
      // a wait that doubles, with jitter.
      if (es.readyState === EventSource.CLOSED && !closed) {
        timer = setTimeout(open, wait * (0.75 + Math.random() / 2));
        wait = Math.min(wait * 2, 15000);
      }
    };
    for (const kind of kinds) {
      es.addEventListener(kind, (e) => onMessage(kind, JSON.parse(e.data)));
    }
  };
  open();
  return {close() { closed = true; clearTimeout(timer); es.close(); }};
}
