// ESLint for the whole repository (`npm run lint`, part of `npm test`): typescript-eslint (type-aware
// where a tsconfig covers the file), React, hooks, accessibility, and the workspaces' dependency
// direction (docs/architecture.md, "Layers and their rules"). Formatting is Prettier's (`npm run
// format`): eslint-config-prettier, last, turns off every rule that would disagree with it.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier/flat'
import {createNodeResolver, importX} from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import {defineConfig} from 'eslint/config'

const TS = ['**/*.{ts,tsx,mts,cts}']
/** The dependency direction between workspaces (docs/architecture.md). */
const WORKSPACE_ZONES = [
  {
    target: './scripts',
    from: ['./studio'],
    message: 'scripts import every workspace but the studio (docs/architecture.md).',
  },
  {
    target: './schemas',
    from: ['./content-source', './importer', './web', './publish', './studio', './scripts', './deploy', './tools'],
    message: 'schemas imports nothing of ours (docs/architecture.md: the content model is at the bottom of the dependency graph).',
  },
  {
    target: './content-source',
    from: ['./importer', './web', './publish', './studio', './scripts', './deploy', './tools'],
    message: 'content-source imports only schemas (docs/architecture.md): the web build and the jobs read content through it.',
  },
  {
    target: './importer',
    from: ['./content-source', './publish', './studio', './scripts', './deploy', './tools'],
    message: 'the importer imports schemas only (docs/architecture.md): what both it and another workspace need goes into schemas.',
  },
  {
    target: './web',
    from: ['./importer', './publish', './studio', './scripts', './deploy', './tools'],
    message: 'web never imports the importer, the publish, studio or scripts (docs/architecture.md): move what both need into schemas.',
  },
  {
    target: './publish',
    from: ['./importer', './studio', './scripts', './deploy', './tools'],
    message: 'the publish imports schemas, content-source and web (through its exports) only (docs/architecture.md).',
  },
]
/** The importer's own code never imports web; its tests render imported bodies with web's Portable Text renderer. */
const IMPORTER_WEB_ZONE = {
  target: './importer',
  from: './web',
  message: 'the importer imports schemas only (docs/architecture.md): the checks of math and diagrams it shares with web are in @site/schemas/markup.',
}
/** The studio, for editors' browsers: schemas only (its tests and e2e fixtures drive the importer and the jobs). */
const STUDIO_ZONE = {
  target: './studio',
  from: ['./content-source', './importer', './web', './publish', './scripts', './deploy', './tools'],
  message: 'studio imports schemas only (docs/architecture.md).',
}
/** The folders of web/src from the bottom layer up. */
const WEB_LAYERS = ['site', 'editing', 'components', 'portable-text', 'search', 'ui', 'client', 'build']
const TSX = ['**/*.tsx']

// Files no tsconfig includes (configs of the tools, the operators' webhook server): linted with the
// root tsconfig as their project, so that the type-aware rules apply to them as well.
const OUTSIDE_WORKSPACE_PROJECTS = [
  'vitest.config.ts',
  'web/playwright.config.ts',
  'web/playwright.dev.config.ts',
  'web/playwright.preview.config.ts',
  'web/playwright.theme.config.ts',
  'deploy/*.ts',
]

export default defineConfig(
  {
    // Besides .gitignore's folders: generated files and the fixtures (Docusaurus sites, exports)
    // whose bytes the tests read, the content, and the browser demos served as they are.
    ignores: [
      '**/node_modules/**',
      '.tools/**',
      '.generated/**',
      '.contentlayer/**',
      'web/.next/**',
      'web/.next-preview/**',
      'web/out/**',
      'web/out.before-compare/**',
      'web/.builds/**',
      'web/.out-next-*/**',
      'web/.theme-e2e-out/**',
      'web/.soak-*/**',
      'web/.status-e2e-stash/**',
      'web/public/_dataset/**',
      'web/public/_katex/**',
      'web/next-env.d.ts',
      'studio/dist/**',
      'studio/.sanity/**',
      'test-results/**',
      'playwright-report/**',
      'content/**',
      '**/__fixtures__/**',
      'schemas/src/sanity.types.ts',
    ],
  },
  {
    linterOptions: {reportUnusedDisableDirectives: 'error'},
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {allowDefaultProject: OUTSIDE_WORKSPACE_PROJECTS, defaultProject: 'tsconfig.tools.json'},
        tsconfigRootDir: import.meta.dirname,
      },
      globals: {...globals.node},
    },
  },
  // Plain JavaScript, which no tsconfig covers: this file, tools/*.mjs, the CommonJS stand-ins of
  // Docusaurus modules that the importer loads (importer/src/site/…). Linted without type
  // information.
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {sourceType: 'commonjs', globals: {...globals.node}},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  // The page script and the search island run in the browser.
  {
    files: ['web/src/client/**', 'web/src/search/**', 'web/e2e/**'],
    languageOptions: {globals: {...globals.browser}},
  },
  {
    rules: {
      // `_name` marks a parameter or binding kept for its position (a callback's signature), and a
      // property destructured beside a rest is how a prop is left out of it: both are used on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true},
      ],
    },
  },
  {
    files: ['**/__tests__/**', '**/e2e/**'],
    rules: {
      // Off in tests: Vitest's and Playwright's asymmetric matchers (`expect.any(String)`,
      // `expect.stringContaining(…)`, `expect.objectContaining(…)`) are typed `any` by design, and a
      // test reads JSON (reports, stand-ins' request bodies) to assert on it field by field; the
      // assertions, not the types, check those values.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // Off in tests: the stand-ins turn request parameters and parsed JSON (strings by the API's
      // contract) into strings with String(); a value of another type is what their assertions catch.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['**/e2e/**'],
    rules: {
      // Playwright reads the fixtures a fixture or test needs from the destructuring of its first
      // parameter: `async ({}, use) => …` is how a fixture says it needs none.
      'no-empty-pattern': 'off',
    },
  },
  {
    files: TS,
    rules: {
      // Off: an `async` function is how this code base implements an interface that returns a
      // Promise (the stand-ins, the fault cases, the pages of the route table) even when that one
      // implementation has nothing to await; dropping `async` would turn its throws into synchronous ones.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: TSX,
    ...react.configs.flat.recommended,
    settings: {react: {version: '19.3'}},
  },
  {files: TSX, ...react.configs.flat['jsx-runtime']},
  {
    files: TSX,
    // Off: the props are typed by TypeScript, which checks them at build time; runtime propTypes
    // are gone from React 19.
    rules: {'react/prop-types': 'off'},
  },
  {files: TSX, ...jsxA11y.flatConfigs.recommended},
  // The rules of hooks where React code lives: components (.tsx) and the studio's plug-ins. Not
  // elsewhere: Playwright fixtures call `use`, and test helpers and the importer have functions
  // named use… that are not hooks.
  {...reactHooks.configs.flat.recommended, files: [...TSX, 'studio/**/*.ts'], ignores: ['studio/e2e/**', '**/__tests__/**']},

  // The dependency direction (docs/architecture.md, "Layers and their rules"): `schemas` imports nothing
  // of ours; `content-source` only `schemas`; `importer` `schemas` (its tests render with web's renderer);
  // `web` `schemas` and `content-source`; `publish` `schemas`, `content-source` and `web`; `studio` `schemas`
  // (its tests drive the importer and the jobs); `scripts` everything but `studio`. And no workspace reaches
  // into another by a relative path (`../../web/src/…`): only through the package's exports.
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: {'import-x': importX},
    settings: {
      'import-x/resolver-next': [createNodeResolver({extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json']})],
    },
    rules: {
      'import-x/no-relative-packages': 'error',
      'import-x/no-restricted-paths': ['error', {zones: WORKSPACE_ZONES}],
    },
  },
  // web/src in layers, from the bottom (docs/architecture.md): a layer's code imports only the layers below
  // it. Tests may reach higher, to check a behaviour through the pages that show it.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/__tests__/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WORKSPACE_ZONES,
            ...WEB_LAYERS.slice(0, -1).map((layer, at) => ({
              target: `./web/src/${layer}`,
              from: WEB_LAYERS.slice(at + 1).map((above) => `./web/src/${above}`),
              message: `web/src/${layer} imports only the layers below it (${WEB_LAYERS.slice(0, at).join(', ') || 'none'}): docs/architecture.md, "Layers and their rules".`,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['importer/**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    ignores: ['**/__tests__/**'],
    rules: {'import-x/no-restricted-paths': ['error', {zones: [...WORKSPACE_ZONES, IMPORTER_WEB_ZONE]}]},
  },
  {
    files: ['studio/**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    ignores: ['**/__tests__/**', 'studio/e2e/**', 'studio/playwright.config.ts'],
    rules: {'import-x/no-restricted-paths': ['error', {zones: [...WORKSPACE_ZONES, STUDIO_ZONE]}]},
  },
  // The same direction for imports by package name, which resolve into node_modules/@site/….
  {
    files: ['schemas/**'],
    rules: {
      'no-restricted-imports': ['error', {patterns: [{group: ['@site/*'], message: 'schemas imports nothing of ours (docs/architecture.md).'}]}],
    },
  },
  {
    files: ['content-source/**'],
    ignores: ['**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {patterns: [{group: ['@site/*', '!@site/schemas', '!@site/schemas/*'], message: 'content-source imports only schemas (docs/architecture.md).'}]},
      ],
    },
  },
  {
    files: ['importer/**'],
    ignores: ['**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{group: ['@site/*', '!@site/schemas', '!@site/schemas/*'], message: 'the importer imports schemas only (docs/architecture.md).'}],
        },
      ],
    },
  },
  {
    files: ['publish/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@site/importer', '@site/importer/*', '@site/studio', '@site/studio/*', '@site/scripts', '@site/scripts/*'],
              message: 'the publish imports schemas, content-source and web only (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['studio/**'],
    ignores: ['**/__tests__/**', 'studio/e2e/**', 'studio/playwright.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {patterns: [{group: ['@site/*', '!@site/schemas', '!@site/schemas/*'], message: 'studio imports schemas only (docs/architecture.md).'}]},
      ],
    },
  },
  {
    files: ['scripts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {patterns: [{group: ['@site/studio', '@site/studio/*'], message: 'scripts import every workspace but the studio (docs/architecture.md).'}]},
      ],
    },
  },
  {
    files: ['web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@site/importer',
                '@site/importer/*',
                '@site/publish',
                '@site/publish/*',
                '@site/studio',
                '@site/studio/*',
                '@site/scripts',
                '@site/scripts/*',
              ],
              message: 'web never imports the importer, the publish, studio or scripts (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },

  prettier,
)
