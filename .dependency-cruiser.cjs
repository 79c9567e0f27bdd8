/**
 * The house's layers, checked by dependency-cruiser in .ci/run (npm run check:deps). docs/architecture.md explains
 * them; type-only imports count like any other (tsPreCompilationDeps).
 *
 *   composition root (src/app/app.ts, src/app/routes.ts, src/main.ts, src/cli/cli.ts, src/cli/cli-direct.ts, src/app/admin-server.ts,
 *   src/app/runtime.ts, src/jobs/handlers.ts)
 *     → modules: *.routes.ts → *.service.ts (and other domain files) → *.repo.ts → src/db
 *   modules reach one another only through src/modules/<name>/index.ts;
 *   src/analytics is pure; src/lib is a leaf; nothing imports the composition root.
 */
const ROOT =
  '^src/main\\.ts$|^src/app/(app|app-deps|routes|admin-server|runtime|customer-erasure)\\.ts$|^src/cli/(cli|cli-direct)\\.ts$|^src/jobs/handlers\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles, type imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'analytics-is-pure',
      comment: 'The insights engine computes from its input alone: no HTTP, database, modules, jobs or test data.',
      severity: 'error',
      from: { path: '^src/analytics/' },
      to: { path: '^src/(?!analytics/|lib/)' },
    },
    {
      name: 'lib-is-a-leaf',
      comment: 'src/lib holds small shared helpers that know nothing of the rest of the service.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(?!lib/)' },
    },
    {
      name: 'db-is-the-bottom',
      comment: 'The database layer serves everyone and imports none of them.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/(?!db/|lib/|config/config\\.ts$)' },
    },
    {
      name: 'nothing-imports-the-composition-root',
      comment: 'Modules declare the narrow interfaces they need instead of importing App or AppDeps.',
      severity: 'error',
      from: { pathNot: ROOT },
      to: { path: ROOT },
    },
    {
      name: 'modules-meet-through-their-index',
      comment: "One module reaches another only through that module's public index.ts, never its files.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-reaches-modules-through-their-index',
      comment: 'Outside the composition root, code reaches a module only through its public index.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/modules/', ROOT] },
      to: { path: '^src/modules/[^/]+/(?!index\\.ts$)' },
    },
    {
      name: 'routes-do-not-touch-repositories',
      comment: 'Routes call services; only services call repositories.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repo\\.ts$' },
    },
    {
      name: 'routes-use-the-database-through-services',
      comment: 'A route may name the Database type in its deps interface, never run a query itself.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '^src/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-http-in-the-domain',
      comment:
        "Services, jobs and repositories know nothing of HTTP: no routes, no src/http, no Fastify. A worker task (*.task.ts) may run the edge's body checks off the event loop.",
      severity: 'error',
      from: { path: '^src/modules/', pathNot: ['\\.routes\\.ts$', '\\.wire\\.ts$', '\\.task\\.ts$'] },
      to: { path: ['\\.routes\\.ts$', '^src/http/', '(^|/)node_modules/(fastify|@fastify)/'] },
    },
    {
      name: 'repositories-only-reach-the-database',
      comment:
        "A repository talks SQL: its code imports src/db, src/lib, its own module's repositories and its module's declaration of a stored row (*.row.ts, pure) only; it may name the types of the rows it carries (its module's, the engine's, the banks').",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/[^/]+\\.repo\\.ts$' },
      to: {
        path: '^src/',
        pathNot: ['^src/db/', '^src/lib/', '^src/modules/$1/[^/]+\\.(repo|row)\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'repositories-name-only-data-types',
      comment: 'Even for types, a repository looks no higher than its own module, the engine and the banks.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/[^/]+\\.repo\\.ts$' },
      to: {
        path: '^src/',
        pathNot: ['^src/db/', '^src/lib/', '^src/modules/$1/', '^src/analytics/', '^src/banks/'],
      },
    },
    {
      name: 'workers-are-a-leaf',
      comment: 'The worker pool runs task modules by file URL; it imports nothing of ours.',
      severity: 'error',
      from: { path: '^src/workers/' },
      to: { path: '^src/(?!workers/)' },
    },
    {
      name: 'worker-tasks-are-pure',
      comment:
        'A worker task (*.task.ts) runs on a worker thread: no database (PGlite lives on the main thread), no jobs, no services, routes or repositories, no module index (each reaches the whole service), no wire file (they reach module indexes), and of src/http only the pure leaves (json-scan.ts and what it uses, field-errors.ts), never the parser Fastify calls. It may name types of them.',
      severity: 'error',
      from: { path: '\\.task\\.ts$' },
      to: {
        path: [
          '^src/(db|jobs)/',
          '\\.(repo|service|routes|job|wire)\\.ts$',
          '^src/modules/[^/]+/index\\.ts$',
          '^src/http/(?!(json-scan|json-checks|json-slices|field-errors|edge-error|error-codes)\\.ts$)',
          '(^|/)node_modules/(fastify|@fastify|pg|pg-boss|@electric-sql)/',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'http-edge-knows-only-auth',
      comment:
        'src/http holds edge helpers (auth, errors, body parsing, shared schemas); of the modules it uses auth only.',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/auth/index\\.ts$' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
  },
};
