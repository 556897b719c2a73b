// One lint config for every workspace: typescript-eslint's recommended rules, type-aware off for speed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import webRestrictedImports from './web/eslint.restricted-imports.mjs';

export default tseslint.config(
  // src/generated: written by `npm run codegen`, checked by its --check instead.
  { ignores: ['**/dist/**', '**/node_modules/**', 'web/dist/**', 'web/dist-ssr/**', 'web/dist-routes/**', '.data/**', 'coverage/**', '**/src/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { process: 'readonly', console: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', URL: 'readonly', window: 'readonly', document: 'readonly', localStorage: 'readonly', sessionStorage: 'readonly', navigator: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['scripts/**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...webRestrictedImports,
);
