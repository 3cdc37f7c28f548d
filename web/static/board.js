// The board and the move list as the table page and the replay page draw
// them: the squares as an accessible grid in the engine's numbering, the
// pieces in the colours their sides are named, a move's route with the
// pieces it took, and the moves paired by number. It knows no rule: what
// it draws comes from the server's folded states (web/API.md).

import {colourWord, pieceWords, t} from '/static/i18n.js';

// A board of one element: laid for an edition and an orientation, then
// drawn from a folded state's `board` as often as news comes.
export class Board {
  constructor(element) {
    this.element = element;
    // The edition of the game shown (game_started's `edition`): in
    // Russian and international draughts the first mover starts on the
    // high squares (docs/RULES.md), and the international board is 10×10.
    this.edition = 'ENGLISH';
    // Turned: square 1 at the bottom.
    this.flipped = false;
    // The square the board's one Tab stop is on.
    this.focusSquare = 0;
    this.layout = '';
  }

  firstOnHigh() { return this.edition === 'RUSSIAN' || this.edition === 'INTERNATIONAL'; }
  // Squares along a side: 10 in international draughts, else 8.
  size() { return this.edition === 'INTERNATIONAL' ? 10 : 8; }
  squareCount() { return this.size() * this.size() / 2; }

  // Square n at its row and column, as the engine numbers them (engine/
  // board8.h, engine/board10.h): square 1 is on row 0, column 1, and each
  // row holds size/2 squares.
  rowOf(n) { return Math.floor((n - 1) / (this.size() / 2)); }
  colOf(n) {
    const half = this.size() / 2;
    const r = this.rowOf(n);
    return r % 2 === 0 ? 2 * ((n - 1) % half) + 1 : 2 * ((n - 1) % half);
  }
  squareAt(row, col) {
    const last = this.size() - 1;
    if (row < 0 || row > last || col < 0 || col > last || (row + col) % 2 === 0) return 0;
    return row * (this.size() / 2) + Math.floor(col / 2) + 1;
  }
  cellOf(n) {
    const r = this.rowOf(n), c = this.colOf(n), last = this.size() - 1;
    return this.flipped ? [last - r, last - c] : [r, c];
  }
  squareAtCell(row, col) {
    const last = this.size() - 1;
    return this.flipped ? this.squareAt(last - row, last - col) : this.squareAt(row, col);
  }
  // Whether side `bottom` ("first" or "second") sits at the bottom when
  // the board is turned `turned` by the person: the side whose men move
  // up. Sets `flipped` accordingly.
  orient(bottom, turned) {
    this.flipped = ((bottom === 'first') !== this.firstOnHigh()) !== turned;
  }
  // The square a side's men start nearest the middle on: where the Tab
  // stop first sits.
  startFocus() {
    const men = this.squareCount() / 2 - this.size() / 2;
    return this.flipped ? this.squareCount() - men + 1 : men;
  }

  cell(n) { return this.element.querySelector(`[data-square="${n}"]`); }

  // The cells are laid once for each size and orientation and then only
  // restyled: news redraws the board at any moment, and a click whose
  // press and release met two different cells would reach neither.
  lay() {
    const key = `${this.size()}:${this.flipped}`;
    if (key === this.layout) return;
    this.layout = key;
    const board = this.element;
    board.replaceChildren();
    board.classList.toggle('ten', this.size() === 10);
    for (let row = 0; row < this.size(); ++row) {
      const r = document.createElement('div');
      r.setAttribute('role', 'row');
      r.style.display = 'contents';
      for (let col = 0; col < this.size(); ++col) {
        const n = this.squareAtCell(row, col);
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

  // Draws `shown` (a state's `board`: null or {side, king} per square)
  // with `colours` (the state's {first, second} colour names). `marked`:
  // the squares of the move shown (its route); `captured`: the squares of
  // the pieces it took, drawn faded where they stood; `route`: the squares
  // of a move being entered (its first selected); `hints`: a Set of
  // squares to dot; `numbers`: square numbers shown.
  draw(shown, {colours = null, marked = [], captured = [], route = [], hints = new Set(),
    numbers = false} = {}) {
    const board = this.element;
    const keepFocus = board.contains(document.activeElement);
    this.lay();
    board.classList.toggle('numbers', numbers);
    const colourName = (side) => (colours ? colours[side] : side);
    for (const cell of board.querySelectorAll('[data-square]')) {
      const n = Number(cell.dataset.square);
      const p = shown ? shown[n - 1] : null;
      cell.className = 'sq dark';
      cell.tabIndex = n === this.focusSquare ? 0 : -1;
      const marks = [];
      if (route.includes(n)) marks.push(t(route[0] === n ? 'web.square.selected' : 'web.square.route'));
      if (marked.includes(n)) marks.push(t('web.square.last'));
      if (captured.includes(n)) marks.push(t('web.square.captured'));
      const piece = p ? pieceWords(colourName(p.side), p.king) : t('web.square.empty');
      cell.setAttribute('aria-label',
          t('web.square', {n, piece}) + (marks.length ? `, ${marks.join(', ')}` : ''));
      if (hints.has(n)) cell.classList.add('hint');
      if (marked.includes(n)) cell.classList.add('last');
      if (captured.includes(n) && !p) cell.classList.add('taken');
      if (route[0] === n) cell.classList.add('selected');
      else if (route.includes(n)) cell.classList.add('route');
      let el = cell.querySelector('.piece');
      if (!p) {
        if (el) el.remove();
        continue;
      }
      if (!el) {
        el = document.createElement('span');
        el.setAttribute('aria-hidden', 'true');
        cell.append(el);
      }
      // Drawn in the colour the side is named (the state's `colours`),
      // not by which side moves first.
      el.className = `piece ${p.side} c-${colourName(p.side).toLowerCase()}${p.king ? ' king' : ''}`;
      el.textContent = p.king ? '\u{265B}' : '';
    }
    if (keepFocus) this.focusOn(this.focusSquare);
  }

  // Moves the Tab stop, and the focus, to square n.
  focusOn(n) {
    this.focusSquare = n;
    for (const c of this.element.querySelectorAll('.dark')) {
      c.tabIndex = Number(c.dataset.square) === n ? 0 : -1;
    }
    const cell = this.cell(n);
    if (cell) cell.focus();
  }

  // The square an arrow key leads to from square n (0: none, or not an
  // arrow), as the board is drawn: left and right along the row, up and
  // down to the nearest dark square of the next row.
  arrow(n, key) {
    const [row, col] = this.cellOf(n);
    switch (key) {
      case 'ArrowLeft': return this.squareAtCell(row, col - 2);
      case 'ArrowRight': return this.squareAtCell(row, col + 2);
      case 'ArrowUp': return this.squareAtCell(row - 1, col + 1) || this.squareAtCell(row - 1, col - 1);
      case 'ArrowDown': return this.squareAtCell(row + 1, col - 1) || this.squareAtCell(row + 1, col + 1);
      default: return 0;
    }
  }
  // Slides the piece now on square `to` from square `from`: short, and
  // not at all where the person asks for less motion.
  slide(from, to) {
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const [a, b] = [this.cell(from), this.cell(to)];
    const piece = b && b.querySelector('.piece');
    if (!piece || !a) return;
    const [ra, rb] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
    piece.animate([{transform: `translate(${ra.x - rb.x}px, ${ra.y - rb.y}px)`}, {transform: 'none'}],
        {duration: 180, easing: 'ease-out'});
  }

  // Lets a piece be dragged as well as clicked: a drag from a square to
  // another stands for the clicks on the two, so a multi-capture is
  // dragged landing by landing. `start(n)`, at a press on square n: null
  // when no drag may start there, else the square whose piece is drawn
  // following the pointer (mid-capture, the piece still stands on the
  // route's first square). `drop(from, to)`: the drag ended on square
  // `to`. A press and release without moving is left to the click, and
  // the click that ends a drag is swallowed (clicked() says false).
  enableDrag(start, drop) {
    let drag = null;       // {from, at, x, y, ghost}
    let dragged = false;
    this.clicked = () => {
      const was = dragged;
      dragged = false;
      return !was;
    };
    const squareAt = (x, y) => {
      const el = document.elementFromPoint(x, y);
      const cell = el && el.closest('.dark');
      return cell && this.element.contains(cell) ? Number(cell.dataset.square) : 0;
    };
    this.element.addEventListener('pointerdown', (e) => {
      const cell = e.target.closest('.dark');
      if (!cell || e.button !== 0) return;
      const n = Number(cell.dataset.square);
      const at = start(n);
      if (!at) return;
      // No text selection or native drag may start (it would cancel this one).
      e.preventDefault();
      drag = {from: n, at, x: e.clientX, y: e.clientY, ghost: null};
      dragged = false;
    });
    addEventListener('pointermove', (e) => {
      if (!drag) return;
      if (!drag.ghost) {
        if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
        const piece = this.element.querySelector(`[data-square="${drag.at}"] .piece`);
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
    addEventListener('pointerup', (e) => {
      const d = drag;
      drag = null;
      if (!d || !d.ghost) return;
      d.ghost.remove();
      dragged = true;
      const to = squareAt(e.clientX, e.clientY);
      if (to && to !== d.from) drop(d.from, to);
    });
    addEventListener('pointercancel', () => {
      if (drag && drag.ghost) drag.ghost.remove();
      drag = null;
    });
  }
}

// The move list paired by number, as players write it ("1. 11-15 23-19"):
// a number starts at each move of the side that moved first. `moves`:
// [{side, text, note?, className?}] in order (`note`: words marking the
// turn, as its title and in its label); `current`: the number of turns
// shown (that turn is marked aria-current), or null; `colour(side)`: the
// side's name; `pick(count)`: called with a turn's number when it is
// chosen; `extra(m, i)`: an element to append after turn i + 1, or null.
export function drawMoveList(list, moves, {current = null, colour, pick, extra = null}) {
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
    b.className = `move${m.className ? ` ${m.className}` : ''}`;
    b.textContent = m.text;
    b.setAttribute('aria-label', `${colour(m.side)} ${m.text}${m.note ? `, ${m.note}` : ''}`);
    if (m.note) b.title = m.note;
    if (current === i + 1) b.setAttribute('aria-current', 'step');
    b.addEventListener('click', () => pick(i + 1));
    const more = extra ? extra(m, i) : null;
    if (more) {
      const wrap = document.createElement('span');
      wrap.className = 'turn-cell';
      wrap.append(b, more);
      li.append(wrap);
    } else {
      li.append(b);
    }
    if (m.side === 'second') li = null;
  });
}

// Fills `element` with `texts`, each a line of its own (a span, which
// the page's style shows as a block).
export function fillLines(element, texts) {
  element.replaceChildren(...texts.map((text) => {
    const span = document.createElement('span');
    span.textContent = text;
    return span;
  }));
}

// A side's colour in the viewer's language ("Red"), from the state's
// `colours`.
export function sideColour(colours, side) {
  return colourWord(colours ? colours[side] : side);
}

// The edition's name in the viewer's language ("Russian draughts").
export function editionName(rules) {
  return rules === 'english' ? t('rules.edition') : t(`edition.${rules}`);
}

// A move's and a capture's sound: two short tones made here, no sound
// files.
let audio = null;
export function moveSound(capture) {
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
