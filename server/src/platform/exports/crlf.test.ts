import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { crlf } from './copy-csv.ts';

/** The rule, byte by byte: every LF outside a quoted cell becomes CRLF. */
function expected(text: string): string {
  let quoted = false;
  let out = '';
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (ch === '\n' && !quoted) out += '\r';
    out += ch;
  }
  return out;
}

/** A deterministic pseudo-random generator (tests never depend on luck). */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('COPY line ends', () => {
  it('turns every line end outside quoted cells into CRLF, whatever the chunks', async () => {
    const random = lcg(7);
    const pieces = ['a', 'bc', ',', '"', '""', '\n', '\r\n', 'Ünï', '\n\n'];
    for (let round = 0; round < 200; round++) {
      let text = '';
      const length = Math.floor(random() * 60);
      for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)];
      const bytes = Buffer.from(text);
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; ) {
        const size = 1 + Math.floor(random() * 8);
        chunks.push(bytes.subarray(at, at + size));
        at += size;
      }
      const out = await buffer(Readable.from(chunks).pipe(crlf()));
      expect(out.toString(), JSON.stringify(text)).toBe(expected(text));
    }
  });
});
