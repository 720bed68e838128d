/**
 * Runs the e2e project's shared site (e2e/support/shared-site.ts), detached from the jest worker that first needed
 * it, so later test files, in any worker, use the same one:
 *
 *   node build/jest/shared-site-runner.js <dir> <jest pid> <database name>
 *
 * It starts `node scripts/start.mjs` with its own environment (ports, DATA_DIR, DATABASE_URL: shared-site.ts sets
 * them), the site's output going where this process's goes (`<dir>/site.log`). On SIGINT or SIGTERM (the e2e
 * globalTeardown, build/jest/stop-shared-site.js), or once the jest process is gone (a run killed half-way), it stops
 * the site with Ctrl-C as a person would, drops its database (`DROP DATABASE … WITH (FORCE)` on the test server,
 * DATABASE_ADMIN_URL) and writes the site's exit code (or the signal's name) to `<dir>/exit-code`, then exits.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');

const [dir, jestPid, databaseName] = process.argv.slice(2);
const repoRoot = path.resolve(__dirname, '..', '..');

const site = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'start.mjs')], {
  cwd: repoRoot,
  env: process.env,
  stdio: ['ignore', 'inherit', 'inherit'],
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  site.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const watch = setInterval(() => {
  try {
    process.kill(Number(jestPid), 0);
  } catch {
    stop();
  }
}, 1000);

site.once('exit', async (code, signal) => {
  clearInterval(watch);
  const client = new Client({ connectionString: process.env.DATABASE_ADMIN_URL });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  } catch (error) {
    console.error(`shared site: its database ${databaseName} was not dropped: ${error}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  fs.writeFileSync(path.join(dir, 'exit-code'), String(code ?? signal));
  process.exit(0);
});
