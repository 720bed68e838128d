/**
 * `npm run bench:opening-hour` (`node bench/opening-hour.mjs`): an opening hour on this machine
 * (docs/decisions/0071-opening-hour.md "Benchmarks"), printed with its targets; never asserted, except that it exits 1
 * when a correctness rule broke (a slot oversold, a 5xx answer).
 *
 * Starts TWO real API processes (api/src compiled on the fly by swc, as the other benches; test/booking-burst.ts) and
 * the analytics ingest's own process (api/src/ingest-main.ts, as the gateway runs it behind the beacon's path) on
 * one fresh, migrated PostgreSQL database of the local server (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; the demo catalogue seeded; dropped at the end) and the machine's Redis
 * (REDIS_URL, default redis://127.0.0.1:6379, under a REDIS_KEY_PREFIX of this run) so both processes spend one rate
 * limit. Every request goes to 127.0.0.1 from a loopback source address 127.0.x.y bound on the client socket (no
 * X-Forwarded-For), alternating between the two processes as a load balancer would.
 *
 * 1. Baseline: `GET /api/store` and `GET /api/store/page` at a fixed --probe-rate (default 100 requests/s, half each,
 *    open loop) for --phase-seconds, no beacons. Only the API runs here, so the first screen's reads stand for `/`.
 * 2. The same with --hits (default 500) beacons a second (`POST /api/analytics/events`, one page view each, every one
 *    a new visitor) sent from a worker thread, twice: into the two API processes (where the ingest ran before it had
 *    a process of its own: the "before"), and into the ingest process (now). p50/p99 of both reads against 1, and the
 *    CPU per hit of the API processes and of the ingest process (CPU time from /proc/<pid>/stat, the phase's less the
 *    baseline's, over the hits sent). 1 and both of 2 alternate for --rounds (default 3, of 8 s each); the p50 and p99
 *    printed are the medians of the rounds', so that one stall of a neighbour on this shared machine moves them little.
 * 3. The opening: one slot of --seats (100) seats, party 1, tables enough, opening for bookings --opens-after (5) s
 *    after the phase starts. --visitors (2,000) arrive within --arrival-seconds (60), spread over --addresses (64)
 *    client addresses, several visitors each (a carrier's NAT), each with its own Device-Id and phone-like user agent.
 *    Every visitor reads the first screen (`GET /api/store/page`) and beacons its page view to the ingest process;
 *    every third taps a card (a click beacon). --bookers (600) of them, arriving in the first third of the window (the rush), also book: they
 *    read `GET /api/reserve`, take a place in the waiting room at once (`POST /api/reserve/queue`; early ones wait
 *    for the opening in their order), ask again as told (`pollAfterSeconds`), re-read the slot list every 10 s as the
 *    page does, fill the form for 1–3 s once admitted and book with their `Queue-Ticket`; a visitor refused because
 *    the slot is full, or who sees it full, joins the waitlist (`POST /api/reserve/waitlist`) and reads its status
 *    every 15 s as the page does. The probe of 1 keeps running. Then --cancels (10) booked visitors cancel; the
 *    freed seats go to the waitlist as offers, which their visitors accept.
 *
 * Prints one table: p50/p99 of the reads without and with ingest (and during the opening), hits stored vs sent (rows
 * of analytics_events, and analytics_ingest_days' sampled/dropped), bookings (201s, PostgreSQL's count), the offers
 * taken, 5xx and 429 answers (429s of visitors who kept within their own per-device and per-phone budgets counted
 * apart), the waiting room's order (the `ahead` each visitor first saw before the opening against its arrival, and
 * admissions against arrival, from booking_queue), and the ingest's CPU per hit, each against its target.
 *
 *   node bench/opening-hour.mjs [--quick] [--time-scale 1] [--visitors 2000] [--bookers 600] [--seats 100]
 *     [--cancels 10] [--addresses 64] [--arrival-seconds 60] [--phase-seconds 8] [--rounds 3] [--hits 500]
 *     [--probe-rate 100] [--no-redis] [--load]
 *
 * --load: the whole run beside one busy loop per core (bench/lib/cpu-load.mjs), as on a loaded machine.
 * --quick: 600 visitors (300 bookers, 50 seats, 5 cancellations) within 20 s, one round of 5 s phases. --no-redis:
 * without REDIS_URL (each process counts its own rate limits; to see what the shared counters cost per hit). --time-scale k divides
 * every wait of the visitors (arrival window, polls, form filling, page refreshes) by k: faster, but a visitor then
 * asks more often than the page would, and may go past its own budget (such 429s are counted as past the budget).
 * The load generator shares the machine's two cores with the API and PostgreSQL: latencies are a floor.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { startCpuLoad } from './lib/cpu-load.mjs';
import { openLoop } from './lib/open-loop.mjs';

const require = createRequire(import.meta.url);

const QUICK = process.argv.includes('--quick');
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const VISITORS = option('visitors', QUICK ? 600 : 2000);
const BOOKERS = option('bookers', QUICK ? 300 : 600);
const SEATS = option('seats', QUICK ? 50 : 100);
const CANCELS = option('cancels', QUICK ? 5 : 10);
const ADDRESSES = option('addresses', 64);
const TIME_SCALE = option('time-scale', 1);
const ARRIVAL_SECONDS = option('arrival-seconds', QUICK ? 20 : 60) / TIME_SCALE;
const OPENS_AFTER_SECONDS = option('opens-after', 5) / TIME_SCALE;
const PHASE_SECONDS = option('phase-seconds', QUICK ? 5 : 8);
const ROUNDS = option('rounds', QUICK ? 1 : 3);
const REDIS = !process.argv.includes('--no-redis');
/** --load: a busy loop per core for the whole run (bench/lib/cpu-load.mjs), as on a loaded machine. */
const LOAD = process.argv.includes('--load');
const HITS_PER_SECOND = option('hits', 500);
const PROBE_RATE = option('probe-rate', 100);
/** The page's own intervals (mf-popups: RESERVE_REFRESH_MS, WAITLIST_REFRESH_MS, QUEUE_RETRY_MS), scaled. */
const RESERVE_REFRESH_MS = 10_000 / TIME_SCALE;
const WAITLIST_REFRESH_MS = 15_000 / TIME_SCALE;
const RETRY_MS = 5_000 / TIME_SCALE;

/** The API's defaults this bench keeps (api/src/config/app-config.ts), for telling a visitor's own 429 from a fault. */
const LIMITS = { bookingPerDevice: 30, bookingPerPhone: 10, bookingPerAddress: 600, read: 600, ingest: 240 };
const WINDOW_MS = 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};
const UA_DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** A phone's user agent, different per visitor (model and build), as phones behind one NAT differ. */
const phoneAgent = (n) =>
  `Mozilla/5.0 (Linux; Android 14; SM-S9${String(n % 100).padStart(2, '0')}N Build/UP1A.${231005 + n}.007) ` +
  'AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * One keep-alive agent for every client address: Node pools its sockets per local address, so each 127.0.x.y keeps
 * its own connections.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 24 });

/**
 * One request to `base` + `route` from the loopback source address `address`: `{ status, ms, body, headers, sentAt,
 * doneAt }`; status 0 when no answer came within 60 s. `json` is sent as JSON, `text` as sendBeacon's text/plain.
 */
function call(base, method, route, { address, headers = {}, json, text } = {}) {
  const body = json !== undefined ? JSON.stringify(json) : text;
  const all = { ...headers };
  if (json !== undefined) all['content-type'] = 'application/json';
  if (text !== undefined) all['content-type'] = 'text/plain;charset=UTF-8';
  if (body !== undefined) all['content-length'] = Buffer.byteLength(body);
  return new Promise((resolve) => {
    const sentAt = performance.now();
    const done = (status, raw = '', answerHeaders = {}) => {
      let parsed = null;
      try {
        parsed = raw ? JSON.parse(raw) : null;
      } catch {
        parsed = null;
      }
      const doneAt = performance.now();
      resolve({ status, ms: doneAt - sentAt, body: parsed, headers: answerHeaders, sentAt, doneAt });
    };
    const request = http.request(`${base}${route}`, { method, agent, headers: all, localAddress: address }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), res.headers));
      res.on('error', () => done(0));
    });
    request.setTimeout(60_000, () => request.destroy());
    request.on('error', () => done(0));
    request.end(body);
  });
}

/** A beacon of one page view (or a click on `linkId`) as sendBeacon sends it. */
const beacon = (base, address, userAgent, event) =>
  call(base, 'POST', '/api/analytics/events', {
    address,
    headers: { 'user-agent': userAgent },
    text: JSON.stringify({ events: [event] }),
  });

/**
 * The background ingest load runs in a worker thread, so its work never delays the timing of the measured reads (it
 * still takes its share of the two cores, as any neighbour would). Every hit is a new visitor: an address of
 * 127.0.28.1–250 and a user agent of its own.
 */
if (!isMainThread) {
  const { bases, rate } = workerData;
  const load = openLoop(rate, (n) =>
    beacon(bases[n % bases.length], `127.0.28.${1 + (n % 250)}`, `${UA_DESKTOP} bench/${n}`, {
      type: 'pageview',
      path: '/load',
    }),
  );
  parentPort.once('message', async () => {
    const { results, seconds } = await load.stop();
    agent.destroy();
    const statuses = {};
    for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    parentPort.postMessage({ sent: results.length, ok: statuses[204] ?? 0, statuses, seconds });
  });
} else {
  await main();
}

/** CPU seconds (user + system) process `pid` used so far, from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

async function main() {
  require('../build/register-swc.js');
  const { startApiProcesses, createBurstSlot } = require('../api/src/test/booking-burst.ts');
  const { startApiProcess } = require('../api/src/test/api-process.ts');
  const { stablePortBlock } = require('../api/src/test/stable-ports.ts');
  const { Client } = require('pg');

  const run = randomBytes(4).toString('hex');
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  if (!REDIS) delete process.env.REDIS_URL;
  const started = performance.now();
  /** Seconds from the start at each step, printed at the end. */
  const marks = [];
  const mark = (what) => marks.push(`${what} ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const api = await startApiProcesses([0, 0], {
    SEED_ON_EMPTY: 'true',
    ...(REDIS ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `linksite-bench-opening-${run}:` } : {}),
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
  });
  const bases = api.urls.map((url) => url.replace(/\/api$/, ''));
  const pids = api.pids;
  // The ingest as the gateway runs it: a process of its own behind the beacon's path (api/src/ingest-main.ts), on the
  // same database and Redis, migrated by the API processes above.
  const ingestPort = await stablePortBlock(1);
  const ingest = await startApiProcess(
    ingestPort,
    {
      DATABASE_URL: api.databaseUrl,
      OIDC_ISSUER: 'http://127.0.0.1:9/realms/unused',
      ...(REDIS ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `linksite-bench-opening-${run}:` } : {}),
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    },
    'ingest',
  );
  const ingestBase = `http://127.0.0.1:${ingestPort}`;
  const db = new Client({ connectionString: api.databaseUrl });
  await db.connect();
  const cpuNow = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const ingestCpuNow = () => cpuSeconds(ingest.pid);
  let turn = 0;
  /** The next API process, round robin, as a load balancer spreads requests. */
  const nextBase = () => bases[turn++ % bases.length];

  /** Every answer to anyone, for the 5xx count. */
  const answers = [];
  const record = (who, route, answer) => {
    answers.push({ who, route, status: answer.status });
    return answer;
  };

  let correctnessBroken = false;
  const busyLoops = LOAD ? startCpuLoad() : [];
  try {
    console.log(
      `opening-hour${LOAD ? ` (--load: ${busyLoops.length} busy loops)` : ''}: 2 API processes (from sources, swc) on ${api.databaseUrl.replace(/^.*\//, '')}, ` +
        `${REDIS ? `Redis ${redisUrl}` : 'no Redis (rate limits per process)'}; started in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `load average ${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')} on ${os.cpus().length} cores`,
    );
    const store = await (await fetch(`${bases[0]}/api/store`)).json();
    const linkIds = store.product.map((link) => link.id);
    if (linkIds.length === 0) throw new Error('the seeded store has no links to tap');

    // The probe: the first screen's reads at a fixed rate, over both processes, from 40 addresses of its own.
    let phase = 'warm-up';
    let round = 0;
    const probe = () =>
      openLoop(PROBE_RATE, (n) => {
        const route = n % 2 ? '/api/store/page' : '/api/store';
        const at = phase;
        const inRound = round;
        return call(bases[n % bases.length], 'GET', route, {
          address: `127.0.27.${1 + (n % 40)}`,
          headers: { 'user-agent': UA_DESKTOP },
        }).then((answer) => ({ ...record('probe', route, answer), route, phase: at, round: inRound }));
      });
    const reads = [];

    // Warm-up: JIT, pools, the day's salt, every process.
    let warm = probe();
    const warmTargets = [...bases, ingestBase];
    await Promise.all(
      Array.from({ length: 300 }, (_, n) =>
        beacon(warmTargets[n % warmTargets.length], `127.0.29.${1 + (n % 50)}`, `${UA_DESKTOP} warm/${n}`, {
          type: 'pageview',
          path: '/warm',
        }),
      ),
    );
    await sleep(2000);
    await warm.stop();

    // 1. Baseline, then 2. the ingest load in the API processes (as before the ingest had a process of its own), then
    // into the ingest process (as the gateway routes it now), in alternating rounds: a neighbour's stall on this
    // shared machine then falls into any side rather than all into one.
    const load = { sent: 0, ok: 0, seconds: 0 };
    /** Per placement of the ingest: the API processes' and the ingest process's CPU beyond the baseline, the hits. */
    const placements = {
      'ingest-in-api': { targets: bases, apiCpu: 0, ingestCpu: 0, hits: 0 },
      'ingest-process': { targets: [ingestBase], apiCpu: 0, ingestCpu: 0, hits: 0 },
    };
    const measure = async (at, rate, targets) => {
      phase = at;
      const worker = rate > 0 ? new Worker(new URL(import.meta.url), { workerData: { bases: targets, rate } }) : null;
      if (worker) await sleep(500);
      const before = { api: cpuNow(), ingest: ingestCpuNow(), clock: performance.now() };
      const loop = probe();
      await sleep(PHASE_SECONDS * 1000);
      reads.push(...(await loop.stop()).results);
      const seconds = (performance.now() - before.clock) / 1000;
      const spent = { api: cpuNow() - before.api, ingest: ingestCpuNow() - before.ingest, seconds, hits: 0 };
      if (!worker) return spent;
      worker.postMessage('stop');
      const hits = await new Promise((resolve) => worker.once('message', resolve));
      await worker.terminate();
      for (const [status, n] of Object.entries(hits.statuses))
        for (let i = 0; i < n; i += 1) answers.push({ who: 'load', route: 'ingest', status: Number(status) });
      load.sent += hits.sent;
      load.ok += hits.ok;
      load.seconds += hits.seconds;
      // The hits that fell inside the measured window, at the rate the worker kept.
      spent.hits = (hits.sent / hits.seconds) * seconds;
      return spent;
    };
    for (round = 0; round < ROUNDS; round += 1) {
      const baseline = await measure('baseline', 0, []);
      for (const [at, placement] of Object.entries(placements)) {
        const spent = await measure(at, HITS_PER_SECOND, placement.targets);
        // The CPU beyond the baseline's, scaled to the window's length.
        const scale = spent.seconds / baseline.seconds;
        placement.apiCpu += spent.api - baseline.api * scale;
        placement.ingestCpu += spent.ingest - baseline.ingest * scale;
        placement.hits += spent.hits;
      }
    }
    /** Milliseconds of CPU per hit of `which` processes under `placement`. */
    const perHitMs = (placement, which) => (placements[placement][`${which}Cpu`] / placements[placement].hits) * 1000;
    let loop;

    // 3. The opening.
    const bearer = await api.bearer();
    const T0 = Date.now() + 1500;
    const opensAt = new Date(T0 + OPENS_AFTER_SECONDS * 1000);
    const slotId = await createBurstSlot(api.urls[0], bearer, {
      count: SEATS,
      table: SEATS + BOOKERS,
      bookingOpensAt: opensAt.toISOString(),
    });
    mark('API ready, reads measured');
    const opening = performance.now() + (T0 - Date.now());
    const opensAtPerf = opening + OPENS_AFTER_SECONDS * 1000;
    await sleep(T0 - Date.now());
    phase = 'opening';
    loop = probe();

    // Per-key request times, to tell a visitor's own 429 (past its device's or phone's budget) from a fault.
    const sends = new Map();
    const sentOn = (key, at) => {
      const list = sends.get(key) ?? [];
      list.push(at);
      sends.set(key, list);
      return list.filter((t) => t > at - WINDOW_MS).length;
    };
    const bookingRoutes = new Set([
      'queue-join',
      'queue-poll',
      'book',
      'waitlist-join',
      'waitlist-get',
      'accept',
      'cancel',
    ]);
    const phoneRoutes = new Set(['book', 'waitlist-join']);
    const tooMany = { own: 0, beyond: 0, address: 0, routes: {} };

    const visitors = Array.from({ length: VISITORS }, (_, i) => {
      const booker =
        i % Math.round(VISITORS / BOOKERS) === 0 && Math.floor(i / Math.round(VISITORS / BOOKERS)) < BOOKERS;
      return {
        i,
        booker,
        address: `127.0.26.${1 + (i % ADDRESSES)}`,
        deviceId: `ohb-${run}-${String(i).padStart(6, '0')}`,
        userAgent: phoneAgent(i),
        phone: `0105${String(4_000_000 + i).padStart(7, '0')}`,
        pastOwnBudget: false,
        tickets: [],
        outcome: booker ? 'pending' : 'visit',
      };
    });
    // The rush: bookers arrive within the first third of the window, the others over all of it.
    for (const v of visitors) {
      const span = v.booker ? ARRIVAL_SECONDS / 3 : ARRIVAL_SECONDS;
      v.arrivesAt = opening + Math.random() * span * 1000;
    }

    /** One request of visitor `v` on `route` (its key for the budgets), with its Device-Id. */
    const ask = async (v, route, method, path, options = {}) => {
      const at = performance.now();
      let own = false;
      if (bookingRoutes.has(route)) {
        own = sentOn(`${route}|device|${v.deviceId}`, at) > LIMITS.bookingPerDevice;
        if (phoneRoutes.has(route)) own ||= sentOn(`${route}|phone|${v.phone}`, at) > LIMITS.bookingPerPhone;
        if (sentOn(`${route}|address|${v.address}`, at) > LIMITS.bookingPerAddress) tooMany.address += 1;
      }
      if (own) v.pastOwnBudget = true;
      const answer = record(
        v.i,
        route,
        // The beacon's path goes to the ingest process, as the gateway routes it; the rest round robin.
        await call(route === 'ingest' ? ingestBase : nextBase(), method, path, {
          address: v.address,
          ...options,
          headers: { 'user-agent': v.userAgent, 'device-id': v.deviceId, ...options.headers },
        }),
      );
      if (answer.status === 429) {
        if (v.pastOwnBudget) tooMany.beyond += 1;
        else tooMany.own += 1;
        tooMany.routes[route] = (tooMany.routes[route] ?? 0) + 1;
      }
      return answer;
    };
    const slotState = async (v) => {
      const answer = await ask(v, 'reserve', 'GET', '/api/reserve');
      return answer.body?.product?.slots?.find((slot) => slot.id === slotId)?.status ?? `answer ${answer.status}`;
    };
    const sent = { pageview: 0, click: 0, ok: 0 };
    const views = [];
    const booked = [];
    const waitlisted = [];
    const joins = [];
    const surprises = [];
    let settling = true;

    const waitlist = async (v) => {
      const key = `wl-${run}-${v.i}-${randomBytes(4).toString('hex')}`;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await ask(v, 'waitlist-join', 'POST', '/api/reserve/waitlist', {
          headers: { 'idempotency-key': key },
          json: { slotId, name: `대기자${v.i}`, phone: v.phone, partySize: 1, consent: true },
        });
        if (answer.status === 201 || answer.status === 200) {
          v.outcome = 'waitlisted';
          v.entry = answer.body.product.code;
          waitlisted.push(v);
          return;
        }
        if (answer.status === 429) await sleep(RETRY_MS);
        else {
          surprises.push(`waitlist ${answer.status} ${answer.body?.message ?? ''}`);
          v.outcome = `waitlist refused ${answer.status}`;
          return;
        }
      }
      v.outcome = 'waitlist refused 429';
    };

    /** The booking page's waiting room and form, until booked or on the waitlist (or the run ends). */
    const book = async (v) => {
      let state = await slotState(v);
      if (state === 'full') return waitlist(v);
      let lastRefresh = performance.now();
      for (let rejoins = 0; rejoins < 5 && settling; rejoins += 1) {
        const join = await ask(v, 'queue-join', 'POST', '/api/reserve/queue', { json: { slotId } });
        if (join.status !== 201) {
          surprises.push(`queue join ${join.status} ${join.body?.message ?? ''}`);
          if (join.status === 429) {
            await sleep(RETRY_MS);
            continue;
          }
          v.outcome = `join refused ${join.status}`;
          return;
        }
        let place = join.body.product;
        const ticket = { ticket: place.ticket, sentAt: join.sentAt, doneAt: join.doneAt, first: place, visitor: v.i };
        joins.push(ticket);
        v.tickets.push(ticket);
        while (settling && place.status === 'waiting') {
          await sleep(((place.pollAfterSeconds ?? 5) * 1000) / TIME_SCALE);
          if (performance.now() - lastRefresh >= RESERVE_REFRESH_MS) {
            lastRefresh = performance.now();
            state = await slotState(v);
            if (state === 'full') return waitlist(v);
          }
          const poll = await ask(v, 'queue-poll', 'GET', `/api/reserve/queue/${place.ticket}`);
          if (poll.status === 200) place = poll.body.product;
          else if (poll.status === 404) break;
          else await sleep(RETRY_MS);
        }
        if (!settling) break;
        if (place.status !== 'admitted') continue;
        ticket.admittedSeenAt = performance.now();
        await sleep((1000 + Math.random() * 2000) / TIME_SCALE);
        const key = `bk-${run}-${v.i}-${rejoins}`;
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const answer = await ask(v, 'book', 'POST', '/api/reserve/bookings', {
            headers: { 'idempotency-key': key, 'queue-ticket': place.ticket },
            json: { slotId, name: `방문자${v.i}`, phone: v.phone, partySize: 1, consent: true },
          });
          if (answer.status === 201 || answer.status === 200) {
            v.outcome = 'booked';
            v.code = answer.body.product.code;
            booked.push(v);
            return;
          }
          if (answer.status === 429) {
            await sleep(RETRY_MS);
            continue;
          }
          if (answer.status === 409 && answer.body?.errors?.[0]?.field === 'Queue-Ticket') {
            surprises.push(`booking refused for its ticket: ${answer.body.message}`);
            break;
          }
          if (answer.status === 409 && (await slotState(v)) === 'full') return waitlist(v);
          surprises.push(`booking ${answer.status} ${answer.body?.message ?? ''}`);
          v.outcome = `booking refused ${answer.status}`;
          return;
        }
      }
      if (v.outcome === 'pending') v.outcome = 'gave up';
    };

    /** The waitlist page: asks every 15 s, takes an offer at once. */
    let offersTaken = 0;
    let following = true;
    let stopFollowing;
    const followingStopped = new Promise((resolve) => (stopFollowing = resolve));
    const followers = [];
    const followWaitlist = async (v) => {
      while (following) {
        await Promise.race([sleep(WAITLIST_REFRESH_MS * (0.8 + Math.random() * 0.4)), followingStopped]);
        if (!following) return;
        const phone4 = v.phone.slice(-4);
        const answer = await ask(v, 'waitlist-get', 'GET', `/api/reserve/waitlist/${v.entry}?phone4=${phone4}`);
        const status = answer.body?.product?.status;
        if (status === 'offered') {
          const taken = await ask(v, 'accept', 'POST', `/api/reserve/waitlist/${v.entry}/accept`, { json: { phone4 } });
          if (taken.status === 201) {
            offersTaken += 1;
            v.outcome = 'booked from the waitlist';
          } else surprises.push(`accept ${taken.status} ${taken.body?.message ?? ''}`);
          return;
        }
        if (answer.status === 200 && status !== 'waiting') return;
      }
    };

    const visit = async (v) => {
      await sleep(v.arrivesAt - performance.now());
      const page = await ask(v, 'store-page', 'GET', '/api/store/page');
      views.push({ ms: page.ms, route: '/api/store/page' });
      const hit = await ask(v, 'ingest', 'POST', '/api/analytics/events', {
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        text: JSON.stringify({ events: [{ type: 'pageview', path: '/' }] }),
      });
      sent.pageview += 1;
      if (hit.status === 204) sent.ok += 1;
      if (v.i % 3 === 2) {
        await sleep((500 + Math.random() * 1500) / TIME_SCALE);
        const tap = await ask(v, 'ingest', 'POST', '/api/analytics/events', {
          text: JSON.stringify({ events: [{ type: 'click', path: '/', linkId: linkIds[v.i % linkIds.length] }] }),
        });
        sent.click += 1;
        if (tap.status === 204) sent.ok += 1;
      }
      if (v.booker) {
        await book(v);
        if (v.outcome === 'waitlisted') followers.push(followWaitlist(v));
      }
    };
    const settled = Promise.all(visitors.map(visit));
    let deadlineTimer;
    const deadline = new Promise((resolve) => {
      deadlineTimer = setTimeout(() => resolve('deadline'), (ARRIVAL_SECONDS + 90 / TIME_SCALE) * 1000);
    });
    const settledIn = await Promise.race([settled.then(() => 'settled'), deadline]);
    clearTimeout(deadlineTimer);
    settling = false;
    await settled;
    const openingSettledSeconds = (performance.now() - opening) / 1000;
    mark('visitors settled');
    const bookedFirst = booked.length;

    // Cancellations free seats; the waitlist's visitors see the offers on their next look and take them.
    const cancelled = [];
    for (const v of booked.slice(0, CANCELS)) {
      const answer = await ask(v, 'cancel', 'POST', `/api/reserve/bookings/${v.code}/cancel`, {
        json: { phone4: v.phone.slice(-4) },
      });
      if (answer.status === 200) cancelled.push(v);
      else surprises.push(`cancel ${answer.status} ${answer.body?.message ?? ''}`);
    }
    const offerDeadline = performance.now() + (WAITLIST_REFRESH_MS * 2 + 10_000);
    while (offersTaken < cancelled.length && performance.now() < offerDeadline) await sleep(200);
    following = false;
    stopFollowing();
    await Promise.all(followers);
    mark('offers taken');
    reads.push(...(await loop.stop()).results);
    await sleep(1500); // the ingest's buffer is written every second

    // What PostgreSQL holds.
    const { rows: stored } = await db.query(
      `SELECT kind, path, count(*)::int AS n FROM analytics_events GROUP BY kind, path ORDER BY kind, path`,
    );
    const { rows: days } = await db.query(
      `SELECT coalesce(sum(stored), 0)::int AS stored, coalesce(sum(sampled), 0)::int AS sampled,
              coalesce(sum(dropped), 0)::int AS dropped FROM analytics_ingest_days`,
    );
    const storedOf = (kind, path) => stored.find((r) => r.kind === kind && r.path === path)?.n ?? 0;
    const {
      rows: [slot],
    } = await db.query(
      `SELECT head_count, booked_people,
              (SELECT count(*)::int FROM bookings WHERE slot_id = $1 AND status = 'booked') AS active,
              (SELECT count(*)::int FROM bookings WHERE slot_id = $1 AND status = 'cancelled') AS cancelled,
              (SELECT count(*)::int FROM booking_waitlist WHERE slot_id = $1 AND status = 'booked') AS offers_booked,
              (SELECT count(*)::int FROM booking_waitlist WHERE slot_id = $1) AS waitlist
         FROM popup_slots WHERE id = $1`,
      [slotId],
    );
    const { rows: queue } = await db.query(
      `SELECT id::int AS id, encode(ticket_hash, 'hex') AS hash, admitted_at FROM booking_queue WHERE slot_id = $1`,
      [slotId],
    );
    const byHash = new Map(queue.map((row) => [row.hash, row]));
    for (const join of joins) {
      const row = byHash.get(createHash('sha256').update(join.ticket).digest('hex'));
      join.id = row?.id;
      join.admittedAt = row?.admitted_at?.getTime() ?? null;
    }

    // The waiting room's order. (a) Before the opening nobody is admitted, so a visitor whose place was given after
    // another's was answered sees more ahead than that one did. (b) Admission follows arrival: of two tickets, the
    // one made after the other was answered is never admitted before it.
    const early = joins.filter((j) => j.doneAt < opensAtPerf - 200 && j.first.status === 'waiting');
    let aheadPairs = 0;
    let aheadInversions = 0;
    for (const a of early)
      for (const b of early)
        if (a.doneAt < b.sentAt) {
          aheadPairs += 1;
          if (!(b.first.ahead > a.first.ahead)) aheadInversions += 1;
        }
    // A later place admitted while an earlier one still waited is unfair. An earlier place admitted in a later round
    // but stamped earlier is not: each round stamps admitted_at with the instant its request came, before it waited
    // for the slot's admission lock; those are counted apart with the largest gap.
    let admitPairs = 0;
    let admitInversions = 0;
    let stampInversions = 0;
    let stampGapMs = 0;
    for (const a of joins)
      for (const b of joins)
        if (a.doneAt < b.sentAt && b.admittedAt !== null) {
          admitPairs += 1;
          if (a.admittedAt === null) admitInversions += 1;
          else if (a.admittedAt > b.admittedAt) {
            stampInversions += 1;
            stampGapMs = Math.max(stampGapMs, a.admittedAt - b.admittedAt);
          }
        }
    const idInversions = joins.filter((a) => joins.some((b) => a.doneAt < b.sentAt && !(a.id < b.id))).length;

    // The table.
    const fivexx = answers.filter((a) => a.status >= 500);
    const of = (at, route, inRound) =>
      reads
        .filter((r) => r.phase === at && r.route === route && r.status === 200)
        .filter((r) => inRound === undefined || r.round === inRound)
        .map((r) => r.ms);
    /** The median over the rounds of the `q` quantile of each round's reads (one round's stall moves it little). */
    const byRounds = (at, route, q) =>
      quantile(
        Array.from({ length: ROUNDS }, (_, r) => quantile(of(at, route, r), q)),
        0.5,
      );
    const row = (label, value, target = '', verdict = '') => ({ label, value, target, verdict });
    const pass = (ok) => (ok ? 'PASS' : 'FAIL');
    const fmt = (x) => `${x.toFixed(1)} ms`;
    const rows = [];
    const medians = ROUNDS > 1 ? `, medians of ${ROUNDS} rounds` : '';
    for (const route of ['/api/store', '/api/store/page']) {
      const quantiles = (at) => ({ p50: byRounds(at, route, 0.5), p99: byRounds(at, route, 0.99) });
      const base = quantiles('baseline');
      const during = of('opening', route);
      rows.push(
        row(
          `${route} p50 / p99, no beacons (${of('baseline', route).length}${medians})`,
          `${fmt(base.p50)} / ${fmt(base.p99)}`,
        ),
      );
      for (const [at, where] of [
        ['ingest-in-api', 'into the 2 API processes (before)'],
        ['ingest-process', 'into the ingest process (now)'],
      ]) {
        const loaded = quantiles(at);
        const ratio = loaded.p99 / base.p99 - 1;
        const judged = route === '/api/store' && at === 'ingest-process';
        rows.push(
          row(
            `${route} p50 / p99, ${HITS_PER_SECOND} hits/s ${where} (${of(at, route).length}${medians})`,
            `${fmt(loaded.p50)} / ${fmt(loaded.p99)} (p99 ${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)} %)`,
            judged ? 'p99 < +10 %' : '',
            judged ? pass(ratio < 0.1) : '',
          ),
        );
      }
      rows.push(
        row(
          `${route} p50 / p99, during the opening (${during.length})`,
          `${fmt(quantile(during, 0.5))} / ${fmt(quantile(during, 0.99))}`,
        ),
      );
    }
    const visitorViews = views.map((v) => v.ms);
    rows.push(
      row(
        `visitors' first screen (/api/store/page) p50 / p99 (${visitorViews.length})`,
        `${fmt(quantile(visitorViews, 0.5))} / ${fmt(quantile(visitorViews, 0.99))}`,
      ),
      row(
        'API CPU per hit, ingest in the 2 API processes (before)',
        `${perHitMs('ingest-in-api', 'api').toFixed(3)} ms`,
      ),
      row(
        'API CPU per hit, ingest in its own process (now)',
        `${perHitMs('ingest-process', 'api').toFixed(3)} ms (${load.sent} hits at ${(load.sent / load.seconds).toFixed(0)}/s, ${load.ok} × 204)`,
        '≤ 0.3 ms',
        pass(perHitMs('ingest-process', 'api') <= 0.3),
      ),
      row("the ingest process's own CPU per hit", `${perHitMs('ingest-process', 'ingest').toFixed(3)} ms`),
      row(
        `ingest load: stored / answered 204 (path /load)`,
        `${storedOf('pageview', '/load')} / ${load.ok}`,
        'all',
        pass(storedOf('pageview', '/load') === load.ok),
      ),
      row(
        'opening: page views stored / sent',
        `${storedOf('pageview', '/')} / ${sent.pageview}`,
        'all',
        pass(storedOf('pageview', '/') === sent.pageview),
      ),
      row(
        'opening: card taps stored / sent',
        `${storedOf('click', '/')} / ${sent.click}`,
        'all',
        pass(storedOf('click', '/') === sent.click),
      ),
      row(
        'analytics_ingest_days stored / sampled / dropped',
        `${days[0].stored} / ${days[0].sampled} / ${days[0].dropped}`,
      ),
      row(
        `booked at the opening (201 answers; PostgreSQL)`,
        `${bookedFirst} (${slot.active + slot.cancelled - slot.offers_booked} rows)`,
        `exactly ${SEATS}`,
        pass(bookedFirst === SEATS && slot.active + slot.cancelled - slot.offers_booked === SEATS),
      ),
      row(
        `cancelled, then offers taken from the waitlist (${slot.waitlist} on it)`,
        `${cancelled.length}, ${offersTaken} (${slot.offers_booked} booked from it)`,
        `${CANCELS}, ${CANCELS}`,
        pass(cancelled.length === CANCELS && offersTaken === CANCELS && slot.offers_booked === CANCELS),
      ),
      row(
        'active bookings at the end / seats; booked_people',
        `${slot.active} / ${slot.head_count}; ${slot.booked_people}`,
        `${SEATS}, never more`,
        pass(slot.active === SEATS && slot.booked_people === SEATS),
      ),
      row('5xx answers', `${fivexx.length} of ${answers.length}`, '0', pass(fivexx.length === 0)),
      row(
        '429 to visitors within their own budgets',
        `${tooMany.own}${Object.keys(tooMany.routes).length ? ` (all 429 by route: ${JSON.stringify(tooMany.routes)})` : ''}`,
        '0',
        pass(tooMany.own === 0),
      ),
      row(
        '429 to visitors past their own budgets; sends past an address ceiling',
        `${tooMany.beyond}; ${tooMany.address}`,
      ),
      row(
        `first 'ahead' vs arrival, ${early.length} places taken before the opening`,
        `${aheadInversions} inversions of ${aheadPairs} ordered pairs`,
        '0',
        pass(aheadInversions === 0),
      ),
      row(
        `admission vs arrival, ${joins.length} places (${joins.filter((j) => j.admittedAt !== null).length} admitted)`,
        `${admitInversions} passed over of ${admitPairs} ordered pairs; ${idInversions} places out of arrival order; ` +
          `${stampInversions} stamped before an earlier place (at most ${stampGapMs} ms)`,
        '0',
        pass(admitInversions === 0 && idInversions === 0),
      ),
    );
    const outcomes = {};
    for (const v of visitors) if (v.booker) outcomes[v.outcome] = (outcomes[v.outcome] ?? 0) + 1;

    console.log(
      `\n${VISITORS} visitors (${BOOKERS} booking) from ${ADDRESSES} addresses within ${ARRIVAL_SECONDS.toFixed(0)} s, ` +
        `slot of ${SEATS} seats opening ${OPENS_AFTER_SECONDS.toFixed(0)} s in; visitors ${settledIn} after ` +
        `${openingSettledSeconds.toFixed(0)} s; booker outcomes ${JSON.stringify(outcomes)}; reads measured: /api/store ` +
        `and /api/store/page stand for / (only the API runs); ${ROUNDS} × 3 phases of ${PHASE_SECONDS} s at ${PROBE_RATE} reads/s\n`,
    );
    const widths = ['label', 'value', 'target', 'verdict'].map((key) =>
      Math.max(key.length, ...rows.map((r) => String(r[key]).length)),
    );
    const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
    console.log(line(['measure', 'value', 'target', '']));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const r of rows) console.log(line([r.label, r.value, r.target, r.verdict]));
    const kinds = [...new Set(surprises)].slice(0, 8);
    if (kinds.length) console.log(`\nother refusals (${surprises.length}): ${kinds.join(' | ')}`);
    if (fivexx.length) console.log(`5xx: ${JSON.stringify(fivexx.slice(0, 5))}`);

    correctnessBroken =
      fivexx.length > 0 || bookedFirst > SEATS || slot.active > slot.head_count || slot.booked_people > slot.head_count;
    console.log(
      correctnessBroken
        ? '\nBROKEN: a slot oversold or a 5xx answer (exit 1).'
        : '\ncorrectness held (no overselling, no 5xx); speed targets are reported, not asserted.',
    );
  } finally {
    for (const child of busyLoops) child.kill();
    agent.destroy();
    await db.end();
    await ingest.terminate();
    await api.close();
    mark('stopped');
    console.log(`timeline: ${marks.join(', ')}`);
  }
  if (correctnessBroken) process.exitCode = 1;
}
