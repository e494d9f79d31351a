import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

interface SafeParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string; code?: string }[] } };
}

/**
 * react-hook-form validation with a shared schema (classic Zod or zod/mini): the first message per field.
 * Written here because @hookform/resolvers' Zod resolver brings all of classic Zod into the first download.
 */
export function schemaResolver<T extends FieldValues>(schema: SafeParser<T>): Resolver<T> {
  return async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || 'root';
      errors[field] ??= { type: issue.code ?? 'invalid', message: issue.message };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}
