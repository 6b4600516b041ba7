// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * A package is used through its entries (package.json `exports`: `@app/analysis`,
 * `@app/analysis/eval`, `@app/contracts`), never by a path into its src/ from outside it.
 */
const deepImports = {
  group: ['**/packages/*/src', '**/packages/*/src/**', '@app/*/src', '@app/*/src/**'],
  message: 'import a package through its entries (package.json exports), not a path into its src/',
};

/**
 * Layering rules: each folder may only import what sits below it (see ARCHITECTURE.md). Every
 * block carries the deep-import rule too (a later block's no-restricted-imports replaces an earlier one).
 */
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: [...patterns, deepImports] }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'artifacts/**',
      'coverage/**',
      '.cache/**',
      '**/*.config.js',
      '**/*.config.ts',
      '**/scripts/**/*.mjs',
      'apps/server/demo/**',
      '**/*.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Plain ES modules outside the TypeScript projects (the worker-thread bootstrap).
  { files: ['**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  // --- layering -----------------------------------------------------------
  { files: ['**/*.{ts,tsx,mts,mjs,js}'], rules: restrict([]) },
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      {
        group: ['@app/*', '*/apps/*', 'fastify', 'kysely'],
        message: 'contracts depend on zod only',
      },
    ]),
  },
  {
    files: ['packages/analysis/src/**/*.ts'],
    // tests and their helpers may read the committed test fixtures; model-data.ts reads the
    // package's own data files (weights, lexicon), never input
    ignores: ['**/*.test.ts', '**/*.test-support.ts', 'packages/analysis/src/model-data.ts'],
    rules: restrict([
      {
        group: [
          '@app/server',
          '@app/web',
          'fastify',
          'kysely',
          'pg',
          'node:fs',
          'node:http',
          'fs',
          'http',
        ],
        message: 'the analysis core is pure: no I/O, no server code',
      },
    ]),
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        {
          group: ['@app/server', '@app/analysis', '**/apps/server/**'],
          message: 'the web app imports contracts, never server code',
        },
      ]),
    },
  },
  {
    files: ['apps/server/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      {
        group: [
          'fastify',
          '@fastify/*',
          'kysely',
          'pg',
          '@electric-sql/*',
          '**/http/**',
          '**/db/**',
          '**/providers/*/*',
          '!**/providers/*/*.port',
          'bullmq',
          'ioredis',
        ],
        message: 'services use ports and repositories, never Fastify, SQL or vendor adapters',
      },
    ]),
  },
  {
    files: ['apps/server/src/repositories/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      {
        group: ['fastify', '@fastify/*', '**/http/**', '**/services/**', '**/providers/**'],
        message: 'repositories hold SQL only',
      },
    ]),
  },
  {
    files: ['apps/server/src/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      {
        group: [
          'kysely',
          'pg',
          '@electric-sql/*',
          '**/repositories/**',
          '**/db/**',
          '**/providers/*/*',
          '!**/providers/*/*.port',
        ],
        message: 'routes call services; only container.ts picks adapters',
      },
    ]),
  },
);
