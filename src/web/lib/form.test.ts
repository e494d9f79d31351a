import { describe, expect, it } from 'vitest';
import { registerRequest } from '@shared/schemas/auth';
import { schemaResolver } from './form';

const resolve = (values: Record<string, unknown>) => schemaResolver(registerRequest)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('schemaResolver', () => {
  it('gives the first message of each field, in the form wording', async () => {
    const result = await resolve({ fullName: 'J', email: 'nope', phone: '123', password: 'short' });
    expect(result.errors).toMatchObject({
      fullName: { message: 'Full name must be at least 2 characters' },
      email: { message: 'Invalid email address' },
      phone: { message: 'Phone number must be at least 10 digits' },
      password: { message: 'Password must be at least 8 characters' },
    });
  });

  it('passes the parsed (trimmed, lower-cased) values on success', async () => {
    const result = await resolve({ fullName: ' Ana ', email: ' ANA@Example.com ', phone: '4085550100', password: 'long-enough' });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ fullName: 'Ana', email: 'ana@example.com' });
  });
});
