import { describe, expect, it } from 'vitest';
import type { Dictionaries } from '../../lib/i18n.ts';
import { en } from '../locales/en.ts';
import { id } from '../locales/id.ts';
import { ADMIN_DICTIONARIES } from './admin-dictionaries.ts';

const ALL: readonly Dictionaries[] = [{ en, id }, ...ADMIN_DICTIONARIES];

describe('dictionaries', () => {
  it('give every key one text per language, so the order they are registered in does not matter', () => {
    for (const lang of ['en', 'id'] as const) {
      const seen = new Map<string, string>();
      const conflicts: string[] = [];
      for (const dictionary of ALL) {
        for (const [key, text] of Object.entries(dictionary[lang])) {
          const earlier = seen.get(key);
          if (earlier !== undefined && earlier !== text) conflicts.push(`${lang} ${key}: "${earlier}" / "${text}"`);
          seen.set(key, text);
        }
      }
      expect(conflicts).toEqual([]);
    }
  });

  it('hold only non-empty texts', () => {
    const empty = ALL.flatMap((d) => [...Object.entries(d.en), ...Object.entries(d.id)]).filter(([, text]) => !text.trim());
    expect(empty).toEqual([]);
  });
});
