/**
 * The layering rules of ARCHITECTURE.md ("arrows point down only"), checked by src/layers.test.ts;
 * `npx depcruise src` prints the same. Type-only imports count: a cycle through types is still a cycle
 * a reader has to untangle, and an upward type import is the first step of an upward call.
 */
const TESTS = '\\.test\\.tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'No module of the server, the client, the shared code or the database reaches itself through its imports.',
      severity: 'error',
      from: { path: '^src/(server|client|shared|db)/' },
      to: { circular: true },
    },
    {
      name: 'services-point-down',
      comment:
        'Routers and http use services, never the other way round: a service (or the database layer) ' +
        'imports no router, no HTTP module and none of the app wiring.',
      severity: 'error',
      from: { path: '^src/(server/services|db)/', pathNot: TESTS },
      to: { path: ['^src/server/(routers|http)/', '^src/server/(app|trpc|server|main)\\.ts$'] },
    },
    {
      name: 'services-enqueue-only',
      comment:
        'A service enqueues through jobs/queue.ts and jobs/queues.ts; the registry and the runner ' +
        'import the services, so they sit above them.',
      severity: 'error',
      from: { path: '^src/server/services/', pathNot: TESTS },
      to: { path: '^src/server/jobs/', pathNot: '^src/server/jobs/queues?\\.ts$' },
    },
    {
      name: 'db-below-server',
      comment:
        'src/db is the bottom of the server: it is told what it needs (e.g. the job queues), it imports nothing above it.',
      severity: 'error',
      from: { path: '^src/db/', pathNot: TESTS },
      to: { path: '^src/(server|client)/' },
    },
    {
      name: 'shared-stands-alone',
      comment: 'src/shared runs in the browser and on the server alike: it imports neither.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|db|client)/' },
    },
  ],
  options: {
    includeOnly: '^src/',
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
