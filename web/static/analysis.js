// The engine's judgement on the replay page (web/API.md, "Replay and
// analysis"): the server judges the game in the background with `checkers
// analyse`'s code; this asks for it, shows the progress, and draws what
// comes back: a graph of the advantage over the turns (one point per
// position, clamped as the server clamps it), the engine's preferred move
// beside the move played, and the turns marked as mistakes or blunders for
// the side that played them, also as a list (the graph's text
// alternative). It judges nothing itself.

import {fillLines} from '/static/board.js';
import {t} from '/static/i18n.js';

const $ = (name) => document.getElementById(name);
const svgNs = 'http://www.w3.org/2000/svg';

// The graph's drawing box, in its own units (it scales to the page).
const width = 600;
const height = 150;
const pad = 8;

function svg(name, attrs = {}) {
  const el = document.createElementNS(svgNs, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

// "1.35": centi-men as men.
const men = (centi) => (Math.abs(centi) / 100).toFixed(2);

export class Analysis {
  // `api`: the game's API base (/api/tables/ID); `turns`: its plies
  // (GET api/turns); `colour(side)`: a side's name; `pick(n)`: shows turn
  // n; `marked(marks)`: told of each turn's mark once known, as {turn:
  // {className, note}}.
  constructor(api, turns, {colour, pick, marked}) {
    this.api = api;
    this.turns = turns;
    this.colour = colour;
    this.pick = pick;
    this.marked = marked;
    this.result = null;    // the analysis, once done
    this.at = 0;
    this.timer = null;
    $('analysis-note').hidden = turns[0].state.rules !== 'international';
    $('analysis-cancel').addEventListener('click', () => this.ask('POST', '/cancel'));
    $('analysis-start').addEventListener('click', () => this.ask('POST', ''));
    this.ask('GET', '');
  }

  // Asks the server (GET reads, POST starts, POST /cancel cancels) and
  // shows the answer; a game never judged is started at once.
  async ask(method, suffix) {
    clearTimeout(this.timer);
    const res = await fetch(`${this.api}/analysis${suffix}`, {method}).catch(() => null);
    if (!res || !res.ok) {
      this.status(t('web.unreachable'));
      this.timer = setTimeout(() => this.ask('GET', ''), 2000);
      return;
    }
    const body = await res.json();
    if (body.state === 'none') return this.ask('POST', '');
    this.showState(body);
    if (body.state === 'queued' || body.state === 'running') {
      this.timer = setTimeout(() => this.ask('GET', ''), 500);
    }
  }

  status(text) { $('analysis-status').textContent = text; }

  showState(body) {
    const working = body.state === 'queued' || body.state === 'running';
    $('analysis-cancel').hidden = !working;
    $('analysis-start').hidden = body.state !== 'cancelled' && body.state !== 'failed';
    const bar = $('analysis-progress');
    bar.hidden = !working;
    if (working) {
      bar.max = body.total || 1;
      bar.value = body.done || 0;
    }
    this.status(body.state === 'queued' ? t('web.analysis.queued')
        : body.state === 'running' ? t('web.analysis.running', {done: body.done, total: body.total})
        : body.state === 'cancelled' ? t('web.analysis.cancelled')
        : body.state === 'failed' ? t('web.analysis.failed', {error: body.error}) : '');
    if (body.state !== 'done') return;
    this.result = body.analysis;
    this.drawGraph();
    this.drawMarked();
    this.show(this.at);
  }

  // The mark of turn n (from 1), or null.
  turnOf(n) { return this.result && n > 0 ? this.result.turns[n - 1] : null; }

  markWords(turn) {
    return t(`web.analysis.${turn.mark}`, {side: this.colour(turn.side)});
  }

  drawGraph() {
    const a = this.result;
    const count = a.positions.length;
    const step = (width - 2 * pad) / Math.max(1, count - 1);
    const x = (k) => pad + k * step;
    const y = (score) => height / 2 - (score / a.clamp) * (height / 2 - pad);
    const graph = svg('svg', {viewBox: `0 0 ${width} ${height}`, role: 'img', id: 'graph-svg',
      'aria-label': t('web.analysis.graph', {first: this.colour('first'), second: this.colour('second')})});
    graph.append(svg('rect', {x: 0, y: 0, width, height: height / 2, class: 'first-half'}));
    graph.append(svg('line', {x1: 0, x2: width, y1: height / 2, y2: height / 2, class: 'zero'}));
    this.cursor = svg('line', {y1: 0, y2: height, class: 'cursor'});
    graph.append(this.cursor);
    graph.append(svg('polyline', {class: 'advantage',
      points: a.positions.map((p, k) => `${x(k)},${y(p.score)}`).join(' ')}));
    a.positions.forEach((p, k) => {
      // A column the width of a turn takes the click, however thin the
      // point.
      const hit = svg('rect', {x: x(k) - step / 2, y: 0, width: step, height, class: 'hit'});
      hit.addEventListener('click', () => this.pick(k));
      graph.append(hit);
      const turn = this.turnOf(k);
      const known = p.database === 'win' || p.database === 'loss';
      const point = svg(known ? 'rect' : 'circle', known
          ? {x: x(k) - 4, y: y(p.score) - 4, width: 8, height: 8}
          : {cx: x(k), cy: y(p.score), r: turn && turn.mark ? 5 : 2.5});
      point.setAttribute('class', `point${turn && turn.mark ? ` ${turn.mark} ${turn.side}` : ''}` +
          `${known ? ' database' : ''}`);
      point.dataset.turn = k;
      point.addEventListener('click', () => this.pick(k));
      graph.append(point);
    });
    $('graph').replaceChildren(graph);
    this.x = x;
  }

  // The text alternative: every marked turn, each a button to it.
  drawMarked() {
    const list = $('marked');
    list.replaceChildren();
    const marks = {};
    for (const turn of this.result.turns) {
      if (!turn.mark) continue;
      marks[turn.turn] = {className: turn.mark, note: this.markWords(turn)};
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `mark ${turn.mark}`;
      b.dataset.turn = turn.turn;
      b.textContent = t('web.analysis.mark_line', {n: turn.turn, mark: this.markWords(turn),
        move: turn.played, best: turn.best});
      b.addEventListener('click', () => this.pick(turn.turn));
      li.append(b);
      list.append(li);
    }
    $('none-marked').hidden = list.children.length > 0;
    this.marked(marks);
  }

  // Shows the judgement of turn n: the engine's move beside the one
  // played, the mark, and the advantage after it.
  show(n) {
    this.at = n;
    if (!this.result) return;
    if (this.cursor) {
      this.cursor.setAttribute('x1', this.x(n));
      this.cursor.setAttribute('x2', this.x(n));
    }
    for (const p of $('graph').querySelectorAll('.point')) {
      p.classList.toggle('current', Number(p.dataset.turn) === n);
    }
    const turn = this.turnOf(n);
    const lines = [];
    if (turn) {
      const side = this.colour(turn.side);
      lines.push(turn.played === turn.best ? t('web.analysis.agree', {side, move: turn.played})
          : t('web.analysis.best', {side, move: turn.played, best: turn.best, loss: men(turn.loss)}));
      if (turn.mark) lines.push(this.markWords(turn));
    }
    const p = this.result.positions[n];
    const leader = this.colour(p.score > 0 ? 'first' : 'second');
    let score = p.score === 0 ? t('web.analysis.even')
        : p.decided && Math.abs(p.score) >= this.result.clamp ? t('web.analysis.won', {side: leader})
        : t('web.analysis.score', {score: men(p.score), side: leader});
    if (p.database) score += ` ${t('web.analysis.database')}`;
    lines.push(score);
    fillLines($('judgement'), lines);
    $('judgement').classList.toggle('marked', !!(turn && turn.mark));
  }
}
