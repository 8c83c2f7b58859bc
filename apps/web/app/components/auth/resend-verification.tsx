import { useState } from 'react';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES } from '@oasis/shared/auth';
import { BusyButton } from '~/components/ui/form';
import { buttonClass } from '~/components/ui/button';
import { ApiRequestError, errorMessage } from '~/lib/api';
import { resendVerification } from '~/lib/api/auth';
import { useAuth } from '~/lib/auth';
import { useI18n } from '~/lib/i18n';

/**
 * 'Send the link again' for a signed-in learner whose e-mail is not verified yet (the profile, and
 * the verification page when a link failed). The server sends at most one link a minute.
 */
export function ResendVerificationButton({ className = buttonClass('outline', 'sm') }: { className?: string }) {
  const { refreshUser } = useAuth();
  const { t, tr } = useI18n();
  const [busy, setBusy] = useState(false);

  async function resend() {
    if (busy) return;
    setBusy(true);
    try {
      const { message } = await resendVerification();
      toast.success(tr(message));
      // The answer may be that the address was verified meanwhile (another tab, a reset); the
      // server may have said so in the page's language already.
      if (tr(message) === tr(AUTH_MESSAGES.emailAlreadyVerified)) await refreshUser();
    } catch (failure) {
      toast.error(
        tr(
          failure instanceof ApiRequestError && failure.status === 429
            ? AUTH_MESSAGES.verificationResendTooSoon
            : errorMessage(failure, AUTH_MESSAGES.verificationResendFailed),
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <BusyButton type="button" busy={busy} busyLabel={t.account.sending} onClick={resend} className={className}>
      {t.account.sendAgain}
    </BusyButton>
  );
}
