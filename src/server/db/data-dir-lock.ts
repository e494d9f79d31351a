import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * The embedded database belongs to one process: PGlite has no lock of its own, and two processes opening the
 * same data folder would corrupt it. A running server leaves a note beside its data folder (`.data.server.json`
 * for `./data`, outside the folder so that backups never carry it) with its pid and its loopback URL; the
 * operations commands read it to ask the server instead (a backup) or to refuse (a restore).
 */
export interface RunningServer {
  pid: number;
  /** The server's own address from this machine, e.g. http://127.0.0.1:5000. */
  url: string;
}

export function serverNotePath(dataDir: string): string {
  const dir = resolve(dataDir);
  return join(dirname(dir), `.${basename(dir)}.server.json`);
}

export function writeServerNote(dataDir: string, server: RunningServer): void {
  writeFileSync(serverNotePath(dataDir), JSON.stringify(server));
}

export function removeServerNote(dataDir: string): void {
  rmSync(serverNotePath(dataDir), { force: true });
}

/** The server running on this data folder, if any (a note whose process is gone is stale and ignored). */
export function runningServer(dataDir: string): RunningServer | undefined {
  const path = serverNotePath(dataDir);
  if (!existsSync(path)) return undefined;
  let note: RunningServer;
  try {
    note = JSON.parse(readFileSync(path, 'utf8')) as RunningServer;
  } catch {
    return undefined;
  }
  if (note.pid === process.pid) return undefined;
  try {
    process.kill(note.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user; anything else: it is gone.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return note;
}
