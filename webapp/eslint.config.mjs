// ESLint for the web app (`npm run lint`, run by `make test`): typescript-eslint's recommended
// rules, and the import boundaries between the layers of src/ (eslint-plugin-boundaries):
// a feature (src/features/<name>) imports only from itself and the shared code (src/components,
// src/lib, src/types), never from another feature; only src/app (routes) composes features.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.parcel-cache/', '.parcel-dev/', 'node_modules/', 'src/types/api.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `any` stays where the data is untyped on purpose: the API client's error body, the generic
      // query helpers, the admin lists' rows; tsc (strict) checks everything else.
      '@typescript-eslint/no-explicit-any': 'off',
      // `{ omitted: _x, ...rest }` picks fields out; `_` marks a name unused on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'components', pattern: 'src/components' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'types', pattern: 'src/types' },
      ],
    },
    rules: {
      'boundaries/dependencies': ['error', {
        default: 'disallow',
        policies: [
          { from: { element: { type: 'app' } }, allow: { to: { element: { types: { anyOf: ['app', 'feature', 'components', 'lib', 'types'] } } } } },
          { from: { element: { type: 'feature' } }, allow: { to: { element: { types: { anyOf: ['components', 'lib', 'types'] } } } } },
          { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } } },
          { from: { element: { types: { anyOf: ['components', 'lib'] } } }, allow: { to: { element: { types: { anyOf: ['components', 'lib', 'types'] } } } } },
          { from: { element: { type: 'types' } }, allow: { to: { element: { type: 'types' } } } },
        ],
      }],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
