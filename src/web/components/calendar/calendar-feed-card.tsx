import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { CalendarPlus, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { apiCall, errorMessage } from '@web/lib/api';

const feedKey = ['calendar-feed'] as const;

/** Words of the card; the admin uses the English defaults, the driver's page may pass its own language. */
export interface CalendarFeedTexts {
  title: string;
  description: string;
  create: string;
  regenerate: string;
  revoke: string;
  copy: string;
  copied: string;
  active: (since: string) => string;
  shownOnce: string;
  confirmRegenerate: string;
  confirmRevoke: string;
  revoked: string;
  failed: string;
}

export const CALENDAR_FEED_TEXTS_EN: CalendarFeedTexts = {
  title: 'Calendar feed',
  description: 'Subscribe to your jobs from your phone’s calendar (Google, Apple, Outlook). The link is private: anyone who has it can see the jobs.',
  create: 'Create calendar link',
  regenerate: 'New link',
  revoke: 'Turn off',
  copy: 'Copy link',
  copied: 'Link copied',
  active: (since) => `A calendar link is active (made ${since}). For safety it is shown only when made: make a new one to copy it again.`,
  shownOnce: 'Copy this link now and add it to your calendar as a subscription. It is shown only this once.',
  confirmRegenerate: 'Make a new link? The old link stops working at once.',
  confirmRevoke: 'Turn off the calendar link? Calendars subscribed to it stop updating.',
  revoked: 'Calendar link turned off',
  failed: 'That did not work. Please try again.',
};

/** A staff member's private iCal link (GET/POST/DELETE /api/calendar-feed): make, copy, regenerate, revoke. */
export function CalendarFeedCard({ texts = CALENDAR_FEED_TEXTS_EN, locale = 'en-US' }: { texts?: CalendarFeedTexts; locale?: string }) {
  const client = useQueryClient();
  const status = useQuery({ queryKey: feedKey, queryFn: () => apiCall('GET /api/calendar-feed') });
  const [url, setUrl] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => apiCall('POST /api/calendar-feed'),
    onSuccess: (created) => {
      setUrl(created.url);
      void client.invalidateQueries({ queryKey: feedKey });
    },
    onError: (error) => toast.error(errorMessage(error, texts.failed)),
  });
  const revoke = useMutation({
    mutationFn: () => apiCall('DELETE /api/calendar-feed'),
    onSuccess: () => {
      setUrl(null);
      toast.success(texts.revoked);
      void client.invalidateQueries({ queryKey: feedKey });
    },
    onError: (error) => toast.error(errorMessage(error, texts.failed)),
  });
  const busy = create.isPending || revoke.isPending;
  const active = status.data?.active ?? false;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(texts.copied);
    } catch {
      toast.error(texts.failed);
    }
  };

  return (
    <Card data-testid="calendar-feed-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarPlus className="size-5" aria-hidden /> {texts.title}
        </CardTitle>
        <CardDescription>{texts.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {url ? (
          <>
            <p className="text-sm">{texts.shownOnce}</p>
            <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
              <Input readOnly value={url} aria-label={texts.title} className="min-w-0 flex-1 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <Button type="button" variant="outline" onClick={() => void copy()}>
                <Copy className="size-4" aria-hidden /> {texts.copy}
              </Button>
            </div>
          </>
        ) : (
          active && status.data?.createdAt && <p className="text-sm text-slate-600 dark:text-slate-400">{texts.active(new Date(status.data.createdAt).toLocaleDateString(locale, { dateStyle: 'medium' }))}</p>
        )}
        <div className="flex flex-wrap gap-2">
          {!active && !url ? (
            <Button type="button" disabled={busy || status.isLoading} onClick={() => create.mutate()}>
              <CalendarPlus className="size-4" aria-hidden /> {texts.create}
            </Button>
          ) : (
            <>
              <Button type="button" variant="outline" disabled={busy} onClick={() => window.confirm(texts.confirmRegenerate) && create.mutate()}>
                <RefreshCw className="size-4" aria-hidden /> {texts.regenerate}
              </Button>
              <Button type="button" variant="outline" disabled={busy} onClick={() => window.confirm(texts.confirmRevoke) && revoke.mutate()}>
                <Trash2 className="size-4" aria-hidden /> {texts.revoke}
              </Button>
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
