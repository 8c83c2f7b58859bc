import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilitySchema,
  bookingCancelSchema,
  bookingCreatedSchema,
  bookingInputSchema,
  bookingListSchema,
  bookingMoveSchema,
  bookingSchema,
  bookingTokenParams,
  managedBookingSchema,
  slotListSchema,
  slotsQuerySchema,
} from '@oasis/shared/booking';
import { BOOKING_DEFAULTS } from '@oasis/shared/booking-slots';
import { LEAD_MESSAGES } from '@oasis/shared/lead-rules';
import { reserve } from '../../lib/attempt-limiter.ts';
import { attributionOf } from '../../lib/attribution.ts';
import { requestLocale } from '../../lib/locale.ts';
import { limitAddress } from '../../lib/trust-proxy.ts';
import { LEAD_LIMIT } from '../leads/routes.ts';
import {
  cancelByOwner,
  cancelByToken,
  createBooking,
  getAvailability,
  getManagedBooking,
  listSlots,
  listUpcoming,
  moveByToken,
  saveAvailability,
} from './service.ts';

const PRIVATE = 'private, no-store';
const idParams = z.object({ id: z.string().min(1).max(100) });

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // Free slots change with every booking: never kept by a cache, so a taken slot disappears at once.
  app.get(
    '/booking/slots',
    { schema: { querystring: slotsQuerySchema, response: { 200: slotListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSlots(deps.db, new Date(request.query.from), new Date(request.query.to));
    },
  );

  app.post(
    '/booking',
    {
      config: { changes: [] },
      schema: { body: bookingInputSchema, response: { 201: bookingCreatedSchema } },
      // The same allowance per address as the consultation form (only well-formed requests count).
      preHandler: async (request) => {
        await reserve(deps.db, [{ key: `lead:booking:ip:${limitAddress(request.ip)}`, ...LEAD_LIMIT }]);
      },
    },
    async (request, reply) => {
      const booked = await createBooking(deps, request.body, {
        ip: request.ip,
        locale: requestLocale(request),
        attribution: attributionOf(request),
      });
      reply.header('cache-control', PRIVATE);
      return reply.status(201).send({
        message: LEAD_MESSAGES.consultationThanks,
        startsAt: booked.startsAt.toISOString(),
        endsAt: booked.endsAt.toISOString(),
      });
    },
  );

  // The page behind the e-mail's link; the token in it is the credential, used once.
  app.get(
    '/booking/manage/:token',
    { schema: { params: bookingTokenParams, response: { 200: managedBookingSchema } } },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return getManagedBooking(deps.db, request.params.token);
    },
  );

  app.post(
    '/booking/manage/:token/cancel',
    { config: { changes: [] }, schema: { params: bookingTokenParams, response: { 200: managedBookingSchema } } },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return cancelByToken(deps, request.params.token);
    },
  );

  app.post(
    '/booking/manage/:token/move',
    {
      config: { changes: [] },
      schema: { params: bookingTokenParams, body: bookingMoveSchema, response: { 200: managedBookingSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      // The new link goes by e-mail only: the answer does not carry it.
      const { token: _sent, ...moved } = await moveByToken(deps, request.params.token, request.body.startsAt);
      return moved;
    },
  );

  // The owner's Calendar screen.
  app.get(
    '/booking/availability',
    { config: { auth: 'admin' }, schema: { response: { 200: availabilitySchema } } },
    async (_request, reply) => {
      reply.header('cache-control', PRIVATE);
      return (await getAvailability(deps.db)) ?? { weeklyHours: [], dateOverrides: [], ...BOOKING_DEFAULTS };
    },
  );

  app.put(
    '/booking/availability',
    {
      config: { auth: 'admin', changes: [] },
      schema: { body: availabilitySchema, response: { 200: availabilitySchema } },
    },
    async (request) => saveAvailability(deps.db, request.body),
  );

  app.get(
    '/booking/upcoming',
    { config: { auth: 'admin' }, schema: { response: { 200: bookingListSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', PRIVATE);
      return { bookings: await listUpcoming(deps.db) };
    },
  );

  app.post(
    '/booking/:id/cancel',
    {
      config: { auth: 'admin', changes: [] },
      schema: { params: idParams, body: bookingCancelSchema, response: { 200: bookingSchema } },
    },
    async (request) => cancelByOwner(deps, request.params.id, request.body.message),
  );
};
