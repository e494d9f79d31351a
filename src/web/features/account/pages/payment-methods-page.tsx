import { cardBrandName } from '@shared/format';
import { CreditCard, Plus, Star, Trash2 } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { toast } from '@web/lib/toast';
import type { SavedPaymentMethod } from '@shared/schemas/account';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { cn } from '@web/lib/utils';
import { useCards, useDefaultCard, useDeleteCard } from '../api';
import { PageHeader, SignedIn } from '../components/signed-in';
import { accountMessages } from '../messages';

export function PaymentMethodsPage() {
  return <SignedIn>{() => <PaymentMethods />}</SignedIn>;
}


/** Cards saved at checkout ('Save this card'): list, default star, delete. Adding happens at checkout. */
function PaymentMethods() {
  const t = useT(accountMessages);
  const cards = useCards();
  const makeDefault = useDefaultCard();
  const remove = useDeleteCard();

  const onDefault = (card: SavedPaymentMethod) =>
    makeDefault.mutate(card.id, {
      onSuccess: () => toast.success(t('defaultCardUpdated')),
      onError: (error) => toast.error(t('tryAgain'), { description: errorMessage(error, t('tryAgain')) }),
    });
  const onDelete = (card: SavedPaymentMethod) =>
    remove.mutate(card.id, {
      onSuccess: () => toast.success(t('cardDeleted')),
      onError: (error) => toast.error(t('cardDeleteFailed'), { description: errorMessage(error, t('tryAgain')) }),
    });

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('paymentsTitle')} backLabel={t('back')}>
        {/* With no cards the empty state already says where cards come from; the button would only repeat it. */}
        {Boolean(cards.data?.length) && (
          <Button size="sm" onClick={() => toast.info(t('addCardAtCheckout'))}>
            <Plus aria-hidden /> {t('addNew')}
          </Button>
        )}
      </PageHeader>
      {cards.isLoading ? (
        <Spinner />
      ) : cards.isError ? (
        <Alert tone="error" title={t('loadFailed')}>
          {errorMessage(cards.error, t('tryAgain'))}
        </Alert>
      ) : !cards.data?.length ? (
        <EmptyState icon={<CreditCard className="size-10 text-slate-400" aria-hidden />} title={t('noCards')}>
          <p className="text-sm text-slate-500">{t('addCardAtCheckout')}</p>
          <Button asChild size="sm">
            <Link to="/">{t('bookAService')}</Link>
          </Button>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {cards.data.map((card) => (
            <li key={card.id}>
              <Card data-testid="card-row">
                <CardContent className="flex items-center gap-3 pt-4">
                  <CreditCard className="size-6 shrink-0 text-slate-500" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {cardBrandName(card.brand)} •••• {card.last4}
                    </p>
                    <p className="text-sm text-slate-500">{t('expires', { date: `${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}` })}</p>
                  </div>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={card.isDefault ? t('defaultCard') : t('setDefaultCard', { last4: card.last4 })}
                    aria-pressed={card.isDefault}
                    onClick={() => !card.isDefault && onDefault(card)}
                    disabled={makeDefault.isPending}
                  >
                    <Star className={cn(card.isDefault && 'fill-amber-400 text-amber-400')} aria-hidden />
                  </Button>
                  <Button size="icon" variant="ghost" aria-label={t('deleteCard', { last4: card.last4 })} onClick={() => onDelete(card)} disabled={remove.isPending}>
                    <Trash2 className="text-red-600" aria-hidden />
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-500">{t('addCardAtCheckout')}</p>
    </div>
  );
}
