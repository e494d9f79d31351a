import { z } from 'zod';

/**
 * The cancellation policy's money as the API answers it (decision 057): what a customer's cancellation keeps
 * and gives back now, shown before they confirm; and the office's no-show.
 */
export const cancelQuote = z.object({
  /** Inside the free-cancellation window. */
  late: z.boolean(),
  /** The fee this cancellation costs (0 outside the window or without the customer's consent to the policy). */
  feeCents: z.number().int(),
  /** What goes back to the card. */
  refundCents: z.number().int(),
  freeCancelHours: z.number().int(),
});
export type CancelQuote = z.infer<typeof cancelQuote>;

/** A cancellation's body: the fee the customer was shown and accepts (required when there is one). */
export const cancelRequest = z.object({ acceptFeeCents: z.number().int().min(0).max(10_000_00).optional() }).optional();

export const noShowRequest = z.object({ chargeFee: z.boolean() });
export const noShowResult = z.object({
  bookingId: z.string(),
  noShowAt: z.string(),
  /** The fee taken: kept from what was paid plus charged to the kept card. */
  feeCents: z.number().int(),
  keptCents: z.number().int(),
  chargedCents: z.number().int(),
  /** Of the fee, what could not be taken (no kept card, or it declined). */
  uncollectedCents: z.number().int(),
  refundedCents: z.number().int(),
  /** A repeat of a no-show already recorded: nothing was done again. */
  replayed: z.boolean(),
});
export type NoShowResult = z.infer<typeof noShowResult>;
