import { join } from 'node:path';
import type { Config } from '../../config';
import { localFileStore } from './local';
import { memoryFileStore } from './memory';
import type { FileStore } from './provider';
import { s3FileStore } from './s3';

export type { FileStore } from './provider';

/** S3 when S3_BUCKET is set; otherwise DATA_DIR/uploads, or memory when the database itself is in memory. */
export function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  if (config.s3) return s3FileStore(config.s3);
  if (config.dataDir.startsWith('memory://')) return memoryFileStore();
  return localFileStore(join(config.dataDir, 'uploads'));
}
