import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { MembersQuery } from '../../../shared/schemas/memberships';
import type { DbOrTx } from '../../db/client';
import { membershipPeriods, membershipPlans, memberships, services, standingAppointments, standingOccurrences, users } from '../../db/schema';

/** The only code that reads and writes plans, memberships and their periods. */

export type PlanRow = typeof membershipPlans.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type PeriodRow = typeof membershipPeriods.$inferSelect;
export type StandingRow = typeof standingAppointments.$inferSelect;
export type OccurrenceRow = typeof standingOccurrences.$inferSelect;

export async function listPlans(db: DbOrTx, options: { activeOnly: boolean }): Promise<PlanRow[]> {
  return db
    .select()
    .from(membershipPlans)
    .where(options.activeOnly ? eq(membershipPlans.isActive, true) : undefined)
    .orderBy(desc(membershipPlans.isActive), asc(membershipPlans.priceCents))
    .limit(100);
}

export async function findPlan(db: DbOrTx, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, id));
  return row;
}

export async function insertPlan(db: DbOrTx, values: typeof membershipPlans.$inferInsert): Promise<string> {
  const [row] = await db.insert(membershipPlans).values(values).returning({ id: membershipPlans.id });
  return row!.id;
}

export async function updatePlan(db: DbOrTx, id: string, values: Partial<typeof membershipPlans.$inferInsert>): Promise<boolean> {
  const rows = await db.update(membershipPlans).set(values).where(eq(membershipPlans.id, id)).returning({ id: membershipPlans.id });
  return rows.length > 0;
}

export async function serviceNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: services.id, name: services.name }).from(services).where(inArray(services.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findMembership(db: DbOrTx, id: string): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.id, id));
  return row;
}

export async function lockMembership(tx: DbOrTx, id: string): Promise<MembershipRow | undefined> {
  const [row] = await tx.select().from(memberships).where(eq(memberships.id, id)).for('update');
  return row;
}

export async function findBySubscription(db: DbOrTx, subscriptionId: string): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.providerSubscriptionId, subscriptionId));
  return row;
}

export async function findByStartRef(db: DbOrTx, startRef: string): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.startRef, startRef));
  return row;
}

/** Inserts a membership; undefined when its first payment made one already (the unique start_ref). */
export async function insertMembership(tx: DbOrTx, values: typeof memberships.$inferInsert): Promise<string | undefined> {
  const rows = await tx.insert(memberships).values(values).onConflictDoNothing({ target: memberships.startRef }).returning({ id: memberships.id });
  return rows[0]?.id;
}

export async function setMembership(tx: DbOrTx, id: string, values: Partial<typeof memberships.$inferInsert>): Promise<void> {
  await tx.update(memberships).set(values).where(eq(memberships.id, id));
}

/** The customer's memberships that have not ended, newest first. */
export async function liveMembershipsOf(db: DbOrTx, userId: string): Promise<MembershipRow[]> {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), sql`${memberships.status} <> 'canceled'`))
    .orderBy(desc(memberships.createdAt))
    .limit(20);
}

export async function countMembershipsOf(db: DbOrTx, userId: string, planId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(and(eq(memberships.userId, userId), eq(memberships.planId, planId)));
  return row?.n ?? 0;
}

/** Memberships renewed by the app clock (no provider subscription) whose period has ended. */
export async function dueForRenewal(db: DbOrTx, now: Date, limit = 200): Promise<string[]> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(inArray(memberships.status, ['active', 'past_due']), isNull(memberships.providerSubscriptionId), lte(memberships.currentPeriodEnd, now)))
    .orderBy(asc(memberships.currentPeriodEnd))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Records a period's outcome; a paid period is never turned back to failed. Answers the row afterwards. */
export async function upsertPeriod(tx: DbOrTx, values: typeof membershipPeriods.$inferInsert): Promise<PeriodRow> {
  const target = [membershipPeriods.membershipId, membershipPeriods.periodStart];
  const insert = tx.insert(membershipPeriods).values(values);
  if (values.status === 'pending') await insert.onConflictDoNothing({ target });
  else
    await insert.onConflictDoUpdate({
      target,
      set: values.status === 'paid' ? { status: 'paid', paymentRef: values.paymentRef, paidAt: values.paidAt, lastError: null } : { status: 'failed', paymentRef: values.paymentRef, lastError: values.lastError },
      setWhere: sql`${membershipPeriods.status} <> 'paid'`,
    });
  const [row] = await tx
    .select()
    .from(membershipPeriods)
    .where(and(eq(membershipPeriods.membershipId, values.membershipId), eq(membershipPeriods.periodStart, values.periodStart)));
  return row!;
}

/** Periods begun before `before` whose charge never finished (a renewal killed between the move and the charge). */
export async function stalePendingPeriods(db: DbOrTx, before: Date, limit = 200): Promise<PeriodRow[]> {
  return db
    .select()
    .from(membershipPeriods)
    .where(and(eq(membershipPeriods.status, 'pending'), lte(membershipPeriods.createdAt, before)))
    .orderBy(asc(membershipPeriods.createdAt))
    .limit(limit);
}

export async function findPeriod(db: DbOrTx, id: string): Promise<PeriodRow | undefined> {
  const [row] = await db.select().from(membershipPeriods).where(eq(membershipPeriods.id, id));
  return row;
}

/** Claims a period's credits (or reminder): true for the one caller that set the mark. */
export async function claimPeriodMark(tx: DbOrTx, periodId: string, mark: 'creditsGrantedAt' | 'reminderSentAt', now: Date): Promise<boolean> {
  const column = membershipPeriods[mark];
  const rows = await tx
    .update(membershipPeriods)
    .set({ [mark]: now })
    .where(and(eq(membershipPeriods.id, periodId), isNull(column)))
    .returning({ id: membershipPeriods.id });
  return rows.length > 0;
}

export async function unpaidPeriodOf(db: DbOrTx, membershipId: string): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(membershipPeriods)
    .where(and(eq(membershipPeriods.membershipId, membershipId), eq(membershipPeriods.status, 'failed')))
    .orderBy(asc(membershipPeriods.periodStart))
    .limit(1);
  return row;
}

export async function periodsOf(db: DbOrTx, membershipId: string): Promise<PeriodRow[]> {
  return db.select().from(membershipPeriods).where(eq(membershipPeriods.membershipId, membershipId)).orderBy(asc(membershipPeriods.periodStart)).limit(120);
}

const recurring = sql`${memberships.status} in ('active', 'past_due') and not ${memberships.cancelAtPeriodEnd}`;

export async function listMembers(db: DbOrTx, query: MembersQuery) {
  const where = query.status ? eq(memberships.status, query.status) : undefined;
  const rows = await db
    .select({ membership: memberships, planName: membershipPlans.name, customerName: users.fullName, customerEmail: users.email })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(desc(memberships.createdAt), asc(memberships.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(memberships).where(where);
  const [mrr] = await db.select({ cents: sql<number>`coalesce(sum(${memberships.priceCents}), 0)::int`, n: count() }).from(memberships).where(recurring);
  return { rows, total: total?.n ?? 0, mrrCents: mrr?.cents ?? 0, activeCount: mrr?.n ?? 0 };
}

export async function findCustomer(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role }).from(users).where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

// Standing appointments (decision 066)

export async function findStanding(db: DbOrTx, membershipId: string): Promise<StandingRow | undefined> {
  const [row] = await db.select().from(standingAppointments).where(eq(standingAppointments.membershipId, membershipId));
  return row;
}

/** Sets (or replaces) a membership's standing appointment. */
export async function upsertStanding(db: DbOrTx, values: typeof standingAppointments.$inferInsert): Promise<void> {
  const { membershipId: _m, ...set } = values;
  await db.insert(standingAppointments).values(values).onConflictDoUpdate({ target: standingAppointments.membershipId, set });
}

export async function deleteStanding(db: DbOrTx, membershipId: string): Promise<boolean> {
  const rows = await db.delete(standingAppointments).where(eq(standingAppointments.membershipId, membershipId)).returning({ id: standingAppointments.id });
  return rows.length > 0;
}

/** The standing appointments of memberships that book now (active), oldest first, a page at a time. */
export async function activeStandings(db: DbOrTx, afterId: string | null, limit = 200) {
  return db
    .select({ standing: standingAppointments, userId: memberships.userId, planId: memberships.planId })
    .from(standingAppointments)
    .innerJoin(memberships, eq(memberships.id, standingAppointments.membershipId))
    .where(and(inArray(memberships.status, ['active', 'past_due']), afterId ? sql`${standingAppointments.id} > ${afterId}` : undefined))
    .orderBy(asc(standingAppointments.id))
    .limit(limit);
}

/**
 * Claims an occurrence for the job: inserted as pending, or a pending one claimed before `staleBefore` (a run
 * that died before it finished) taken over. Undefined when it is booked, refused or being handled by another
 * run: an occurrence is handled once.
 */
export async function claimOccurrence(db: DbOrTx, input: { membershipId: string; date: string; now: Date; staleBefore: Date }): Promise<OccurrenceRow | undefined> {
  const [row] = await db
    .insert(standingOccurrences)
    .values({ membershipId: input.membershipId, date: input.date, outcome: 'pending', createdAt: input.now, updatedAt: input.now })
    .onConflictDoUpdate({
      target: [standingOccurrences.membershipId, standingOccurrences.date],
      set: { updatedAt: input.now },
      setWhere: sql`${standingOccurrences.outcome} = 'pending' and ${standingOccurrences.updatedAt} < ${input.staleBefore}`,
    })
    .returning();
  return row;
}

export async function settleOccurrence(db: DbOrTx, id: string, values: { outcome: Exclude<OccurrenceRow['outcome'], 'pending'>; bookingId: string | null; now: Date }): Promise<void> {
  await db.update(standingOccurrences).set({ outcome: values.outcome, bookingId: values.bookingId, updatedAt: values.now }).where(eq(standingOccurrences.id, id));
}

export async function recentOccurrences(db: DbOrTx, membershipId: string, limit = 4): Promise<OccurrenceRow[]> {
  return db.select().from(standingOccurrences).where(eq(standingOccurrences.membershipId, membershipId)).orderBy(desc(standingOccurrences.date)).limit(limit);
}

