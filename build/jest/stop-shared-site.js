/**
 * globalTeardown of the e2e project: stops this run's shared site (e2e/support/shared-site.ts), if a test file
 * started it, as a person would (Ctrl-C to build/jest/shared-site-runner.js, which passes it on, drops the site's
 * database and writes the site's exit code), and removes its folder. Fails the run, with the end of the site's
 * output, unless the site exited with 0, as every test that starts its own site expects of it.
 */
const fs = require('node:fs');
const path = require('node:path');

/** How long the site may take to stop after Ctrl-C. */
const STOP_TIMEOUT_MS = 60_000;

module.exports = async function stopSharedSite() {
  const dir = process.env.LINKSITE_E2E_SHARED_SITE_DIR;
  if (!dir || !fs.existsSync(dir)) return;
  try {
    const pidFile = path.join(dir, 'runner.pid');
    if (!fs.existsSync(pidFile)) return;
    const exitFile = path.join(dir, 'exit-code');
    if (!fs.existsSync(exitFile)) {
      try {
        process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 'SIGINT');
      } catch {
        // already gone: its exit code says how
      }
      const deadline = Date.now() + STOP_TIMEOUT_MS;
      while (!fs.existsSync(exitFile) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const code = fs.existsSync(exitFile) ? fs.readFileSync(exitFile, 'utf8') : `nothing within ${STOP_TIMEOUT_MS} ms`;
    if (code !== '0') {
      const log = fs.readFileSync(path.join(dir, 'site.log'), 'utf8');
      throw new Error(
        `the shared e2e site exited with ${code} on Ctrl-C (expected 0); its output ends:\n${log.slice(-4000)}`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};
