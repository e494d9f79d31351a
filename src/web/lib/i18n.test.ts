import { describe, expect, it } from 'vitest';
import { browserLanguage } from './i18n';

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
