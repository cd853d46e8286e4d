// The board: the SVG drawing of a game's view and the clicks on its points.
// It reads the page's state and calls `onPoint(point)` for each click.

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
  const last = game.moves.length ? game.moves[game.moves.length - 1] : null;
  if (last) {
    for (const point of [last.slice(0, 2), last.slice(-2)]) {
      const [x, y] = pointXY(point);
      element('circle', { cx: x, cy: y, r: 44, class: 'last' }, svg);
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
  if (ui.selected) {
    const [x, y] = pointXY(ui.selected);
    element('circle', { cx: x, cy: y, r: 40, class: 'selected' }, svg);
  }
  for (const point of allPoints()) {
    const [x, y] = pointXY(point);
    const spot = element('circle', { cx: x, cy: y, r: 56, class: 'spot', 'data-point': point }, svg);
    const piece = game.pieces[point];
    if (piece) spot.setAttribute('data-piece', piece);
    spot.addEventListener('click', () => onPoint(point));
  }
}
