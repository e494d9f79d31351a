import { Globe } from 'lucide-react';
import { LANGUAGES, type Language } from '@shared/domain';
import { LANGUAGE_NAMES, useLanguage } from '@web/lib/i18n';

/**
 * The visitor's language switch in the header (signed-in customers choose theirs in Settings, where it is
 * saved with the account; the driver's dashboard saves it through `onChange`). The label is in every
 * language so a reader of any of them can find it.
 */
export function LanguagePicker({ onChange }: { onChange?: (language: Language) => void } = {}) {
  const { language, setLanguage } = useLanguage();
  return (
    <label className="relative inline-flex h-10 items-center gap-1 rounded-full px-2 text-xs font-medium text-slate-700 focus-within:ring-2 focus-within:ring-brand-500 dark:text-slate-200">
      <Globe className="size-4 shrink-0" aria-hidden />
      <span className="sr-only">Language · Idioma · Langue</span>
      <select
        value={language}
        onChange={(event) => {
          const next = event.target.value as Language;
          setLanguage(next);
          onChange?.(next);
        }}
        className="cursor-pointer appearance-none bg-transparent pr-1 uppercase outline-none"
        data-testid="language-picker"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code} className="normal-case text-slate-900">
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
