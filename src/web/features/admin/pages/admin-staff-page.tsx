import { Clock, KeyRound, MailPlus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import type { StaffMember } from '@shared/schemas/admin-staff';
import type { TechnicianView } from '@shared/schemas/technicians';
import { Badge } from '@web/components/ui/badge';
import { EmailText } from '@web/components/ui/email-text';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { useAddDriver, useResendInvite, useResetAdminPassword, useStaff, useUpdateStaff } from '../api';
import { AdminLayout } from '../components/admin-layout';
import { PersonDialog } from '../components/person-dialog';
import { ServiceAreaCard } from '../components/service-area-card';
import { TechnicianDialog, WEEKDAYS } from '../components/technician-dialog';
import { useTechnicians } from '../technicians-api';
import { TipsByWeek } from '../components/tips-by-week';
import { formatPacificDateTime } from '../components/status';
import { formatUsPhone } from '@shared/contact';

const STATUS_TONE = { available: 'green', busy: 'orange', break: 'yellow', offline: 'gray' } as const;

/** Drivers: add them (an invitation e-mail to choose a password), disable them, and see who is on shift. */
export function AdminStaffPage() {
  const { data, isLoading, error } = useStaff();
  const [adding, setAdding] = useState(false);
  const onShift = data?.items.filter((s) => s.onShift).length ?? 0;
  const resetPassword = useResetAdminPassword();
  const technicians = useTechnicians();
  const technicianOf = new Map(technicians.data?.items.map((t) => [t.userId, t]));
  const admins = technicians.data?.items.filter((t) => t.role === 'admin') ?? [];
  return (
    <AdminLayout
      title="Staff"
      actions={
        <>
          {/* The owner's own account is staff too: its password reset lives here, not among the services. */}
          <Button
            variant="outline"
            size="sm"
            disabled={resetPassword.isPending}
            onClick={() =>
              resetPassword.mutate(undefined, {
                onSuccess: (result) => toast.success('Admin password reset!', { description: result.message }),
                onError: (err) => toast.error('Error resetting password', { description: errorMessage(err, 'Please try again.') }),
              })
            }
          >
            <KeyRound aria-hidden /> Reset Admin Password
          </Button>
          <Button size="sm" onClick={() => setAdding(true)}>
            <UserPlus aria-hidden /> Add Driver
          </Button>
        </>
      }
    >
      {data && (
        <p className="mb-4 text-sm text-slate-600">
          <Badge tone="green">{onShift} on shift</Badge> of {data.total} {data.total === 1 ? 'driver' : 'drivers'}
        </p>
      )}
      {isLoading && <Spinner />}
      {error && <Alert tone="error" title="Failed to load staff">{errorMessage(error, 'Please refresh the page')}</Alert>}
      {data && data.items.length === 0 && (
        <EmptyState title="No drivers yet">
          <p className="text-sm text-slate-500">Add a driver; they get an e-mail to choose their password.</p>
        </EmptyState>
      )}
      {data && data.items.length > 0 && (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Drivers">
          {data.items.map((member) => (
            <li key={member.id}>
              <StaffCard member={member} technician={technicianOf.get(member.id)} />
            </li>
          ))}
        </ul>
      )}
      {admins.length > 0 && (
        <section className="mt-8" aria-label="Admins who work jobs">
          <h2 className="mb-1 text-base font-semibold">Admins</h2>
          <p className="mb-3 text-sm text-slate-600">An admin is offered jobs only when “Works jobs” is on in their hours & services.</p>
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {admins.map((a) => (
              <li key={a.userId}>
                <Card className="p-4" aria-label={a.fullName}>
                  <p className="font-semibold">{a.fullName}</p>
                  <TechnicianSummary technician={a} />
                  <TechnicianButton technician={a} />
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ServiceAreaCard />
      <TipsByWeek />
      <AddDriverDialog open={adding} onOpenChange={setAdding} />
    </AdminLayout>
  );
}

export function StaffCard({ member, technician }: { member: StaffMember; technician: TechnicianView | undefined }) {
  const update = useUpdateStaff();
  const resend = useResendInvite();
  const setDisabled = (isDisabled: boolean) =>
    update.mutate(
      { id: member.id, isDisabled },
      {
        onSuccess: () => toast.success(isDisabled ? 'Driver disabled' : 'Driver enabled', { description: isDisabled ? `${member.fullName} is signed out and cannot sign in.` : `${member.fullName} can sign in again.` }),
        onError: (err) => toast.error('Error updating driver', { description: errorMessage(err, 'Please try again.') }),
      },
    );
  return (
    <Card className={member.isDisabled ? 'p-4 opacity-70' : 'p-4'} aria-label={member.fullName}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{member.fullName}</p>
          <p className="text-sm text-slate-600">
            <EmailText email={member.email} />
          </p>
          <p className="text-sm text-slate-600">{member.phone ? formatUsPhone(member.phone) : 'No phone'}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          {member.isDisabled ? (
            <Badge tone="red">Disabled</Badge>
          ) : member.onShift ? (
            <Badge tone="green">On shift</Badge>
          ) : (
            <Badge tone="gray">Off shift</Badge>
          )}
          {/* Off shift already says offline: the status shows only for a driver on shift. */}
          {member.status && member.onShift && !member.isDisabled && member.status !== 'offline' && <Badge tone={STATUS_TONE[member.status]}>{member.status}</Badge>}
          {member.invitationPending && <Badge tone="yellow">Invitation pending</Badge>}
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        {member.activeBookings} active booking{member.activeBookings === 1 ? '' : 's'}
        {member.isLocationSharing ? ' · sharing location' : ''}
        {member.lastSeen ? ` · last seen ${formatPacificDateTime(member.lastSeen)}` : ''}
      </p>
      {technician && <TechnicianSummary technician={technician} />}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm">
          <Switch checked={!member.isDisabled} disabled={update.isPending} onCheckedChange={(enabled) => setDisabled(!enabled)} aria-label={`Enabled: ${member.fullName}`} />
          Enabled
        </label>
        {member.invitationPending && !member.isDisabled && (
          <Button
            size="sm"
            variant="outline"
            className="ml-auto"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(member.id, {
                onSuccess: (r) => toast.success('Invitation sent', { description: r.message }),
                onError: (err) => toast.error('Failed to send email', { description: errorMessage(err, 'Please try again.') }),
              })
            }
          >
            <MailPlus aria-hidden /> Resend Invitation
          </Button>
        )}
        {technician && <TechnicianButton technician={technician} />}
      </div>
    </Card>
  );
}

/** "Mon–Fri 07:30–15:00 · every service · starts at …": a technician's week at a glance. */
function TechnicianSummary({ technician }: { technician: TechnicianView }) {
  const hours = technician.hours.length
    ? technician.hours.map((h) => `${WEEKDAYS[h.dayOfWeek]!.slice(0, 3)} ${h.startTime}–${h.endTime}`).join(', ')
    : 'Business hours';
  return (
    <p className="mt-2 text-xs text-slate-600" data-testid="technician-summary">
      {technician.worksJobs ? hours : 'Does not work jobs'}
      {technician.worksJobs && ` · ${technician.limitedServices ? `${technician.serviceIds.length} service${technician.serviceIds.length === 1 ? '' : 's'}` : 'every service'}`}
      {technician.worksJobs && ` · starts at ${technician.start?.label ?? "the business's address"}`}
    </p>
  );
}

function TechnicianButton({ technician }: { technician: TechnicianView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" className="ml-auto" onClick={() => setOpen(true)} aria-label={`Hours & services: ${technician.fullName}`}>
        <Clock aria-hidden /> Hours & services
      </Button>
      <TechnicianDialog technician={technician} open={open} onOpenChange={setOpen} />
    </>
  );
}

function AddDriverDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const add = useAddDriver();
  return (
    <PersonDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Driver"
      description="They receive an e-mail with a link to choose their password."
      submitLabel="Add Driver"
      pending={add.isPending}
      onSubmit={(form) =>
        add.mutate(form, {
          onSuccess: (member) => {
            toast.success('Driver added', { description: `An invitation to choose a password was sent to ${member.email}.` });
            onOpenChange(false);
          },
          onError: (error) => toast.error('Error adding driver', { description: errorMessage(error, 'Please try again.') }),
        })
      }
    />
  );
}
