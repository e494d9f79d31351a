import type { z } from 'zod';
import type { PageQuery } from '../../../shared/schemas/common';
import type { promoCodeRequest, promoCodeUpdate, PromoCodeView } from '../../../shared/schemas/promos';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import * as repo from './promos.repository';

/** The office's promo codes (issue 25): a page of them with the uses that count, made, changed, removed. */

function toView(row: repo.PromoRow, usesCounted: number): PromoCodeView {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.kind === 'percent' ? row.percentOff : null,
    amountOffCents: row.kind === 'amount' ? row.amountOffCents : null,
    serviceIds: row.serviceIds,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    maxUses: row.maxUses,
    oncePerCustomer: row.oncePerCustomer,
    active: row.active,
    usesCounted,
    createdAt: row.createdAt.toISOString(),
  };
}

async function viewOf(ctx: AppContext, row: repo.PromoRow): Promise<PromoCodeView> {
  return toView(row, (await repo.usesOf(ctx.db, [row.id], ctx.now())).get(row.id) ?? 0);
}

type PromoInput = Partial<z.output<typeof promoCodeUpdate>>;

function columnsOf(input: PromoInput): Partial<repo.NewPromo> {
  const { validFrom, validTo, ...rest } = input;
  return {
    ...rest,
    ...(rest.code !== undefined ? { code: rest.code.toUpperCase() } : {}),
    ...(validFrom !== undefined ? { validFrom: validFrom ? new Date(validFrom) : null } : {}),
    ...(validTo !== undefined ? { validTo: validTo ? new Date(validTo) : null } : {}),
  };
}

async function assertCodeFree(ctx: AppContext, code: string | undefined, id?: string): Promise<void> {
  if (code === undefined) return;
  const existing = await repo.findPromoByCode(ctx.db, code);
  if (existing && existing.id !== id) throw new AppError('ALREADY_EXISTS', 'A promo code with that code already exists', { field: 'code' });
}

export async function listPromoCodes(ctx: AppContext, query: PageQuery) {
  const { rows, total } = await repo.listPromos(ctx.db, query.page, query.pageSize);
  const uses = await repo.usesOf(ctx.db, rows.map((r) => r.id), ctx.now());
  return { items: rows.map((r) => toView(r, uses.get(r.id) ?? 0)), page: query.page, pageSize: query.pageSize, total };
}

export async function createPromoCode(ctx: AppContext, input: z.output<typeof promoCodeRequest>): Promise<PromoCodeView> {
  await assertCodeFree(ctx, input.code);
  const values = columnsOf(input) as repo.NewPromo;
  try {
    return await viewOf(ctx, await repo.insertPromo(ctx.db, values));
  } catch (error) {
    // Two offices saving the same code at once: the unique index keeps one.
    if ((error as { code?: string }).code === '23505') throw new AppError('ALREADY_EXISTS', 'A promo code with that code already exists', { field: 'code' });
    throw error;
  }
}

export async function updatePromoCode(ctx: AppContext, id: string, input: z.output<typeof promoCodeUpdate>): Promise<PromoCodeView> {
  const current = await repo.findPromo(ctx.db, id);
  if (!current) throw new AppError('PROMO_CODE_NOT_FOUND', 'Promo code not found');
  await assertCodeFree(ctx, input.code, id);
  const merged = { ...current, ...columnsOf(input) };
  if (merged.kind === 'percent' && !merged.percentOff) throw new AppError('INVALID_INPUT', 'Enter the percentage off', { field: 'percentOff' });
  if (merged.kind === 'amount' && !merged.amountOffCents) throw new AppError('INVALID_INPUT', 'Enter the amount off', { field: 'amountOffCents' });
  if (merged.validFrom && merged.validTo && merged.validTo < merged.validFrom) throw new AppError('INVALID_INPUT', 'The end must be after the start', { field: 'validTo' });
  const row = await repo.updatePromo(ctx.db, id, columnsOf(input));
  return viewOf(ctx, row!);
}

/** A code never used is removed; one that was used is kept for its bookings' receipts (switch it off instead). */
export async function deletePromoCode(ctx: AppContext, id: string): Promise<void> {
  if (!(await repo.findPromo(ctx.db, id))) throw new AppError('PROMO_CODE_NOT_FOUND', 'Promo code not found');
  if (await repo.everUsed(ctx.db, id)) throw new AppError('PROMO_CODE_IN_USE', 'This code was used by bookings: switch it off instead of deleting it.');
  await repo.deletePromo(ctx.db, id);
}
