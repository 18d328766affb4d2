import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = (() => {
  try {
    return readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/server/src/db/migrations.ts', 'apps/server/src/db/migration-*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Server layers: infrastructure (lib, db, media, auth, realtime, geo, config, and the processes it runs) serves the
    // modules and never reaches into them, the demo or the app. (Checked on the import text: the server's imports name
    // .js files that are .ts sources.)
    files: ['apps/server/src/{lib,db,media,processes,auth,realtime,geo}/**/*.ts', 'apps/server/src/config.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/demo/**', '**/app.js'],
              message:
                'Infrastructure (lib, db, media, auth, realtime, geo, config, processes) must not import modules, the demo or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module reaches another module's data through that module's service or a port it exports, never its repository;
    // file and process work goes through media/ or processes/.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:fs', 'node:fs/promises', 'fs', 'fs/promises', 'node:child_process', 'child_process'].map((name) => ({
            name,
            message: 'Modules do no file or process work themselves: it goes through media/ or processes/.',
          })),
          patterns: [
            {
              regex: '^\\.\\./[^/]+/[^/]+\\.repository(\\.js)?$',
              message: "Use the other module's service or a port it exports (<area>.port.ts), not its repository.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The server's imports name .js files that are .ts sources.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Shared code flows lib/components -> features -> app; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./${featuresDir}/${feature}`,
              from: `./${featuresDir}`,
              except: [`./${feature}`],
              message: 'Features do not import each other: move shared code to lib/ or components/.',
            })),
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'lib/ must not depend on features or app.',
            },
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'components/ must not depend on features or app.',
            },
            { target: `./${featuresDir}`, from: './apps/web/src/app', message: 'Features do not import the app layer.' },
          ],
        },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The analyzer is a client of the server like any third-party detector: it shares the contract, never the server's code.
    files: ['apps/analyzer/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '**/server/src/**', '@vigil/server'],
              message: 'The analyzer talks to the server over its API only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No fixed sleeps in e2e: wait for what the user would see.',
        },
      ],
    },
  },
);
