import { type AvailabilityInput, availabilitySchema, bookingListSchema, bookingSchema } from '@oasis/shared/booking';
import { ADMIN, call, seg } from './client';

/** The owner's availability for consultations (the Calendar screen). */
export const getAvailability = (signal?: AbortSignal) =>
  call('GET /booking/availability', '/booking/availability', availabilitySchema, { ...ADMIN, signal });

export const saveAvailability = (body: AvailabilityInput) =>
  call('PUT /booking/availability', '/booking/availability', availabilitySchema, { ...ADMIN, method: 'PUT', body });

export const listUpcomingBookings = (signal?: AbortSignal) =>
  call('GET /booking/upcoming', '/booking/upcoming', bookingListSchema, { ...ADMIN, signal }).then((r) => r.bookings);

export const cancelBooking = (id: string, message: string) =>
  call('POST /booking/{id}/cancel', `/booking/${seg(id)}/cancel`, bookingSchema, {
    ...ADMIN,
    method: 'POST',
    body: { message },
  });
