import { describe, expect, it } from 'vitest';
import type { Dictionaries } from '../../lib/i18n.ts';
import { en } from '../locales/en.ts';
import { id } from '../locales/id.ts';
import { ADMIN_DICTIONARIES } from './admin-dictionaries.ts';

/** Every dictionary of the app, by file: the shell's, the generic blocks' and each domain's. */
const FILES = import.meta.glob<Record<string, Dictionaries>>('../../{ui,domains}/**/*.i18n.ts', { eager: true });
/** The source of each module that registers texts (a domain's screens, the import wizard). */
const SOURCES = import.meta.glob<string>(['../../domains/**/*.screens.tsx', '../../ui/ImportWizard.tsx', '../../ui/guarded/*.tsx'], { eager: true, query: '?raw', import: 'default' });
const NAMED = Object.entries(FILES).flatMap(([file, exports]) => Object.entries(exports).map(([name, dictionary]) => ({ file, name, dictionary })));
const ALL: readonly Dictionaries[] = [{ en, id }, ...NAMED.map((d) => d.dictionary)];

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

  it('are each registered: by the shell, or by the screens that show them', () => {
    const registered = (name: string) => Object.values(SOURCES).some((source) => new RegExp(`registerDictionaries\\([^)]*\\b${name}\\b`).test(source));
    const unregistered = NAMED.filter((d) => !ADMIN_DICTIONARIES.includes(d.dictionary) && !registered(d.name)).map((d) => `${d.file} ${d.name}`);
    expect(NAMED.length).toBeGreaterThan(10);
    expect(unregistered).toEqual([]);
  });
});
