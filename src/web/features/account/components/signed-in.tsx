import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import type { PublicUser } from '@shared/schemas/auth';
import { Spinner } from '@web/components/ui/feedback';
import { useCurrentUser } from '@web/lib/session';

/** Account pages redirect to / when nobody is signed in; children get the user. */
export function SignedIn({ children }: { children: (user: PublicUser) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isLoading && !user) void navigate({ to: '/', replace: true });
  }, [isLoading, user, navigate]);
  if (!user) return <Spinner />;
  return <>{children(user)}</>;
}

/** Title row of an account page, with the way back to the account hub. */
export function PageHeader({ title, back = '/account', backLabel, children }: { title: string; back?: string; backLabel: string; children?: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <Link to={back} aria-label={backLabel} className="inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800 print:hidden">
        <ChevronLeft className="size-5" aria-hidden />
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="ml-auto">{children}</div>
    </div>
  );
}
