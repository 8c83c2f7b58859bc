import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects: after the '@' and before each dot, never
 * inside a word while a whole part fits on the line (`break-all` cut 'alexandria' into 'alexan' and
 * 'dria'). Only a single part wider than its box breaks inside (`overflow-wrap: anywhere`), so a long
 * address never widens the page.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span dir="ltr" className={`[overflow-wrap:anywhere] ${className}`}>
      {parts.map((part, index) => (
        // Parts repeat ('.com'), so the index is the only stable key; the list never reorders.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
