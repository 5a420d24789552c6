// The rules that guard the architecture (the core never imports UI code; configuration
// has one door), and the rules of hooks that reviews kept finding by hand.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**'] },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
  },
  {
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts', 'src/core/**/*.tsx', 'src/util/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react/*', 'react-dom', 'ink', 'ink/*', 'ink-*', '@inkjs/*'], message: 'src/core and src/util stay UI-free: UI code lives in src/ui.' },
            { group: ['**/ui/**', '**/cli/**'], message: 'Dependencies point down only: cli -> ui -> core -> util.' },
          ],
        },
      ],
    },
  },
  {
    // Configuration has one door: the screens and the commands read and change it through
    // the Deck and core/config/workspace.ts, never by opening a store or a file themselves.
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...['user-catalog', 'source-settings', 'approvals', 'load', 'write', 'read-json', 'json-edit', 'write-toml'].map((m) => `**/core/config/${m}.js`),
                ...['drift/store', 'calls/recent-args', 'secrets/store'].map((m) => `**/core/${m}.js`),
              ],
              allowTypeImports: true,
              message: 'Configuration has one door: use the Deck or Workspace (src/core/config/workspace.ts), not a store or a file of its own.',
            },
          ],
        },
      ],
    },
  },
);
