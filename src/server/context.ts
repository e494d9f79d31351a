import type { AppCaches } from './caches';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { FileStore } from './integrations/files';
import type { Mailer } from './integrations/mail/mailer';
import type { SmsSender } from './integrations/sms/sms';
import type { WeatherSource } from './integrations/weather/weather';
import type { Jobs } from './jobs/boss';
import type { EventBus } from './events/bus';
import type { PaymentProvider } from './integrations/payments/provider';
import type { StoreClient } from './integrations/shopify';
import type { Metrics } from './metrics';

/** Everything a feature needs, built once in app.ts and handed to each feature's routes. */
export interface AppContext {
  config: Config;
  handle: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  /** Text messages: Twilio, or the SMS outbox only (decision 050). */
  sms: SmsSender;
  /** Hourly forecasts: the National Weather Service, or the offline stand-in (decision 060). */
  weather: WeatherSource;
  /** The card provider, built once (Stripe or the built-in test provider). */
  payments: PaymentProvider;
  /** The online store (Shopify or the built-in demo store), built once. */
  store: StoreClient;
  /** Live events across instances (PostgreSQL NOTIFY). */
  events: EventBus;
  /** Read caches of this instance, invalidated over NOTIFY (decision 018). */
  caches: AppCaches;
  /** The job queue, when jobs run in this process (not in most tests). */
  jobs?: Jobs;
  /** This instance's Prometheus registry (GET /metrics). */
  metrics: Metrics;
  /** Uploaded files (inspection photos): S3-compatible, DATA_DIR/uploads, or memory in tests. */
  files: FileStore;
  /** The current time; tests move it. */
  now: () => Date;
}
