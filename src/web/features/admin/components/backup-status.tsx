import { DatabaseBackup } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { Alert } from '@web/components/ui/feedback';
import { useBackupStatus } from '../api';

/** When a backup was made, in the business's time zone (the back office reads Pacific time everywhere). */
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', dateStyle: 'medium', timeStyle: 'short' });

function size(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The last backup's time and size, and an alert when it is older than a day and a half (or there is none):
 * shown only where the server makes backups (BACKUP_DIR). docs/OPERATIONS.md says what to do.
 */
export function BackupStatus() {
  const { data } = useBackupStatus();
  if (!data?.configured) return null;
  const { latest, stale, staleAfterHours } = data;
  return (
    <section aria-label="Backups" className="flex flex-col gap-2">
      {stale && (
        <Alert tone="error" title={latest ? `The last backup is older than ${staleAfterHours} hours` : 'No backup yet'}>
          {latest ? `The last one was made ${when(latest.createdAt)}. ` : ''}The nightly backup may be failing: check the server's log, or run npm run backup on the
          server.
        </Alert>
      )}
      <Card className="flex items-center gap-3 p-4">
        <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <DatabaseBackup className="size-5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">Last backup</span>
          <span className="block truncate text-sm text-slate-600" data-testid="last-backup">
            {latest ? `${when(latest.createdAt)} · ${size(latest.bytes)}` : 'None yet'}
          </span>
        </span>
      </Card>
    </section>
  );
}
