import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The codings a request's `accept-encoding` allows (a `q=0` refuses one). */
function accepted(header: string | undefined): Set<string> {
  const codings = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) codings.add(name);
  }
  return codings;
}

/**
 * The build's hashed files under `/assets/`, sent from memory: brotli, else gzip (the copies the build writes beside
 * each text file), else the file itself. A screen opened by URL asks for about a hundred of them at once; a file
 * server's per-request stat, stream and header work was about 2 ms each on these cores, which the page waited for.
 * The build never changes while the server runs, so each file is read once, when first asked for.
 */
export function registerBuiltAssets(app: FastifyInstance, assetsDir: string): void {
  const names = new Set(fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []);
  const bodies = new Map<string, Buffer>();
  const read = async (name: string) => {
    let body = bodies.get(name);
    if (!body) {
      body = await fs.promises.readFile(path.join(assetsDir, name));
      bodies.set(name, body);
    }
    return body;
  };
  app.get<{ Params: { file: string } }>('/assets/:file', async (req, reply) => {
    const { file } = req.params;
    if (!names.has(file) || file.endsWith('.br') || file.endsWith('.gz')) return reply.callNotFound();
    const codings = accepted(req.headers['accept-encoding']);
    const coding = codings.has('br') && names.has(`${file}.br`) ? 'br' : codings.has('gzip') && names.has(`${file}.gz`) ? 'gzip' : undefined;
    const body = await read(coding === 'br' ? `${file}.br` : coding === 'gzip' ? `${file}.gz` : file);
    reply.header('content-type', TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream').header('cache-control', IMMUTABLE);
    if (names.has(`${file}.br`) || names.has(`${file}.gz`)) reply.header('vary', 'accept-encoding');
    if (coding) reply.header('content-encoding', coding);
    return reply.send(body);
  });
}
