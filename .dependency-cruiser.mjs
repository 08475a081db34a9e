/**
 * Module rules `npm run lint` checks beside ESLint's layer rules (eslint.config.js, docs/architecture.md), with
 * dependency-cruiser: it follows type-only imports too (TypeScript sources, before compilation), which ESLint's
 * import plugins skip, and a cycle of types is the same knot in the design as one of values.
 */

/**
 * Test code that production must never load: test doubles and helpers in `testing/` folders (core's is
 * `@civicwatch/core/testing`), the web app's `src/test/`, fake servers and APIs (`*.fake.ts`), fixtures, adapters'
 * contract suites (`*.contract.ts`, persistence/contract; core's `*.contract.ts` are zod contracts, production code)
 * and tests themselves.
 */
const testCode = [
  '(^|/)testing/',
  '^apps/web/src/test/',
  '\\.fake\\.ts$',
  '\\.fixture\\.(ts|json)$',
  '\\.test\\.tsx?$',
  '^adapters/src/.+\\.contract\\.ts$',
  '^adapters/src/persistence/contract/',
];

export default {
  forbidden: [
    {
      name: 'no-testing-in-production',
      severity: 'error',
      comment: 'Production code never imports a test double, fixture or test helper (ADR 0031): a fake wired into a product path by mistake fails here, not in front of a user.',
      from: { path: '^(core|adapters|apps/[^/]+)/src/', pathNot: testCode },
      to: { path: testCode },
    },
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'A module must not import itself back through others: the cycle hides which of them owns what they share.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-feature',
      severity: 'error',
      comment: 'A web feature does not reach into another: what two features share goes to apps/web/src/components or lib.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'dist', '\\.tools', 'test-artifacts', 'apps/web/e2e'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Without these the resolver ignores package.json "exports", so no import of another workspace
    // (@civicwatch/core/testing, @civicwatch/adapters/...) resolved and the rules above never saw one.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    combinedDependencies: false,
  },
};
