import { assertSafeKey, type FileStore } from './provider';

/** Files in this process's memory: for an in-memory database (tests), where a disk folder would outlive the data. */
export function memoryFileStore(): FileStore & { keys(): string[] } {
  const files = new Map<string, Buffer>();
  return {
    name: 'memory',
    async put(key, data) {
      assertSafeKey(key);
      files.set(key, Buffer.from(data));
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
    keys: () => [...files.keys()],
  };
}
