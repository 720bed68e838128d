/**
 * Runs the apps' server builds on a worker thread, one render at a time, each bounded in time
 * (docs/decisions/0060-page-matches-code.md: a remote whose server render throws or runs past the bound is left out of
 * the served HTML and rendered in the browser). A render that runs past the bound may be stuck for good (a loop in a
 * release), so its worker is terminated and the next render starts a new one; the builds it had evaluated are sent
 * again as they are needed.
 */
import { Worker } from 'node:worker_threads';

const WORKER_FILE = new URL('./render-worker.mjs', import.meta.url);

/** Server builds a worker keeps evaluated (each app's live release, a canary, a few just replaced). */
const EVALUATED_PER_WORKER = 12;

/** A render that did not answer within the bound. */
export class RenderTimeoutError extends Error {
  name = 'RenderTimeoutError';
}

export class RenderPool {
  /** @type {Worker | null} */
  #worker = null;
  /** Keys (`<app>@<version>`) the current worker has evaluated. */
  #evaluated = new Set();
  /** @type {{ key: string, code: string, call: string, argument: unknown, resolve: (html: string) => void, reject: (error: Error) => void }[]} */
  #queue = [];
  /** @type {{ id: number, key: string, resolve: (html: string) => void, reject: (error: Error) => void, timer: NodeJS.Timeout } | null} */
  #running = null;
  #nextId = 1;
  #timeoutMs;
  #evaluateTimeoutMs;

  /**
   * @param {{ timeoutMs?: number, evaluateTimeoutMs?: number }} [options] timeoutMs: the bound of one render, in ms
   *   (default 300); evaluateTimeoutMs: the extra time the first render of a release on a worker may take to evaluate
   *   its build (default 3000: a 2 MB file, on a loaded machine)
   */
  constructor({ timeoutMs = 300, evaluateTimeoutMs = 3000 } = {}) {
    this.#timeoutMs = timeoutMs;
    this.#evaluateTimeoutMs = evaluateTimeoutMs;
  }

  /**
   * Calls `call(argument)` of the server build `key`, whose text is `code`, on the worker.
   * @param {string} key `<app>@<version>`
   * @param {string} code the build's CommonJS text (evaluated once per worker)
   * @param {'render' | 'renderFrame'} call
   * @param {unknown} argument structured-cloneable
   * @returns {Promise<string>} the HTML
   * @throws RenderTimeoutError past the bound; Error with the build's stack when it threw
   */
  render(key, code, call, argument) {
    return new Promise((resolve, reject) => {
      this.#queue.push({ key, code, call, argument, resolve, reject });
      this.#next();
    });
  }

  /** Stops the worker; renders still waiting are refused. */
  async close() {
    for (const job of this.#queue.splice(0)) job.reject(new Error('렌더러를 종료했습니다'));
    await this.#replaceWorker(new Error('렌더러를 종료했습니다'));
  }

  #next() {
    if (this.#running || this.#queue.length === 0) return;
    const job = /** @type {NonNullable<typeof this.#queue[number]>} */ (this.#queue.shift());
    const worker = this.#ensureWorker();
    const id = this.#nextId++;
    const sendCode = !this.#evaluated.has(job.key);
    const bound = this.#timeoutMs + (sendCode ? this.#evaluateTimeoutMs : 0);
    const timer = setTimeout(() => {
      void this.#replaceWorker(new RenderTimeoutError(`${job.key}: ${bound} ms 안에 그리지 못했습니다`));
    }, bound);
    this.#running = { id, key: job.key, resolve: job.resolve, reject: job.reject, timer };
    worker.postMessage({
      id,
      key: job.key,
      code: sendCode ? job.code : undefined,
      call: job.call,
      argument: job.argument,
    });
    if (sendCode) {
      this.#evaluated.add(job.key);
      // The oldest evaluated builds are dropped from the worker (releases replaced since).
      for (const key of [...this.#evaluated].slice(0, Math.max(0, this.#evaluated.size - EVALUATED_PER_WORKER))) {
        this.#evaluated.delete(key);
        worker.postMessage({ forget: key });
      }
    }
  }

  #ensureWorker() {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER_FILE);
    // An idle worker does not keep the server's process alive.
    worker.unref();
    worker.on('message', ({ id, html, error }) => {
      const running = this.#running;
      if (!running || running.id !== id) return;
      clearTimeout(running.timer);
      this.#running = null;
      if (error !== undefined) {
        // A build that failed to evaluate is evaluated again next time (its text may be fixed by then: not here).
        this.#evaluated.delete(running.key);
        running.reject(new Error(error));
      } else running.resolve(html);
      this.#next();
    });
    worker.on('error', (error) => void this.#replaceWorker(error));
    this.#worker = worker;
    this.#evaluated = new Set();
    return worker;
  }

  /** Terminates the current worker; the render it was running is refused with `reason`. */
  async #replaceWorker(reason) {
    const worker = this.#worker;
    const running = this.#running;
    this.#worker = null;
    this.#evaluated = new Set();
    this.#running = null;
    if (running) {
      clearTimeout(running.timer);
      running.reject(reason);
    }
    if (worker) await worker.terminate();
    this.#next();
  }
}
