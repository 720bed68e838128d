// @ts-check
/**
 * Lint of the whole monorepo (ESLint 9 flat config), run by `npm run lint` ahead of the tests; any error or warning
 * fails it (`--max-warnings 0`).
 *
 * - Dependencies flow one way, platform ← remotes ← shell (STYLE.md "The shape of every app"): platform and contract
 *   import no app; a remote imports only platform and contract, never another remote or the shell; the shell never
 *   imports a remote's source (it composes them through Module Federation at run time); api, idp and e2e never
 *   import web code. The zones are derived from the folders, so a new remote is covered without editing this file.
 * - No import cycles, kebab-case file and folder names, react-hooks and jsx-a11y on the web apps.
 * - Type-aware rules where a lost promise loses data: api/ and idp/ (no-floating-promises, no-misused-promises,
 *   switch-exhaustiveness-check).
 * - Formatting is Prettier's (`npm run format:check`); eslint-config-prettier turns off the rules it owns.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
/** The contract is types only (generated from the API's OpenAPI document): a value import would put it in a bundle. */
const contractTypesOnly = {
  name: '@linksite/contract',
  message: 'Import the contract with `import type`.',
  allowTypeImports: true,
};
/**
 * The names of React Router every app provides at run time (docs/decisions/0034-visitor-loads-what-it-shows.md), read
 * from the module that provides them.
 */
const routerSurface = Object.keys(await import('./build/react-router-surface.mjs'));
/** Every remote's folder (`mf-*`), read from the disk so a new remote gets the same boundaries. */
const remotes = fs
  .readdirSync(root)
  .filter((name) => name.startsWith('mf-') && fs.statSync(path.join(root, name)).isDirectory());
const webApps = ['shell', ...remotes];
const web = ['platform', ...webApps];
const server = ['api', 'idp'];

/** `import/no-restricted-paths` zones: `target` may not import from `from`. Paths are relative to the repository. */
const zones = [
  {
    target: './platform',
    from: [...webApps, ...server, 'e2e'].map((dir) => `./${dir}`),
    message: 'platform is the shared library: it imports no app.',
  },
  {
    target: './contract',
    from: [...web, ...server, 'e2e'].map((dir) => `./${dir}`),
    message: 'contract holds generated types only: it imports no app.',
  },
  ...remotes.map((remote) => ({
    target: `./${remote}`,
    from: ['shell', ...remotes.filter((other) => other !== remote), ...server, 'e2e'].map((dir) => `./${dir}`),
    message: 'A remote imports only @linksite/platform and @linksite/contract, never another remote or the shell.',
  })),
  {
    target: './shell',
    from: [...remotes, ...server, 'e2e'].map((dir) => `./${dir}`),
    message: 'The shell loads remotes through Module Federation at run time, never their source.',
  },
  ...[...server, 'e2e'].map((dir) => ({
    target: `./${dir}`,
    from: web.map((other) => `./${other}`),
    message: `${dir} never imports web code.`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dist-dev/',
      '**/releases/',
      '**/.wireit/',
      'coverage/',
      'test-results/',
      '.data/',
      '.cache/',
      'tmp/',
      'contract/src/schema.d.ts',
      'api/src/metadata.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin, 'check-file': checkFile },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import/resolver': {
        typescript: {
          noWarnOnMultipleProjects: true,
          project: [
            'tsconfig.web.json',
            'api/tsconfig.json',
            'idp/tsconfig.json',
            'idp/tsconfig.spec.json',
            'e2e/tsconfig.json',
          ],
        },
        node: true,
      },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Installed packages are not read for their imports: import/no-cycle (ignoreExternal) never follows a cycle into
      // them, yet its strongly-connected-components step parsed every file it could reach there (React, NestJS,
      // TypeORM…) unless they are ignored (import-js/eslint-plugin-import#3255): 99 s of the 176 s `eslint .` took.
      // What it reports is unchanged (checked with a planted cycle, with and without this): a cycle of relative
      // imports is found; one through a workspace package's name was not followed before either (ignoreExternal).
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,css}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [contractTypesOnly] }],
    },
  },
  {
    // An app's bundled source imports only the names of React Router that every app shares (the router surface);
    // tests run outside webpack and may use any.
    files: web.map((dir) => `${dir}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            contractTypesOnly,
            {
              name: 'react-router-dom',
              allowImportNames: routerSurface,
              allowTypeImports: true,
              message:
                'Only the shared router surface (build/react-router-surface.mjs) is provided at run time; add the name there first.',
            },
            { name: 'react-router', message: "Import from 'react-router-dom' (the shared router surface)." },
          ],
        },
      ],
    },
  },
  {
    // Migrations are named `<timestamp>-<name>.ts` (TypeORM): kebab-case after the leading digits.
    files: ['api/src/database/migrations/*.ts'],
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.ts': '[0-9]+-+([a-z0-9])*(-+([a-z0-9]))' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: web.map((dir) => `${dir}/src/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs['recommended-latest'].rules },
  },
  {
    files: web.map((dir) => `${dir}/src/**/*.tsx`),
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['api/src/**/*.ts', 'idp/src/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // The project service types each file by its nearest tsconfig.json; the identity server's specs are typed by their
    // own (CommonJS under @swc/jest, idp/tsconfig.spec.json), which idp/tsconfig.json leaves out.
    files: ['idp/src/**/*.spec.ts', 'idp/src/test-support/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: ['idp/tsconfig.spec.json'],
        tsconfigRootDir: root,
      },
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/*.e2e.ts', 'build/jest/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
