// Which back end the page uses, and the static build's puzzles: `bagh
// serve` serves this file as it is; `make web-static` writes one that names
// 'wasm' and its puzzle file.
export const backend = 'server';
export const puzzles = null;
