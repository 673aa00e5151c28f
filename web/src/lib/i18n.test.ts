import { afterEach, describe, expect, it } from 'vitest';
import { currentLang, i18n, LANGUAGES, registerDictionaries, setLanguage, translateMessage } from './i18n.ts';

describe('i18n runtime', () => {
  afterEach(() => setLanguage('en'));

  it('starts in English with no texts of its own', () => {
    expect(LANGUAGES).toEqual(['en', 'id']);
    expect(currentLang()).toBe('en');
    expect(i18n.t('test.greeting')).toBe('test.greeting');
  });

  it('translates with the dictionaries registered into it, in the chosen language', () => {
    registerDictionaries({ en: { 'test.greeting': 'Hello {{name}}' }, id: { 'test.greeting': 'Halo {{name}}' } });
    expect(i18n.t('test.greeting', { name: 'Sari' })).toBe('Hello Sari');
    setLanguage('id');
    expect(currentLang()).toBe('id');
    expect(i18n.t('test.greeting', { name: 'Sari' })).toBe('Halo Sari');
  });

  it('falls back to English for a key Indonesian lacks', () => {
    registerDictionaries({ en: { 'test.only': 'Only English' }, id: {} });
    setLanguage('id');
    expect(i18n.t('test.only')).toBe('Only English');
  });

  it('translates known messages (keys with dots and colons too) and shows unknown ones as they are', () => {
    registerDictionaries({ en: {}, id: { 'Name is required': 'Nama wajib diisi', 'Step 1: upload.': 'Langkah 1: unggah.' } });
    setLanguage('id');
    expect(translateMessage('Name is required')).toBe('Nama wajib diisi');
    expect(translateMessage('Step 1: upload.')).toBe('Langkah 1: unggah.');
    expect(translateMessage('Something nobody translated')).toBe('Something nobody translated');
    setLanguage('en');
    expect(translateMessage('Name is required')).toBe('Name is required');
  });

  it('lets a later dictionary add to and override an earlier one', () => {
    registerDictionaries({ en: { 'test.a': 'A1', 'test.b': 'B1' }, id: {} });
    registerDictionaries({ en: { 'test.b': 'B2' }, id: {} });
    expect(i18n.t('test.a')).toBe('A1');
    expect(i18n.t('test.b')).toBe('B2');
  });
});
