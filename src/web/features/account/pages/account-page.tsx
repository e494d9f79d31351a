import { formatUsPhone } from '@shared/contact';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bell, Car, ChevronRight, CreditCard, HelpCircle, LogOut, MapPin, Moon, Package, Settings, ShoppingBag, Star, User } from 'lucide-react';
import { toast } from '@web/lib/toast';
import { formatUsd } from '@shared/money';
import type { PublicUser } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { useLogout } from '@web/lib/logout';
import { errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { applyTheme, isDark } from '@web/lib/theme';
import { settingsQuery, summaryQuery, useUpdateSettings } from '../api';
import { MembershipCards } from '../components/membership-card';
import { SignedIn } from '../components/signed-in';
import { accountMessages } from '../messages';

export function AccountPage() {
  return <SignedIn>{(user) => <AccountHub user={user} />}</SignedIn>;
}

function AccountHub({ user }: { user: PublicUser }) {
  const t = useT(accountMessages);
  const logout = useLogout();
  const summary = useQuery(summaryQuery);
  const settings = useQuery(settingsQuery);
  const update = useUpdateSettings();
  const save = (change: Parameters<typeof update.mutate>[0]) =>
    update.mutate(change, {
      onSuccess: () => toast.success(t('settingUpdated')),
      onError: (error) => toast.error(t('settingFailed'), { description: errorMessage(error, t('tryAgain')) }),
    });

  const menu = [
    { to: '/profile', label: t('menuProfile'), icon: User },
    { to: '/addresses', label: t('menuAddresses'), icon: MapPin },
    { to: '/vehicles', label: t('menuVehicles'), icon: Car },
    { to: '/payment-methods', label: t('menuPayments'), icon: CreditCard },
    { to: '/my-packages', label: t('menuPackages'), icon: Package },
    { to: '/packages', label: t('menuBuyPackages'), icon: ShoppingBag },
    { to: '/reviews', label: t('menuReviews'), icon: Star },
    { to: '/help', label: t('menuHelp'), icon: HelpCircle },
    { to: '/settings', label: t('menuSettings'), icon: Settings },
  ] as const;

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent className="flex items-center gap-3 pt-4">
          <div className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <User className="size-7" aria-hidden />
          </div>
          <div className="min-w-0">
            <h1 className="truncate text-xl font-bold">{user.fullName || user.username}</h1>
            <p className="truncate text-sm text-slate-500">
              {user.email} {!user.emailVerified && <span className="font-semibold text-amber-600">{t('unverified')}</span>}
            </p>
            {user.phone && <p className="text-sm text-slate-500">{formatUsPhone(user.phone)}</p>}
          </div>
        </CardContent>
      </Card>

      <div className="grid grid-cols-3 gap-2 text-center" aria-label={t('stats')}>
        <Stat label={t('totalBookings')} value={summary.data ? String(summary.data.totalBookings) : '…'} />
        <Stat label={t('moneySaved')} value={summary.data ? formatUsd(summary.data.moneySaved) : '…'} />
        <Stat label={t('avgRating')} value={summary.data ? (summary.data.averageRating ?? '--') : '…'} />
      </div>

      <MembershipCards />

      <Card>
        <CardHeader>
          <CardTitle>{t('quickSettings')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <label className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-2">
              <Bell className="size-4" aria-hidden /> {t('notifications')}
            </span>
            <Switch
              checked={settings.data?.emailNotifications ?? true}
              disabled={!settings.data || update.isPending}
              onCheckedChange={(checked) => save({ emailNotifications: checked })}
            />
          </label>
          <label className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-2">
              <Moon className="size-4" aria-hidden /> {t('darkMode')}
            </span>
            <Switch
              checked={settings.data?.theme === 'dark' || (settings.data?.theme === 'auto' && isDark())}
              disabled={!settings.data || update.isPending}
              onCheckedChange={(checked) => {
                applyTheme(checked ? 'dark' : 'light');
                save({ theme: checked ? 'dark' : 'light' });
              }}
            />
          </label>
        </CardContent>
      </Card>

      <Card>
        <nav aria-label={t('accountMenu')}>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {menu.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <item.icon className="size-5 text-slate-500" aria-hidden />
                  <span className="flex-1">{item.label}</span>
                  <ChevronRight className="size-4 text-slate-400" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Card>

      <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogOut aria-hidden /> {t('signOut')}
      </Button>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-3">
      <p className="text-lg font-bold">{value}</p>
      <p className="text-xs text-slate-500">{label}</p>
    </Card>
  );
}
