// The move list as a record reads: one number per goats' move with the
// tigers' reply beside it ("1. c3 a1a2"); a line that starts with the
// tigers to move begins "1. … a1a2". The list is a grid of three cells a
// row (the number, the goats' move, the tigers' move). Each move is an item
// with its ply (`data-ply`): the current one highlighted, the moves that can
// be redone dimmed, a click goes there.

import { $, ui } from './state.js';

function cell(text, className) {
  const item = document.createElement('li');
  item.textContent = text;
  if (className) item.className = className;
  return item;
}

// The side to move before the line's first move: the sides alternate, so
// it is the side to move now if an even number of moves was played.
function firstMover(game) {
  if (game.moves.length % 2 === 0) return game.side;
  return game.side === 'goat' ? 'tiger' : 'goat';
}

// Scrolls the list (not the page) so that `item` is in view.
function keepInView(panel, item) {
  if (!item) { panel.scrollTop = 0; return; }
  const top = item.offsetTop;
  const bottom = top + item.offsetHeight;
  if (top < panel.scrollTop) panel.scrollTop = top;
  else if (bottom > panel.scrollTop + panel.clientHeight) panel.scrollTop = bottom - panel.clientHeight;
}

// The panel changes height when the panels around it do (the puzzle's
// text, a message): the current move is brought back into view then too.
let watched = null;
function watchPanel(panel) {
  if (watched === panel || typeof ResizeObserver === 'undefined') return;
  watched = panel;
  new ResizeObserver(() => keepInView(panel, panel.querySelector('li.current'))).observe(panel);
}

// Shows the game's line (the moves played and those to redo); a click on
// a move calls `goto(ply)`.
export function showMoves(goto) {
  const game = ui.game;
  const list = $('move-list');
  const line = game.moves.concat(ui.future || []);
  const cells = [];
  let number = 0;
  // Rows start at each goats' move; a line opening with the tigers' move
  // has a row with an empty goats' cell first.
  const offset = firstMover(game) === 'tiger' ? 1 : 0;
  if (offset && line.length) {
    number = 1;
    cells.push(cell('1.', 'number'), cell('…', 'empty'));
  }
  line.forEach((move, i) => {
    if ((i + offset) % 2 === 0) {
      number += 1;
      cells.push(cell(`${number}.`, 'number'));
    }
    const ply = i + 1;
    const item = cell(move);
    item.dataset.ply = String(ply);
    item.title = `Go to the position after ${move}`;
    if (ply === game.moves.length) item.classList.add('current');
    if (ply > game.moves.length) item.classList.add('future');
    item.addEventListener('click', () => goto(ply));
    cells.push(item);
  });
  list.replaceChildren(...cells);
  keepInView(list, list.querySelector('li.current'));
  watchPanel(list);
}
