import { z } from 'zod';
import { createPaymentIntentResponse } from './checkout';
import { moneyText, optionalUsPhone, pageQuery, required } from './common';
import { translationsRequest, translationsView } from './translations';

/**
 * Prepaid packages (docs/decisions/013-package-credits.md): the admin's packages and purchases, the
 * customer's store and own packages, and the credit ledger behind them.
 */

const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));
const id = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).pipe(z.uuid({ error: message }));


export const PURCHASE_STATUSES = ['active', 'expired', 'refunded'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
/** paid (card), manual (shown as Complimentary), refunded */
export const PURCHASE_PAYMENT_STATUSES = ['paid', 'manual', 'refunded'] as const;
export type PurchasePaymentStatus = (typeof PURCHASE_PAYMENT_STATUSES)[number];
/** How a purchase was paid (decision 047): card (the provider), cash or check taken by the business, or given free. */
export const PACKAGE_PAID_BY = ['card', 'cash', 'check', 'complimentary'] as const;
export type PackagePaidBy = (typeof PACKAGE_PAID_BY)[number];
export const LEDGER_KINDS = ['grant', 'redeem', 'restore', 'expire', 'adjust'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const packageRequest = z
  .object({
    name: required().pipe(z.string().max(120, { error: 'Name must be at most 120 characters' })),
    description: optionalText(2000),
    serviceId: id('Please choose a service'),
    serviceCount: z.coerce
      .number({ error: 'Number of services must be at least 1' })
      .int({ error: 'Number of services must be a whole number' })
      .min(1, { error: 'Number of services must be at least 1' })
      .max(100, { error: 'Number of services must be at most 100' })
      .default(10),
    originalPrice: moneyText('Regular price'),
    packagePrice: moneyText('Package price'),
    /** Sent by the form for display; the server recomputes it from the two prices. */
    discount: z.union([z.string(), z.number()]).optional().nullable(),
    isActive: z.boolean().default(true),
    sendNotificationEmail: z.boolean().default(true),
    /** Months a purchase stays usable; null or absent = never expires. */
    validityMonths: z.coerce
      .number({ error: 'Validity must be a number of months' })
      .int({ error: 'Validity must be whole months' })
      .min(1, { error: 'Validity must be at least 1 month' })
      .max(120, { error: 'Validity must be at most 120 months' })
      .nullish()
      .transform((v) => v ?? null),
    translations: translationsRequest({ name: 120, description: 2000 }),
  })
  .refine((v) => Number(v.packagePrice) <= Number(v.originalPrice), { error: 'The package price cannot be more than the regular price', path: ['packagePrice'] });
export type PackageRequest = z.infer<typeof packageRequest>;

export const packageView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  serviceId: z.string(),
  serviceName: z.string(),
  serviceCount: z.number(),
  originalPrice: z.string(),
  packagePrice: z.string(),
  discount: z.string(),
  isActive: z.boolean(),
  sendNotificationEmail: z.boolean(),
  validityMonths: z.number().nullable(),
  /** Spanish and French words; the page picks with localized() (decision 053). */
  translations: translationsView,
});
export type PackageView = z.infer<typeof packageView>;

export const adminPackageView = packageView.extend({ purchaseCount: z.number() });
export type AdminPackageView = z.infer<typeof adminPackageView>;

export const purchaseView = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  packageId: z.string(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  packageName: z.string(),
  serviceName: z.string(),
  serviceId: z.string(),
  servicesIncluded: z.number(),
  servicesRemaining: z.number(),
  purchasePrice: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  paymentStatus: z.enum(PURCHASE_PAYMENT_STATUSES),
  paidBy: z.enum(PACKAGE_PAID_BY),
  paymentIntentId: z.string().nullable(),
  refundedAmount: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type PurchaseView = z.infer<typeof purchaseView>;

export const purchasesQuery = pageQuery.extend({
  search: z.string().trim().max(200, { error: 'Search is too long' }).optional(),
  /** active: usable purchases; completed: used up, expired or refunded. */
  list: z.enum(['active', 'completed'], { error: 'list must be active or completed' }).optional(),
});
export type PurchasesQuery = z.infer<typeof purchasesQuery>;

const newCustomer = z.object({
  fullName: z.string({ error: 'Full name and email are required for new customers' }).trim().min(1, { error: 'Full name and email are required for new customers' }).max(120),
  email: z
    .string({ error: 'Full name and email are required for new customers' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid email address' }).max(254)),
  phone: optionalUsPhone(),
});

export const assignPackageRequest = z
  .object({
    userId: id('Please select a customer or create a new one').optional().nullable(),
    newCustomer: newCustomer.optional().nullable(),
    packageId: id('Please choose a package'),
    notes: optionalText(1000),
    /**
     * How the customer paid: `manual` is complimentary (nothing paid), `cash` and `check` are money the business
     * took (revenue, at the package's price unless `amountPaid` says otherwise), `stripe` a card payment.
     */
    paymentMethod: z.enum(['manual', 'cash', 'check', 'stripe'], { error: 'paymentMethod must be manual, cash, check or stripe' }).default('manual'),
    amountPaid: moneyText('Amount paid').optional(),
    paymentIntentId: z.string().trim().min(1).max(200).optional(),
    /** Credits to grant (0 … the package's count); empty = the full count. Manual assignments only. */
    servicesRemaining: z.coerce.number({ error: 'Services remaining must be a number' }).int().min(0, { error: 'Services remaining cannot be negative' }).max(100).nullish(),
  })
  .refine((v) => v.userId || v.newCustomer, { error: 'Please select a customer or create a new one', path: ['userId'] })
  .refine((v) => v.paymentMethod !== 'stripe' || v.paymentIntentId, { error: 'A card payment needs its paymentIntentId', path: ['paymentIntentId'] });
export type AssignPackageRequest = z.infer<typeof assignPackageRequest>;

export const adminPaymentRequest = z.object({ userId: id('Please select a customer or create a new one'), packageId: id('Please choose a package') });

/**
 * A package's payment starts as a booking's does: the provider's client secret, the server's amount, the
 * status (succeeded when a saved card was charged at once, then confirm the purchase) and the buyer's saved
 * cards at this provider (none for the admin's payment).
 */
export const packagePaymentResponse = createPaymentIntentResponse;
export type PackagePaymentResponse = z.infer<typeof packagePaymentResponse>;

export const useServiceRequest = z.object({ notes: optionalText(1000) });
export const refundPurchaseResponse = purchaseView.extend({ refundedCents: z.number() });

export const purchasePackageRequest = z.object({
  packageId: id('Please choose a package'),
  /** Pay with a saved card (payment_methods.id): charged at once. */
  paymentMethodId: z.uuid({ error: 'Not a valid payment method id' }).optional(),
  /** One per click of Pay: a retried request charges the card once. */
  attemptKey: z.uuid({ error: 'Not a valid attempt key' }).optional(),
});
export type PurchasePackageRequest = z.infer<typeof purchasePackageRequest>;
export const confirmPurchaseRequest = z.object({ paymentIntentId: z.string({ error: 'paymentIntentId is required' }).trim().min(1, { error: 'paymentIntentId is required' }).max(200) });

export const ledgerEntryView = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  delta: z.number(),
  bookingId: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/user/packages: the customer's own purchases (active and history). */
export const userPackageView = z.object({
  id: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  servicesIncluded: z.number(),
  servicesRemaining: z.number(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  purchasePrice: z.string(),
  paymentStatus: z.enum(PURCHASE_PAYMENT_STATUSES),
  serviceId: z.string(),
  package: z.object({ id: z.string(), name: z.string(), serviceName: z.string(), originalPrice: z.string() }),
});
export type UserPackageView = z.infer<typeof userPackageView>;

/** The discount as a percent with 2 decimals: (original − package) / original, when both are above 0. */
export { packageDiscount } from '../packages';
