import type { ManagedBooking } from '@oasis/shared/booking';
import { type AnswerSchema, call, seg } from './client';

/*
 * The endpoints the page behind a booking's link calls, checked by hand to the shapes of the shared
 * schemas named beside each. The slot picker reads the free slots with plain `fetch` (slot-picker.tsx).
 */

const isText = (value: unknown): value is string => typeof value === 'string';

/** `managedBookingSchema`, by hand. */
const managedBooking: AnswerSchema<ManagedBooking> = {
  safeParse(data) {
    const value = (data ?? {}) as Partial<Record<keyof ManagedBooking, unknown>>;
    const wrong = (['status', 'startsAt', 'endsAt', 'timeZone'] as const).find((key) => !isText(value[key]));
    if (wrong) return { success: false, error: { message: `${wrong}: expected a string` } };
    return { success: true, data: value as ManagedBooking };
  },
};

export const getManagedBooking = (token: string) =>
  call('GET /booking/manage/{token}', `/booking/manage/${seg(token)}`, managedBooking, { auth: false });

export const cancelManagedBooking = (token: string) =>
  call('POST /booking/manage/{token}/cancel', `/booking/manage/${seg(token)}/cancel`, managedBooking, {
    auth: false,
    method: 'POST',
    body: {},
  });

export const moveManagedBooking = (token: string, startsAt: string) =>
  call('POST /booking/manage/{token}/move', `/booking/manage/${seg(token)}/move`, managedBooking, {
    auth: false,
    method: 'POST',
    body: { startsAt },
  });
