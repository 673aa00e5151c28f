import QRCode from 'qrcode';

/**
 * A text as a QR code drawn by one SVG path over a square of `size` modules (`viewBox="0 0 size size"`, with the quiet
 * zone to add around it): each run of dark modules in a row is one rectangle. The browser draws it as it is, printed
 * sharp at any size, and needs no QR encoder of its own.
 */
export function qrSvgPath(text: string): { path: string; size: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  let path = '';
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  }
  return { path, size };
}
