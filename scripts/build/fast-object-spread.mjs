// A faster `{...a, ...b}` for the server bundle's copy of @trpc/server (scripts/build-server.mjs).
//
// @trpc/server 11 is compiled with Babel's object-spread helper, `_objectSpread2`: per key of every
// source it calls ownKeys, toPropertyKey (toPrimitive, _typeof) and defineProperty in JavaScript. tRPC
// spreads the whole context at each middleware's next({ctx}), the options at each call, the result:
// in a CPU profile of authenticated auth.profile calls the helper and its callees took ~13 % of the
// server's time (issue 12, the API-overhead target). V8's own spread does the same copy natively.
//
// The replacement keeps the helper's meaning for the way Babel calls it, which is the only way tRPC's
// compiled code calls it: the first argument is a fresh object (`{}` or an object literal, or the
// result of an inner call) and the return value is used, so building a new object instead of
// filling the first in place is the same; odd-numbered arguments are spread ({...t}: own enumerable
// keys and symbols, getters read, `__proto__` an own property), even-numbered ones (object literals
// of the source) have their property descriptors copied as before. fast-object-spread.test.ts
// compares the two on such calls.

/** The helper exactly as @trpc/server's build emits it (its dist/getErrorShape-*.mjs). */
export const BABEL_OBJECT_SPREAD = `function _objectSpread2(e) {
	for (var r = 1; r < arguments.length; r++) {
		var t = null != arguments[r] ? arguments[r] : {};
		r % 2 ? ownKeys(Object(t), !0).forEach(function(r) {
			_defineProperty(e, r, t[r]);
		}) : Object.getOwnPropertyDescriptors ? Object.defineProperties(e, Object.getOwnPropertyDescriptors(t)) : ownKeys(Object(t)).forEach(function(r) {
			Object.defineProperty(e, r, Object.getOwnPropertyDescriptor(t, r));
		});
	}
	return e;
}`;

export const NATIVE_OBJECT_SPREAD = `function _objectSpread2(e) {
	for (var r = 1; r < arguments.length; r++) {
		var t = arguments[r];
		if (t == null) continue;
		e = r % 2 ? { ...e, ...t } : Object.defineProperties(e, Object.getOwnPropertyDescriptors(t));
	}
	return e;
}`;

/** The file of @trpc/server that defines the helper (the others import it from there). */
const HELPER_FILE = /[\\/]@trpc[\\/]server[\\/]dist[\\/]getErrorShape-[^\\/]+\.mjs$/;

/** esbuild plugin: swaps the helper; a @trpc/server whose helper reads otherwise stops the build. */
export const fastObjectSpread = {
  name: 'fast-object-spread',
  setup(b) {
    b.onLoad({ filter: HELPER_FILE }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(BABEL_OBJECT_SPREAD))
        throw new Error(
          `${args.path}: _objectSpread2 is not the helper scripts/build/fast-object-spread.mjs replaces; check it against this @trpc/server and update or remove the plugin.`,
        );
      return { contents: source.replace(BABEL_OBJECT_SPREAD, NATIVE_OBJECT_SPREAD), loader: 'js' };
    });
  },
};
