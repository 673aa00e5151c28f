import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (`server/`: its package.json, `reference-data/`, `src/db/migrations/`), found by walking
 * up from this module to the package.json named `@portal/server`. The answer is the same from the source (run by tsx
 * and the tests, this file in `server/src/platform/`) and from the production build, which bundles every module into
 * `server/dist/` so that each one's `import.meta.dirname` is `dist/`. Files read at run time are named from here, never
 * from the folder of the module that reads them.
 */
export const SERVER_ROOT = findServerRoot(import.meta.dirname);

/** The project's folder, holding `server/` and `web/` (the built web app is `web/dist`). */
export const PROJECT_ROOT = path.dirname(SERVER_ROOT);

function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown }).name === '@portal/server') return dir;
    if (path.dirname(dir) === dir) throw new Error(`The server's package.json (@portal/server) is neither in ${from} nor in a folder above it.`);
  }
}
