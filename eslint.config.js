// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The engine's rooms, each with the rooms it may import (`src/engine/<room>/`); the files at src/engine/'s top
 * (the check's orchestration) may import every room, and no room imports them. A room's files import each other.
 */
const ENGINE_ROOMS = {
  policy: [],
  session: ['policy'],
  run: ['policy', 'session'],
  probe: ['policy', 'session', 'run'],
  confirm: ['policy', 'session', 'run'],
  search: ['policy', 'session', 'run', 'confirm'],
};

const engineRoomRules = Object.entries(ENGINE_ROOMS).map(([room, allowed]) => ({
  files: [`src/engine/${room}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex:
              allowed.length === 0 ? '^\\.\\./(?!\\.\\./)' : `^\\.\\./(?!\\.\\./|(?:${allowed.join('|')})/)`,
            message: `src/engine/${room}/ ${allowed.length === 0 ? 'imports no other room of the engine' : `may import only these rooms of the engine: ${allowed.join(', ')}`} (eslint.config.js: ENGINE_ROOMS).`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'scenarios/**/seed/**'] },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  { files: ['src/cli/**/*.ts', 'test/**/*.ts', 'bench/**', 'scripts/**'], rules: { 'no-console': 'off' } },
  {
    files: ['**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
      },
    },
  },
  {
    files: ['harness/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '../src/*', '../../src/*'], message: 'harness/ never imports src/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/model/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./harness/)',
              message: 'src/model/ is the data model every layer imports: it imports no other src/ folder.',
            },
          ],
        },
      ],
    },
  },
  ...engineRoomRules,
  {
    // The unit project shares modules between files (vitest.config.ts, isolate: false): a file that replaces a
    // module or a global would leak it into the next. Such a file is named *.isolated.test.ts.
    files: ['test/src/**/*.test.ts', 'test/harness/**/*.test.ts', 'test/corpus/**/*.test.ts'],
    ignores: ['**/*.isolated.test.ts', '**/*.integration.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: `vi.${property} leaks into the next file of a unit worker: name the file *.isolated.test.ts.`,
        })),
      ],
    },
  },
);
