// Import rules of the monorepo, checked by `npm run check` (docs/architecture.md, "Parts and what
// they may import"). Type-only imports count for every rule but circles: types vanish when the code
// runs, so a circle closed only by a type import has no load order to get wrong.
const SERVER = '^apps/server/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'packages/shared is the contract both apps build on; it cannot know either of them.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|e2e|tools|scripts)/' },
    },
    {
      name: 'web-never-imports-server',
      comment: 'The web app reaches the server over HTTP or through context.site, never by import.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-lib-is-below-plugins-and-modules',
      comment: 'lib/ holds framework-free helpers that plugins and modules build on, not the reverse.',
      severity: 'error',
      from: { path: `${SERVER}lib/` },
      to: { path: `${SERVER}(plugins|modules)/` },
    },
    {
      name: 'services-do-not-import-plugins',
      comment: 'Services hold the rules and run outside a request (seed, CLI, jobs); plugins are HTTP.',
      severity: 'error',
      from: { path: `${SERVER}modules/[^/]+/service` },
      to: { path: `${SERVER}plugins/` },
    },
    {
      name: 'seed-and-factories-do-not-import-services',
      comment: 'Seeding and test data write rows directly, so a service change cannot alter fixtures.',
      severity: 'error',
      from: { path: `${SERVER}db/(seed|factories)` },
      to: { path: `${SERVER}modules/[^/]+/service` },
    },
    {
      name: 'no-circular',
      comment:
        'A circle has no order to read or load in; move the shared piece to a file both import. Type-only imports vanish when the code runs, so a circle through one is none.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'our-imports-resolve',
      comment: 'An import of ours that the checker cannot resolve would slip past every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^(\\.|~/|@oasis/)', pathNot: '/\\+types/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Installed, built, generated or scratch files: not ours to check.
    exclude: {
      path: [
        '(^|/)node_modules/',
        '(^|/)build/',
        '(^|/)\\.react-router/',
        '(^|/)(test-results|playwright-report|tmp|coverage)/',
      ],
    },
    tsPreCompilationDeps: true,
    // The web app's `~/` alias, stated at the root so one cruise resolves every workspace.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    // @oasis/shared resolves through its package.json `exports`, to the source files.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
