/**
 * The floors of MCP Console, enforced (`npm run lint:layers`, part of `npm test`).
 *
 *   shared/                pure: zod and itself; no Node, no DOM library, no Electron
 *   electron/core/         the console, plain Node: talks MCP; never a host, the shell or the renderer
 *     <concern>/           servers, catalog, calls, approvals, audit, config, support, …: reached
 *                          from another concern only through its index.ts
 *   electron/hosts/<host>/ desktop (main + preload: the only code that may require electron), web,
 *                          cli, gateway: the core (through electron/core/index.ts) and shared/,
 *                          never each other
 *   electron/launch/       the entry points: the only floor that composes hosts
 *   renderer/              React: shared/ and itself (the schemas' types only: no zod in the page)
 *
 * e2e/ (tests, fixtures, benchmarks) may reach anything; nothing that ships may reach e2e/.
 */
const HOSTS = 'desktop|web|cli|gateway';
const TEST = '(\\.test\\.tsx?|\\.spec\\.ts)$';
const WORKER = '^electron/core/review/review-worker\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'shared/ runs anywhere: in Node, in the page and in the sandboxed preload. It may use zod and itself.',
      severity: 'error',
      from: { path: '^shared/', pathNot: TEST },
      to: { pathNot: '^shared/|^node_modules/zod/' },
    },
    {
      name: 'core-stays-plain-node',
      comment: 'The core runs under plain Node (the CLI, browser mode, tests): no Electron, no host, no renderer.',
      severity: 'error',
      from: { path: '^electron/core/' },
      to: { path: '^electron/(hosts|launch)/|^renderer/|^node_modules/electron/' },
    },
    {
      name: 'core-concerns-through-their-surface',
      comment: "A concern of the core reaches another only through that folder's index.ts.",
      severity: 'error',
      from: { path: '^electron/core/([^/]+)/', pathNot: [TEST, WORKER] },
      to: { path: '^electron/core/[^/]+/', pathNot: ['^electron/core/$1/', '^electron/core/[^/]+/index\\.ts$'] },
    },
    {
      name: 'review-worker-loads-little',
      comment:
        "The review's worker is an entry of its own (a thread started by path): it loads the rules, its own folder and the schema validator, nothing else of the core.",
      severity: 'error',
      from: { path: WORKER },
      to: { path: '^electron/', pathNot: ['^electron/core/review/', '^electron/core/calls/schema-validator\\.ts$'] },
    },
    {
      name: 'core-top-through-surfaces',
      comment: "The core's own top files (the facade, handlers, start-up) use each concern through its index.ts.",
      severity: 'error',
      from: { path: '^electron/core/[^/]+\\.ts$', pathNot: TEST },
      to: { path: '^electron/core/[^/]+/', pathNot: '^electron/core/[^/]+/index\\.ts$' },
    },
    {
      name: 'hosts-apart',
      comment:
        'A host (desktop, web, cli, gateway) never imports another: what two need lives below them, in the core or shared/.',
      severity: 'error',
      from: { path: `^electron/hosts/(${HOSTS})/` },
      to: { path: '^electron/(hosts|launch)/', pathNot: '^electron/hosts/$1/' },
    },
    {
      name: 'hosts-use-the-core-surface',
      comment:
        "Hosts see the core through electron/core/index.ts only (a host's tests may also open electron/core/testing.ts).",
      severity: 'error',
      from: { path: '^electron/(hosts|launch)/' },
      to: { path: '^electron/core/', pathNot: ['^electron/core/index\\.ts$', '^electron/core/testing\\.ts$'] },
    },
    {
      name: 'testing-door-for-tests',
      comment: "electron/core/testing.ts opens a core's parts: for tests and benchmarks, never for what ships.",
      severity: 'error',
      from: { pathNot: [TEST, '^e2e/'] },
      to: { path: '^electron/core/testing\\.ts$' },
    },
    {
      name: 'renderer-only-shared',
      comment:
        'The page talks to the core through the contract client only: shared/ and itself, never Node or electron/.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^electron/|^e2e/|^node_modules/electron/' },
    },
    {
      name: 'page-carries-no-zod',
      comment:
        "The page never validates what the core sends (the core typed it from the same contract): the schemas' types are free, their values bring zod (180 KB, a 65 ms task to evaluate).",
      severity: 'error',
      from: { path: '^renderer/', pathNot: TEST },
      to: { path: '^node_modules/zod/|^shared/schemas/|^shared/contract/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'renderer-no-node',
      comment: 'Node built-ins do not exist in the page.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'electron-only-in-the-shell',
      comment: 'Requiring the electron package downloads its binary: only the desktop host (the Electron shell) may.',
      severity: 'error',
      from: { pathNot: '^electron/hosts/desktop/|^e2e/' },
      to: { path: '^node_modules/electron/' },
    },
    {
      name: 'one-protocol-library',
      comment:
        'Shipped code speaks MCP through the split SDK (@modelcontextprotocol/client); the 1.x SDK is for test fixtures only.',
      severity: 'error',
      from: { path: '^(shared|electron|renderer)/', pathNot: TEST },
      to: { path: '^node_modules/@modelcontextprotocol/sdk/' },
    },
    {
      name: 'nothing-ships-test-code',
      comment: 'Shipped code never imports tests, fixtures or benchmarks.',
      severity: 'error',
      from: { path: '^(shared|electron|renderer)/', pathNot: TEST },
      to: { path: '^e2e/' },
    },
    {
      name: 'no-cycles',
      comment:
        "No module depends on itself through others, not even through types, and no exception: a type-only circle is a type declared in the wrong file. The page's store slices are typed against what each reads, never the whole store (renderer/store/slice.ts).",
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(out|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
