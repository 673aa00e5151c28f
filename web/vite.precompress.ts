import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of the build, at the highest levels, once at
 * build time; the server sends the one the browser accepts (`@fastify/static` `preCompressed`) without compressing
 * anything per request.
 */
export function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const files = Object.values(bundle).flatMap((file) => {
        if (!COMPRESSIBLE.test(file.fileName)) return [];
        const source = file.type === 'chunk' ? file.code : file.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        return bytes.length >= MIN_BYTES ? [{ name: file.fileName, bytes }] : [];
      });
      await Promise.all(
        files.map(async ({ name, bytes }) => {
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          this.emitFile({ type: 'asset', fileName: `${name}.br`, source: br });
          this.emitFile({ type: 'asset', fileName: `${name}.gz`, source: gz });
        }),
      );
    },
  };
}
