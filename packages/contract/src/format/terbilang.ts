const DIGITS = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan', 'sepuluh', 'sebelas'];
/** Thousand, million, billion (milyar) and trillion: the scales an amount of Rupiah reaches. */
const SCALES = ['', 'ribu', 'juta', 'miliar', 'triliun'];

/** 0 to 999 in words; 0 is empty (a group of a larger number that adds nothing). */
function belowThousand(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1) words.push('seratus');
  else if (hundreds > 1) words.push(DIGITS[hundreds] ?? '', 'ratus');
  if (rest < 12) {
    if (rest > 0) words.push(DIGITS[rest] ?? '');
  } else if (rest < 20) {
    words.push(DIGITS[rest - 10] ?? '', 'belas');
  } else {
    words.push(DIGITS[Math.floor(rest / 10)] ?? '', 'puluh');
    if (rest % 10) words.push(DIGITS[rest % 10] ?? '');
  }
  return words;
}

/**
 * A whole number in Indonesian words, as "terbilang" on a quotation or receipt: 1500000 → "satu juta lima ratus ribu";
 * 1000 is "seribu", 100 "seratus", 11 "sebelas", 0 "nol". Up to 999 trillion; negative numbers get "minus".
 */
export function terbilang(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`terbilang takes a whole number, not ${value}`);
  if (value === 0) return 'nol';
  if (value < 0) return `minus ${terbilang(-value)}`;
  if (value >= 1e15) throw new RangeError('terbilang reaches 999 trillion at most');
  const words: string[] = [];
  let rest = value;
  const groups: number[] = [];
  while (rest > 0) {
    groups.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  }
  for (let scale = groups.length - 1; scale >= 0; scale--) {
    const group = groups[scale] ?? 0;
    if (group === 0) continue;
    // One thousand is "seribu"; one million is "satu juta".
    if (group === 1 && scale === 1) words.push('seribu');
    else words.push(...belowThousand(group), SCALES[scale] ?? '');
  }
  return words.filter(Boolean).join(' ');
}

/** An amount of Rupiah in words, capitalised, as written under a total: 350000 → "Tiga ratus lima puluh ribu rupiah". */
export function terbilangRupiah(amount: number): string {
  const words = `${terbilang(amount)} rupiah`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
