/**
 * `npm run backup`, `npm run restore -- FILE [--force]`, `npm run migrate-to-postgres -- [--to URL] [--force]`:
 * the operations commands, with the server's own configuration (the same environment variables).
 * docs/OPERATIONS.md says when to use which.
 */
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { runningServer } from '../../db/data-dir-lock';
import { createBackup } from './backup';
import { migrateToPostgres, RestoreRefused, restoreBackup } from './restore';

const [command, ...rest] = process.argv.slice(2);
const flags = new Set(rest.filter((a) => a.startsWith('--')));
const valueOf = (flag: string) => {
  const i = rest.indexOf(flag);
  return i >= 0 ? rest[i + 1] : undefined;
};
const positional = rest.filter((a, i) => !a.startsWith('--') && !['--dir', '--to'].includes(rest[i - 1] ?? ''));

const size = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

function printCounts(counts: Record<string, number>) {
  const width = Math.max(...Object.keys(counts).map((t) => t.length));
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(width)}  ${n}`);
}

async function backup() {
  const config = loadConfig();
  const dir = valueOf('--dir') ?? config.backupDir;
  if (!dir) throw new RestoreRefused('set BACKUP_DIR (or pass --dir DIR) to say where backups go');
  if (!config.databaseUrl) {
    const server = runningServer(config.dataDir);
    if (server) {
      // The embedded database is the running server's alone: it writes the backup (into its own BACKUP_DIR).
      const answer = await fetch(`${server.url}/api/ops/backups`, { method: 'POST' });
      const body = (await answer.json()) as { name?: string; bytes?: number; message?: string };
      if (answer.status !== 201) throw new RestoreRefused(`the running server (pid ${server.pid}) could not make the backup: ${body.message ?? answer.status}`);
      console.log(`Backup written by the running server: ${body.name} (${size(body.bytes ?? 0)}) in its BACKUP_DIR`);
      return;
    }
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const made = await createBackup({ handle, databaseUrl: config.databaseUrl, dir, keep: config.backupKeep, now: new Date(), logical: flags.has('--logical') });
    console.log(`Backup written: ${made.path} (${size(made.bytes)}, ${made.format}); keeping the newest ${config.backupKeep}`);
  } finally {
    await handle.close();
  }
}

async function restore() {
  const config = loadConfig();
  const file = positional[0];
  if (!file) throw new RestoreRefused('usage: npm run restore -- FILE [--force]');
  const result = await restoreBackup({ file, databaseUrl: config.databaseUrl, dataDir: config.dataDir, force: flags.has('--force') });
  if (result.movedAside) console.log(`The old data folder was moved to ${result.movedAside}`);
  console.log(`Restored ${file} into ${result.into}. Rows per table:`);
  printCounts(result.counts);
  console.log('Start the app as usual (npm start); it applies any newer migrations.');
}

async function toPostgres() {
  const config = loadConfig();
  const url = valueOf('--to') ?? config.databaseUrl;
  if (!url) throw new RestoreRefused('usage: npm run migrate-to-postgres -- --to postgres://user@host/db (or set DATABASE_URL)');
  const counts = await migrateToPostgres({ dataDir: config.dataDir, databaseUrl: url, force: flags.has('--force') });
  console.log(`Copied the embedded database in ${config.dataDir} to PostgreSQL; every table's count matches:`);
  printCounts(counts);
  console.log('Start the app with DATABASE_URL set to that database. Keep the data folder until you are happy.');
}

const commands: Record<string, () => Promise<void>> = { backup, restore, 'migrate-to-postgres': toPostgres };

const run = command ? commands[command] : undefined;
if (!run) {
  console.error(`usage: cli.ts ${Object.keys(commands).join(' | ')}`);
  process.exit(2);
}
run().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof RestoreRefused || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
