import { Star } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import type { AccountBooking } from '@shared/schemas/bookings-account';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Label, Textarea } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { useMyBookings, useReviewBooking } from '../api';
import { formatDate } from '../format';
import { PageHeader, SignedIn } from '../components/signed-in';
import { StarPicker, Stars } from '../components/stars';
import { accountMessages } from '../messages';

export function ReviewsPage() {
  return <SignedIn>{() => <Reviews />}</SignedIn>;
}

/** Completed bookings: rate the unrated ones (1–5 required, text optional); rated ones show their review. */
function Reviews() {
  const t = useT(accountMessages);
  const completed = useMyBookings('completed');
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('reviewsTitle')} backLabel={t('back')} />
      {completed.isLoading ? (
        <Spinner />
      ) : completed.isError ? (
        <Alert tone="error" title={t('loadFailed')}>
          {errorMessage(completed.error, t('tryAgain'))}
        </Alert>
      ) : !completed.items.length ? (
        <EmptyState icon={<Star className="size-10 text-slate-400" aria-hidden />} title={t('noReviews')}>
          <p className="text-sm text-slate-500">{t('noReviewsHint')}</p>
        </EmptyState>
      ) : (
        <>
          {completed.items.map((booking) => (
            <ReviewCard key={booking.id} booking={booking} />
          ))}
          {completed.hasNextPage && (
            <Button variant="outline" onClick={() => void completed.fetchNextPage()} disabled={completed.isFetchingNextPage}>
              {completed.isFetchingNextPage ? t('loading') : t('loadMore')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function ReviewCard({ booking }: { booking: AccountBooking }) {
  const t = useT(accountMessages);
  const { language } = useLanguage();
  const review = useReviewBooking();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');

  const submit = () =>
    review.mutate(
      { id: booking.id, rating, review: text.trim() },
      {
        onSuccess: () => toast.success(t('thanksForReview')),
        onError: (error) => toast.error(t('reviewFailed'), { description: errorMessage(error, t('tryAgain')) }),
      },
    );

  return (
    <Card data-testid="review-card">
      <CardHeader>
        <CardTitle>{booking.serviceName}</CardTitle>
        <p className="text-sm text-slate-500">{formatDate(booking.scheduledDate, language)}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {booking.rating !== null ? (
          <>
            <Stars rating={booking.rating} label={t('ratedStars', { n: booking.rating })} />
            {booking.review && <p className="text-sm italic text-slate-600 dark:text-slate-300">“{booking.review}”</p>}
          </>
        ) : (
          <>
            <div className="flex flex-col gap-1">
              <span className="text-sm font-medium">{t('yourRating')}</span>
              <StarPicker name={`rating-${booking.id}`} value={rating} onChange={setRating} labelFor={(n) => t('starsOption', { n })} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor={`review-${booking.id}`}>{t('yourReview')}</Label>
              <Textarea id={`review-${booking.id}`} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('reviewPlaceholder')} />
            </div>
            <Button onClick={submit} disabled={rating === 0 || review.isPending}>
              {review.isPending ? t('saving') : t('submitReview')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
