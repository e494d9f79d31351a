import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { Mailer } from './integrations/mail/mailer';
import type { RateLimiter } from './http/rate-limit';
import type { Jobs } from './jobs/boss';
import type { EventBus } from './events/bus';

/** Everything a feature needs, built once in app.ts and handed to each feature's routes. */
export interface AppContext {
  config: Config;
  handle: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  limits: AuthLimits;
  /** Live events across instances (PostgreSQL NOTIFY). */
  events: EventBus;
  /** The job queue, when jobs run in this process (not in most tests). */
  jobs?: Jobs;
  /** The current time; tests move it. */
  now: () => Date;
}

export interface AuthLimits {
  loginPerIp: RateLimiter;
  loginPerAccount: RateLimiter;
  registerPerIp: RateLimiter;
  forgotPerIp: RateLimiter;
  forgotPerAccount: RateLimiter;
  resendPerAccount: RateLimiter;
}
