import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { qrSvgPath } from './qr-path.ts';

describe('qrSvgPath', () => {
  it('draws exactly the dark modules of the QR code, row by row', () => {
    const text = 'ORD-20260315-ABCDEFGH';
    const { path, size } = qrSvgPath(text);
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size);
    const drawn = new Uint8Array(size * size);
    for (const m of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
      const [x, y, w] = [Number(m[1]), Number(m[2]), Number(m[3])];
      for (let i = 0; i < w; i++) drawn[y * size + x + i] = 1;
    }
    expect([...drawn]).toEqual([...modules.data].map((v) => (v ? 1 : 0)));
    expect(path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
  });
});
