/**
 * Module rules `npm run lint` checks beside ESLint's layer rules (eslint.config.js, docs/architecture.md), with
 * dependency-cruiser: it follows type-only imports too (TypeScript sources, before compilation), which ESLint's
 * import plugins skip, and a cycle of types is the same knot in the design as one of values.
 */
export default {
  forbidden: [
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
    combinedDependencies: false,
  },
};
