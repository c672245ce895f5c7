/** The layers of docs/architecture.md, enforced by `npm run lint`. */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-imports-another-feature',
      comment:
        'A web feature stands alone; screens that combine features live in src/app, shared pieces in src/components or src/lib.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-lower-layer-imports-app',
      comment: 'Code flows packages/shared → components/lib → features → app, never back.',
      severity: 'error',
      from: { path: '^apps/web/src/(features|components|lib)/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-code-imports-a-feature',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'api-route-touches-the-database',
      comment: 'Route handlers parse, authorize, call their data module and answer; SQL lives in the data module.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/[^/]+/routes\\.ts$' },
      to: { path: ['^apps/api/src/db/schema\\.ts$', 'node_modules/drizzle-orm'] },
    },
    {
      name: 'shared-imports-an-app',
      comment: 'packages/shared is used by both apps and depends on neither.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-imports-the-api',
      comment: 'The web talks to the API over HTTP; what both need is in packages/shared.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-imports-the-web',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'bench-imports-a-feature-internal',
      comment:
        'The benchmarks use an API feature through its index.ts, like another feature would: no export exists only for them.',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^apps/api/src/modules/[^/]+/', pathNot: '^apps/api/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle, type-only imports included: types.ts augments Fastify and nothing imports it back.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|test-results)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
