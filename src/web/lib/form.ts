import { useRef, useState, type FormEvent } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { localizeSchemaText } from './error-messages';
import { currentLanguage } from './i18n';

interface SafeParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string; code?: string }[] } };
}

/**
 * react-hook-form validation with a shared schema (classic Zod or zod/mini): the first message per field, in
 * the page's language.
 * Written here because @hookform/resolvers' Zod resolver brings all of classic Zod into the first download.
 */
export function schemaResolver<T extends FieldValues>(schema: SafeParser<T>): Resolver<T> {
  return async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || 'root';
      errors[field] ??= { type: issue.code ?? 'invalid', message: localizeSchemaText(currentLanguage(), issue.message) };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}

/**
 * A form of text fields validated with a shared schema, without react-hook-form (decision 019: the sign-in
 * forms are in a visitor's first load). Fields are uncontrolled inputs with a `name`; the schema runs on
 * submit, then again on every input once submitted (react-hook-form's defaults), and the first invalid field
 * gets the focus. `errors` holds the first message per field.
 * The schema may come as a loader: validation code (Zod) then stays out of the first download and is fetched
 * when the visitor first reaches for the form (focus, pointer down) or, at the latest, on submit.
 */
export function useSchemaForm<T extends Record<string, unknown>>(schema: SafeParser<T> | (() => Promise<SafeParser<T>>)) {
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const submitted = useRef(false);
  const loaded = useRef<SafeParser<T> | Promise<SafeParser<T>> | undefined>(typeof schema === 'function' ? undefined : schema);
  const parser = () => (loaded.current ??= (schema as () => Promise<SafeParser<T>>)().then((s) => (loaded.current = s)));
  const check = (form: HTMLFormElement, schema: SafeParser<T>) => {
    const result = schema.safeParse(Object.fromEntries(new FormData(form)));
    const next: Record<string, string> = {};
    if (!result.success) for (const issue of result.error.issues) next[issue.path.map(String).join('.') || 'root'] ??= localizeSchemaText(currentLanguage(), issue.message);
    setErrors(next);
    return { result, next };
  };
  return {
    errors,
    formProps: (onValid: (values: T) => void) => ({
      noValidate: true,
      async onSubmit(event: FormEvent<HTMLFormElement>) {
        event.preventDefault();
        const form = event.currentTarget;
        const schema = await parser();
        submitted.current = true;
        const { result, next } = check(form, schema);
        if (result.success) return onValid(result.data);
        const first = Object.keys(next)[0];
        const field = first ? form.elements.namedItem(first) : null;
        if (field instanceof HTMLElement) field.focus();
      },
      onInput(event: FormEvent<HTMLFormElement>) {
        const schema = loaded.current;
        if (submitted.current && schema && !(schema instanceof Promise)) check(event.currentTarget, schema);
      },
      onFocus() {
        void parser();
      },
      onPointerDown() {
        void parser();
      },
    }),
  };
}
