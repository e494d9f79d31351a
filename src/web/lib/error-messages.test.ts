import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@shared/error-codes';
import { ApiError, errorMessage } from './api';
import { formatMessage } from '@shared/message-format';
import { loadErrorTable, localizeError, localizeSchemaText } from './error-messages';
import { codes as english } from './error-messages/en';

const SLOT_TAKEN = 'That time was just taken. Please choose another time.';

describe('error words per language', () => {
  it('renders a slot conflict in Spanish and French from its code', async () => {
    await Promise.all([loadErrorTable('es'), loadErrorTable('fr')]);
    const body = { code: 'SLOT_FULL', message: SLOT_TAKEN };
    expect(localizeError('es', body)).toBe('Alguien acaba de reservar esa hora. Elige otra, por favor.');
    expect(localizeError('fr', body)).toBe('Ce créneau vient d’être réservé. Choisissez un autre horaire.');
  });

  it('fills params into the Spanish words, with plural forms and numbers in the language', async () => {
    await loadErrorTable('es');
    const limit = (max: number) => localizeError('es', { code: 'ADDRESS_LIMIT_REACHED', message: `You can save up to ${max} addresses. Please delete one first.`, params: { max } });
    expect(limit(5)).toBe('Puedes guardar hasta 5 direcciones. Elimina una primero.');
    expect(limit(1)).toBe('Puedes guardar 1 dirección. Elimina una primero.');
    expect(localizeError('es', { code: 'UPCOMING_BOOKINGS_BLOCK_DELETION', message: 'x', params: { phone: '(408) 555-0134' } })).toBe(
      'Tienes reservas próximas. Cancélalas primero o llámanos al (408) 555-0134.',
    );
  });

  it('formats money params as dollars in the reader’s language', () => {
    expect(formatMessage('Total {amountCents}', { amountCents: 123456 }, 'fr')).toBe(`Total ${new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format(1234.56)}`);
    expect(formatMessage('Total {amountCents}', { amountCents: 123456 }, 'en')).toBe('Total $1,234.56');
  });

  it('keeps English pages showing the server’s own words, whatever the code', () => {
    const conflict = new ApiError(409, SLOT_TAKEN, { code: 'SLOT_FULL', message: SLOT_TAKEN });
    expect(errorMessage(conflict, 'Could not book')).toBe(SLOT_TAKEN);
    const invalid = new ApiError(400, 'Please enter a valid email address', { code: 'INVALID_INPUT', message: 'Please enter a valid email address', params: { field: 'email' } });
    expect(errorMessage(invalid, 'x')).toBe('Please enter a valid email address');
    expect(errorMessage(new ApiError(502, '', undefined), 'Could not reach us')).toBe('Could not reach us');
  });

  it('falls back to the server’s message for a code it does not know', async () => {
    await loadErrorTable('es');
    expect(localizeError('es', { code: 'SOMETHING_NEW', message: 'Something new went wrong' })).toBe('Something new went wrong');
    expect(localizeError('es', { message: 'No code at all' })).toBe('No code at all');
  });

  it('words a validation error by its field, or asks to check the form', async () => {
    await loadErrorTable('es');
    expect(localizeError('es', { code: 'INVALID_INPUT', message: 'Please enter a valid email address', params: { field: 'email' } })).toBe('Introduce un correo electrónico válido');
    expect(localizeError('es', { code: 'INVALID_INPUT', message: 'Type at least 3 characters', params: { field: 'q' } })).toBe('Revisa los datos indicados e inténtalo de nuevo.');
  });
});

/** The generic codes carry words that vary per throw; every domain code has one English sentence. */
const GENERIC = new Set(['BAD_REQUEST', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'UNAVAILABLE', 'INVALID_INPUT']);

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** `${…}` in the server's template and `{name}` in the table both become one placeholder. */
const shape = (text: string) => text.replace(/\$\{[^}]*\}/g, '{}').replace(/\{\w+\}/g, '{}');

describe('the English table', () => {
  it('says exactly what the server says for every domain code thrown with one fixed sentence', () => {
    const thrown = new Map<string, Set<string>>();
    const where = new Map<string, string>();
    for (const file of serverFiles('src/server')) {
      const source = readFileSync(file, 'utf8');
      const constant = (name: string) => new RegExp(`const ${name} = '([^']*)'`).exec(source)?.[1];
      for (const m of source.matchAll(/new AppError\(\s*'([A-Z_]+)',\s*(?:'([^']*)'|`([^`]*)`|([A-Z_]+)\b)/g)) {
        const message = m[2] ?? m[3] ?? (m[4] ? constant(m[4]) : undefined);
        if (message === undefined || GENERIC.has(m[1]!)) continue;
        thrown.set(m[1]!, (thrown.get(m[1]!) ?? new Set()).add(shape(message)));
        where.set(m[1]!, file);
      }
    }
    let compared = 0;
    for (const [code, shapes] of thrown) {
      expect(code in ERROR_STATUS, `${code} in ${where.get(code)} is in ERROR_STATUS`).toBe(true);
      const words = english[code as keyof typeof english];
      // Codes whose English varies per throw (a choice on a param, or several sentences) are checked by their own tests.
      if (shapes.size > 1 || /, (plural|select), /.test(words)) continue;
      expect(shape(words), `${code} in ${where.get(code)}`).toBe([...shapes][0]);
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
  });
});

describe('a form’s own checks', () => {
  it('speak the page’s language: every sentence the sign-in, registration and password schemas can say is translated', async () => {
    const { loginRequest } = await import('@shared/schemas/sign-in');
    const { registerRequest, resetPasswordRequest, claimGuestBookingRequest, forgotPasswordRequest } = await import('@shared/schemas/auth');
    const { SCHEMA_TEXTS } = await import('./error-messages/schema-texts');
    await Promise.all([loadErrorTable('es'), loadErrorTable('fr')]);
    const said = new Set<string>();
    const inputs = [{}, { email: 'x', password: '', fullName: 'a', phone: '1', token: '', newPassword: 'short' }, { fullName: 'a'.repeat(200), phone: '1'.repeat(40), password: 'p'.repeat(200), newPassword: 'p'.repeat(200) }, { phone: '123456789012' }];
    for (const schema of [loginRequest, registerRequest, resetPasswordRequest, claimGuestBookingRequest, forgotPasswordRequest]) {
      for (const input of inputs) {
        const result = schema.safeParse(input);
        if (!result.success) for (const issue of result.error.issues) said.add(issue.message);
      }
    }
    expect([...said].sort()).toEqual([...SCHEMA_TEXTS].sort());
    for (const text of said) {
      for (const language of ['es', 'fr'] as const) expect(localizeSchemaText(language, text), `${language}: ${text}`).not.toBe(text);
      expect(localizeSchemaText('en', text)).toBe(text);
    }
    expect(localizeSchemaText('es', 'Password must be at least 8 characters')).toBe('La contraseña debe tener al menos 8 caracteres');
  });
});
