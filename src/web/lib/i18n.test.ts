import { describe, expect, it, vi } from 'vitest';
import { browserLanguage, lazyMessages, loadTable } from './i18n';

describe("the browser's language", () => {
  it('is the first of navigator.languages we speak, by its primary subtag', () => {
    expect(browserLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(browserLanguage(['de-DE', 'fr-CA', 'es'])).toBe('fr');
    expect(browserLanguage(['EN-gb'])).toBe('en');
  });
  it('falls back to English', () => {
    expect(browserLanguage(['de', 'ja'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('a lazy catalog', () => {
  it('fetches a language once, however many ask, and keeps it', async () => {
    const es = vi.fn(async () => ({ hello: 'Hola' }));
    const catalog = lazyMessages({ hello: 'Hello' }, { es, fr: async () => ({ hello: 'Bonjour' }) });
    expect(catalog.tables).toEqual({ en: { hello: 'Hello' } });
    const [first, second] = await Promise.all([loadTable(catalog, 'es'), loadTable(catalog, 'es')]);
    expect(first).toEqual({ hello: 'Hola' });
    expect(second).toBe(first);
    expect(await loadTable(catalog, 'es')).toBe(first);
    expect(es).toHaveBeenCalledTimes(1);
    expect(catalog.tables.es).toBe(first);
  });

  it('has its English words when a language cannot be fetched', async () => {
    const catalog = lazyMessages({ hello: 'Hello' }, { es: () => Promise.reject(new Error('offline')), fr: async () => ({ hello: 'Bonjour' }) });
    expect(await loadTable(catalog, 'es')).toEqual({ hello: 'Hello' });
    expect(await loadTable(catalog, 'fr')).toEqual({ hello: 'Bonjour' });
  });
});
