// The back end of `bagh serve`: its JSON API (docs/web.md).

import { checked } from './backend.js';

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function analyse(id, options, on) {
  const query = `multipv=${options.multipv}&time_ms=${options.time_ms}`;
  const source = new EventSource(`/api/games/${id}/analysis?${query}`);
  let open = true;
  const close = () => { open = false; source.close(); };
  source.addEventListener('line', (event) => on.line(JSON.parse(event.data)));
  source.addEventListener('done', (event) => { close(); on.done(JSON.parse(event.data)); });
  source.addEventListener('error', (event) => {
    close();
    on.error(event.data ? JSON.parse(event.data).error : null);
  });
  return {
    // Closing the stream stops the search; the stop makes it sure at once.
    close() {
      if (!open) return;
      close();
      api('POST', `/api/games/${id}/stop`).catch(() => {});
    },
  };
}

export function serverBackend() {
  return checked({
    name: 'server',
    noPuzzles: 'No puzzles on this server. Make a file of them from tables with ' +
      '`bagh puzzles --tables DIR --out FILE`, then start `bagh serve --puzzles FILE`.',
    info: () => api('GET', '/api/info'),
    createGame: (body) => api('POST', '/api/games', body),
    play: (id, move) => api('POST', `/api/games/${id}/moves`, { move }),
    goto: (id, ply) => api('POST', `/api/games/${id}/goto`, { ply }),
    load: (id, body) => api('POST', `/api/games/${id}/load`, body),
    record: (id) => api('GET', `/api/games/${id}/record`),
    engineMove: (id, options) => api('POST', `/api/games/${id}/engine`, options),
    analyse: async (id, options, on) => analyse(id, options, on),
    stop: (id) => api('POST', `/api/games/${id}/stop`),
    truth: (id) => api('GET', `/api/games/${id}/truth`),
    puzzles: () => api('GET', '/api/puzzles'),
    answer: (index, move) => api('POST', `/api/puzzles/${index}/answer`, { move }),
    hint: (index) => api('GET', `/api/puzzles/${index}/hint`),
    closing: async (id) => { navigator.sendBeacon(`/api/games/${id}/stop`); },
  });
}
