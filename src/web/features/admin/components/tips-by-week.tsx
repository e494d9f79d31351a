import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, HandCoins } from 'lucide-react';
import { useState } from 'react';
import { formatUsd, fromCents } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { apiCall, errorMessage } from '@web/lib/api';

const dollars = (cents: number) => formatUsd(fromCents(cents));
const shortDate = (key: string) => new Date(`${key}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The owner's tips by technician, one week at a time (decision 058): tips are the technicians', not revenue. */
export function TipsByWeek() {
  const [weekOf, setWeekOf] = useState<string>();
  const week = useQuery({
    queryKey: ['admin', 'tips', weekOf ?? 'this'],
    queryFn: () => apiCall('GET /api/admin/tips', { query: weekOf ? { weekOf } : {} }),
    placeholderData: keepPreviousData,
  });
  const data = week.data;
  return (
    <Card className="mt-6" data-testid="tips-by-week">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle level={2} className="flex items-center gap-2 text-base">
          <HandCoins className="size-4" aria-hidden /> Tips by technician
        </CardTitle>
        {data && (
          <div className="flex items-center gap-2 text-sm">
            <Button variant="outline" size="sm" aria-label="Previous week" onClick={() => setWeekOf(data.previousWeekOf)}>
              <ChevronLeft aria-hidden />
            </Button>
            <span data-testid="tips-week">
              {shortDate(data.weekStart)} – {shortDate(data.weekEnd)}
            </span>
            <Button variant="outline" size="sm" aria-label="Next week" disabled={!data.nextWeekOf} onClick={() => data.nextWeekOf && setWeekOf(data.nextWeekOf)}>
              <ChevronRight aria-hidden />
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent>
        {week.isLoading && <Spinner />}
        {week.error && <Alert tone="error" title="Failed to load tips">{errorMessage(week.error, 'Please refresh the page')}</Alert>}
        {data && data.technicians.length === 0 && <p className="text-sm text-slate-500">No tips this week.</p>}
        {data && data.technicians.length > 0 && (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="py-1 font-medium">Technician</th>
                <th className="py-1 text-right font-medium">Tips</th>
                <th className="py-1 text-right font-medium">Amount</th>
              </tr>
            </thead>
            <tbody>
              {data.technicians.map((row) => (
                <tr key={row.technicianId ?? 'none'} className="border-t border-slate-100">
                  <td className="py-1">{row.name ?? 'Not assigned'}</td>
                  <td className="py-1 text-right">{row.count}</td>
                  <td className="py-1 text-right font-medium">{dollars(row.tipsCents)}</td>
                </tr>
              ))}
              <tr className="border-t border-slate-200 font-semibold">
                <td className="py-1">Total</td>
                <td />
                <td className="py-1 text-right">{dollars(data.totalCents)}</td>
              </tr>
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
