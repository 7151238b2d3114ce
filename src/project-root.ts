import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the project's package.json, found upwards from a module's URL. Code that reads files
 * beside the sources (drizzle/, dist/client) asks this instead of counting '../' from its own file:
 * the same code runs from src/ (tsx, Vitest) and bundled from dist/server/ or a test's build folder,
 * at other depths. The bundle must live inside the project anyway, since its packages are resolved
 * from node_modules at run time.
 */
export function projectRoot(moduleUrl: string): string {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Geen package.json gevonden boven ${fileURLToPath(moduleUrl)}`);
    dir = parent;
  }
}
