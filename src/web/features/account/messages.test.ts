import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/message-format';
import { accountMessages } from './messages';

describe('plurals in the account texts', () => {
  it('says 1 star and 2 stars, in each language', () => {
    expect(formatMessage(accountMessages.en.starsOption, { n: 1 }, 'en')).toBe('1 star');
    expect(formatMessage(accountMessages.en.starsOption, { n: 4 }, 'en')).toBe('4 stars');
    expect(formatMessage(accountMessages.es.starsOption, { n: 1 }, 'es')).toBe('1 estrella');
    expect(formatMessage(accountMessages.fr.starsOption, { n: 1 }, 'fr')).toBe('1 étoile');
    expect(formatMessage(accountMessages.fr.starsOption, { n: 5 }, 'fr')).toBe('5 étoiles');
  });
  it('says 1 spot left', () => {
    expect(formatMessage(accountMessages.en.spotsLeft, { n: 1 }, 'en')).toBe('1 spot left');
    expect(formatMessage(accountMessages.es.spotsLeft, { n: 1 }, 'es')).toBe('queda 1 plaza');
  });
});
