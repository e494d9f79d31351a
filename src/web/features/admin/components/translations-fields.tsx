import { TRANSLATED_LANGUAGES, type TranslatedLanguage, type Translations } from '@shared/localized';
import { Field } from './form-bits';

const LANGUAGE_LABELS: Record<TranslatedLanguage, string> = { es: 'Spanish', fr: 'French' };

/**
 * A catalogue dialog's Spanish and French name and description (decision 053). Left empty, the customer's
 * page shows the English words; the server drops blanks, so emptying a field goes back to English.
 */
export function TranslationsFields({ value, onChange, englishName, englishDescription }: { value: Translations; onChange(next: Translations): void; englishName: string; englishDescription: string }) {
  const set = (code: TranslatedLanguage, patch: { name?: string; description?: string }) => onChange({ ...value, [code]: { ...value[code], ...patch } });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Spanish and French</legend>
      <p className="text-xs text-slate-500">Optional. Left empty, Spanish and French pages show the English words.</p>
      {TRANSLATED_LANGUAGES.map((code) => (
        <div key={code} className="grid gap-2 sm:grid-cols-2">
          <Field id={`translation-${code}-name`} label={`${LANGUAGE_LABELS[code]} name`} placeholder={englishName} value={value[code]?.name ?? ''} onChange={(e) => set(code, { name: e.target.value })} />
          <Field
            id={`translation-${code}-description`}
            label={`${LANGUAGE_LABELS[code]} description`}
            placeholder={englishDescription.replace(/<[^>]*>/g, ' ').trim()}
            value={value[code]?.description ?? ''}
            onChange={(e) => set(code, { description: e.target.value })}
          />
        </div>
      ))}
    </fieldset>
  );
}
