import { formatUsPhone } from '@shared/contact';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import type { PublicUser } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { ApiError, errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { settingsQuery, useUpdateProfile } from '../api';
import { PageHeader, SignedIn } from '../components/signed-in';
import { accountMessages } from '../messages';

export function ProfilePage() {
  return <SignedIn>{(user) => <ProfileForm key={user.id} user={user} />}</SignedIn>;
}

/** Full name, e-mail, phone and the e-mail notification switch, saved with one call. */
function ProfileForm({ user }: { user: PublicUser }) {
  const t = useT(accountMessages);
  const settings = useQuery(settingsQuery);
  const update = useUpdateProfile();
  const [fullName, setFullName] = useState(user.fullName);
  const [email, setEmail] = useState(user.email);
  const [phone, setPhone] = useState(formatUsPhone(user.phone));
  const [notifications, setNotifications] = useState<boolean | undefined>(undefined);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const emailNotifications = notifications ?? settings.data?.emailNotifications ?? true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    update.mutate(
      { fullName, email, phone, emailNotifications },
      {
        onSuccess: (result) => toast.success(t('profileUpdated'), { description: result.verificationSent ? t('verifyNewEmail') : undefined }),
        onError: (error) => {
          const field = error instanceof ApiError && error.body && typeof error.body === 'object' ? (error.body as { params?: { field?: string } }).params?.field : undefined;
          setFieldError({ field, message: errorMessage(error, t('tryAgain')) });
          toast.error(t('profileFailed'), { description: errorMessage(error, t('tryAgain')) });
        },
      },
    );
  };
  const errorFor = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('profileTitle')} backLabel={t('back')} />
      <Card>
        <CardContent className="pt-4">
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <div className="flex flex-col gap-1">
              <Label htmlFor="profile-name">{t('fullName')}</Label>
              <Input id="profile-name" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
              <FieldError message={errorFor('fullName')} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="profile-email">{t('email')}</Label>
              <Input id="profile-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              {!user.emailVerified && <p className="text-xs text-amber-600">{t('emailUnverifiedHint')}</p>}
              {email.trim().toLowerCase() !== user.email && <p className="text-xs text-slate-500">{t('emailChangeHint')}</p>}
              <FieldError message={errorFor('email') ?? (fieldError && !fieldError.field && /email/i.test(fieldError.message) ? fieldError.message : undefined)} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="profile-phone">{t('phone')}</Label>
              <Input id="profile-phone" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
              <FieldError message={errorFor('phone')} />
            </div>
            <label className="flex items-center justify-between gap-3">
              <span>
                <span className="block font-medium">{t('emailNotifications')}</span>
                <span className="block text-xs text-slate-500">{t('emailNotificationsHint')}</span>
              </span>
              <Switch checked={emailNotifications} onCheckedChange={setNotifications} aria-label={t('emailNotifications')} />
            </label>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? t('saving') : t('saveChanges')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
