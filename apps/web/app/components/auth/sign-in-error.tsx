import { Link } from '~/components/page-link';
import { AUTH_MESSAGES } from '@oasis/shared/auth';
import { FormMessage } from '~/components/ui/form';
import { ApiRequestError, errorMessage } from '~/lib/api';
import { useI18n } from '~/lib/i18n';

/** Why a sign-in failed, as its form shows it. */
export interface SignInFailure {
  message: string;
  /** Refused for too many tries (429): waiting, or a new password, is the way back in. */
  limited: boolean;
}

export function toSignInFailure(failure: unknown, fallback: string): SignInFailure {
  return {
    message: errorMessage(failure, fallback),
    limited: failure instanceof ApiRequestError && failure.status === 429,
  };
}

/**
 * A failed sign-in's message. When the address has used up its tries, the link to reset the
 * password sits inside the alert: read out with the message, and the next stop for Tab after the
 * password field.
 */
export function SignInError({ failure }: { failure: SignInFailure }) {
  const { tr, lp } = useI18n();
  return (
    <FormMessage tone="error">
      {tr(failure.message)}
      {failure.limited && (
        <>
          {' '}
          <Link to={lp('/forgot-password')} className="font-semibold underline underline-offset-4">
            {tr(AUTH_MESSAGES.resetPasswordLink)}
          </Link>
        </>
      )}
    </FormMessage>
  );
}
