/**
 * Jest projects of the monorepo (one `npm test` runs them all):
 * - api: NestJS unit specs and integration specs against a real PostgreSQL (DATABASE_URL).
 * - web: React/platform unit tests in jsdom, of platform, the shell and every remote of remotes.json.
 * - idp: the embedded OpenID Connect provider, started as a process and driven over HTTP.
 * - e2e: the composed site in Debian Chromium (playwright-core).
 */
const { remotes } = require('./remotes.json');

const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** `./file.js` → `./file`, which jest resolves to file.ts: how an ES module's TypeScript names its relative imports. */
const RELATIVE_JS_TO_TS = { '^(\\.{1,2}/.*)\\.js$': '$1' };

module.exports = {
  // The default output, then each project's wall time and slowest files (build/jest/project-times-reporter.js).
  reporters: ['default', '<rootDir>/build/jest/project-times-reporter.js'],
  // A test that hangs still fails, but not one the machine merely made wait: `npm test` runs the unit and integration
  // tests at a lower priority beside the browser tests (scripts/test.mjs), and on a busy 2-core CI machine tests of a
  // second or two ran past jest's default 5 s. How fast things are is the benchmarks' question (bench/), not this one.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/api/src'],
      testMatch: ['**/*.spec.ts'],
      // One migrated template database, copied by each integration spec (api/src/test/global-setup.ts).
      globalSetup: '<rootDir>/api/src/test/global-setup.ts',
      // jose 6 is ESM-only: Node requires it natively (require(esm)), jest's module system cannot, so swc
      // turns it into CommonJS here.
      transform: { '^.+\\.ts$': swc(false), '/node_modules/jose/.+\\.js$': swc(false) },
      // The identity server's test helpers (an ES module package) import TypeScript files by their .js name.
      moduleNameMapper: RELATIVE_JS_TO_TS,
      transformIgnorePatterns: ['/node_modules/(?!jose/)'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      // Every remote of the registry (remotes.json): a new remote's tests run without a line here.
      roots: ['platform', 'shell', ...remotes.map((remote) => remote.dir)].map((dir) => `<rootDir>/${dir}/src`),
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.tsx?$': swc(true) },
      moduleNameMapper: { '\\.css$': '<rootDir>/build/jest/style-stub.js' },
      setupFilesAfterEnv: ['<rootDir>/build/jest/setup-web.ts'],
    },
    {
      displayName: 'idp',
      testEnvironment: 'node',
      roots: ['<rootDir>/idp/src'],
      testMatch: ['**/*.spec.ts'],
      transform: { '^.+\\.ts$': swc(false) },
      moduleNameMapper: RELATIVE_JS_TO_TS,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.e2e.ts'],
      // One build of the site before the browser tests, instead of several `npm start`s building it at once.
      globalSetup: '<rootDir>/build/jest/build-site.js',
      // Stops the site the read-only browser tests share (e2e/support/shared-site.ts), if one of them started it.
      globalTeardown: '<rootDir>/build/jest/stop-shared-site.js',
      transform: { '^.+\\.ts$': swc(false) },
    },
  ],
};
