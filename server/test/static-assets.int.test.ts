import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';

/** A built web app as the build leaves it: hashed assets with their .br and .gz copies. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
const script = `console.log(${JSON.stringify('loyalty portal '.repeat(200))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script>');
fs.writeFileSync(path.join(dist, 'assets/index-AbC123.js'), script);
fs.writeFileSync(path.join(dist, 'assets/index-AbC123.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dist, 'assets/index-AbC123.js.gz'), zlib.gzipSync(script));

describe('the built web app', () => {
  const h = useHarness({ WEB_DIST: dist, webDist: dist });

  it('sends hashed assets precompressed (brotli, else gzip, else plain) with a year of immutable caching', async () => {
    const get = (encoding?: string) => h.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    // A script takes nosniff and the resource policy; a document's policies (CSP, frames) are the page's alone.
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // A coding refused with q=0 is not sent.
    expect((await get('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('answers not found for a file the build does not have, and for its compressed copies asked by name', async () => {
    for (const url of ['/assets/missing-1234.js', '/assets/index-AbC123.js.br', '/assets/index-AbC123.js.gz', '/assets/..%2Findex.html']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('gives an API answer the headers that apply to JSON, with a policy that allows nothing', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/meta' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
  });

  it('never lets a browser keep the page itself, so a new build is seen at once', async () => {
    for (const url of ['/', '/admin/aphrodite/consumer']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.body).toContain('/assets/index-AbC123.js');
    }
  });
});
