import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@web/lib/utils';

/**
 * Tabs as WAI-ARIA describes them (tablist, tab, tabpanel; arrows, Home and End move and select), in place
 * of Radix Tabs, which weighed 8 KB of the first load of `/` (decision 019). Same parts, same data-state.
 */
const TabsContext = createContext<{ value: string; select: (value: string) => void; id: string } | null>(null);

function useTabs() {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error('Tabs parts must sit inside <Tabs>');
  return tabs;
}

const partId = (id: string, part: 'tab' | 'panel', value: string) => `${id}-${part}-${value.replace(/\s+/g, '-')}`;

export function Tabs({
  defaultValue,
  value: controlled,
  onValueChange,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & { defaultValue?: string; value?: string; onValueChange?: (value: string) => void }) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const value = controlled ?? own;
  const id = useId();
  const select = (next: string) => {
    if (controlled === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value, select, id }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined || at < 0) return;
  event.preventDefault();
  const tab = tabs[(next + tabs.length) % tabs.length];
  tab?.focus();
  tab?.click();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('grid w-full auto-cols-fr grid-flow-col rounded-lg bg-slate-100 p-1 dark:bg-slate-800', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, onClick, ...props }: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={partId(tabs.id, 'tab', value)}
      aria-controls={partId(tabs.id, 'panel', value)}
      aria-selected={active}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={active ? 0 : -1}
      className={cn(
        'rounded-md px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow dark:text-slate-300 dark:data-[state=active]:bg-slate-900 dark:data-[state=active]:text-white',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={partId(tabs.id, 'panel', value)}
      aria-labelledby={partId(tabs.id, 'tab', value)}
      data-state="active"
      tabIndex={0}
      className={cn('mt-4 focus-visible:outline-none', className)}
      {...props}
    />
  );
}
