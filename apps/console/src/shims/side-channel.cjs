// qs (refine's query strings) keeps per-object notes through `side-channel`, whose ponyfills for old
// engines (object-inspect, get-intrinsic…) weigh ~12 KB gz. Every browser the console supports has
// WeakMap and Map, which is all it needs: the same API over them.
'use strict';

module.exports = function getSideChannel() {
  const weak = new WeakMap();
  const strong = new Map();
  const store = (key) =>
    key !== null && (typeof key === 'object' || typeof key === 'function') ? weak : strong;
  return {
    assert(key) {
      if (!store(key).has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: (key) => store(key).delete(key),
    get: (key) => store(key).get(key),
    has: (key) => store(key).has(key),
    set(key, value) {
      store(key).set(key, value);
    },
  };
};
