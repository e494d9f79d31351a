import { CreditCard, Plus, Star, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from '@web/lib/toast';
import type { CardSetupResponse, SavedPaymentMethod } from '@shared/schemas/account';
import { TestCardForm } from '@web/components/payment/test-card-form';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { useCardName } from '@web/components/payment/saved-card-choice';
import { usePublicConfig } from '@web/lib/public-config';
import { cn } from '@web/lib/utils';
import { startCardSetup, useCards, useConfirmCardSetup, useDefaultCard, useDeleteCard } from '../api';
import { PageHeader, SignedIn } from '../components/signed-in';
import { accountMessages } from '../messages';

export function PaymentMethodsPage() {
  return <SignedIn>{() => <PaymentMethods />}</SignedIn>;
}


const StripeCardForm = lazy(() => import('@web/components/payment/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

/** Saved cards: list, default star, delete, and Add Card (a setup at the payment provider, nothing charged). */
function PaymentMethods() {
  const t = useT(accountMessages);
  const cardName = useCardName();
  const cards = useCards();
  const makeDefault = useDefaultCard();
  const remove = useDeleteCard();
  const [setup, setSetup] = useState<CardSetupResponse>();
  const [starting, setStarting] = useState(false);

  const addCard = async () => {
    if (starting) return;
    setStarting(true);
    try {
      setSetup(await startCardSetup());
    } catch (error) {
      toast.error(t('cardSaveFailed'), { description: errorMessage(error, t('tryAgain')) });
    } finally {
      setStarting(false);
    }
  };

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
        {Boolean(cards.data?.length) && (
          <Button size="sm" onClick={() => void addCard()} disabled={starting}>
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
          <Button size="sm" onClick={() => void addCard()} disabled={starting}>
            <Plus aria-hidden /> {t('addCard')}
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
                      {cardName(card.brand, card.last4)}
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
      {Boolean(cards.data?.length) && <p className="text-sm text-slate-500">{t('addCardAtCheckout')}</p>}
      <AddCardDialog setup={setup} onClose={() => setSetup(undefined)} />
    </div>
  );
}

/** The card form of a setup: the test provider's or Stripe's, confirming a setup instead of a payment. */
function AddCardDialog({ setup, onClose }: { setup: CardSetupResponse | undefined; onClose: () => void }) {
  const t = useT(accountMessages);
  const cardName = useCardName();
  const config = usePublicConfig();
  const confirm = useConfirmCardSetup();
  const declined = (message: string) => toast.error(t('cardSaveFailed'), { description: message });
  const succeeded = async () => {
    if (!setup) return;
    try {
      const { paymentMethod } = await confirm.mutateAsync(setup.setupIntentId);
      toast.success(t('cardSaved'), { description: cardName(paymentMethod.brand, paymentMethod.last4) });
      onClose();
    } catch (error) {
      declined(errorMessage(error, t('tryAgain')));
    }
  };
  const form = setup && { clientSecret: setup.clientSecret, paymentIntentId: setup.setupIntentId, mode: 'setup' as const, returnPath: '/payment-methods', submitLabel: t('saveCardAction'), onSucceeded: succeeded, onDeclined: declined };
  return (
    <Dialog open={Boolean(setup)} onOpenChange={(open) => !open && onClose()}>
      {form && (
        <DialogContent title={t('addCardTitle')} description={t('addCardHint')}>
          {setup.provider === 'test' ? (
            <TestCardForm {...form} />
          ) : (
            <Suspense fallback={<Spinner />}>
              <StripeCardForm {...form} publishableKey={config?.payments.publishableKey} />
            </Suspense>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
