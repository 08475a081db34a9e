// Layer rules of the hexagon (docs/architecture.md): core is pure, adapters never reach into apps.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** IO and framework libraries that core must never import. */
const ioLibraries = [
  'node:*', 'fs', 'fs/*', 'path', 'http', 'https', 'net', 'child_process', 'crypto', 'os', 'worker_threads',
  '@mikro-orm/*', '@electric-sql/*', 'pg', 'fastify', '@fastify/*', 'openai', 'ollama', 'stripe',
  'pdfjs-dist', 'pdfjs-dist/*', 'tesseract.js', 'inversify', '@node-rs/*', 'react', 'react-dom',
  'commander', 'pino',
];

const coreMustNotImportAdapters = { group: ['**/adapters/**', '@civicwatch/adapters', '@civicwatch/adapters/*'], message: 'core must not import adapters.' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tools/**', 'test-artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          coreMustNotImportAdapters,
          { group: ['**/apps/**', '@civicwatch/api', '@civicwatch/api/*', '@civicwatch/web', '@civicwatch/cli'], message: 'core must not import apps.' },
          { group: ioLibraries, message: 'core holds no IO: put this behind a port in core and implement it in adapters.' },
        ],
      }],
      'no-restricted-globals': ['error',
        { name: 'process', message: 'core reads no environment: configuration reaches it through its callers.' },
        { name: 'fetch', message: 'core does no IO: use a port.' }],
    },
  },
  {
    // Core's test doubles (the in-memory unit of work) run in Node: a run inside a run finds its transaction through
    // node:async_hooks, as the database adapter's does. No other IO, and still no adapters (ADR 0031).
    files: ['core/src/testing/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          coreMustNotImportAdapters,
          { group: ['**/apps/**', '@civicwatch/api', '@civicwatch/api/*', '@civicwatch/web', '@civicwatch/cli'], message: 'core must not import apps.' },
          { group: [...ioLibraries, '!node:async_hooks'], message: 'core holds no IO.' },
        ],
      }],
    },
  },
  {
    files: ['adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/apps/**', '@civicwatch/api', '@civicwatch/api/*', '@civicwatch/web', '@civicwatch/cli'], message: 'adapters must not import apps.' }],
      }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['@civicwatch/adapters', '@civicwatch/adapters/*', '@civicwatch/api', '@civicwatch/api/*'], message: 'the web app talks to the API over HTTP; it shares only core contracts.' }],
      }],
    },
  },
  {
    // Browser journeys drive the whole product, and start the test servers adapters provide (the fake Stripe).
    files: ['apps/web/e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^@civicwatch/adapters(?!/.*/testing/)', message: 'journeys may use only adapters\' testing helpers.' }],
      }],
    },
  },
);
