import { useState } from 'react';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES } from '@oasis/shared/auth';
import { BusyButton } from '~/components/ui/form';
import { buttonClass } from '~/components/ui/button';
import { ApiRequestError, api, errorMessage } from '~/lib/api';
import { useAuth } from '~/lib/auth';

/**
 * 'Send the link again' for a signed-in learner whose e-mail is not verified yet (the profile, and
 * the verification page when a link failed). The server sends at most one link a minute.
 */
export function ResendVerificationButton({ className = buttonClass('outline', 'sm') }: { className?: string }) {
  const { refreshUser } = useAuth();
  const [busy, setBusy] = useState(false);

  async function resend() {
    if (busy) return;
    setBusy(true);
    try {
      const { message } = await api<{ message: string }>('/auth/verify-email/resend', { method: 'POST' });
      toast.success(message);
      // The answer may be that the address was verified meanwhile (another tab, a reset).
      if (message === AUTH_MESSAGES.emailAlreadyVerified) await refreshUser();
    } catch (failure) {
      toast.error(
        failure instanceof ApiRequestError && failure.status === 429
          ? AUTH_MESSAGES.verificationResendTooSoon
          : errorMessage(failure, AUTH_MESSAGES.verificationResendFailed),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <BusyButton type="button" busy={busy} busyLabel="Sending..." onClick={resend} className={className}>
      Send the link again
    </BusyButton>
  );
}
