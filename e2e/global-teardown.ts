/** Remove the temporary data directories of the run (keep them with E2E_KEEP_DATA=1). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function globalTeardown(): void {
  if (process.env.E2E_KEEP_DATA) return;
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_LIMIT_DATA_DIR]) {
    if (dir && path.dirname(dir) === os.tmpdir() && path.basename(dir).startsWith('ufc-e2e-')) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}
