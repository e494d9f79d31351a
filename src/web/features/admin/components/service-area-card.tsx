import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { BusinessSettings } from '@shared/schemas/business-settings';
import { fromCents } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { Alert } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { Field, SettingsCard, typedDollars, typedWholeNumber } from './form-bits';
import { useBusinessSettings, useSaveTravelSettings } from '../messages-api';

const MAX_BANDS = 10;
const wholeMinutes = (text: string): number | null => typedWholeNumber(text, 600);

type BandDraft = { key: number; upTo: string; fee: string };

/**
 * The "Service area" card (settings section `travel`, decision 054): mobile and pickup jobs are free within a
 * drive of `freeMinutes` from the business, then pay the fee of the first band their drive fits, and are
 * refused beyond the last band. The server checks the order of the bands and says what is wrong.
 */
export function ServiceAreaCard() {
  const { data, error } = useBusinessSettings();
  if (error) return <Alert tone="error" title="Failed to load the service area">{errorMessage(error, 'Please refresh the page')}</Alert>;
  if (!data) return null;
  return <ServiceAreaForm key={JSON.stringify(data.travel)} saved={data.travel} />;
}

function ServiceAreaForm({ saved }: { saved: BusinessSettings['travel'] }) {
  const [free, setFree] = useState(String(saved.freeMinutes));
  const [bands, setBands] = useState<BandDraft[]>(() => saved.bands.map((b, key) => ({ key, upTo: String(b.upToMinutes), fee: fromCents(b.feeCents) })));
  const [nextKey, setNextKey] = useState(saved.bands.length);
  const save = useSaveTravelSettings();
  const freeMinutes = wholeMinutes(free);
  const parsed = bands.map((b) => ({ upToMinutes: wholeMinutes(b.upTo), feeCents: typedDollars(b.fee) }));
  const body =
    freeMinutes !== null && parsed.every((b) => b.upToMinutes !== null && b.feeCents !== null) ? { freeMinutes, bands: parsed.map((b) => ({ upToMinutes: b.upToMinutes!, feeCents: b.feeCents! })) } : null;
  const edit = (key: number, change: Partial<BandDraft>) => setBands((list) => list.map((b) => (b.key === key ? { ...b, ...change } : b)));
  return (
    <SettingsCard title="Service area" what="service area" testId="service-area-settings" className="mt-8" save={save} body={body}>
      <p className="text-sm text-slate-600">
        Mobile and pickup jobs are free within the free drive from the business, then pay the fee of the first band the drive fits. Addresses beyond the last band are refused.
      </p>
      <Field label="Free within (minutes of driving)" inputMode="numeric" value={free} onChange={(e) => setFree(e.target.value)} aria-invalid={freeMinutes === null} className="max-w-60" />
      <ol className="flex flex-col gap-2" aria-label="Travel fee bands">
        {bands.map((band, index) => (
          <li key={band.key} className="flex items-end gap-2">
            <Field label={`Band ${index + 1}: up to (minutes)`} inputMode="numeric" value={band.upTo} onChange={(e) => edit(band.key, { upTo: e.target.value })} aria-invalid={parsed[index]!.upToMinutes === null} />
            <Field label="Fee ($)" inputMode="decimal" value={band.fee} onChange={(e) => edit(band.key, { fee: e.target.value })} aria-invalid={parsed[index]!.feeCents === null} />
            <Button type="button" variant="outline" size="sm" aria-label={`Remove band ${index + 1}`} onClick={() => setBands((list) => list.filter((b) => b.key !== band.key))}>
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      {bands.length === 0 && <p className="text-sm text-amber-700">Without bands, only addresses within the free drive are served.</p>}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={bands.length >= MAX_BANDS}
          onClick={() => {
            const last = parsed.at(-1)?.upToMinutes ?? freeMinutes ?? 0;
            setBands((list) => [...list, { key: nextKey, upTo: String(last + 15), fee: '' }]);
            setNextKey((k) => k + 1);
          }}
        >
          <Plus aria-hidden /> Add band
        </Button>
      </div>
    </SettingsCard>
  );
}
