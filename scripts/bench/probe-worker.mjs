// The entry of a probe's worker thread (probe.ts, startProbeInWorker): a worker starts without the tsx
// loader the bench runs under, so it registers it and then runs the TypeScript prober.
import { register } from 'tsx/esm/api';

register();
await import('./probe-worker.ts');
