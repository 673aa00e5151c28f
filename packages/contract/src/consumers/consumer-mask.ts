/**
 * Personal data (phone, e-mail) of consumers is masked on the server for roles without the view right of this hidden
 * menu entry; the web shows what it gets.
 */
export const PERSONAL_DATA_ENTRY = 'cms.consumer-personal-data';

/** `6281234567890` → `6281******890`: the country and operator prefix and the last three digits stay. */
export function maskPhone(phone: string | null): string | null {
  if (phone === null) return null;
  if (phone.length <= 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 4)}${'*'.repeat(phone.length - 7)}${phone.slice(-3)}`;
}

/** `budi.santoso@gmail.com` → `bu**********@gmail.com`: two letters of the name and the domain stay. */
export function maskEmail(email: string | null): string | null {
  if (email === null) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '*'.repeat(email.length);
  const local = email.slice(0, at);
  const keep = local.length > 2 ? 2 : 1;
  return `${local.slice(0, keep)}${'*'.repeat(local.length - keep)}${email.slice(at)}`;
}

/** `Budi Santoso` → `B*** S******`: each word's first letter stays (exports that name consumers without the personal-data right). */
export function maskName(name: string | null): string | null {
  if (name === null) return null;
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const letters = Array.from(word);
      return `${letters[0] ?? ''}${'*'.repeat(letters.length - 1)}`;
    })
    .join(' ');
}
