import { createContext, startTransition, use, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LANGUAGES, type Language } from '@shared/domain';
import { formatMessage } from '@shared/message-format';
import { loadErrorTable } from './error-messages';

/**
 * One i18n layer for the customer-facing pages. Each feature owns its messages in its own
 * `messages.ts` (defineMessages), so adding a page never means editing a shared dictionary.
 * Spanish and French must cover every English key: the type says so.
 */
export type Messages = Record<string, string>;
/** A language's words for every English key. */
export type Translation<M extends Messages> = { [K in keyof M]: string };
export type Catalog<M extends Messages> = { en: M } & { [L in Exclude<Language, 'en'>]: Translation<M> };

export function defineMessages<M extends Messages>(catalog: Catalog<M>): Catalog<M> {
  return catalog;
}

/**
 * A catalog whose other languages are chunks of their own, fetched when the page is in that language: a first
 * page (the booking start) carries English only (decision 073). A component using it suspends while its
 * language arrives; a language switch fetches every such catalog first (LanguageProvider), in a transition,
 * so what is shown stays until the words are there.
 */
export interface LazyCatalog<M extends Messages> {
  en: M;
  load: { [L in Exclude<Language, 'en'>]: () => Promise<Translation<M>> };
  /** The languages fetched so far, and those on their way. */
  tables: Partial<Record<Language, Translation<M>>>;
  pending: Partial<Record<Language, Promise<Translation<M>>>>;
}

const lazyCatalogs: LazyCatalog<Messages>[] = [];

export function lazyMessages<M extends Messages>(en: M, load: LazyCatalog<M>['load']): LazyCatalog<M> {
  const catalog: LazyCatalog<M> = { en, load, tables: { en }, pending: {} };
  lazyCatalogs.push(catalog as unknown as LazyCatalog<Messages>);
  return catalog;
}

/** A lazy catalog's words in a language, fetched once; English stands in when they cannot be fetched. */
export function loadTable<M extends Messages>(catalog: LazyCatalog<M>, language: Language): Promise<Translation<M>> {
  const ready = catalog.tables[language];
  if (ready) return Promise.resolve(ready);
  return (catalog.pending[language] ??= (language === 'en' ? Promise.resolve(catalog.en) : catalog.load[language]()).then(
    (table) => (catalog.tables[language] = table),
    () => (catalog.tables[language] = catalog.en),
  ));
}

const STORAGE_KEY = 'glint.language';

/** Each language named in itself, for pickers. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', fr: 'Français' };

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** The first of the browser's languages we speak ('es-MX' → 'es'), else English. */
export function browserLanguage(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The language chosen on this device, or the browser's when none was chosen. */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    if (value && isLanguage(value)) return value;
  } catch {
    // storage unavailable: the browser's language
  }
  return browserLanguage();
}

/**
 * The page's language for plain functions that render words outside React (`errorMessage`). The
 * LanguageProvider keeps it in step with its state.
 */
let current: Language = 'en';
export function currentLanguage(): Language {
  return current;
}

/** Makes a language the current one and fetches its error words (English needs none: see error-messages.ts). */
function makeCurrent(language: Language): void {
  current = language;
  if (language !== 'en') void loadErrorTable(language).catch(() => undefined);
}

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

const LanguageContext = createContext<LanguageState>({ language: 'en', setLanguage: () => undefined });

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(storedLanguage);
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    document.documentElement.lang = next;
    makeCurrent(next);
    // The lazy catalogs' words for the new language are fetched together; the page keeps the old words
    // (a transition) rather than showing a spinner while a component that uses one waits for them.
    for (const catalog of lazyCatalogs) void loadTable(catalog, next);
    startTransition(() => setState(next));
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
    makeCurrent(language);
  }, [language]);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

const PLURAL_OR_SELECT = /\{\w+, (plural|select),/;

export type Translate<M extends Messages> = (key: keyof M & string, vars?: Record<string, string | number>) => string;

/**
 * `const t = useT(messages); t('title', { name })` — `{name}` placeholders are filled in; plurals and
 * choices are ICU-style (`{n, plural, one {# star} other {# stars}}`) through Intl.PluralRules, never
 * string joins.
 */
export function useT<M extends Messages>(catalog: Catalog<M> | LazyCatalog<M>): Translate<M> {
  const { language } = useLanguage();
  const table: Messages = 'load' in catalog ? (catalog.tables[language] ?? use(loadTable(catalog, language))) : catalog[language];
  return useCallback(
    (key, vars) => {
      const template = table[key] ?? catalog.en[key] ?? key;
      if (vars && PLURAL_OR_SELECT.test(template)) return formatMessage(template, vars, language);
      return vars ? template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`)) : template;
    },
    [catalog, table, language],
  );
}
