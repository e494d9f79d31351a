import { Link } from '@tanstack/react-router';
import { Button } from '@web/components/ui/button';

export function NotFound() {
  return (
    <div className="mx-auto mt-10 flex max-w-md flex-col items-center gap-3 text-center">
      <p className="text-5xl font-black text-brand-700">404</p>
      <h1 className="text-xl font-semibold">404 Page Not Found</h1>
      <p className="text-sm text-slate-500">Did you forget to add the page to the router? (Developer hint: every route lives in src/web/features/*/routes.tsx.)</p>
      <Button asChild>
        <Link to="/">Return Home</Link>
      </Button>
    </div>
  );
}
