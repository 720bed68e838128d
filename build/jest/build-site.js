/**
 * globalSetup of the e2e project: builds what is stale (`node scripts/build.mjs`) once, before any browser test
 * starts a site. Without it, the first test files to run each started `npm start`, which built the same apps at the
 * same time; one site could then start an identity server or API whose `dist/` another build was rewriting, and hang.
 * Build output goes to `.data/logs/build-<app>.log`, one line per build to the terminal.
 *
 * Then it names the migrated template database in LINKSITE_TEST_TEMPLATE_DATABASE, as the api project's globalSetup
 * does (api/src/test/global-setup.ts, the same function: migrated once, kept between runs while the migrations are
 * unchanged): the sites and API processes the browser tests start get a copy of it (createMigratedTestDatabase) and
 * find every migration applied, instead of each migrating an empty database at start. The tests of a first start on
 * an empty database (first-start.e2e.ts, the embedded database) do not take one.
 *
 * It also makes the folder of this run's shared site (e2e/support/shared-site.ts: started by the first test file that
 * asks for it) and names it, and this jest process, in LINKSITE_E2E_SHARED_SITE_DIR and LINKSITE_E2E_JEST_PID, which
 * the test workers inherit; build/jest/stop-shared-site.js stops that site and removes the folder.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
// TypeScript, required while jest's transform of this project applies to what a globalSetup requires.
const { default: migrateTemplateDatabase } = require('../../api/src/test/global-setup.ts');

module.exports = async function buildSite() {
  execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'build.mjs')], { stdio: 'inherit' });
  await migrateTemplateDatabase();
  process.env.LINKSITE_E2E_SHARED_SITE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'linksite-e2e-shared-'));
  process.env.LINKSITE_E2E_JEST_PID = String(process.pid);
};
