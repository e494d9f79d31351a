import { Construction } from 'lucide-react';
import { EmptyState } from '@web/components/ui/feedback';

/** Scaffolding for a page whose feature has not landed yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <EmptyState icon={<Construction className="size-10 text-slate-400" aria-hidden />} title={title}>
      <p className="text-sm text-slate-500">This page is not available yet.</p>
    </EmptyState>
  );
}
