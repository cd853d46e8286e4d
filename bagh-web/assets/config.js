// Which back end the page uses: `bagh serve` serves this file as it is;
// `make web-static` writes one that names 'wasm'.
export const backend = 'server';
