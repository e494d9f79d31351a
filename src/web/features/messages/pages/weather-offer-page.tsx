import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { useSearch } from '@tanstack/react-router';
import { CloudRain } from 'lucide-react';
import { useState } from 'react';
import type { WeatherOfferView } from '@shared/schemas/messages';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { ApiError, errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { keepWeatherOffer, moveWeatherOffer, weatherOfferQuery } from '../api';
import { messageLinkWords } from '../messages';

const locale = (language: string) => (language === 'en' ? 'en-US' : language);
const PACIFIC = 'America/Los_Angeles';
const day = (language: string, iso: string) => new Intl.DateTimeFormat(locale(language), { weekday: 'long', month: 'long', day: 'numeric', timeZone: PACIFIC }).format(new Date(iso));
const clock = (language: string, iso: string) => new Intl.DateTimeFormat(locale(language), { hour: 'numeric', minute: '2-digit', timeZone: PACIFIC }).format(new Date(iso));
const when = (language: string, iso: string) => new Intl.DateTimeFormat(locale(language), { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: PACIFIC }).format(new Date(iso));

/**
 * The rain offer (issue 26), opened by its signed link with no account: "Rain is likely on <day> (70 %)",
 * three one-tap moves and "Keep it". The server re-checks the start; one taken meanwhile gets fresh choices.
 */
export function WeatherOfferPage() {
  const t = useT(messageLinkWords);
  const { language } = useLanguage();
  const { token } = useSearch({ from: '/weather' });
  const queryClient = useQueryClient();
  const offer = useQuery({ ...weatherOfferQuery(token ?? ''), enabled: Boolean(token) });
  const [taken, setTaken] = useState(false);
  const settle = (view: WeatherOfferView) => queryClient.setQueryData(weatherOfferQuery(token!).queryKey, view);
  const keep = useMutation({ mutationFn: () => keepWeatherOffer(token!), onSuccess: settle });
  const move = useMutation({
    mutationFn: (slotId: string) => moveWeatherOffer(token!, slotId),
    onMutate: () => setTaken(false),
    onSuccess: settle,
    onError: async (error) => {
      if (error instanceof ApiError && error.code === 'SLOT_FULL') {
        setTaken(true);
        await offer.refetch();
      }
    },
  });

  if (!token) return <Alert tone="error">{t('linkProblem')}</Alert>;
  if (offer.isPending) return <Spinner className="mx-auto mt-10" />;
  if (offer.isError) return <div className="mx-auto mt-6 max-w-md px-4"><Alert tone="error">{errorMessage(offer.error, t('linkProblem'))}</Alert></div>;

  const view = offer.data;
  const busy = keep.isPending || move.isPending;
  const failure = (keep.isError && keep.error) || (move.isError && !taken && move.error);
  return (
    <Card className="mx-auto mt-6 max-w-md" data-testid="weather-offer">
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <CloudRain className="size-6 shrink-0 text-sky-600" aria-hidden />
          {t('rainTitle', { day: day(language, view.scheduledDate), percent: view.precipitationPercent })}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {view.state === 'moved' && view.movedTo && <Alert tone="success">{t('rainMoved', { when: when(language, view.movedTo) })}</Alert>}
        {view.state === 'kept' && <Alert tone="success">{t('rainKept', { when: when(language, view.scheduledDate) })}</Alert>}
        {view.state === 'expired' && <Alert tone="info">{t('rainExpired', { phone: view.businessPhone })}</Alert>}
        {view.state === 'offered' && (
          <>
            <p>{t('rainIntro', { service: view.serviceName, time: clock(language, view.scheduledDate) })}</p>
            {taken && <Alert tone="error">{t('rainTaken')}</Alert>}
            <div className="flex flex-col gap-2">
              {view.slots.map((slot) => (
                <Button key={slot.id} size="lg" className="w-full" disabled={busy} aria-label={t('rainMoveTo', { when: when(language, slot.start) })} onClick={() => move.mutate(slot.id)}>
                  {when(language, slot.start)}
                </Button>
              ))}
              <Button size="lg" variant="outline" className="w-full" disabled={busy} onClick={() => keep.mutate()}>
                {t('rainKeep')}
              </Button>
            </div>
            {busy && <Spinner className="mx-auto" />}
          </>
        )}
        {failure && <Alert tone="error">{errorMessage(failure, t('linkProblem'))}</Alert>}
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('pacificNote')}</p>
      </CardContent>
    </Card>
  );
}
