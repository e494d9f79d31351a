import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { VEHICLE_TYPES } from '@shared/domain';
import { TRANSLATED_LANGUAGES, type OfferTranslations, type TranslatedLanguage } from '@shared/localized';
import { formatUsd } from '@shared/money';
import type { OfferView } from '@shared/schemas/offers';
import { pacificInstant } from '@shared/time';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { Select, Textarea } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useCurrentOffer, useSaveOffer } from '../analytics-api';
import { useAdminServices } from '../api';
import { AdminLayout } from '../components/admin-layout';
import { MarketingTabs } from '../components/marketing-tabs';
import { CheckboxField, Field, LabelledControl } from '../components/form-bits';

/** Vehicle types as people write them (SUV, not the CSS-capitalised 'Suv'). */
const VEHICLE_WORDS: Record<(typeof VEHICLE_TYPES)[number], string> = { sedan: 'Sedan', suv: 'SUV', oversize: 'Oversize' };

/** The Pacific wall time of an instant, as YYYY-MM-DDTHH:mm for a datetime-local field. */
function pacificLocal(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

interface Draft {
  title: string;
  subtitle: string;
  imageUrl: string;
  serviceId: string;
  endsAt: string;
  isLive: boolean;
  prices: OfferView['prices'];
  faq: Array<{ question: string; answer: string }>;
  translations: OfferTranslations;
}

const draftOf = (offer: OfferView): Draft => ({
  title: offer.title,
  subtitle: offer.subtitle ?? '',
  imageUrl: offer.imageUrl ?? '',
  serviceId: offer.serviceId ?? '',
  endsAt: pacificLocal(offer.endsAt),
  isLive: offer.isLive,
  prices: offer.prices,
  faq: offer.faq ?? [],
  translations: offer.translations,
});

/** The draft as the public page would get it from the server, so the preview renders the real page. */
function viewOf(draft: Draft, id: string): OfferView {
  const [date = '', time = ''] = draft.endsAt.split('T');
  const endsAt = pacificInstant(date, time);
  const valid = !Number.isNaN(endsAt.getTime());
  const faq = draft.faq.filter((item) => item.question.trim() && item.answer.trim());
  return {
    id,
    title: draft.title.trim(),
    subtitle: draft.subtitle.trim() || null,
    imageUrl: draft.imageUrl.trim() || null,
    faq: faq.length ? faq : null,
    serviceId: draft.serviceId || null,
    endsAt: (valid ? endsAt : new Date()).toISOString(),
    prices: draft.prices,
    storeCartUrls: {},
    isLive: draft.isLive,
    ended: !draft.isLive || !valid || endsAt.getTime() <= Date.now(),
    translations: draft.translations,
  };
}

/**
 * /admin/marketing/offer: every field of the public /sww-offer page, a preview of the draft, and Publish.
 * The preview is the public page itself, handed in by the app layer (a feature never imports another).
 */
export function AdminMarketingOfferPage({ renderPreview }: { renderPreview: (offer: OfferView) => ReactNode }) {
  return (
    <AdminLayout title="Marketing">
      <MarketingTabs />
      <OfferEditor renderPreview={renderPreview} />
    </AdminLayout>
  );
}

function OfferEditor({ renderPreview }: { renderPreview: (offer: OfferView) => ReactNode }) {
  const offer = useCurrentOffer();
  const services = useAdminServices();
  const save = useSaveOffer();
  const [form, setForm] = useState<Draft | null>(null);
  const [previewing, setPreviewing] = useState(false);
  useEffect(() => {
    if (offer.data && !form) setForm(draftOf(offer.data));
  }, [offer.data, form]);
  if (offer.isLoading) return <Spinner />;
  if (!form) return <Alert tone="error">{errorMessage(offer.error, 'Failed to load the offer')}</Alert>;
  const draft = form;

  function preview(event: FormEvent) {
    event.preventDefault();
    setPreviewing(true);
  }
  function publish() {
    const view = viewOf(draft, offer.data?.id ?? 'draft');
    save.mutate(
      { title: draft.title, subtitle: view.subtitle, imageUrl: view.imageUrl, faq: draft.faq, serviceId: draft.serviceId || null, endsAt: draft.endsAt, isLive: draft.isLive, prices: draft.prices, translations: draft.translations },
      {
        onSuccess: (saved) => {
          setPreviewing(false);
          setForm(draftOf(saved));
          toast.success('Offer published');
        },
        onError: (error) => toast.error('The offer was not published', { description: errorMessage(error, '') }),
      },
    );
  }
  const set = (patch: Partial<Draft>) => setForm({ ...draft, ...patch });
  const setPrice = (v: (typeof VEHICLE_TYPES)[number], key: 'regular' | 'offer', value: string) => set({ prices: { ...draft.prices, [v]: { ...draft.prices[v], [key]: value } } });
  const setFaq = (i: number, patch: Partial<Draft['faq'][number]>) => set({ faq: draft.faq.map((item, j) => (j === i ? { ...item, ...patch } : item)) });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Promotional offer (/sww-offer)</CardTitle>
        <p className="text-sm text-slate-500">
          {offer.data?.ended ? 'Not running now: ended or switched off.' : 'Live now.'} Changes reach the page only when you preview and publish them.
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={preview} className="flex max-w-2xl flex-col gap-3">
          <Field label="Title" value={draft.title} onChange={(e) => set({ title: e.target.value })} required maxLength={120} />
          <Field label="Subtitle" hint="A line under the title (optional)." value={draft.subtitle} onChange={(e) => set({ subtitle: e.target.value })} maxLength={300} />
          <Field label="Image URL" hint="https://… or an uploaded /api/uploads/… image (optional)." value={draft.imageUrl} onChange={(e) => set({ imageUrl: e.target.value })} />
          <LabelledControl label="Service booked">
            {(id) => (
              <Select id={id} value={draft.serviceId} onChange={(e) => set({ serviceId: e.target.value })}>
                {!draft.serviceId && <option value="">Choose a service</option>}
                {services.data?.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </LabelledControl>
          <Field label="Ends (Pacific time)" type="datetime-local" value={draft.endsAt} onChange={(e) => set({ endsAt: e.target.value })} required />
          <div className="grid grid-cols-3 gap-2">
            {VEHICLE_TYPES.map((v) => (
              <fieldset key={v} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
                <legend className="px-1 text-sm font-semibold">{VEHICLE_WORDS[v]}</legend>
                <Field label="Regular" inputMode="decimal" value={draft.prices[v].regular} onChange={(e) => setPrice(v, 'regular', e.target.value)} />
                <Field label="Offer" inputMode="decimal" value={draft.prices[v].offer} onChange={(e) => setPrice(v, 'offer', e.target.value)} />
                <span className="text-xs text-slate-500">Saves {formatUsd(Math.max(0, Number(draft.prices[v].regular) - Number(draft.prices[v].offer)) || 0)}</span>
              </fieldset>
            ))}
          </div>
          <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-semibold">Questions (FAQ)</legend>
            {draft.faq.length === 0 && <p className="text-sm text-slate-500">No questions of your own: the page shows the standard four, in the visitor’s language.</p>}
            {draft.faq.map((item, i) => (
              <div key={i} className="flex flex-col gap-2 border-b border-slate-100 pb-3 dark:border-slate-800">
                <Field label={`Question ${i + 1}`} value={item.question} onChange={(e) => setFaq(i, { question: e.target.value })} required maxLength={200} />
                <LabelledControl label={`Answer ${i + 1}`}>
                  {(id) => <Textarea id={id} value={item.answer} onChange={(e) => setFaq(i, { answer: e.target.value })} required maxLength={1000} />}
                </LabelledControl>
                <Button type="button" size="sm" variant="outline" className="self-start" onClick={() => set({ faq: draft.faq.filter((_, j) => j !== i) })}>
                  <Trash2 className="size-4" aria-hidden /> Remove question {i + 1}
                </Button>
              </div>
            ))}
            {draft.faq.length < 10 && (
              <Button type="button" size="sm" variant="outline" className="self-start" onClick={() => set({ faq: [...draft.faq, { question: '', answer: '' }] })}>
                <Plus className="size-4" aria-hidden /> Add a question
              </Button>
            )}
          </fieldset>
          <OfferTranslationsFields draft={draft} onChange={(translations) => set({ translations })} />
          <CheckboxField label="Live" checked={draft.isLive} onChange={(isLive) => set({ isLive })} />
          <Button type="submit" className="self-start">
            Preview
          </Button>
        </form>
      </CardContent>
      <Dialog open={previewing} onOpenChange={setPreviewing}>
        <DialogContent title="Preview of the offer page" description="This is how /sww-offer will look on a phone. Publish puts it live." className="max-w-md">
          <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-700" data-testid="offer-preview">
            {renderPreview(viewOf(draft, offer.data?.id ?? 'draft'))}
          </div>
          <div className="sticky bottom-0 mt-3 flex justify-end gap-2 bg-white py-2 dark:bg-slate-900">
            <Button variant="outline" onClick={() => setPreviewing(false)}>
              Keep editing
            </Button>
            <Button onClick={publish} disabled={save.isPending}>
              {save.isPending ? 'Publishing...' : 'Publish'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

const LANGUAGE_NAMES: Record<TranslatedLanguage, string> = { es: 'Spanish', fr: 'French' };

/**
 * The offer's Spanish and French title, subtitle and questions (decision 061), each beside the English it
 * translates (as placeholder). Left empty, Spanish and French visitors read the English words.
 */
function OfferTranslationsFields({ draft, onChange }: { draft: Draft; onChange(next: OfferTranslations): void }) {
  const value = draft.translations;
  const set = (code: TranslatedLanguage, patch: Partial<NonNullable<OfferTranslations[TranslatedLanguage]>>) => onChange({ ...value, [code]: { ...value[code], ...patch } });
  const setFaq = (code: TranslatedLanguage, i: number, patch: { question?: string; answer?: string }) => {
    const faq = draft.faq.map((_, j) => value[code]?.faq?.[j] ?? {});
    faq[i] = { ...faq[i], ...patch };
    set(code, { faq });
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">Spanish and French</legend>
      <p className="text-xs text-slate-500">Optional. Left empty, Spanish and French visitors read the English words.</p>
      {TRANSLATED_LANGUAGES.map((code) => (
        <div key={code} className="flex flex-col gap-2 border-b border-slate-100 pb-3 last:border-0 dark:border-slate-800">
          <Field label={`${LANGUAGE_NAMES[code]} title`} placeholder={draft.title} value={value[code]?.title ?? ''} onChange={(e) => set(code, { title: e.target.value })} maxLength={120} />
          <Field label={`${LANGUAGE_NAMES[code]} subtitle`} placeholder={draft.subtitle} value={value[code]?.subtitle ?? ''} onChange={(e) => set(code, { subtitle: e.target.value })} maxLength={300} />
          {draft.faq.map((item, i) => (
            <div key={i} className="grid gap-2 sm:grid-cols-2">
              <Field label={`${LANGUAGE_NAMES[code]} question ${i + 1}`} placeholder={item.question} value={value[code]?.faq?.[i]?.question ?? ''} onChange={(e) => setFaq(code, i, { question: e.target.value })} maxLength={200} />
              <Field label={`${LANGUAGE_NAMES[code]} answer ${i + 1}`} placeholder={item.answer} value={value[code]?.faq?.[i]?.answer ?? ''} onChange={(e) => setFaq(code, i, { answer: e.target.value })} maxLength={1000} />
            </div>
          ))}
        </div>
      ))}
    </fieldset>
  );
}
