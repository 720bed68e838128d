/**
 * The worker thread in which the shell's server runs the apps' server builds (scripts/first-screen/render-pool.mjs,
 * docs/decisions/0060-page-matches-code.md). A server build is the text of one CommonJS file (build/webpack-app.js
 * `firstScreenConfig`) fetched from an app's release; it is evaluated once per release here and kept. Running it on
 * this thread keeps a remote whose render throws, loops or hangs from stalling the server: the pool bounds each render
 * and replaces a stuck worker.
 *
 * Messages in:  { id, key, code?, call: 'render' | 'renderFrame', argument }, or { forget: key }
 *   key: `<app>@<version>`; code: the build's text, sent when this worker has not evaluated `key` yet.
 * Messages out: { id, html } or { id, error } (the error's message and stack, for the server's log).
 */
import { createRequire, isBuiltin } from 'node:module';
import vm from 'node:vm';
import { parentPort } from 'node:worker_threads';

const requireBuiltin = createRequire(import.meta.url);

/**
 * The Node built-in modules a server build may load: what React's server renderer and the shared HTTP client bundled
 * with the apps' components ask for. Not `child_process`, `worker_threads`, `vm`, `module` and the like: a release
 * renders markup, it has no business starting processes or loading code of its own.
 */
const ALLOWED_BUILTINS = new Set([
  'assert',
  'async_hooks',
  'buffer',
  'crypto',
  'events',
  'fs',
  'http',
  'http2',
  'https',
  'net',
  'os',
  'path',
  'stream',
  'string_decoder',
  'tls',
  'tty',
  'url',
  'util',
  'zlib',
]);

/** Evaluated server builds by `<app>@<version>`. */
const builds = new Map();

/**
 * Evaluates the CommonJS text `code` as a module named `filename` and returns its exports. A server build bundles
 * everything but Node's built-in modules, so `require` gives those only, and of them {@link ALLOWED_BUILTINS}.
 * @param {string} code
 * @param {string} filename shown in stack traces (`mf_store@3f2a9c0d1e4b/server/first-screen.js`)
 */
export function evaluateCommonJs(code, filename) {
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename,
  });
  const module = { exports: {} };
  const require = (id) => {
    if (!isBuiltin(id) || !ALLOWED_BUILTINS.has(id.replace(/^node:/, ''))) {
      throw new Error(`${filename}: ${id} 을(를) 불러올 수 없습니다 (허용된 Node 내장 모듈만 됩니다)`);
    }
    return requireBuiltin(id);
  };
  wrapper.call(module.exports, module.exports, require, module, filename, '/');
  return module.exports;
}

parentPort?.on('message', ({ id, key, code, call, argument, forget }) => {
  if (forget !== undefined) {
    builds.delete(forget);
    return;
  }
  try {
    if (code !== undefined) builds.set(key, evaluateCommonJs(code, `${key}/server/first-screen.js`));
    const build = builds.get(key);
    if (!build) throw new Error(`${key}: 서버 빌드가 로드되지 않았습니다`);
    if (typeof build[call] !== 'function') throw new Error(`${key}: ${call} 함수가 없습니다`);
    const html = build[call](argument);
    if (typeof html !== 'string') throw new Error(`${key}: ${call} 이(가) 문자열을 돌려주지 않았습니다`);
    parentPort.postMessage({ id, html });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
