// The JavaScript layer over the raw wasm-bindgen bindings, the same for the
// CommonJS (pkg/node) and ES module (pkg/web) packages: `make wasm`
// (js/build.js) joins it with the addon's bagh-node/src/install.js (the
// error classes, `util.inspect` and iteration) and the package's head.
//
// It translates, as the addon's index.js does, and holds no rules:
// - a raw error (a plain Error whose `baghClass` names the class) becomes
//   that BaghError subclass with the same details, and an argument that
//   wasm-bindgen refuses becomes an ArgumentError naming the call;
// - a `Move`, `Ruleset` or `Position` argument is passed to the raw
//   bindings as its text, which they read (the raw bindings cannot tell a
//   class instance inside a plain JavaScript value).

// eslint-disable-next-line no-unused-vars
function install(raw, installAddon) {
  'use strict';
  const exported = {};

  const typeName = (value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

  // `value` as the text the raw bindings read: a `cls` instance as its
  // text, a string or nothing as it is; anything else refused here with
  // the addon's words.
  function asText(cls, what) {
    return (value, call) => {
      if (value instanceof cls) return value.toString();
      if (value === undefined || value === null || typeof value === 'string') return value;
      throw new exported.ArgumentError(`${call}: expected ${what} or a string, found ${typeName(value)}`);
    };
  }
  const move = asText(raw.Move, 'a Move');
  const rules = asText(raw.Ruleset, 'a Ruleset');

  // The arguments of each call that take an object or its text.
  const ARGS = {
    'new Position': (args, call) => [args[0], rules(args[1], call)],
    'Position.isLegal': (args, call) => [move(args[0], call)],
    'Position.play': (args, call) => [move(args[0], call)],
    'Game.isLegal': (args, call) => [move(args[0], call)],
    'Game.push': (args, call) => [move(args[0], call)],
    'Move.equals': (args, call) => [move(args[0], call)],
    'new Engine': (args, call) => [rules(args[0], call), args[1]],
    // new Game(rules, position, moves): a Position goes as its text and its
    // rule set's text, which the raw constructor checks against `rules`.
    'new Game': (args, call) => {
      const [given, position, moves] = args;
      const start = position instanceof raw.Position
        ? [position.toString(), position.rules.toString()]
        : [asText(raw.Position, 'a Position')(position, call), undefined];
      const list = moves === undefined || moves === null || !Array.isArray(moves)
        ? moves
        : moves.map((m) => move(m, call));
      return [rules(given, call), start[0], start[1], list];
    },
  };

  // A raw error as the BaghError it stands for; other errors as they are.
  function translate(error, call) {
    if (error && typeof error === 'object' && typeof error.baghClass === 'string' && exported[error.baghClass]) {
      const translated = new exported[error.baghClass](error.message);
      for (const [key, value] of Object.entries(error)) {
        if (key !== 'baghClass') translated[key] = value;
      }
      return translated;
    }
    if (error instanceof Error && !(error instanceof exported.BaghError)) {
      const instance = /expected instance of (\w+)/.exec(error.message);
      if (instance) {
        const name = instance[1];
        return new exported.ArgumentError(`${call}: expected ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`);
      }
      if (/null pointer passed to rust|recursive use of an object|attempted to take ownership/.test(error.message)) {
        return new exported.ArgumentError(`${call}: ${error.message}`);
      }
    }
    return error;
  }

  // The errors that readRecordsText(text, { errors: 'collect' }) puts in
  // its list, and those of a Promise, translated too.
  function translateResult(result, call) {
    if (call === 'readRecordsText' && Array.isArray(result)) {
      return result.map((item) => translate(item, call));
    }
    if (result && typeof result.then === 'function') {
      return result.then(undefined, (error) => {
        throw translate(error, call);
      });
    }
    return result;
  }

  function guarded(fn, call) {
    const normalise = ARGS[call];
    return function (...args) {
      try {
        const result = fn.apply(this, normalise ? normalise(args, call) : args);
        return translateResult(result, call);
      } catch (error) {
        throw translate(error, call);
      }
    };
  }

  // A class whose methods, static methods and constructor translate. The
  // raw bindings make their own instances (`legalMoves()`, `play()`), so
  // the exported class is a Proxy of a stand-in with the raw prototype:
  // `instanceof` holds for every instance, however it was made.
  function guardClass(cls, name) {
    for (const key of Object.getOwnPropertyNames(cls.prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(cls.prototype, key);
      if (key !== 'constructor' && key !== 'free' && !key.startsWith('__') && typeof descriptor.value === 'function') {
        Object.defineProperty(cls.prototype, key, { ...descriptor, value: guarded(descriptor.value, `${name}.${key}`) });
      }
    }
    const standIn = function () {};
    Object.defineProperty(standIn, 'name', { value: name });
    standIn.prototype = cls.prototype;
    for (const key of Object.getOwnPropertyNames(cls)) {
      if (['length', 'name', 'prototype', 'arguments', 'caller'].includes(key) || key.startsWith('__')) continue;
      const descriptor = Object.getOwnPropertyDescriptor(cls, key);
      if (typeof descriptor.value === 'function') {
        standIn[key] = guarded(descriptor.value.bind(cls), `${name}.${key}`);
      }
    }
    const call = `new ${name}`;
    const normalise = ARGS[call];
    const handler = {
      construct(_target, args, newTarget) {
        try {
          return Reflect.construct(cls, normalise ? normalise(args, call) : args, newTarget === proxy ? cls : newTarget);
        } catch (error) {
          throw translate(error, call);
        }
      },
    };
    const proxy = new Proxy(standIn, handler);
    return proxy;
  }

  // What the addon has and WebAssembly cannot do, as names that throw a
  // clear error rather than a TypeError on `undefined`: the tables live in
  // files, which a browser has not; a match runs its games on threads; the
  // RL codes are the Python package's and the addon's.
  function standIns(into) {
    const refuse = (cls, message) => () => {
      throw new into[cls](message);
    };
    const tables = refuse('TablebaseError',
      'Tablebase: tables are files on disk, which WebAssembly cannot open; use the Node addon, the Python package or `bagh serve --tables`');
    if (!into.Tablebase) {
      const Tablebase = function Tablebase() {
        tables();
      };
      Tablebase.open = tables;
      Tablebase.build = tables;
      Tablebase.default = tables;
      into.Tablebase = Tablebase;
    }
    if (!into.Engine) {
      into.Engine = function Engine() {
        refuse('EngineError', 'Engine: this package was built without the engine (make wasm WASM_ENGINE=0)')();
      };
    }
    if (!into.PerfectPlayer) {
      into.PerfectPlayer = function PerfectPlayer() {
        refuse('TablebaseError',
          'PerfectPlayer: it plays by tables, files on disk, which WebAssembly cannot open; use the Node addon or the Python package')();
      };
    }
    if (!into.playMatch) {
      into.playMatch = refuse('EngineError',
        'playMatch: a match plays its games on threads, which WebAssembly has not here; play them with engine.bestMove and game.push');
    }
    if (!into.rl) {
      const rl = refuse('BaghError', 'rl: the RL codes are not in the WebAssembly package; use the Node addon or the Python package');
      into.rl = { encode: rl, decode: rl, legalMask: rl, observation: rl };
    }
  }

  const skip = new Set(['default', 'initSync', 'version']);
  for (const [key, value] of Object.entries(raw)) {
    if (skip.has(key) || key.startsWith('__') || typeof value !== 'function') continue;
    exported[key] = /^[A-Z]/.test(key) ? guardClass(value, key) : guarded(value, key);
  }
  exported.version = raw.version();
  // The error classes, the reprs and iteration, as the addon defines them.
  installAddon(exported);
  standIns(exported);
  return exported;
}
