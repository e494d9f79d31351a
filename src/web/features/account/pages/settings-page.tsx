import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { KeyRound, Mail, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { version } from '../../../../../package.json';
import { LANGUAGES, THEMES, type Language, type Theme } from '@shared/domain';
import type { PublicUser, UserSettings } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { FieldError, Input, Label, Select } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { LANGUAGE_NAMES, useLanguage, useT } from '@web/lib/i18n';
import { applyTheme } from '@web/lib/theme';
import { settingsQuery, useChangePassword, useDeleteAccount, useResendVerification, useUpdateSettings } from '../api';
import { PageHeader, SignedIn } from '../components/signed-in';
import { accountMessages } from '../messages';

export function SettingsPage() {
  return <SignedIn>{(user) => <Settings user={user} />}</SignedIn>;
}

type SwitchKey = 'pushNotifications' | 'emailNotifications' | 'smsNotifications' | 'marketingEmails' | 'analytics' | 'locationServices';
const SWITCHES: Array<{ key: SwitchKey; label: 'pushNotifications' | 'emailNotifications' | 'smsNotifications' | 'marketingEmails' | 'analytics' | 'locationServices' }> = [
  { key: 'pushNotifications', label: 'pushNotifications' },
  { key: 'emailNotifications', label: 'emailNotifications' },
  { key: 'smsNotifications', label: 'smsNotifications' },
  { key: 'marketingEmails', label: 'marketingEmails' },
  { key: 'analytics', label: 'analytics' },
  { key: 'locationServices', label: 'locationServices' },
];

/** Every setting is saved to the account (GET/PUT /api/settings); theme and language also apply at once. */
function Settings({ user }: { user: PublicUser }) {
  const t = useT(accountMessages);
  const settings = useQuery(settingsQuery);
  const update = useUpdateSettings();
  const { setLanguage } = useLanguage();
  const resend = useResendVerification();

  // The toast speaks the language in force when the answer arrives (a language change re-renders first).
  const latestT = useRef(t);
  latestT.current = t;
  const save = (change: Partial<UserSettings>) =>
    update.mutate(change, {
      onSuccess: () => toast.success(latestT.current('settingUpdated')),
      onError: (error) => toast.error(latestT.current('settingFailed'), { description: errorMessage(error, latestT.current('tryAgain')) }),
    });

  if (settings.isLoading) return <Spinner />;
  if (!settings.data) {
    return (
      <Alert tone="error" title={t('loadFailed')}>
        {errorMessage(settings.error, t('tryAgain'))}
      </Alert>
    );
  }
  const current = settings.data;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('settingsTitle')} backLabel={t('back')} />
      <Card>
        <CardHeader>
          <CardTitle>{t('notificationsAndPrivacy')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {SWITCHES.map(({ key, label }) => (
            <label key={key} className="flex items-center justify-between gap-3">
              <span>{t(label)}</span>
              <Switch checked={current[key]} disabled={update.isPending} onCheckedChange={(checked) => save({ [key]: checked })} />
            </label>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('appearance')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor="settings-theme">{t('theme')}</Label>
            <Select
              id="settings-theme"
              value={current.theme}
              onChange={(event) => {
                const theme = event.target.value as Theme;
                applyTheme(theme);
                save({ theme });
              }}
            >
              {THEMES.map((theme) => (
                <option key={theme} value={theme}>
                  {t(`theme_${theme}`)}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="settings-language">{t('language')}</Label>
            <Select
              id="settings-language"
              value={current.language}
              onChange={(event) => {
                const language = event.target.value as Language;
                setLanguage(language);
                save({ language });
              }}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </Select>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('accountSecurity')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          {!user.emailVerified && <p className="text-sm text-amber-600">{t('emailUnverifiedHint')}</p>}
          <Button
            variant="outline"
            disabled={user.emailVerified || resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => toast.success(t('emailSent')),
                onError: (error) => toast.error(t('emailSendFailed'), { description: errorMessage(error, t('tryAgain')) }),
              })
            }
          >
            <Mail aria-hidden /> {user.emailVerified ? t('emailVerified') : t('resendVerification')}
          </Button>
          <ChangePassword />
          <DeleteAccount />
        </CardContent>
      </Card>
      <p className="text-center text-xs text-slate-500">{t('appVersion', { version })}</p>
    </div>
  );
}

function ChangePassword() {
  const t = useT(accountMessages);
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (newPassword.length < 8) return setError(t('passwordTooShort'));
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(t('passwordChanged'), { description: t('otherDevicesSignedOut') });
          setOpen(false);
          setCurrent('');
          setNew('');
        },
        onError: (err) => setError(errorMessage(err, t('tryAgain'))),
      },
    );
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden /> {t('changePassword')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title={t('changePassword')} description={t('changePasswordHint')}>
          <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
            <div className="flex flex-col gap-1">
              <Label htmlFor="current-password">{t('currentPassword')}</Label>
              <Input id="current-password" type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="new-password">{t('newPassword')}</Label>
              <Input id="new-password" type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} />
            </div>
            <FieldError message={error} />
            <Button type="submit" disabled={!currentPassword || !newPassword || change.isPending}>
              {change.isPending ? t('saving') : t('changePassword')}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Two steps: what deletion means, then the password to confirm it. */
function DeleteAccount() {
  const t = useT(accountMessages);
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setUnderstood(false);
      setPassword('');
      setError(undefined);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    remove.mutate(password, {
      onSuccess: async () => {
        toast.success(t('accountDeleted'));
        await navigate({ to: '/' });
      },
      onError: (err) => setError(errorMessage(err, t('tryAgain'))),
    });
  };

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden /> {t('deleteAccount')}
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent title={t('deleteAccountTitle')} description={t('deleteAccountWhat')}>
          {!understood ? (
            <div className="flex flex-col gap-2">
              <Button variant="destructive" onClick={() => setUnderstood(true)}>
                {t('deleteContinue')}
              </Button>
              <Button variant="outline" onClick={() => close(false)}>
                {t('keepAccount')}
              </Button>
            </div>
          ) : (
            <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
              <div className="flex flex-col gap-1">
                <Label htmlFor="delete-password">{t('confirmWithPassword')}</Label>
                <Input id="delete-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </div>
              <FieldError message={error} />
              <Button type="submit" variant="destructive" disabled={!password || remove.isPending}>
                {remove.isPending ? t('deleting') : t('deleteForever')}
              </Button>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
