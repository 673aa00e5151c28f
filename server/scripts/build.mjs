// The server's production build: `npm run build --workspace server` (the top-level `npm run build` runs it after the
// web app's). esbuild bundles each entry point below from TypeScript into plain ES modules in server/dist (or the folder
// given with --outdir, which must lie inside server/ so the server finds its files: src/platform/server-root.ts), with
// source maps. The contract package, which the workspace hands over as TypeScript source, is bundled in; every other
// package stays an import that Node resolves from node_modules at run time (production dependencies only). Shared code
// goes into chunks/, so the entries stay small. Types are not checked here: `npm run typecheck` does that.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const SERVER = path.resolve(import.meta.dirname, '..');

/** The compiled entry points: the server and the command-line tools a production site runs. */
const ENTRY_POINTS = {
  main: 'src/main.ts',
  migrate: 'src/db/migrate-cli.ts',
  move: 'src/db/move-cli.ts',
  backup: 'src/db/backup-cli.ts',
  restore: 'src/db/restore-cli.ts',
  'create-admin': 'src/seed/create-admin.ts',
  seed: 'src/seed/cli.ts',
  'analytics-rebuild': 'src/domains/analytics/rebuild-cli.ts',
};

const at = process.argv.indexOf('--outdir');
const outdir = path.resolve(at >= 0 ? process.argv[at + 1] ?? '' : path.join(SERVER, 'dist'));
if (path.relative(SERVER, outdir).startsWith('..') || outdir === SERVER) {
  console.error(`--outdir must be a folder inside ${SERVER}`);
  process.exit(2);
}

// What an earlier build wrote (not the folder itself: a test may be building into a folder inside it).
fs.mkdirSync(outdir, { recursive: true });
for (const name of fs.readdirSync(outdir)) {
  if (name === 'chunks' || /\.js(\.map)?$/.test(name)) fs.rmSync(path.join(outdir, name), { recursive: true, force: true });
}

const started = performance.now();
const result = await build({
  absWorkingDir: SERVER,
  entryPoints: ENTRY_POINTS,
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-from-node-modules',
      setup(b) {
        // A bare specifier (a package or node:…) stays an import, except the workspace's own TypeScript packages.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
const bytes = Object.entries(result.metafile.outputs).reduce((sum, [file, out]) => sum + (file.endsWith('.map') ? 0 : out.bytes), 0);
console.log(
  `server built into ${path.relative(process.cwd(), outdir) || '.'}: ${Object.keys(ENTRY_POINTS).map((n) => `${n}.js`).join(', ')} ` +
    `(${(bytes / 1024).toFixed(0)} KB of JavaScript) in ${Math.round(performance.now() - started)} ms`,
);
