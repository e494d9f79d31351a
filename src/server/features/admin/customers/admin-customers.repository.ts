import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../../shared/domain';
import type { AdminCustomer } from '../../../../shared/schemas/admin-customers';
import type { DbOrTx } from '../../../db/client';
import { bookings, users } from '../../../db/schema';

/** Name and e-mail case-insensitively, phone as a substring (digits compared too, so 555-01 finds (408) 555-0199). */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = search.replace(/\D/g, '');
  return or(
    sql`lower(${users.fullName}) like ${like}`,
    sql`lower(${users.email}) like ${like}`,
    sql`${users.phone} like ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    digits.length >= 3 ? sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}` : undefined,
  );
}

/** Counted and summed per account: bookings (not blocked time) and money spent on confirmed-and-later ones. */
const totals = {
  totalBookings: sql<number>`(select count(*)::int from ${bookings} b where b.user_id = "users"."id" and b.is_blocked = false)`,
  totalSpent: sql<string>`(select coalesce(sum(b.total_amount), 0)::numeric(10,2)::text from ${bookings} b where b.user_id = "users"."id" and b.is_blocked = false and b.status not in ('pending', 'cancelled'))`,
};

export async function listUsers(db: DbOrTx, options: { roles: Role[]; search?: string; page: number; pageSize: number }) {
  const where = and(
    isNull(users.deletedAt),
    inArray(users.role, options.roles),
    searchCondition(options.search),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        phone: users.phone,
        username: users.username,
        role: users.role,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
        ...totals,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  const items: AdminCustomer[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), totalSpent: r.totalSpent ?? '0.00' }));
  return { items, page: options.page, pageSize: options.pageSize, total: total?.value ?? 0 };
}

export async function findUser(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, phone: users.phone, role: users.role, deletedAt: users.deletedAt, isDisabled: users.isDisabled })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role, deletedAt: users.deletedAt, isDisabled: users.isDisabled })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

export async function emailTakenByOther(db: DbOrTx, email: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, id)));
  return Boolean(row);
}

