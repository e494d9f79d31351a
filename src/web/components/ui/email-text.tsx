import { Fragment } from 'react';
import { cn } from '@web/lib/utils';

/**
 * An e-mail address that wraps only after its "@" or a "." ("dana.delete@<wbr>example.<wbr>com"), never inside a
 * word: narrow admin cells used `break-all`, which split "example" in two. The break points are <wbr> elements
 * and the normal overflow wrap keeps the browser from inventing others.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className={cn('break-normal [overflow-wrap:normal]', className)}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
