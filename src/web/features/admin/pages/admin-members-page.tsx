import { formatUsd } from '@shared/money';
import type { MemberRow, PlanView } from '@shared/schemas/memberships';
import { formatTime12 } from '@shared/time';
import { Plus, Repeat, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { EmailText } from '@web/components/ui/email-text';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Input, Select } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAdminServices } from '../api';
import { AdminLayout } from '../components/admin-layout';
import { CheckboxField, Field, FormActions } from '../components/form-bits';
import { Pager } from '../components/pager';
import { PAGE_SIZE, useMembers, usePlans, useSavePlan, type PlanBody } from '../marketing-api';
import { memberStatusLabel } from '../promo-codes';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/Los_Angeles' }) : '—');
const TONES = { Active: 'green', Paused: 'gray', 'Payment due': 'red', Cancelled: 'gray', Ending: 'orange' } as const;

/** /admin/members: the monthly recurring revenue, the members (paginated) and the plans editor (decision 059). */
export function AdminMembersPage() {
  const [page, setPage] = useState(1);
  const members = useMembers(page);
  const pages = members.data ? Math.max(1, Math.ceil(members.data.total / PAGE_SIZE)) : 1;
  return (
    <AdminLayout title="Members">
      <div className="mb-5 grid gap-3 sm:grid-cols-3">
        <Card className="p-4">
          <p className="text-xs uppercase tracking-wide text-slate-500">Monthly recurring revenue</p>
          <p className="text-2xl font-bold" data-testid="mrr">
            {members.data ? formatUsd(members.data.mrr) : '…'}
          </p>
        </Card>
        <Card className="p-4">
          <p className="text-xs uppercase tracking-wide text-slate-500">Active members</p>
          <p className="text-2xl font-bold">{members.data ? members.data.activeCount : '…'}</p>
        </Card>
      </div>
      {members.isLoading ? (
        <Spinner />
      ) : members.isError ? (
        <Alert tone="error">{errorMessage(members.error, 'Failed to load the members')}</Alert>
      ) : !members.data?.items.length ? (
        <EmptyState icon={<Repeat className="size-10 text-slate-400" aria-hidden />} title="No members yet" />
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500 dark:bg-slate-800">
              <tr>
                <th className="px-3 py-2">Name</th>
                <th className="px-3 py-2">E-mail</th>
                <th className="px-3 py-2">Plan</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">Since</th>
                <th className="px-3 py-2">Next renewal</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {members.data.items.map((m) => (
                <MemberLine key={m.id} member={m} />
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label="Member pages" />
      <PlansEditor />
    </AdminLayout>
  );
}

function MemberLine({ member: m }: { member: MemberRow }) {
  const status = memberStatusLabel(m);
  return (
    <tr>
      <td className="px-3 py-2 font-medium">{m.customerName}</td>
      <td className="px-3 py-2">
        <EmailText email={m.customerEmail} />
      </td>
      <td className="px-3 py-2">
        {m.planName} <span className="text-xs text-slate-500">({formatUsd(m.pricePerMonth)}/mo)</span>
        {m.standing && (
          <span className="block text-xs text-slate-600 dark:text-slate-400" data-testid="member-standing">
            {standingText(m.standing)}
          </span>
        )}
      </td>
      <td className="px-3 py-2">
        <Badge tone={TONES[status]}>{status === 'Ending' ? `Ends ${day(m.currentPeriodEnd)}` : status}</Badge>
      </td>
      <td className="px-3 py-2">{day(m.since)}</td>
      <td className="px-3 py-2">{day(m.nextRenewalAt)}</td>
    </tr>
  );
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Standing: every 2 weeks, Tue 10:00 AM — Express Exterior Wash at 425 Park Ave, San Jose, CA 95110" (decision 066). */
function standingText(s: NonNullable<MemberRow['standing']>): string {
  const every = s.everyWeeks === 1 ? 'every week' : `every ${s.everyWeeks} weeks`;
  return `Standing: ${every}, ${WEEKDAYS[s.weekday]} ${formatTime12(s.time)} — ${s.serviceName} at ${s.address}`;
}

interface PlanDraft {
  name: string;
  pricePerMonth: string;
  grants: Array<{ serviceId: string; count: string }>;
  /** Every how many weeks a member's standing appointment falls; '' for a plan without one. */
  standingWeeks: string;
  isActive: boolean;
}

const emptyPlan: PlanDraft = { name: '', pricePerMonth: '', grants: [{ serviceId: '', count: '1' }], standingWeeks: '', isActive: true };
const draftOf = (plan: PlanView): PlanDraft => ({
  name: plan.name,
  pricePerMonth: plan.pricePerMonth,
  grants: plan.grants.map((g) => ({ serviceId: g.serviceId, count: String(g.count) })),
  standingWeeks: plan.standing ? String(plan.standing.everyWeeks) : '',
  isActive: plan.isActive,
});

function PlansEditor() {
  const plans = usePlans();
  const save = useSavePlan();
  const [editing, setEditing] = useState<{ plan?: PlanView; draft: PlanDraft }>();
  return (
    <Card className="mt-8">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Plans</CardTitle>
        <Button size="sm" onClick={() => setEditing({ draft: emptyPlan })}>
          <Plus aria-hidden /> New plan
        </Button>
      </CardHeader>
      <CardContent>
        {plans.isLoading ? (
          <Spinner />
        ) : plans.isError ? (
          <Alert tone="error">{errorMessage(plans.error, 'Failed to load the plans')}</Alert>
        ) : !plans.data?.length ? (
          <p className="text-sm text-slate-500">No plans yet. A plan is sold on /packages once it is active.</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {plans.data.map((plan) => (
              <li key={plan.id} className="flex flex-wrap items-center gap-3 py-3" aria-label={`Plan ${plan.name}`}>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    {plan.name} · {formatUsd(plan.pricePerMonth)} / month
                  </p>
                  <p className="text-sm text-slate-600">Each month: {plan.grants.map((g) => `${g.count} x ${g.serviceName}`).join(', ')}</p>
                  {plan.standing && <p className="text-sm text-slate-600">Standing appointment: {plan.standing.everyWeeks === 1 ? 'every week' : `every ${plan.standing.everyWeeks} weeks`}</p>}
                </div>
                {plan.isActive ? <Badge tone="green">On sale</Badge> : <Badge tone="gray">Not sold</Badge>}
                <Button size="sm" variant="outline" onClick={() => setEditing({ plan, draft: draftOf(plan) })}>
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={Boolean(editing)} onOpenChange={(open) => !open && setEditing(undefined)}>
        {editing && (
          <DialogContent title={editing.plan ? `Edit ${editing.plan.name}` : 'New plan'} description={editing.plan ? 'A new price applies to new members; members keep theirs.' : undefined}>
            <PlanForm
              initial={editing.draft}
              busy={save.isPending}
              onCancel={() => setEditing(undefined)}
              onSubmit={(body) =>
                save.mutate(
                  { id: editing.plan?.id, body },
                  {
                    onSuccess: (saved) => {
                      setEditing(undefined);
                      toast.success(`${saved.name} saved`);
                    },
                    onError: (error) => toast.error('The plan was not saved', { description: errorMessage(error, '') }),
                  },
                )
              }
            />
          </DialogContent>
        )}
      </Dialog>
    </Card>
  );
}

function PlanForm({ initial, busy, onCancel, onSubmit }: { initial: PlanDraft; busy: boolean; onCancel: () => void; onSubmit: (body: PlanBody) => void }) {
  const services = useAdminServices();
  const [draft, setDraft] = useState(initial);
  const setGrant = (index: number, change: Partial<PlanDraft['grants'][number]>) =>
    setDraft((d) => ({ ...d, grants: d.grants.map((g, i) => (i === index ? { ...g, ...change } : g)) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server checks every field (a price as dollars, 1–31 credits, a known service) and its message is shown.
    onSubmit({
      name: draft.name,
      pricePerMonth: draft.pricePerMonth,
      grants: draft.grants.map((g) => ({ serviceId: g.serviceId, count: g.count })),
      standing: draft.standingWeeks ? { everyWeeks: Number(draft.standingWeeks) } : null,
      isActive: draft.isActive,
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <Field label="Plan name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} required />
      <Field label="Price per month ($)" inputMode="decimal" value={draft.pricePerMonth} onChange={(e) => setDraft({ ...draft, pricePerMonth: e.target.value })} required />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Each month grants</legend>
        {draft.grants.map((grant, index) => (
          <div key={index} className="flex items-center gap-2">
            <Select aria-label={`Service ${index + 1}`} value={grant.serviceId} onChange={(e) => setGrant(index, { serviceId: e.target.value })} className="flex-1">
              <option value="">Choose a service</option>
              {services.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
            <Input aria-label={`Credits per month ${index + 1}`} inputMode="numeric" className="w-20" value={grant.count} onChange={(e) => setGrant(index, { count: e.target.value })} />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Remove service ${index + 1}`}
              disabled={draft.grants.length === 1}
              onClick={() => setDraft({ ...draft, grants: draft.grants.filter((_, i) => i !== index) })}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setDraft({ ...draft, grants: [...draft.grants, { serviceId: '', count: '1' }] })}>
          <Plus aria-hidden /> Add a service
        </Button>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Standing appointment
        <Select value={draft.standingWeeks} onChange={(e) => setDraft({ ...draft, standingWeeks: e.target.value })}>
          <option value="">None</option>
          {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
            <option key={n} value={String(n)}>
              {n === 1 ? 'Every week' : `Every ${n} weeks`}
            </option>
          ))}
        </Select>
      </label>
      <CheckboxField label="On sale (shown on /packages)" checked={draft.isActive} onChange={(isActive) => setDraft({ ...draft, isActive })} />
      <FormActions onCancel={onCancel} busy={busy} submit={busy ? 'Saving...' : 'Save plan'} />
    </form>
  );
}
