import { cardBrandName } from '@shared/format';
import type { SavedCardView } from '@shared/schemas/checkout';
import { useT } from '@web/lib/i18n';
import { cardFormMessages } from './messages';

/** A card in one wording wherever it is shown (checkout, packages, payment methods, receipts): "Visa ending 4242". */
export function useCardName(): (brand: string, last4: string) => string {
  const t = useT(cardFormMessages);
  return (brand, last4) => t('cardEnding', { brand: cardBrandName(brand), last4 });
}

/** 'new', or the id of a saved card. */
export type CardChoice = string;

/** The first choice of a payment: the default saved card, else a new one. */
export function defaultCardChoice(cards: readonly SavedCardView[]): CardChoice {
  return (cards.find((c) => c.isDefault) ?? cards[0])?.id ?? 'new';
}

/** Saved cards to pay with, or a new card (checkout and package purchases); nothing when there are none. */
export function SavedCardChoice({ cards, choice, onChoose }: { cards: readonly SavedCardView[]; choice: CardChoice; onChoose: (choice: CardChoice) => void }) {
  const t = useT(cardFormMessages);
  const cardName = useCardName();
  if (cards.length === 0) return null;
  const row = 'flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700';
  const radio = 'size-4 accent-brand-700';
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('savedCards')}</legend>
      {cards.map((card) => (
        <label key={card.id} className={row}>
          <input type="radio" name="saved-card" checked={choice === card.id} onChange={() => onChoose(card.id)} className={radio} />
          <span className="flex-1">{cardName(card.brand, card.last4)}</span>
          <span className="text-xs text-slate-500">{t('cardExpires', { month: String(card.expiryMonth).padStart(2, '0'), year: String(card.expiryYear).slice(-2) })}</span>
        </label>
      ))}
      <label className={row}>
        <input type="radio" name="saved-card" checked={choice === 'new'} onChange={() => onChoose('new')} className={radio} />
        {t('useNewCard')}
      </label>
    </fieldset>
  );
}
