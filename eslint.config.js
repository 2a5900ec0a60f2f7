import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['build/**', 'build-*/**', 'bench/results*', 'node_modules/**', '.react-router/**', 'test-results/**', 'playwright-report/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Links go through ~/lib/link, which writes plain paths without React Router's resolution on the server.
    files: ['app/**'],
    ignores: ['app/lib/link.tsx', 'app/lib/link.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'react-router', importNames: ['Link'], message: "Import Link from '~/lib/link'." }] }] },
  },
  {
    // Form bodies go through readForm, which answers a broken body with 400 instead of a 500.
    files: ['app/**'],
    ignores: ['app/lib/form-data.server.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name='formData']",
          message: 'Read forms with readForm (app/lib/form-data.server.ts).',
        },
      ],
    },
  },
  {
    // Playwright fixtures call their continuation `use`: not a React hook.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.cjs', 'scripts/**/*.mjs', 'bench/**/*.mjs', 'tests/support/**/*.mjs', '.ci/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        module: 'writable',
        require: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
        Buffer: 'readonly',
        Request: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
