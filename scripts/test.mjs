/**
 * `npm test`: every check once, in two lanes that run side by side, so a machine's two cores both work:
 * - browser: jest's `e2e` project (the site built once, Chromium, nginx; mostly waiting on processes and the browser);
 * - checks: `npm run lint`, `npm run typecheck`, then jest's other projects (api, web, idp: every project of
 *   jest.config.js but e2e, so a new project runs without a line here), at a lower scheduling priority
 *   (CHECKS_NICENESS): the browser tests' waits are the ones a busy machine breaks;
 * then, alone, the browser test files that edit the working tree for a few seconds (a source saved in `npm run dev`,
 * a bundled file changed to see which builds go stale): marked `@edits-working-tree` in their first comment, they
 * never run beside lint, the type check or a spec that reads the files they edit.
 * Each lane's lines are printed as they come, prefixed with the lane's name. Ends with one line per lane (its result,
 * wall time and, where /proc tells, the CPU seconds of each of its steps, which say what a step costs whatever ran
 * beside it; under a failed lane, the files and tests that failed in it, so the end of a cut log names them) and
 * exits 1 when any step failed (a failed check stops its lane's later steps; the other lane runs to its end, so one
 * run shows every failure). Arguments are passed to every jest run (`npm test -- e2e/deploy`); with
 * them the lanes run one after the other.
 * In a pipe (CI) the lines are plain; jest's own per-project times follow each run (build/jest/project-times-reporter.js).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const jestBin = require.resolve('jest/bin/jest');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const extra = process.argv.slice(2);

/** The browser project, run in its own lane; every other project of jest.config.js runs in the checks lane. */
const BROWSER_PROJECT = 'e2e';
const { projects } = require(path.join(repoRoot, 'jest.config.js'));
const otherProjects = projects.map((project) => project.displayName).filter((name) => name !== BROWSER_PROJECT);

/** The marker of a browser test file that edits the working tree (in its first comment). */
const EDITS_MARKER = '@edits-working-tree';
/** Those files, relative to the repository, found by their marker. */
const editingFiles = fs
  .readdirSync(path.join(repoRoot, BROWSER_PROJECT), { recursive: true })
  .map((file) => path.join(BROWSER_PROJECT, String(file)).split(path.sep).join('/'))
  .filter((file) => file.endsWith('.e2e.ts'))
  .filter((file) => fs.readFileSync(path.join(repoRoot, file), 'utf8').includes(EDITS_MARKER))
  .sort();
/** A path as a jest regular expression that matches it alone. */
const exactly = (file) => `${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

/**
 * The scheduling priority (`nice`) of the checks lane: the browser tests wait on sites, Chromium and their timeouts,
 * so where both lanes want the cores the browser lane's processes go first and the checks take what they leave.
 */
const CHECKS_NICENESS = 10;

/**
 * Whether an output line names a failure: jest's `FAIL <project> <file>` and the `● <describe> › <test>` heading of
 * each failed test (not its `● Console` blocks), tsc's `<file>(<line>,<column>): error TS…` and prettier's
 * `[warn] <file>`. They are printed again under the lane's result line at the end, so a log cut to its last lines
 * still says what failed (eslint's report ends with its problems, so it is there already).
 */
const namesFailure = (line) =>
  /^FAIL /.test(line) ||
  /^ {2}● (?!Console$)/.test(line) ||
  /: error TS\d+:/.test(line) ||
  /^\[warn\] (?!Code style issues)/.test(line);
/** At most this many of those lines are kept per lane (a broken setup fails every test of a file). */
const MAX_FAILURE_LINES = 40;
/**
 * Whether `line` says again what `failures` holds: the same line, or jest's `FAIL <file>` of its closing summary after
 * the `FAIL <project> <file>` of the run.
 */
const alreadyNamed = (failures, line) =>
  failures.some((kept) => kept === line || (/^FAIL /.test(line) && kept.endsWith(` ${line.slice('FAIL '.length)}`)));

/** Clock ticks per second of /proc's CPU times (Linux's USER_HZ, 100 on every architecture it runs on). */
const USER_HZ = 100;
/**
 * The CPU seconds (user + system) of every process this one has waited for, from /proc/self/stat (`cutime` +
 * `cstime`); null where there is no /proc. A child's whole tree is counted when it is reaped, except processes that
 * left it (a daemon's parent exits and init reaps it); servers the tests only talk to (the machine's PostgreSQL and
 * Redis) are in no step.
 */
function reapedCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields from the third (state) on: cutime and cstime are the 16th and 17th of the line.
    return (Number(fields[13]) + Number(fields[14])) / USER_HZ;
  } catch {
    return null;
  }
}
let reapedBefore = reapedCpuSeconds();
/**
 * The CPU seconds of the child that was just reaped: what the reaped total grew by since the last child ended. Read
 * as it exits, so the two lanes' steps, which end at different moments, are told apart.
 */
function cpuOfReapedChild() {
  const now = reapedCpuSeconds();
  const seconds = now === null || reapedBefore === null ? null : now - reapedBefore;
  reapedBefore = now;
  return seconds;
}

/**
 * Runs `command args` in the repository, each output line prefixed with `[lane]`, at `niceness` (0: as this process;
 * the processes it starts inherit it), adding the lines that name a failure to `failures`; resolves with its exit code
 * (1 when it could not start, or ended on a signal) and the CPU seconds its processes used (null: not known).
 */
function run(lane, command, args, niceness = 0, failures = []) {
  return new Promise((resolve) => {
    let cpu = null;
    const child = spawn(command, args, { cwd: repoRoot, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (niceness > 0 && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, Math.max(os.getPriority(), niceness));
      } catch {
        // A platform that refuses it runs the lane as it is.
      }
    }
    const prefix = `[${lane}] `;
    const keep = (lines) => {
      for (const line of lines)
        if (namesFailure(line) && failures.length < MAX_FAILURE_LINES && !alreadyNamed(failures, line))
          failures.push(line);
    };
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        keep(lines);
        if (lines.length > 0) out.write(lines.map((line) => prefix + line).join('\n') + '\n');
      });
      stream.on('end', () => {
        keep([rest]);
        if (rest) out.write(prefix + rest + '\n');
      });
    }
    child.on('exit', () => (cpu = cpuOfReapedChild()));
    child.on('error', () => resolve({ code: 1, cpu }));
    child.on('close', (code) => resolve({ code: code ?? 1, cpu }));
  });
}

/**
 * Runs `steps` (`[command, args]`) of `lane` at `niceness` one after another, stopping at the first that fails.
 * Resolves with the lane's name, the label of the step that failed (null: none), its wall time in seconds, the CPU
 * seconds of each step that ran (`[label, seconds | null]`) and the lines that named a failure.
 */
async function lane(name, steps, niceness = 0) {
  const started = Date.now();
  const failures = [];
  const cpu = [];
  for (const [command, args, label] of steps) {
    const step = await run(name, command, args, niceness, failures);
    cpu.push([label, step.cpu]);
    if (step.code !== 0) return { name, failed: label, seconds: (Date.now() - started) / 1000, cpu, failures };
  }
  return { name, failed: null, seconds: (Date.now() - started) / 1000, cpu, failures };
}

/** `CPU 512 s: lint 40 s, jest api web idp 430 s`, or '' where the CPU times are not known. */
function cpuSummary(cpu) {
  if (cpu.some(([, seconds]) => seconds === null)) return '';
  const total = cpu.reduce((sum, [, seconds]) => sum + seconds, 0);
  const steps =
    cpu.length > 1 ? `: ${cpu.map(([label, seconds]) => `${label} ${seconds.toFixed(0)} s`).join(', ')}` : '';
  return ` (CPU ${total.toFixed(0)} s${steps})`;
}

/**
 * One jest run of `selected` projects with more `options`. Arguments given to `npm test` go first (test paths come
 * before jest's options); with them, a lane none of whose files they name passes (`--passWithNoTests`).
 */
const jest = (selected, options = [], label = `jest ${selected.join(' ')}`) => [
  process.execPath,
  [jestBin, ...extra, ...(extra.length > 0 ? ['--passWithNoTests'] : []), ...options, '--selectProjects', ...selected],
  label,
];
const checks = [
  [npm, ['run', '--silent', 'lint'], 'lint'],
  [npm, ['run', '--silent', 'typecheck'], 'typecheck'],
  jest(otherProjects),
];
/** @type {{ name: string, failed: string | null, seconds: number, cpu: [string, number | null][], failures: string[] }[]} */
const results = [];
if (extra.length > 0) {
  // Some files asked for: one lane after the other, so a file that edits the working tree never meets the checks.
  results.push(await lane('checks', checks), await lane('browser', [jest([BROWSER_PROJECT])]));
} else {
  results.push(
    ...(await Promise.all([
      lane('browser', [jest([BROWSER_PROJECT], ['--testPathIgnorePatterns', ...editingFiles.map(exactly)])]),
      lane('checks', checks, CHECKS_NICENESS),
    ])),
  );
  if (editingFiles.length > 0) {
    const only = ['--testPathPatterns', `(${editingFiles.map(exactly).join('|')})`];
    results.push(await lane('alone', [jest([BROWSER_PROJECT], only, `jest ${editingFiles.join(' ')}`)]));
  }
}
console.log('');
for (const { name, failed, seconds, cpu, failures } of results) {
  console.log(`${name}: ${failed ? `FAILED at ${failed}` : 'passed'} in ${seconds.toFixed(0)} s${cpuSummary(cpu)}`);
  if (failed) for (const line of failures) console.log(`  ${line.trim()}`);
}
process.exit(results.some((result) => result.failed) ? 1 : 0);
