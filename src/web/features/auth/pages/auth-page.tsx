import { Navigate } from '@tanstack/react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/feedback';
import { usePublicConfig } from '@web/lib/public-config';
import { useT } from '@web/lib/i18n';
import { useCurrentUser } from '@web/lib/session';
import { AuthTabs } from '../components/auth-forms';
import { MarketingHero } from '../components/marketing-hero';
import { authMessages } from '../messages';

export function AuthPage() {
  const t = useT(authMessages);
  const config = usePublicConfig();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner />;
  if (user) return <Navigate to={user.role === 'driver' ? '/driver' : user.role === 'admin' ? '/admin/dashboard' : '/'} />;
  return (
    <div className="flex flex-col gap-4">
      <MarketingHero />
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t('welcomeTitle', { name: config?.businessName ?? 'Glint' })}</CardTitle>
          <p className="text-sm text-slate-500">{t('welcomeBody')}</p>
        </CardHeader>
        <CardContent>
          <AuthTabs />
        </CardContent>
      </Card>
    </div>
  );
}
