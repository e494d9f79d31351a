import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { accountMessages } from '../messages';
import { PageHeader } from './signed-in';

/** What a page of saved things reads: the list so far, and more pages when the list is paged. */
export interface SavedItemsState<T> {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  items: readonly T[];
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

/**
 * An account page of the customer's saved things (addresses, vehicles): the title with "Add new", then a
 * spinner, the load error, the empty state or the cards, and "Load more" while the server has more.
 */
export function SavedItemsPage<T extends { id: string }>(props: {
  title: string;
  state: SavedItemsState<T>;
  onAdd(): void;
  empty: { icon: ReactNode; title: string; hint: string };
  card(item: T): ReactNode;
  children?: ReactNode;
}) {
  const t = useT(accountMessages);
  const { state } = props;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={props.title} backLabel={t('back')}>
        <Button size="sm" onClick={props.onAdd}>
          <Plus aria-hidden /> {t('addNew')}
        </Button>
      </PageHeader>
      {state.isLoading ? (
        <Spinner />
      ) : state.isError ? (
        <Alert tone="error" title={t('loadFailed')}>
          {errorMessage(state.error, t('tryAgain'))}
        </Alert>
      ) : !state.items.length ? (
        <EmptyState icon={props.empty.icon} title={props.empty.title}>
          <p className="text-sm text-slate-500">{props.empty.hint}</p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={props.title}>
          {state.items.map((item) => (
            <li key={item.id}>{props.card(item)}</li>
          ))}
        </ul>
      )}
      {state.hasNextPage && (
        <Button variant="outline" onClick={() => void state.fetchNextPage?.()} disabled={state.isFetchingNextPage}>
          {state.isFetchingNextPage ? t('loading') : t('loadMore')}
        </Button>
      )}
      {props.children}
    </div>
  );
}
