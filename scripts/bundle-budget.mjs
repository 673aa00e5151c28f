#!/usr/bin/env node
// The JavaScript budget of the built web app (web/dist), per route: what a browser must fetch to show a screen opened
// by URL is the entry's closure of static imports plus the route's own chunk and its closure, measured brotli-compressed
// (as the server sends it). Fails when the sign-in route passes 250 KB or any route 500 KB. The parts a screen loads
// after its own chunk (a dialog's, the import wizard's) are reported on top of their largest screen but not gated.
// Run after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../web/dist');
const SIGN_IN_KB = 250;
const ANY_ROUTE_KB = 500;
const SIGN_IN = 'src/app/auth/login-page.tsx';
/** Screens behind sign-in render inside the admin layout, a chunk of its own that they all need. */
const ADMIN_LAYOUT = 'src/app/layout/admin-layout.tsx';
const OUTSIDE_LAYOUT = /^src\/app\/(auth|public)\/|not-found-page/;

const manifestPath = path.join(DIST, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${path.relative(process.cwd(), manifestPath)}: build the web app first (npm run build).`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const sizes = new Map();
/** Brotli size of a built file, from the .br the build wrote beside it when there is one. */
function compressed(file) {
  if (!sizes.has(file)) {
    const br = path.join(DIST, `${file}.br`);
    sizes.set(file, fs.existsSync(br) ? fs.statSync(br).size : zlib.brotliCompressSync(fs.readFileSync(path.join(DIST, file))).length);
  }
  return sizes.get(file);
}

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

// A compressed copy must be the file itself: a copy made before the build finished would serve other code.
for (const name of fs.readdirSync(path.join(DIST, 'assets'))) {
  if (!name.endsWith('.br')) continue;
  const original = path.join(DIST, 'assets', name.slice(0, -3));
  if (!zlib.brotliDecompressSync(fs.readFileSync(path.join(DIST, 'assets', name))).equals(fs.readFileSync(original))) {
    console.error(`${name} is not the compressed ${path.basename(original)}: the build's compressed copies are stale.`);
    process.exit(1);
  }
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const kb = (files) => [...files].reduce((sum, f) => sum + compressed(f), 0) / 1024;

/** The chunks whose code loads `key` on demand (a route's screens, or a screen's own lazy part such as the import wizard). */
const lazyImportersOf = (key) => Object.keys(manifest).filter((k) => (manifest[k].dynamicImports ?? []).includes(key));
const isRouteLevel = (key) => lazyImportersOf(key).every((k) => entry.has(manifest[k].file));
/** The lazily loaded chunks whose static closure holds `key`: the screens that run its code. */
const loadersOf = (key) => Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && closure(k).has(manifest[key].file));

/**
 * What a screen opened by URL fetches: the entry (and the admin layout behind sign-in), its chunk and their static
 * imports. A part a screen loads on demand counts on top of the largest screen that loads it; the screen's other
 * on-demand parts it may also open are each counted the same way, not together.
 */
function routeFiles(key, seen = new Set()) {
  if (isRouteLevel(key) || seen.has(key)) {
    const files = OUTSIDE_LAYOUT.test(key) || key === ADMIN_LAYOUT ? new Set(entry) : closure(ADMIN_LAYOUT, new Set(entry));
    return closure(key, files);
  }
  seen.add(key);
  const parents = lazyImportersOf(key).flatMap((k) => (manifest[k].isDynamicEntry ? [k] : loadersOf(k)));
  const options = parents.filter((p) => p !== key).map((parent) => closure(key, new Set(routeFiles(parent, seen))));
  return options.reduce((a, b) => (kb(b) > kb(a) ? b : a), closure(key, new Set(entry)));
}

const chunks = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry)
  .map((k) => ({ route: k, onDemand: !isRouteLevel(k), kb: kb(routeFiles(k)) }))
  .sort((a, b) => b.kb - a.kb);
const routes = chunks.filter((c) => !c.onDemand);
const parts = chunks.filter((c) => c.onDemand);

const problems = [];
const signIn = routes.find((r) => r.route === SIGN_IN);
if (!signIn) problems.push(`the sign-in screen ${SIGN_IN} is not a route chunk of the build`);
else if (signIn.kb > SIGN_IN_KB) problems.push(`sign-in loads ${signIn.kb.toFixed(1)} KB of JavaScript, over its budget of ${SIGN_IN_KB} KB`);
for (const r of routes) if (r.kb > ANY_ROUTE_KB) problems.push(`${r.route} loads ${r.kb.toFixed(1)} KB, over the ${ANY_ROUTE_KB} KB of any route`);

console.log(`JavaScript per route opened by URL, brotli (entry alone ${kb(entry).toFixed(1)} KB):`);
for (const r of routes) console.log(`  ${r.kb.toFixed(1).padStart(7)} KB  ${r.route}${r.route === SIGN_IN ? `  (sign-in, budget ${SIGN_IN_KB} KB)` : ''}`);
console.log('\nParts a screen loads on demand, counted on top of the largest screen that loads each:');
for (const p of parts) console.log(`  ${p.kb.toFixed(1).padStart(7)} KB  ${p.route}`);
if (problems.length) {
  console.error(`\nOver budget:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`\nWithin budget: sign-in ≤ ${SIGN_IN_KB} KB, every route ≤ ${ANY_ROUTE_KB} KB.`);
