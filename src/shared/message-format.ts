import type { Language } from './domain';

export type MessageParams = Record<string, string | number | boolean | null | undefined>;

/**
 * Fills a message template in a language, for the web's tables and the e-mails alike: `{name}` takes a
 * param (numbers through Intl.NumberFormat, `…Cents` params as dollars), and
 * `{name, plural, one {…} other {…}}` picks a form through Intl.PluralRules, `#` standing for the number, and
 * `{name, select, a {…} other {…}}` picks a form by the param's value.
 */
export function formatMessage(template: string, params: MessageParams | undefined, language: Language): string {
  const values = params ?? {};
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const withPlurals = template.replace(/\{(\w+), (plural|select), ((?:[=\w]+ \{(?:[^{}]|\{\w+\})*\}\s*)+)\}/g, (whole, name: string, kind: string, cases: string) => {
    const value = values[name];
    const forms = new Map([...cases.matchAll(/([=\w]+) \{((?:[^{}]|\{\w+\})*)\}/g)].map((m) => [m[1]!, m[2]!]));
    if (kind === 'select') return forms.get(String(value)) ?? forms.get('other') ?? '';
    if (typeof value !== 'number') return whole;
    const form = forms.get(`=${value}`) ?? forms.get(new Intl.PluralRules(language).select(value)) ?? forms.get('other') ?? '';
    return form.replace(/#/g, number(value));
  });
  return withPlurals.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) return whole;
    if (typeof value === 'number' && name.endsWith('Cents')) {
      return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(value / 100);
    }
    return typeof value === 'number' ? number(value) : String(value);
  });
}
