import { useState } from 'react';

interface CopyLinkProps {
  url: string;
  label: string;
  copiedLabel: string;
}

/**
 * An address to share: shown in a read-only field (selected on focus, so it can be copied without
 * any script), with a button that copies it and says so to screen readers too.
 */
export function CopyLink({ url, label, copiedLabel }: CopyLinkProps) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        readOnly
        value={url}
        aria-label={label}
        dir="ltr"
        onFocus={(event) => event.currentTarget.select()}
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-green"
      />
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true));
        }}
        className="rounded-md border border-brand-green px-3 py-2 text-sm font-semibold text-brand-green hover:bg-brand-green hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-green"
      >
        {label}
      </button>
      <span role="status" className="text-sm text-slate-700">
        {copied ? copiedLabel : ''}
      </span>
    </div>
  );
}
