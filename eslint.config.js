// @ts-check
/**
 * Lint for MCP Console (`npm run lint`, part of `npm test`). Layering between floors is checked by
 * dependency-cruiser (.dependency-cruiser.cjs); this file checks the code itself.
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Untrusted text (descriptions, results) is rendered as text: React escapes it, this keeps it so. */
const noRawHtml = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'No raw HTML: render server text with <SafeText> or as a text node.',
  },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'No raw HTML sinks.' },
  {
    selector: "CallExpression[callee.object.name='document'][callee.property.name='write']",
    message: 'No raw HTML sinks.',
  },
];

// No ICU in what the console runs (shared/plain-format.ts says why: 9 MB of locale data mapped into
// the serving process at the first call, a 15-46 ms task in the page, an order that changes with
// the machine's locale). Tests may compare against it.
const noIcu = (use) => [
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
    message: `No Intl formatting: use ${use}.`,
  },
  {
    selector: "CallExpression[callee.property.name='localeCompare']",
    message: 'No locale order: use compareText from shared/plain-format.ts.',
  },
  { selector: "MemberExpression[object.name='Intl']", message: `No Intl: use ${use}.` },
];
const privateMembers = {
  selector: 'PrivateIdentifier',
  message: 'use TypeScript `private`: the Electron security scan cannot parse #private members',
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/planted/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        project: [
          './tsconfig.json',
          './tsconfig.renderer.json',
          './tsconfig.electron.json',
          './tsconfig.dom-tests.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      // Type-aware where it pays: promises that nobody awaits or that land where a value was meant.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-syntax': ['error', ...noRawHtml],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-duplicate-imports': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Size, kept by the lint rather than by squeezing (CONTRIBUTING, "Style"): a file over 400 lines
    // holds more than one concern; a function over 100 lines (80 for a React view: its parts are
    // views of their own) does more than one thing. Tests, fixtures and the bench are lists of cases
    // and steps and keep the file limit only. An exception says why on the line above it.
    files: ['**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['electron/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    files: ['renderer/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'no-unsanitized': noUnsanitized },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-unsanitized/method': 'error',
      'no-unsanitized/property': 'error',
    },
  },
  {
    // The page formats times and counts by hand (renderer/components/format.ts): the first Intl
    // formatter a page makes loads locale data, a task of 15-46 ms wherever it happens first (a
    // server card's count did it in the middle of a 100,000-tool listing: 27 ms).
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...noRawHtml,
        ...noIcu('renderer/components/format.ts (count, clockTime, dateTime)'),
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      // shared/ runs in Node, the page and the sandboxed preload: none of their globals.
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'process',
        'Buffer',
        'require',
        '__dirname',
        'navigator',
        'localStorage',
        'sessionStorage',
      ],
    },
  },
  {
    // The composition root builds every part in order: a part reaches one built later only through
    // a port, never through a closure over a name declared further down.
    files: ['electron/core/compose.ts', 'electron/core/record-parts.ts', 'electron/core/trust-parts.ts'],
    rules: {
      '@typescript-eslint/no-use-before-define': [
        'error',
        { functions: false, classes: true, variables: true, typedefs: false, ignoreTypeReferences: true },
      ],
    },
  },
  {
    // What the desktop app bundles (the core and shared/ go into its main) is read by the Electron
    // security scan, whose parser silently skips a file with #private members: its navigation lock
    // and window flags then go unseen. TypeScript's `private` says the same and parses.
    files: ['electron/**/*.ts', 'shared/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noRawHtml, privateMembers] },
  },
  {
    files: ['electron/**/*.ts', 'shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...noRawHtml, privateMembers, ...noIcu('count from shared/plain-format.ts')],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/hosts/desktop/main/index.ts', 'electron/hosts/desktop/preload/index.ts'],
    rules: {
      // The shell's two entry files are the only places that touch Electron's IPC modules.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer', 'contextBridge'],
              message:
                'IPC lives in electron/hosts/desktop/main/index.ts and electron/hosts/desktop/preload/index.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests look for control characters on purpose (terminal injection, hidden text).
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  prettier,
);
