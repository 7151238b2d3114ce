// `npm run bench`: the database part (scripts/bench.ts), the PDF part (scripts/bench-pdf.ts) and the
// sign-in evenness part (scripts/bench-auth.ts), one after the other. BENCH_PARTS picks any of `db`,
// `pdf`, `auth` (default all three). Each part prints
// its own table; the exit code is non-zero when any part missed a target.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const parts = { db: 'scripts/bench.ts', pdf: 'scripts/bench-pdf.ts', auth: 'scripts/bench-auth.ts' };
const wanted = (process.env.BENCH_PARTS ?? 'db,pdf,auth').split(/[,|\s]+/).filter(Boolean);
const unknown = wanted.filter((part) => !(part in parts));
if (unknown.length > 0) {
  console.error(
    `BENCH_PARTS: onbekend deel ${unknown.join(', ')}; kies uit ${Object.keys(parts).join(', ')}.`,
  );
  process.exit(2);
}

let failed = false;
for (const part of wanted) {
  console.log(`\n▶ bench: ${part}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', parts[part]], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
