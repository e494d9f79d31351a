import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/message-format';
import { pickerMessages } from './slot-picker';

describe('plurals in the slot picker', () => {
  it('says 1 spot left and 2 spots left', () => {
    expect(formatMessage(pickerMessages.en.spotsLeft, { count: 1 }, 'en')).toBe('(1 spot left)');
    expect(formatMessage(pickerMessages.en.spotsLeft, { count: 2 }, 'en')).toBe('(2 spots left)');
    expect(formatMessage(pickerMessages.fr.spotsLeft, { count: 1 }, 'fr')).toBe('(1 place restante)');
  });
});
