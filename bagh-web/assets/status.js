// The status panel beside the board: whose turn, the phase, the goats in
// hand and the captured goats, each as pieces and words; and the banner of
// the game's end over the board. Everything shown is read from the back
// end's view: the words translate its fields, they decide nothing.

import { $, sideName, ui } from './state.js';

const SVG = 'http://www.w3.org/2000/svg';

// A piece drawn as the board draws it, in a 40×40 box.
function pieceShape(kind, svg) {
  const shape = kind === 'tiger'
    ? document.createElementNS(SVG, 'rect')
    : document.createElementNS(SVG, 'circle');
  if (kind === 'tiger') {
    for (const [k, v] of Object.entries({ x: 4, y: 4, width: 32, height: 32, rx: 8 })) shape.setAttribute(k, v);
  } else {
    for (const [k, v] of Object.entries({ cx: 20, cy: 20, r: 16 })) shape.setAttribute(k, v);
  }
  shape.setAttribute('class', kind);
  svg.appendChild(shape);
  return svg;
}

// A small goat: `kind` is 'goat' (in hand), 'taken' (captured) or 'empty'
// (a capture the tigers still need).
function smallGoat(kind) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 40 40');
  const goat = pieceShape('goat', svg).firstChild;
  goat.setAttribute('class', kind);
  if (kind === 'taken') {
    const cross = document.createElementNS(SVG, 'path');
    cross.setAttribute('d', 'M10 10 L30 30 M30 10 L10 30');
    cross.setAttribute('stroke', '#c0392b');
    cross.setAttribute('stroke-width', '4');
    svg.appendChild(cross);
  }
  return svg;
}

function row(id, pieces, words) {
  const node = $(id);
  node.querySelector('.pieces').replaceChildren(...pieces);
  node.querySelector('.words').textContent = words;
}

// The end in plain words, from the outcome's reason (bagh-core's names:
// captures, tigers-trapped, goats-blocked, repetition, no-progress).
export function outcomeWords(game) {
  const outcome = game.outcome;
  const who = outcome.winner ? `${sideName(outcome.winner, true)} win` : 'Draw';
  switch (outcome.reason) {
    case 'captures': return `${who}: ${game.captured} goat${game.captured === 1 ? '' : 's'} captured`;
    case 'tigers-trapped': return `${who}: the tigers cannot move`;
    case 'goats-blocked': return `${who}: the goats cannot move`;
    case 'repetition': return `${who} by repetition`;
    case 'no-progress': return `${who}: no capture or placement for the rule set's limit of moves`;
    default: return `${who}: ${outcome.reason}`;
  }
}

export function showStatus() {
  const game = ui.game;
  const placing = game.in_hand > 0;
  $('phase').textContent = placing ? 'Placement phase' : 'Movement phase';
  $('phase').dataset.phase = placing ? 'placement' : 'movement';
  const turn = $('turn');
  const icon = turn.querySelector('svg');
  icon.replaceChildren();
  const words = turn.querySelector('span');
  const banner = $('banner');
  if (game.outcome) {
    const end = outcomeWords(game);
    if (game.outcome.winner) pieceShape(game.outcome.winner, icon);
    // The panel says who won; the banner over the board says how.
    words.textContent = `Game over: ${game.outcome.winner ? sideName(game.outcome.winner, true) + ' win' : 'draw'}`;
    banner.replaceChildren(end);
    const hint = document.createElement('small');
    hint.textContent = `${game.outcome.result} · a click shows the board`;
    banner.appendChild(hint);
    banner.hidden = false;
    // It covers the board's middle: a click folds it away until the next
    // change of the board.
    banner.onclick = () => { banner.hidden = true; };
  } else {
    pieceShape(game.side, icon);
    words.textContent = `${sideName(game.side, true)} to move`;
    banner.hidden = true;
  }
  $('status').classList.toggle('over', Boolean(game.outcome));
  $('status').dataset.side = game.outcome ? '' : game.side;
  const hand = Array.from({ length: game.in_hand }, () => smallGoat('goat'));
  row('hand', hand, `${game.in_hand} in hand`);
  const captures = Array.from({ length: Math.max(game.capture_target, game.captured) },
    (_, i) => smallGoat(i < game.captured ? 'taken' : 'empty'));
  row('captures', captures, `${game.captured} of ${game.capture_target} captured`);
}
