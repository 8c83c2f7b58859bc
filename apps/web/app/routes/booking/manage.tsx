import { useCallback, useState } from 'react';
import type { ManagedBooking } from '@oasis/shared/booking';
import { fmt } from '@oasis/shared/i18n/define';
import { AuthLoading, AuthPage } from '~/components/auth/auth-page';
import { privateMeta } from '~/components/auth/meta';
import { formatDay, formatTime, SlotPicker } from '~/components/booking/slot-picker';
import { bookingTexts } from '~/components/booking/slot-texts';
import { BusyButton, FormMessage } from '~/components/ui/form';
import { buttonClass } from '~/components/ui/button';
import { errorMessage } from '~/lib/api';
import { cancelManagedBooking, getManagedBooking, moveManagedBooking } from '~/lib/api/booking-public';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/manage';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  privateMeta(matches, bookingTexts(location.pathname.startsWith('/ar/') ? 'ar' : 'en').manageTitle);

/**
 * The page behind the cancel-or-move link of a booking e-mail (docs/product.md#booking). It runs in
 * the browser only, so the token is never rendered or cached by the server; the link works once
 * (a move sends a new one) and not after the consultation has started.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    return { ok: true as const, booking: await getManagedBooking(params.token) };
  } catch (failure) {
    return { ok: false as const, message: errorMessage(failure, '') };
  }
}

export function HydrateFallback() {
  return <AuthLoading />;
}

function when(booking: Pick<ManagedBooking, 'startsAt'>, locale: 'en' | 'ar', zone: string): string {
  const at = Date.parse(booking.startsAt);
  return `${formatDay(at, locale, zone)} ${formatTime(at, locale, zone)}`;
}

export default function ManageBooking({ loaderData, params }: Route.ComponentProps) {
  const { locale, tr } = useI18n();
  const texts = bookingTexts(locale);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'cancel' | 'move' | null>(null);
  const [slot, setSlot] = useState<{ start: string; timeZone: string } | null>(null);
  const [refresh, setRefresh] = useState(0);
  const choose = useCallback(
    (start: string | null, timeZone: string) => setSlot(start ? { start, timeZone } : null),
    [],
  );

  if (!loaderData.ok)
    return (
      <AuthPage title={texts.manageTitle}>
        <FormMessage tone="error">{loaderData.message ? tr(loaderData.message) : texts.linkUsed}</FormMessage>
      </AuthPage>
    );
  const { booking } = loaderData;

  async function act(kind: 'cancel' | 'move') {
    setBusy(kind);
    setProblem(null);
    try {
      if (kind === 'cancel') {
        await cancelManagedBooking(params.token);
        setDone(texts.cancelled);
      } else if (slot) {
        const moved = await moveManagedBooking(params.token, slot.start);
        setDone(fmt(texts.moved, { time: when(moved, locale, slot.timeZone) }));
      }
    } catch (failure) {
      setProblem(tr(errorMessage(failure, texts.linkUsed)));
      setRefresh((n) => n + 1);
    } finally {
      setBusy(null);
    }
  }

  if (done)
    return (
      <AuthPage title={texts.manageTitle}>
        <FormMessage tone="success">{done}</FormMessage>
      </AuthPage>
    );

  return (
    <AuthPage title={texts.manageTitle} lead={texts.manageLead}>
      <div className="grid gap-6">
        <dl className="grid gap-1">
          <dt className="text-sm font-semibold text-slate-600">{texts.when}</dt>
          <dd className="text-lg text-slate-900">
            {when(booking, locale, booking.timeZone)} <span dir="ltr">({booking.timeZone})</span>
          </dd>
        </dl>
        {problem && <FormMessage tone="error">{problem}</FormMessage>}
        <SlotPicker texts={texts} locale={locale} value={slot?.start ?? null} onChange={choose} refresh={refresh} />
        <div className="flex flex-wrap gap-3">
          <BusyButton
            type="button"
            busy={busy === 'move'}
            busyLabel={texts.moving}
            disabled={!slot || busy !== null}
            onClick={() => void act('move')}
            className={buttonClass('secondary')}
          >
            {texts.move}
          </BusyButton>
          <BusyButton
            type="button"
            busy={busy === 'cancel'}
            busyLabel={texts.cancelling}
            disabled={busy !== null}
            onClick={() => void act('cancel')}
            className={buttonClass('outline')}
          >
            {texts.cancel}
          </BusyButton>
        </div>
      </div>
    </AuthPage>
  );
}
