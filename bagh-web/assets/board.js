// The board: the SVG drawing of a game's view and the clicks on its points.
// It reads the page's state and calls `onPoint(point)` for each click.
//
// Besides the pieces it marks what the view says: the last move (an arrow
// from and to, a ring on a placement), the goat the last move took (a
// fading ghost with a cross), the goats a tiger could jump (`threats`, a
// red ring), and the shapes other modules lay over it (`setOverlay`: the
// analysis's best move, a line's first moves).

import { $, ui } from './state.js';

const SVG = 'http://www.w3.org/2000/svg';
const FILES = 'abcde';

function pointXY(point) {
  let file = FILES.indexOf(point[0]);
  let rank = Number(point[1]) - 1;
  if (ui.flipped) { file = 4 - file; rank = 4 - rank; }
  return [60 + file * 120, 60 + (4 - rank) * 120];
}

function allPoints() {
  const points = [];
  for (let rank = 1; rank <= 5; rank++) for (const file of FILES) points.push(file + rank);
  return points;
}

function element(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function drawLines(svg) {
  const segment = (a, b) => {
    const [x1, y1] = pointXY(a);
    const [x2, y2] = pointXY(b);
    element('line', { x1, y1, x2, y2 }, svg);
  };
  for (let i = 1; i <= 5; i++) {
    segment('a' + i, 'e' + i);
    segment(FILES[i - 1] + '1', FILES[i - 1] + '5');
  }
  // The diagonals of the board: the long ones and the diamond.
  segment('a1', 'e5'); segment('a5', 'e1');
  segment('a3', 'c5'); segment('c5', 'e3'); segment('e3', 'c1'); segment('c1', 'a3');
}

// Moves that start at `point` (steps and captures), or place on it.
export function movesFrom(point) {
  return ui.game.legal.filter((m) => m.length > 2 && m.slice(0, 2) === point);
}
export function placementOn(point) {
  return ui.game.legal.find((m) => m === point);
}
export function moveTo(from, to) {
  return ui.game.legal.find((m) => m.length > 2 && m.slice(0, 2) === from && m.slice(-2) === to);
}

function truthOf(move) {
  const entry = ui.truth && ui.truth.available && ui.truth.moves.find((t) => t.move === move);
  return entry ? entry.value : null;
}

// The two ends of a move in the notation: [from, to], from null for a
// placement (`c3`, `a1a2`, `a1xa3`).
function ends(move) {
  return move.length > 2 ? [move.slice(0, 2), move.slice(-2)] : [null, move];
}

// An arrow from one point to another, stopping short of both centres so
// that the pieces stay readable; `label` (a line's ply number) at its head.
function arrow(svg, move, kind, label) {
  const [from, to] = ends(move);
  const group = element('g', { class: `arrow ${kind}`, 'data-move': move }, svg);
  const [tx, ty] = pointXY(to);
  if (!from) {
    // A placement: a ring on the point.
    element('circle', { cx: tx, cy: ty, r: 34, class: 'ring' }, group);
  } else {
    const [fx, fy] = pointXY(from);
    const length = Math.hypot(tx - fx, ty - fy);
    const [ux, uy] = [(tx - fx) / length, (ty - fy) / length];
    const head = 30;
    const [sx, sy] = [fx + ux * 22, fy + uy * 22];
    const [ex, ey] = [tx - ux * 26, ty - uy * 26];
    const [bx, by] = [ex - ux * head, ey - uy * head];
    element('line', { x1: sx, y1: sy, x2: bx, y2: by }, group);
    const wing = head * 0.6;
    const points = [[ex, ey], [bx - uy * wing, by + ux * wing], [bx + uy * wing, by - ux * wing]];
    element('polygon', { points: points.map((p) => p.join(',')).join(' ') }, group);
  }
  if (label) {
    element('circle', { cx: tx + 30, cy: ty - 30, r: 14, class: 'badge' }, group);
    const text = element('text', { x: tx + 30, y: ty - 25, 'text-anchor': 'middle', class: 'badge-text' }, group);
    text.textContent = label;
  }
  return group;
}

// Shapes that other modules lay over the board, by their key: each a move
// in the notation, drawn as an arrow of its `kind` with an optional label.
const overlays = new Map();

// Sets (or with no shapes, removes) the shapes of `key` and redraws.
export function setOverlay(key, shapes) {
  if (shapes && shapes.length) overlays.set(key, shapes);
  else if (!overlays.delete(key)) return;  // nothing shown, nothing to redraw
  drawBoard();
}

let onPoint = () => {};

// Sets what a click on a point does.
export function onPointClick(handler) { onPoint = handler; }

export function drawBoard() {
  const svg = $('board');
  svg.replaceChildren();
  drawLines(svg);
  const game = ui.game;
  if (!game) return;
  for (const point of allPoints()) {
    const [x, y] = pointXY(point);
    element('circle', { cx: x, cy: y, r: 7, class: 'mark' }, svg);
    const rankLabel = ui.flipped ? point[0] === 'e' : point[0] === 'a';
    if (rankLabel) element('text', { x: 8, y: y + 5 }, svg).textContent = point[1];
    const fileLabel = ui.flipped ? point[1] === '5' : point[1] === '1';
    if (fileLabel) element('text', { x: x - 5, y: 594 }, svg).textContent = point[0];
  }
  // The last move's points, under everything: from and to, or the point
  // of a placement.
  const last = game.moves.length ? game.moves[game.moves.length - 1] : null;
  if (last) {
    for (const point of ends(last)) {
      if (!point) continue;
      const [x, y] = pointXY(point);
      element('circle', { cx: x, cy: y, r: 44, class: 'last', 'data-last': point }, svg);
    }
  }
  // Targets: where the selected piece can go, or where a goat can be placed.
  const targets = new Map();
  if (ui.selected) {
    for (const move of movesFrom(ui.selected)) targets.set(move.slice(-2), move);
  } else if (game.side === 'goat' && game.in_hand > 0) {
    for (const move of game.legal) targets.set(move, move);
  }
  for (const [point, move] of targets) {
    const [x, y] = pointXY(point);
    const value = truthOf(move);
    element('circle', { cx: x, cy: y, r: 18, class: 'target' + (value ? ' ' + value : '') }, svg);
  }
  // The trainer's hint (trainer.js), in the position it was given for only.
  if (ui.hint && ui.hint.position === game.position) {
    const [x, y] = pointXY(ui.hint.point);
    element('circle', { cx: x, cy: y, r: 46, class: 'hint', 'data-hint': ui.hint.point }, svg);
  }
  for (const [point, piece] of Object.entries(game.pieces)) {
    const [x, y] = pointXY(point);
    const shape = piece === 'tiger'
      ? element('rect', { x: x - 30, y: y - 30, width: 60, height: 60, rx: 14, class: 'tiger' }, svg)
      : element('circle', { cx: x, cy: y, r: 28, class: 'goat' }, svg);
    shape.setAttribute('data-piece', piece);
  }
  // The goat the last move took: its ghost fades to a mark, with a cross,
  // until the next move.
  if (game.taken) {
    const [x, y] = pointXY(game.taken);
    const ghost = element('g', { class: 'taken', 'data-taken': game.taken }, svg);
    element('circle', { cx: x, cy: y, r: 28, class: 'ghost' }, ghost);
    element('path', { d: `M${x - 16},${y - 16}L${x + 16},${y + 16}M${x + 16},${y - 16}L${x - 16},${y + 16}`, class: 'cross' }, ghost);
  }
  // The goats a tiger could jump (the back end's `threats`): on the goats'
  // turn those to cover, on the tigers' those they can take.
  for (const point of game.threats || []) {
    const [x, y] = pointXY(point);
    element('circle', { cx: x, cy: y, r: 36, class: 'threat', 'data-threat': point }, svg);
  }
  if (ui.selected) {
    const [x, y] = pointXY(ui.selected);
    element('circle', { cx: x, cy: y, r: 40, class: 'selected' }, svg);
  }
  if (last) arrow(svg, last, 'last-move');
  for (const shapes of overlays.values()) {
    for (const shape of shapes) arrow(svg, shape.move, shape.kind, shape.label);
  }
  for (const point of allPoints()) {
    const [x, y] = pointXY(point);
    const spot = element('circle', { cx: x, cy: y, r: 56, class: 'spot', 'data-point': point }, svg);
    const piece = game.pieces[point];
    if (piece) spot.setAttribute('data-piece', piece);
    spot.addEventListener('click', () => onPoint(point));
  }
}
