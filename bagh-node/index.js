'use strict';
// The addon, built by `make node` into this folder. Everything, the error
// classes included, is defined by the addon itself. This file only
// translates one thing: an argument of the wrong JavaScript type, which
// Node-API's conversion refuses before any bagh code runs, becomes a
// bagh `ArgumentError` that names the call and what it expected.
const addon = require('./bagh.node');

// The codes of Node-API's conversion failures.
const CONVERSION = new Set([
  'InvalidArg',
  'ObjectExpected',
  'StringExpected',
  'NameExpected',
  'FunctionExpected',
  'NumberExpected',
  'BooleanExpected',
  'ArrayExpected',
  'BigintExpected',
  'DateExpected',
]);

// A Rust type as a JavaScript reader knows it.
function jsType(rust) {
  const name = rust.trim().replace(/^&/, '').split('::').pop();
  if (name === 'String' || name === '&str') return 'a string';
  if (/^(f64|f32|u\d+|i\d+|usize)$/.test(name)) return 'a number';
  if (name === 'bool') return 'a boolean';
  if (name.startsWith('Vec')) return 'an array';
  if (name.startsWith('Object')) return 'an options object';
  const js = name.replace(/^ClassInstance<.*?Js/, '').replace(/^Js/, '').replace(/>$/, '');
  return /^[AEIOU]/.test(js) ? `an ${js}` : `a ${js}`;
}

// The bagh error for a conversion failure of `call`; other errors as they
// are. Either way the stack starts at the caller of `wrapper`.
function translate(error, call, wrapper) {
  if (!(error instanceof Error) || error instanceof addon.BaghError || !CONVERSION.has(error.code)) {
    if (error instanceof Error) Error.captureStackTrace(error, wrapper);
    return error;
  }
  const message = String(error.message);
  if (!/Failed to convert|none of these types|Failed to get/.test(message)) {
    // A check of the addon's own worded with Node-API's code.
    const own = new addon.ArgumentError(message);
    Error.captureStackTrace(own, wrapper);
    return own;
  }
  const single = /into rust type `([^`]+)`/.exec(message);
  const several = message.includes('none of these types')
    ? [...message.matchAll(/`([^`]+)`/g)].map((m) => jsType(m[1]))
    : null;
  const got = /JavaScript value `(\w+)/.exec(message);
  const byCode = {
    NumberExpected: 'a number',
    StringExpected: 'a string',
    ArrayExpected: 'an array',
    ObjectExpected: 'an object',
    BooleanExpected: 'a boolean',
    FunctionExpected: 'a function',
  };
  let expected = byCode[error.code] || 'another type of argument';
  if (several && several.length > 0) expected = several.join(' or ');
  else if (single) expected = jsType(single[1]);
  const found = got ? `, found ${got[1].toLowerCase()}` : '';
  const translated = new addon.ArgumentError(`${call}: expected ${expected}${found}`);
  translated.cause = error;
  Error.captureStackTrace(translated, wrapper);
  return translated;
}

function guarded(fn, call) {
  const wrapper = function (...args) {
    try {
      return fn.apply(this, args);
    } catch (error) {
      throw translate(error, call, wrapper);
    }
  };
  return wrapper;
}

// A class whose methods, static methods and constructor translate. The
// prototype's methods are wrapped in place; the addon's static methods
// cannot be redefined, so the class is exported as a Proxy of a stand-in
// with the same prototype (so `instanceof` holds) and wrapped statics.
function guardClass(cls, name) {
  for (const key of Object.getOwnPropertyNames(cls.prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(cls.prototype, key);
    if (key !== 'constructor' && typeof descriptor.value === 'function' && descriptor.configurable) {
      Object.defineProperty(cls.prototype, key, { ...descriptor, value: guarded(descriptor.value, `${name}.${key}`) });
    }
  }
  const standIn = function () {};
  Object.defineProperty(standIn, 'name', { value: name });
  standIn.prototype = cls.prototype;
  for (const key of Object.getOwnPropertyNames(cls)) {
    if (['length', 'name', 'prototype', 'arguments', 'caller'].includes(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(cls, key);
    if (typeof descriptor.value === 'function') {
      standIn[key] = guarded(descriptor.value.bind(cls), `${name}.${key}`);
    } else {
      Object.defineProperty(standIn, key, { ...descriptor, configurable: true });
    }
  }
  const handler = {
    construct(_target, args, newTarget) {
      try {
        return Reflect.construct(cls, args, newTarget === proxy ? cls : newTarget);
      } catch (error) {
        throw translate(error, `new ${name}`, handler.construct);
      }
    },
  };
  const proxy = new Proxy(standIn, handler);
  return proxy;
}

const exported = {};
for (const [key, value] of Object.entries(addon)) {
  const isError = typeof value === 'function' && (value === addon.BaghError || value.prototype instanceof addon.BaghError);
  if (isError || typeof value !== 'function') {
    exported[key] = value;
  } else if (/^[A-Z]/.test(key)) {
    exported[key] = guardClass(value, key);
  } else {
    exported[key] = guarded(value, key);
  }
}
if (addon.rl && typeof addon.rl === 'object') {
  const rl = {};
  for (const [key, value] of Object.entries(addon.rl)) {
    rl[key] = typeof value === 'function' ? guarded(value, `rl.${key}`) : value;
  }
  exported.rl = rl;
}
module.exports = exported;
