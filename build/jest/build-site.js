/**
 * globalSetup of the e2e project: builds what is stale (`node scripts/build.mjs`) once, before any browser test
 * starts a site. Without it, the first test files to run each started `npm start`, which built the same apps at the
 * same time; one site could then start an identity server or API whose `dist/` another build was rewriting, and hang.
 * Build output goes to `.data/logs/build-<app>.log`, one line per build to the terminal.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');

module.exports = async function buildSite() {
  execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'build.mjs')], { stdio: 'inherit' });
};
