import type { PromoCodeView } from '@shared/schemas/promos';
import { Plus, TicketPercent } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAdminServices } from '../api';
import { AdminLayout } from '../components/admin-layout';
import { CheckboxField, Field, FormActions } from '../components/form-bits';
import { MarketingTabs } from '../components/marketing-tabs';
import { Pager } from '../components/pager';
import { PAGE_SIZE, usePromoCodes, useSavePromoCode, useSwitchPromoCode } from '../marketing-api';
import { discountLabel, emptyPromoDraft, promoDraftOf, promoRequestOf, servicesLabel, usesLabel, validityLabel, type PromoDraft } from '../promo-codes';

/** /admin/marketing/promo-codes: the codes (paginated), a form to create or change one, and switching one off. */
export function AdminPromoCodesPage() {
  const [page, setPage] = useState(1);
  const codes = usePromoCodes(page);
  const services = useAdminServices();
  const save = useSavePromoCode();
  const switching = useSwitchPromoCode();
  const [editing, setEditing] = useState<{ id?: string; draft: PromoDraft }>();
  const names = useMemo(() => new Map((services.data ?? []).map((s) => [s.id, s.name])), [services.data]);
  const pages = codes.data ? Math.max(1, Math.ceil(codes.data.total / PAGE_SIZE)) : 1;

  function switchActive(code: PromoCodeView) {
    switching.mutate(
      { id: code.id, active: !code.active },
      {
        onSuccess: (saved) => toast.success(saved.active ? `${saved.code} is on` : `${saved.code} is switched off`),
        onError: (error) => toast.error('The code was not changed', { description: errorMessage(error, '') }),
      },
    );
  }

  return (
    <AdminLayout
      title="Marketing"
      actions={
        <Button onClick={() => setEditing({ draft: emptyPromoDraft })}>
          <Plus aria-hidden /> New promo code
        </Button>
      }
    >
      <MarketingTabs />
      {codes.isLoading ? (
        <Spinner />
      ) : codes.isError ? (
        <Alert tone="error">{errorMessage(codes.error, 'Failed to load the promo codes')}</Alert>
      ) : !codes.data?.items.length ? (
        <EmptyState icon={<TicketPercent className="size-10 text-slate-400" aria-hidden />} title="No promo codes yet" />
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500 dark:bg-slate-800">
              <tr>
                <th className="px-3 py-2">Code</th>
                <th className="px-3 py-2">Discount</th>
                <th className="px-3 py-2">Services</th>
                <th className="px-3 py-2">Valid</th>
                <th className="px-3 py-2">Uses / cap</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {codes.data.items.map((code) => (
                <tr key={code.id} aria-label={`Promo code ${code.code}`}>
                  <td className="px-3 py-2 font-mono font-semibold">{code.code}</td>
                  <td className="px-3 py-2">
                    {discountLabel(code)}
                    {code.oncePerCustomer && <span className="block text-xs text-slate-500">Once per customer</span>}
                  </td>
                  <td className="px-3 py-2">{servicesLabel(code.serviceIds, names)}</td>
                  <td className="px-3 py-2">{validityLabel(code)}</td>
                  <td className="px-3 py-2">{usesLabel(code)}</td>
                  <td className="px-3 py-2">{code.active ? <Badge tone="green">Active</Badge> : <Badge tone="gray">Off</Badge>}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    <Button size="sm" variant="outline" onClick={() => setEditing({ id: code.id, draft: promoDraftOf(code) })}>
                      Edit
                    </Button>{' '}
                    <Button size="sm" variant="ghost" disabled={switching.isPending} onClick={() => switchActive(code)}>
                      {code.active ? 'Switch off' : 'Switch on'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label="Promo code pages" />
      <Dialog open={Boolean(editing)} onOpenChange={(open) => !open && setEditing(undefined)}>
        {editing && (
          <DialogContent title={editing.id ? `Edit ${editing.draft.code}` : 'New promo code'}>
            <PromoForm
              initial={editing.draft}
              services={services.data ?? []}
              busy={save.isPending}
              onCancel={() => setEditing(undefined)}
              onSubmit={(body) =>
                save.mutate(
                  { id: editing.id, body },
                  {
                    onSuccess: (saved) => {
                      setEditing(undefined);
                      toast.success(editing.id ? `${saved.code} saved` : `${saved.code} created`);
                    },
                    onError: (error) => toast.error('The promo code was not saved', { description: errorMessage(error, '') }),
                  },
                )
              }
            />
          </DialogContent>
        )}
      </Dialog>
    </AdminLayout>
  );
}

function PromoForm({
  initial,
  services,
  busy,
  onCancel,
  onSubmit,
}: {
  initial: PromoDraft;
  services: ReadonlyArray<{ id: string; name: string }>;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (body: ReturnType<typeof promoRequestOf>) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const set = (change: Partial<PromoDraft>) => setDraft((d) => ({ ...d, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    try {
      onSubmit(promoRequestOf(draft));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Check the form');
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <Field label="Code" value={draft.code} onChange={(e) => set({ code: e.target.value })} required autoComplete="off" hint="Letters, digits, - and _; customers may type it in any case." />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Discount</legend>
        <div className="flex gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="promo-kind" className="size-4 accent-brand-700" checked={draft.kind === 'percent'} onChange={() => set({ kind: 'percent' })} /> Percent off
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="promo-kind" className="size-4 accent-brand-700" checked={draft.kind === 'amount'} onChange={() => set({ kind: 'amount' })} /> Amount off
          </label>
        </div>
        {draft.kind === 'percent' ? (
          <Field id="promo-percent" label="Percentage off (%)" inputMode="numeric" value={draft.percentOff} onChange={(e) => set({ percentOff: e.target.value })} />
        ) : (
          <Field id="promo-amount" label="Amount off ($)" inputMode="decimal" value={draft.amountOff} onChange={(e) => set({ amountOff: e.target.value })} />
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Services (none chosen: every service)</legend>
        <div className="grid max-h-40 gap-1 overflow-y-auto sm:grid-cols-2">
          {services.map((service) => (
            <CheckboxField
              key={service.id}
              label={service.name}
              checked={draft.serviceIds.includes(service.id)}
              onChange={(checked) => set({ serviceIds: checked ? [...draft.serviceIds, service.id] : draft.serviceIds.filter((id) => id !== service.id) })}
            />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Valid from" type="date" value={draft.validFrom} onChange={(e) => set({ validFrom: e.target.value })} />
        <Field label="Valid to" type="date" value={draft.validTo} onChange={(e) => set({ validTo: e.target.value })} hint="Through the end of that day" />
      </div>
      <Field label="Max uses" inputMode="numeric" value={draft.maxUses} onChange={(e) => set({ maxUses: e.target.value })} hint="Empty: no cap" />
      <CheckboxField label="Once per customer" checked={draft.oncePerCustomer} onChange={(oncePerCustomer) => set({ oncePerCustomer })} />
      <CheckboxField label="Active" checked={draft.active} onChange={(active) => set({ active })} />
      {problem && <Alert tone="error">{problem}</Alert>}
      <FormActions onCancel={onCancel} busy={busy} submit={busy ? 'Saving...' : 'Save promo code'} />
    </form>
  );
}

