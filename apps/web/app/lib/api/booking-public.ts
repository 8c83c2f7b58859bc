import type { ManagedBooking, SlotList } from '@oasis/shared/booking';
import { type AnswerSchema, call, seg } from './client';

/*
 * The booking endpoints the public slot picker and the booking's own page call, checked by hand
 * to the shapes of the shared schemas named beside each (public pages carry no zod). Loaded with
 * the picker, never with a page.
 */

const isText = (value: unknown): value is string => typeof value === 'string';

/** `slotListSchema`, by hand. */
const slotList: AnswerSchema<SlotList> = {
  safeParse(data) {
    const value = (data ?? {}) as Partial<Record<keyof SlotList, unknown>>;
    if (typeof value.open !== 'boolean' || !Array.isArray(value.slots))
      return { success: false, error: { message: 'open, slots: expected a flag and a list' } };
    const bad = value.slots.find((s) => !isText(s?.start) || !isText(s?.end));
    if (bad) return { success: false, error: { message: 'slots: expected start and end' } };
    return { success: true, data: value as SlotList };
  },
};

/** `managedBookingSchema`, by hand. */
const managedBooking: AnswerSchema<ManagedBooking> = {
  safeParse(data) {
    const value = (data ?? {}) as Partial<Record<keyof ManagedBooking, unknown>>;
    const wrong = (['status', 'startsAt', 'endsAt', 'timeZone'] as const).find((key) => !isText(value[key]));
    if (wrong) return { success: false, error: { message: `${wrong}: expected a string` } };
    return { success: true, data: value as ManagedBooking };
  },
};

/** The free slots that start between `from` and `to`. */
export const getSlots = (from: Date, to: Date) => {
  const query = `from=${from.toISOString()}&to=${to.toISOString()}`;
  return call('GET /booking/slots', `/booking/slots?${query}`, slotList, { auth: false });
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
