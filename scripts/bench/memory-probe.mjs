// Preloaded into the bench's soak server (NODE_OPTIONS=--import …, only when BENCH_MEMORY_DIR is set):
// once a second it writes the process's memory (process.memoryUsage()) to BENCH_MEMORY_DIR/<pid>.json,
// so the bench can follow the V8 heap beside the RSS it reads from /proc. The app knows nothing of it.
// Every node process under the server (the password child too) writes its own file; the bench reads
// the serving process's.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.BENCH_MEMORY_DIR;
if (dir) {
  const file = path.join(dir, `${process.pid}.json`);
  const write = () => {
    try {
      fs.writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
    } catch {
      // The bench removed the folder: nothing to report to any more.
    }
  };
  setInterval(write, 1000).unref();
  write();
}
