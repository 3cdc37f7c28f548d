// A remote table's seats on the table page: who holds each, the viewer's
// own, the invite link, and the turn clock (web/API.md, "Seats").

import {t} from '/static/i18n.js';

const $ = (name) => document.getElementById(name);

// A remote table's seats: who holds each (names as text, never markup),
// which this viewer holds, and the buttons that take a free one.
export function drawSeats(s, colour) {
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
  startClock(s.clock, colour);
  $('you').textContent = s.you
      ? t('web.you.play', {side: colour(s.you), name: seats[s.you].name})
      : t('web.you.watch');
}

// The turn clock, counted down here between the server's answers; the
// server keeps the time (web/API.md), this only shows it.
let clockTimer = null;
function startClock(clock, colour) {
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
