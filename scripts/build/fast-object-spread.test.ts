import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BABEL_OBJECT_SPREAD, NATIVE_OBJECT_SPREAD } from './fast-object-spread.mjs';

type Spread = (...args: unknown[]) => Record<PropertyKey, unknown>;

/** The helper from its source text, with the two helpers Babel's version calls (as @trpc/server defines them). */
function helperOf(source: string): Spread {
  const babelHelpers = `
    function _typeof(o) { return typeof o; }
    function toPrimitive(t, r) {
      if ("object" != _typeof(t) || !t) return t;
      var e = t[Symbol.toPrimitive];
      if (void 0 !== e) { var i = e.call(t, r || "default"); if ("object" != _typeof(i)) return i; throw new TypeError(); }
      return ("string" === r ? String : Number)(t);
    }
    function toPropertyKey(t) { var i = toPrimitive(t, "string"); return "symbol" == _typeof(i) ? i : i + ""; }
    function _defineProperty(e, r, t) {
      return (r = toPropertyKey(r)) in e ? Object.defineProperty(e, r, { value: t, enumerable: !0, configurable: !0, writable: !0 }) : e[r] = t, e;
    }
    function ownKeys(e, r) {
      var t = Object.keys(e);
      if (Object.getOwnPropertySymbols) {
        var o = Object.getOwnPropertySymbols(e);
        r && (o = o.filter(function(r) { return Object.getOwnPropertyDescriptor(e, r).enumerable; })), t.push.apply(t, o);
      }
      return t;
    }`;
  return new Function(`${babelHelpers}\n${source}\nreturn _objectSpread2;`)() as Spread;
}

/** Everything about an object that a spread could change: its prototype, and each own property's descriptor. */
const shape = (o: object) => ({
  proto: Object.getPrototypeOf(o),
  props: Reflect.ownKeys(o).map((k) => [k, Object.getOwnPropertyDescriptor(o, k)]),
});

describe('the native _objectSpread2 against Babel’s, as tRPC calls it', () => {
  const babel = helperOf(BABEL_OBJECT_SPREAD);
  const native = helperOf(NATIVE_OBJECT_SPREAD);
  const tag = Symbol('tag');
  const hidden = Object.defineProperty({ a: 1 }, 'h', { value: 2, enumerable: false });
  const withGetter = {
    get g() {
      return 'gelezen';
    },
  };
  const fromJson = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as object;
  const inherited = Object.create({ fromProto: 1 }, { own: { value: 2, enumerable: true } });

  // Babel: {...a} → f({}, a); {...a, b} → f(f({}, a), {}, {b}); {...a, ...b} → f(f({}, a), b).
  const calls: [string, () => unknown[]][] = [
    ['{...ctx}', () => [{}, { db: 'db', user: { id: 1 }, [tag]: 't' }]],
    ['{...opts, ctx}', () => [{ path: 'p', ctx: { a: 1 } }, {}, { ctx: { b: 2 } }]],
    ['{...a, ...b} with overlap', () => [{}, { a: 1, b: 1 }, { b: 2, c: 3 }]],
    ['null and undefined sources', () => [{}, null, undefined, { a: 1 }]],
    ['non-enumerable keys stay out', () => [{}, hidden]],
    ['a getter in a spread source is read', () => [{}, withGetter]],
    ['a getter in a literal (even place) is kept', () => [{ a: 1 }, withGetter]],
    ['JSON input with an own __proto__ key', () => [{}, fromJson]],
    ['inherited keys stay out', () => [{}, inherited]],
    ['a string source spreads its characters', () => [{}, 'ab']],
    ['an array source', () => [{}, ['x', 'y']]],
  ];

  it.each(calls)('%s', (_name, args) => {
    const expected = babel(...args());
    const actual = native(...args());
    expect(shape(actual)).toEqual(shape(expected));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('is the helper this @trpc/server ships (the build stops otherwise)', () => {
    const dist = path.join(import.meta.dirname, '..', '..', 'node_modules', '@trpc', 'server', 'dist');
    const file = fs.readdirSync(dist).find((f) => /^getErrorShape-.+\.mjs$/.test(f));
    expect(file).toBeDefined();
    expect(fs.readFileSync(path.join(dist, file!), 'utf8')).toContain(BABEL_OBJECT_SPREAD);
  });
});
