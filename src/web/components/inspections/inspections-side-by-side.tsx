import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, Fuel, Gauge } from 'lucide-react';
import { useState } from 'react';
import { TIME_ZONE } from '@shared/constants';
import type { Language } from '@shared/domain';
import { CONCERN_TEXT_MAX, FUEL_EIGHTHS_MAX, type InspectionPhase } from '@shared/inspections';
import type { BookingInspections, InspectionPhotoView, InspectionView } from '@shared/schemas/inspections';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert } from '@web/components/ui/feedback';
import { Label, Textarea } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { inspectionsQuery, newIdempotencyKey, photoSrc, useFlagConcern } from './api';
import { inspectionMessages } from './messages';

type T = ReturnType<typeof useT<typeof inspectionMessages.en>>;

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', fr: 'fr-FR' };
const when = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALES[language], { timeZone: TIME_ZONE, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * Both inspections of a pickup job side by side — photos, odometer, fuel, damage notes and the signature —
 * for the customer (tracking page, receipt) and the office; the customer may flag a concern within 24 hours
 * of the return. Shows nothing until a first inspection exists, unless `always` (the office opened it).
 */
export function InspectionsSideBySide({ bookingId, token, allowConcern = false, always = false }: { bookingId: string; token?: string; allowConcern?: boolean; always?: boolean }) {
  const t = useT(inspectionMessages);
  const query = useQuery(inspectionsQuery(bookingId, token));
  const data = query.data;
  if (query.isError) return always ? <Alert tone="error">{t('loadFailed')}</Alert> : null;
  if (!data || (!always && !data.pickup && !data.return && !data.concerns.length)) return null;
  return (
    <Card role="region" aria-labelledby={`inspections-${bookingId}`}>
      <CardHeader>
        <CardTitle id={`inspections-${bookingId}`} className="flex items-center gap-2 text-base">
          <ClipboardCheck className="size-4" aria-hidden /> {t('title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-3">
          <PhaseColumn phase="pickup" record={data.pickup} token={token} t={t} />
          <PhaseColumn phase="return" record={data.return} token={token} t={t} />
        </div>
        <Concerns data={data} bookingId={bookingId} token={token} allowConcern={allowConcern} t={t} />
      </CardContent>
    </Card>
  );
}

function PhaseColumn({ phase, record, token, t }: { phase: InspectionPhase; record: InspectionView | null; token?: string; t: T }) {
  const { language } = useLanguage();
  return (
    <section aria-label={t(phase)} data-testid={`inspection-${phase}`} className="flex min-w-0 flex-col gap-2 text-sm">
      <h4 className="font-semibold">{t(phase)}</h4>
      {!record ? (
        <p className="text-slate-500">{t('notYet')}</p>
      ) : (
        <>
          <p className="flex items-center gap-1.5">
            <Gauge className="size-4 shrink-0 text-slate-400" aria-hidden />
            <span className="sr-only">{t('odometer')}</span>
            <span data-testid={`odometer-${phase}`}>{record.odometer.toLocaleString(LOCALES[language])}</span>
          </p>
          <div className="flex items-center gap-1.5">
            <Fuel className="size-4 shrink-0 text-slate-400" aria-hidden />
            <span className="sr-only">{t('fuel')}</span>
            <meter className="h-2 min-w-0 flex-1" min={0} max={FUEL_EIGHTHS_MAX} value={record.fuelEighths} aria-label={t('fuel')} />
            <span data-testid={`fuel-${phase}`}>{t('fuelEighths', { n: record.fuelEighths })}</span>
          </div>
          <ul className="grid grid-cols-3 gap-1">
            {record.photos.map((photo) => (
              <li key={photo.id}>
                <a href={photoSrc(photo.url, token)} target="_blank" rel="noreferrer">
                  <img src={photoSrc(photo.url, token)} alt={t('photo', { slot: slotName(photo, t), phase: t(phase) })} loading="lazy" className="aspect-square w-full rounded object-cover" />
                </a>
              </li>
            ))}
          </ul>
          {record.damage.length ? (
            <div>
              <p className="text-xs font-medium uppercase text-slate-500">{t('damage')}</p>
              <ul className="list-disc pl-4">
                {record.damage.map((note, index) => (
                  <li key={index} className="[overflow-wrap:anywhere]">
                    <span className="font-medium">{t(note.zone)}:</span> {note.note}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-slate-500">{t('noDamage')}</p>
          )}
          {record.signature ? (
            <img src={photoSrc(record.signature.url, token)} alt={t('signature')} className="h-16 w-full rounded border border-slate-200 bg-white object-contain dark:border-slate-700" />
          ) : (
            <p className="text-slate-500">{t('notPresent')}</p>
          )}
          <p className="text-xs text-slate-500">
            {record.correctsId ? `${t('corrected')} · ` : ''}
            {t('recorded', { when: when(record.recordedAt, language), name: record.inspectedBy.name ?? '—' })}
          </p>
        </>
      )}
    </section>
  );
}

function slotName(photo: InspectionPhotoView, t: T): string {
  if (photo.slot === 'damage') return `${t('damageSlot')} – ${photo.zone ? t(photo.zone) : ''}`;
  if (photo.slot === 'odometer') return t('odometer');
  if (photo.slot === 'signature') return t('signature');
  return t(photo.slot);
}

function Concerns({ data, bookingId, token, allowConcern, t }: { data: BookingInspections; bookingId: string; token?: string; allowConcern: boolean; t: T }) {
  const { language } = useLanguage();
  const flag = useFlagConcern(bookingId, token);
  const [text, setText] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [sent, setSent] = useState(false);
  const canFlag = allowConcern && data.canFlagConcern;
  if (!data.concerns.length && !canFlag && !sent) return null;
  return (
    <div className="flex flex-col gap-2 border-t border-slate-100 pt-3 dark:border-slate-800">
      {data.concerns.length > 0 && (
        <div data-testid="inspection-concerns">
          <p className="text-xs font-medium uppercase text-slate-500">{t('concerns')}</p>
          <ul className="flex flex-col gap-1 text-sm">
            {data.concerns.map((concern) => (
              <li key={concern.id} className="whitespace-pre-wrap rounded bg-amber-50 px-2 py-1 [overflow-wrap:anywhere] dark:bg-amber-950">
                <span className="text-xs text-slate-500">{when(concern.createdAt, language)} · </span>
                {concern.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      {sent && <Alert tone="success">{t('concernSent')}</Alert>}
      {canFlag && (
        <form
          className="flex flex-col gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = text.trim();
            if (!trimmed || flag.isPending) return;
            flag.mutate(
              { text: trimmed, idempotencyKey: key },
              {
                onSuccess: () => {
                  setText('');
                  setKey(newIdempotencyKey());
                  setSent(true);
                },
                onError: (error) => toast.error(t('concernFailed'), { description: errorMessage(error, t('tryAgain')) }),
              },
            );
          }}
        >
          <Label htmlFor={`concern-${bookingId}`}>{t('concernLabel')}</Label>
          <Textarea
            id={`concern-${bookingId}`}
            rows={3}
            maxLength={CONCERN_TEXT_MAX}
            value={text}
            placeholder={t('concernPlaceholder')}
            onChange={(event) => {
              setText(event.target.value);
              setKey(newIdempotencyKey());
            }}
          />
          <div className="flex items-center justify-between gap-2">
            {data.concernDeadline && <span className="text-xs text-slate-500">{t('concernOpenUntil', { when: when(data.concernDeadline, language) })}</span>}
            <Button type="submit" size="sm" disabled={!text.trim() || flag.isPending}>
              {t('concernSend')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
