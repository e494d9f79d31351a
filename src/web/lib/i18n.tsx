import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LANGUAGES, type Language } from '@shared/domain';

/**
 * One i18n layer for the customer-facing pages. Each feature owns its messages in its own
 * `messages.ts` (defineMessages), so adding a page never means editing a shared dictionary.
 * Spanish and French must cover every English key: the type says so.
 */
export type Messages = Record<string, string>;
export type Catalog<M extends Messages> = { en: M } & { [L in Exclude<Language, 'en'>]: { [K in keyof M]: string } };

export function defineMessages<M extends Messages>(catalog: Catalog<M>): Catalog<M> {
  return catalog;
}

const STORAGE_KEY = 'glint.language';

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    if (value && (LANGUAGES as readonly string[]).includes(value)) return value as Language;
  } catch {
    // storage unavailable: English
  }
  return 'en';
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
    setState(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

export type Translate<M extends Messages> = (key: keyof M & string, vars?: Record<string, string | number>) => string;

/** `const t = useT(messages); t('title', { name })` — `{name}` placeholders are filled in. */
export function useT<M extends Messages>(catalog: Catalog<M>): Translate<M> {
  const { language } = useLanguage();
  return useCallback(
    (key, vars) => {
      const template = (catalog[language] as Messages)[key] ?? catalog.en[key] ?? key;
      return vars ? template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`)) : template;
    },
    [catalog, language],
  );
}
