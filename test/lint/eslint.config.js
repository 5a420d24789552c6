// The rule that guards the architecture (the core never imports UI code), and the
// rules of hooks that reviews kept finding by hand.
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
);
