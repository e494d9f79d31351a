import { Link } from '@tanstack/react-router';
import { Button } from '@web/components/ui/button';
import { authMessages } from '@web/features/auth/messages';
import { useT } from '@web/lib/i18n';

export function NotFound() {
  const t = useT(authMessages);
  return (
    <div className="mx-auto mt-10 flex max-w-md flex-col items-center gap-3 text-center">
      <p className="text-5xl font-black text-brand-700">404</p>
      <h1 className="text-xl font-semibold">{t('notFoundTitle')}</h1>
      <p className="text-sm text-slate-500">{t('notFoundHint')}</p>
      <Button asChild>
        <Link to="/">{t('returnHome')}</Link>
      </Button>
    </div>
  );
}
