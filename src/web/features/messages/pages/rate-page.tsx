import { useQuery } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { useSearch } from '@tanstack/react-router';
import { Star } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { rateBooking, ratableQuery } from '../api';
import { messageLinkWords } from '../messages';

/** The review request's one-tap rating (decision 050): five stars, one tap saves it, no sign-in needed. */
export function RatePage() {
  const t = useT(messageLinkWords);
  const { token } = useSearch({ from: '/rate' });
  const ratable = useQuery({ ...ratableQuery(token ?? ''), enabled: Boolean(token) });
  const rate = useMutation({ mutationFn: (rating: number) => rateBooking(token!, rating) });

  if (!token) return <Alert tone="error">{t('linkProblem')}</Alert>;
  if (ratable.isPending) return <Spinner className="mx-auto mt-10" />;
  if (ratable.isError) return <div className="mx-auto mt-6 max-w-md"><Alert tone="error">{errorMessage(ratable.error, t('linkProblem'))}</Alert></div>;
  const rating = rate.data?.rating ?? ratable.data.rating;

  return (
    <Card className="mx-auto mt-6 max-w-md" data-testid="rate-booking">
      <CardHeader>
        <CardTitle level={2}>{t('rateTitle', { service: ratable.data.serviceName })}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {rating !== null ? (
          <Alert tone="success">{rate.isSuccess ? t('thanks') : t('alreadyRated', { count: rating })}</Alert>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('rateHint')}</p>
            <div className="flex justify-center gap-1">
              {[1, 2, 3, 4, 5].map((value) => (
                <button
                  key={value}
                  type="button"
                  className="rounded-md p-1 text-amber-500 hover:bg-amber-50 disabled:opacity-50"
                  aria-label={t('star', { count: value })}
                  disabled={rate.isPending}
                  onClick={() => rate.mutate(value)}
                >
                  <Star className="size-10" fill="currentColor" />
                </button>
              ))}
            </div>
            {rate.isError && <Alert tone="error">{errorMessage(rate.error, t('linkProblem'))}</Alert>}
          </>
        )}
      </CardContent>
    </Card>
  );
}
