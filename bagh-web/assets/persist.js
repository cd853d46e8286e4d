// The game survives a reload: its record (from the back end, tags and
// comments included) and the engine's side, level, perfect play and time
// are kept in the page's address, after the `#`:
// `#side=tiger&level=10&perfect=false&time=0.5&record=…`.
//
// The address rather than the browser's storage: each tab keeps its own
// game (storage is shared by every tab of the site, so two games would
// overwrite each other), the address can be bookmarked or sent to show a
// game, it works alike for `bagh serve` and any static file host, and
// nothing is left behind on the machine. The fragment never reaches a
// server, and it is replaced in place, so Back does not walk every move.

import { $, ui } from './state.js';

// The Engine panel's fields that are kept, by their key in the address.
const SETTINGS = { side: 'engine-side', level: 'engine-level', perfect: 'engine-perfect', time: 'engine-time' };

const isBox = (field) => field.type === 'checkbox';
const valueOf = (field) => (isBox(field) ? String(field.checked) : field.value);

function fragment() {
  return new URLSearchParams(window.location.hash.replace(/^#/, ''));
}

// What the address holds: the record (or null) and the Engine panel's
// settings, which are put back at once (each field's own checks hear of
// it). A field the back end does not offer (perfect play without tables,
// its choice hidden) is left as it is.
export function restoreSettings() {
  const kept = fragment();
  for (const [key, id] of Object.entries(SETTINGS)) {
    const value = kept.get(key);
    const field = $(id);
    if (value === null || !field || field.closest('[hidden]')) continue;
    if (isBox(field)) {
      field.checked = value === 'true';
    } else {
      // A value the field does not offer (a select's unknown option) is left out.
      const before = field.value;
      field.value = value;
      if (field.tagName === 'SELECT' && field.value !== value) field.value = before;
    }
    field.dispatchEvent(new Event('change'));
  }
  return kept.get('record');
}

function write(record) {
  const kept = new URLSearchParams();
  for (const [key, id] of Object.entries(SETTINGS)) if ($(id)) kept.set(key, valueOf($(id)));
  if (record) kept.set('record', record);
  history.replaceState(null, '', `${window.location.pathname}${window.location.search}#${kept}`);
}

let recorded = '';  // the record last written

// Keeps the game of the Play tab: called after each change of the board.
// The puzzles' positions are not kept (the Play tab's game stays).
export async function saveGame() {
  if (ui.mode !== 'play' || !ui.game) return;
  const { id, position, moves } = ui.game;
  const { record } = await ui.backend.record(id);
  // A later change has its own save.
  if (!ui.game || ui.game.id !== id || ui.game.position !== position || ui.game.moves.length !== moves.length) return;
  recorded = record;
  write(record);
}

// The Engine panel's settings are kept as they change; an address changed
// by hand (another game pasted in) is read as a reload reads it.
export function watchSettings() {
  for (const id of Object.values(SETTINGS)) {
    if ($(id)) $(id).addEventListener('change', () => write(recorded));
  }
  window.addEventListener('hashchange', () => window.location.reload());
}
