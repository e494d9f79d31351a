import { Link } from '@tanstack/react-router';
import { Button } from '@web/components/ui/button';
import { useT } from '@web/lib/i18n';
import { appMessages } from './messages';

export function NotFound() {
  const t = useT(appMessages);
  return (
    <div className="mx-auto mt-10 flex max-w-md flex-col items-center gap-3 text-center">
      <p className="text-5xl font-black text-brand-700">404</p>
      <h1 className="text-xl font-semibold">{t('notFoundTitle')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('notFoundHint')}</p>
      {/* The source path helps whoever runs `npm run dev`; customers of the built app never see it. */}
      {import.meta.env.DEV && <p className="text-xs text-slate-600 dark:text-slate-300">{t('notFoundDevHint')}</p>}
      <Button asChild>
        <Link to="/">{t('returnHome')}</Link>
      </Button>
    </div>
  );
}
