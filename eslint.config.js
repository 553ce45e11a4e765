// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import pluginQuery from '@tanstack/eslint-plugin-query';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const features = (() => {
  try {
    return readdirSync('src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

// Imports run one way: lib, components, api, auth, config -> features -> app
// (docs/architecture.md, "Imports run one way").
// A feature never imports another feature; server and console never import each other;
// the shared contract imports neither.
const boundaryZones = [
  { target: './server', from: './src', message: 'The cloud never imports the console.' },
  { target: './src', from: './server', message: 'The console never imports the cloud.' },
  { target: './contract', from: ['./src', './server'], message: 'The contract stays neutral.' },
  {
    target: './server',
    from: './scripts',
    message:
      'The cloud never imports scripts/; what both use lives in server/ (e.g. server/cluster-harness).',
  },
  ...['lib', 'components', 'api', 'auth', 'config', 'i18n'].map((layer) => ({
    target: `./src/${layer}`,
    from: ['./src/features', './src/app'],
    message: 'Shared layers never import features or the app shell.',
  })),
  { target: './src/features', from: './src/app', message: 'Features never import the app shell.' },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature; move shared code to lib or components.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      '.data',
      'test-results',
      'playwright-report',
      'bench-results',
      'node_modules',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without .ts among its extensions import-x reads no TypeScript module's imports, and
      // no-cycle then sees no cycle at all (how access-decision.ts <-> caller.ts got in).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.app.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { maxDepth: 8 }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'contract/**/*.ts',
      'e2e/**/*.ts',
      'scripts/**/*.ts',
      '*.config.ts',
      '*.config.js',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  ...pluginQuery.configs['flat/recommended'],
  prettier,
);
