import type { DbOrTx } from '../db/client';

/**
 * The seam between a customer's registration and the features that act on a new account. Auth calls
 * `accountRegistered` once the account exists and knows nothing of its subscribers; a feature that must act
 * subscribes once, when its face is loaded (the store mirror links the account to the store customer with
 * the same e-mail). Auth cannot call the mirror's face itself: the mirror's routes load the auth hooks, which
 * load auth, so the import would close a loop (docs/decisions/033-feature-faces.md).
 */
export interface RegisteredAccount {
  userId: string;
  email: string;
}

export type AccountRegisteredHandler = (db: DbOrTx, account: RegisteredAccount, now: Date) => Promise<void>;

const handlers = new Set<AccountRegisteredHandler>();

/** Adds a handler (adding the same one twice keeps one). */
export function onAccountRegistered(handler: AccountRegisteredHandler): void {
  handlers.add(handler);
}

/** Every subscriber's work for the new account, in the order they subscribed. */
export async function accountRegistered(db: DbOrTx, account: RegisteredAccount, now: Date): Promise<void> {
  for (const handler of handlers) await handler(db, account, now);
}
