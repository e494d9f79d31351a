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
          {/* A part too long for any cell ("owner-1764201234567-x@") may break inside, as a long name's word does. */}
          {part.length > LONGEST_WORD ? <span className="[overflow-wrap:anywhere]">{part}</span> : part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}

/** Longer than this, a single word cannot sit on one line of a table cell, so it alone may break anywhere. */
const LONGEST_WORD = 24;

/**
 * A person's name that wraps between its words ("Casey Morgan" never becomes "Casey Mor…" or "Mor-gan"); only a
 * word too long for any cell (a pasted string of 60 letters) may break inside, so it cannot widen the table.
 */
export function NameText({ name, className }: { name: string; className?: string }) {
  const words = name.split(/(\s+)/);
  return (
    <span className={cn('break-normal [overflow-wrap:normal]', className)}>
      {words.map((word, i) =>
        word.length > LONGEST_WORD ? (
          <span key={i} className="[overflow-wrap:anywhere]">
            {word}
          </span>
        ) : (
          <Fragment key={i}>{word}</Fragment>
        ),
      )}
    </span>
  );
}
