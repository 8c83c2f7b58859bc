/** Per address (an IPv6 /64 counts as one) and form: enough for a person who makes a mistake or two, too few for a bot. */
export const LEAD_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;
