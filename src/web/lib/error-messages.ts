import type { Language } from '@shared/domain';
import type { ErrorCode, ErrorParams } from '@shared/error-codes';
import { formatMessage } from '@shared/message-format';
import type { SchemaText } from './error-messages/schema-texts';

/**
 * Words for error codes, one table per language (error-messages/en.ts, es.ts, fr.ts). Codes and params
 * come from the server; the words are the client's. Tables are loaded on demand, one language at a time,
 * so no visitor downloads the words of a language they do not read.
 */

export interface ErrorTable {
  codes: { [K in ErrorCode]: string };
  /** INVALID_INPUT: the words for a field, by the last segment of its path; other fields get codes.INVALID_INPUT. */
  fields: Record<string, string>;
  /** A shared schema's sentence (SCHEMA_TEXTS) in this language. */
  schemaTexts: { [K in SchemaText]: string };
}

export interface ErrorBodyLike {
  code?: unknown;
  message?: unknown;
  params?: unknown;
}

/** The words for an error body in a table's language, or undefined when the code is not one we know. */
export function renderError(table: ErrorTable, language: Language, body: ErrorBodyLike): string | undefined {
  if (typeof body.code !== 'string' || !Object.hasOwn(table.codes, body.code)) return undefined;
  const code = body.code as ErrorCode;
  const params = body.params && typeof body.params === 'object' ? (body.params as ErrorParams) : undefined;
  if (code === 'INVALID_INPUT') {
    const field = typeof params?.field === 'string' ? params.field.split('.').pop()! : '';
    return (Object.hasOwn(table.fields, field) ? table.fields[field] : undefined) ?? table.codes.INVALID_INPUT;
  }
  return formatMessage(table.codes[code], params, language);
}

const loaders: Record<Language, () => Promise<{ default: ErrorTable }>> = {
  en: () => import('./error-messages/en'),
  es: () => import('./error-messages/es'),
  fr: () => import('./error-messages/fr'),
};
const loaded: Partial<Record<Language, ErrorTable>> = {};

/** Fetches a language's table once; errors shown before it arrives fall back to the server's English. */
export async function loadErrorTable(language: Language): Promise<ErrorTable> {
  const table = loaded[language] ?? (loaded[language] = (await loaders[language]()).default);
  return table;
}

/** The table of a language if it has arrived. */
export function errorTable(language: Language): ErrorTable | undefined {
  return loaded[language];
}

/**
 * An error's words in a language. English shows the server's message: it is the English table's text
 * (a test keeps them equal) and carries the exact field text of a validation error, so English visitors
 * load no table. Other languages render code + params from their table; a code the table does not know
 * falls back to the server's message.
 */
export function localizeError(language: Language, body: ErrorBodyLike): string | undefined {
  const serverMessage = typeof body.message === 'string' && body.message ? body.message : undefined;
  if (language === 'en') return serverMessage;
  const table = errorTable(language);
  return (table && renderError(table, language, body)) ?? serverMessage;
}

/**
 * A schema's message in a language, for a form that validates before sending. English is the schema's own
 * sentence; another language's table translates the sentences it knows (every SCHEMA_TEXTS one) and leaves
 * any other as it is.
 */
export function localizeSchemaText(language: Language, message: string): string {
  if (language === 'en') return message;
  const texts = errorTable(language)?.schemaTexts as Record<string, string> | undefined;
  return (texts && Object.hasOwn(texts, message) ? texts[message] : undefined) ?? message;
}
