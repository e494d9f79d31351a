import { useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { Spinner } from '@web/components/ui/feedback';
import { useCurrentUser } from '@web/lib/session';

/**
 * Every /admin page sits behind this: 'Checking authentication...' while the session loads, then either
 * the page (role admin) or 'Redirecting to admin login...' on the way to /admin/login. The server checks
 * the role on every call regardless; this only keeps others from seeing an empty back office.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const allowed = user?.role === 'admin';
  useEffect(() => {
    if (!isLoading && !allowed) void navigate({ to: '/admin/login', replace: true });
  }, [isLoading, allowed, navigate]);
  if (isLoading) return <Spinner className="min-h-dvh" label="Checking authentication..." />;
  if (!allowed) return <Spinner className="min-h-dvh" label="Redirecting to admin login..." />;
  return <>{children}</>;
}
