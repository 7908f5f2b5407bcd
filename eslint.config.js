import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'bench/results/**',
      'packages/db/migrations/**',
      // Browser-test output: traces, screenshots and the HTML report.
      'e2e/.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    // A focused test would let the rest of a file pass by silently (vitest and Playwright also
    // refuse it).
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['it', 'test', 'describe', 'suite'].map((object) => ({
          object,
          property: 'only',
          message: 'Focused tests are not committed: remove .only.',
        })),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app never reaches into the server or the database (DESIGN.md).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@complivue/db', '@complivue/db/*'],
              message: 'The web app must not import the database package.',
            },
            {
              group: ['**/apps/api/**', '@complivue/api', '@complivue/api/*'],
              message: 'The web app must not import server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature never imports another feature; what several share lives in components/ or lib/.
    files: [
      'apps/web/src/features/**/*.{ts,tsx}',
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/web/src/lib/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@complivue/db', '@complivue/db/*'],
              message: 'The web app must not import the database package.',
            },
            {
              group: ['**/apps/api/**', '@complivue/api', '@complivue/api/*'],
              message: 'The web app must not import server code.',
            },
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Features do not import one another or the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
