// Runs before each Jest test file (the preset's `setupFiles`), inside the test environment.
//
// Jest runs each test file in its own realm (a vm context), but its environments hand it Node's
// own `structuredClone` (jest-environment-node, msw's jest-fixed-jsdom), whose copies are built
// from Node's realm: their prototype is not this realm's `Object.prototype`. The immutable-update
// library inside @msw/data (mutative) then refuses them ("Invalid base state: create() only supports
// plain objects"). This wraps the environment's clone so that its containers belong to this realm.
'use strict';

const nativeClone = globalThis.structuredClone;

/** A plain object, array, Map, Set or Date made by another realm, rebuilt with this realm's classes. */
function intoThisRealm(value, seen) {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value);
  const tag = Object.prototype.toString.call(value);
  let copy;
  if (Array.isArray(value)) {
    copy = [];
    seen.set(value, copy);
    for (const item of value) copy.push(intoThisRealm(item, seen));
  } else if (tag === '[object Map]') {
    copy = new Map();
    seen.set(value, copy);
    for (const [key, item] of value) copy.set(intoThisRealm(key, seen), intoThisRealm(item, seen));
  } else if (tag === '[object Set]') {
    copy = new Set();
    seen.set(value, copy);
    for (const item of value) copy.add(intoThisRealm(item, seen));
  } else if (tag === '[object Date]') {
    copy = new Date(value.getTime());
  } else if (tag === '[object Object]' && isPlainInSomeRealm(value)) {
    copy = {};
    seen.set(value, copy);
    for (const key of Object.keys(value)) copy[key] = intoThisRealm(value[key], seen);
  } else {
    // Typed arrays, errors, blobs…: cloned by the environment, as they are.
    copy = value;
  }
  return copy;
}

function isPlainInSomeRealm(value) {
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

if (typeof nativeClone === 'function') {
  globalThis.structuredClone = function structuredClone(value, options) {
    return intoThisRealm(nativeClone(value, options), new Map());
  };
}

// jsdom's `crypto` lacks `subtle` (and before jsdom 22 `randomUUID`), which the reference
// server's key hashing, token signing (jose) and @msw/data's ids use: lend Node's Web Crypto.
const { webcrypto } = require('node:crypto');
if (!globalThis.crypto) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true, writable: true });
} else {
  if (!globalThis.crypto.subtle) Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
  if (typeof globalThis.crypto.randomUUID !== 'function') {
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: () => webcrypto.randomUUID(), configurable: true });
  }
}
if (typeof globalThis.CryptoKey === 'undefined') globalThis.CryptoKey = webcrypto.CryptoKey;
