/**
 * Where uploaded files live (docs/decisions/048): the local disk under DATA_DIR/uploads by default, any
 * S3-compatible store when S3_BUCKET is set (so several instances share them), and memory for tests that run
 * the database in memory. Keys are relative paths the caller makes (`inspections/<booking>/<id>.jpg`).
 */
export interface FileStore {
  readonly name: 'local' | 's3' | 'memory';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when no file has that key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are made by the server, but a key that could climb out of the store's root is refused anyway. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]{0,300}$/.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`Unsafe file key: ${JSON.stringify(key)}`);
  }
}
