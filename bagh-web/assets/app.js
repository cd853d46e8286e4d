// The board's page: the game (game.js) over the back end that config.js
// names, the server of `bagh serve` (server.js) or WebAssembly (wasm.js).

import { backend } from './config.js';
import { run } from './state.js';
import { startGame } from './game.js';

async function chosenBackend() {
  if (backend === 'wasm') return (await import('./wasm.js')).wasmBackend();
  return (await import('./server.js')).serverBackend();
}

run(async () => startGame(await chosenBackend()));
