import { z } from 'zod';

/**
 * The WhatsApp click-to-chat button (docs/product.md#whatsapp): a plain link on public pages to our
 * own `/go/whatsapp`, which counts the press and sends the visitor on to wa.me with a message that
 * names the page. The number is the owner's setting only: nothing in the link can change where it goes.
 */

/** The setting: E.164 digits without '+' (8 to 15, not starting with 0); '' for no button. Spaces, dashes and a leading '+' are dropped. */
export const whatsappNumberField = z
  .string({ error: 'attributionRules.whatsappInvalid' })
  .trim()
  .max(24, { error: 'attributionRules.whatsappInvalid' })
  .transform((value) => value.replace(/[\s-]/g, '').replace(/^\+/, ''))
  .pipe(z.string().regex(/^([1-9]\d{7,14})?$/, { error: 'attributionRules.whatsappInvalid' }));

export const WHATSAPP_PATH = '/go/whatsapp';
export const WHATSAPP_TITLE_MAX = 120;

/** `GET /go/whatsapp`: the page the button was pressed on (a path of ours) and its title. */
export const whatsappQuerySchema = z.object({
  page: z
    .string()
    .max(300)
    .regex(/^\/(?!\/)[^\s\p{Cc}\\?#]*$/u),
  title: z
    .string()
    .max(WHATSAPP_TITLE_MAX * 2)
    .optional(),
});

/** The button's address on a page. */
export function whatsappHref(page: string, title: string): string {
  const params = new URLSearchParams({ page, title: title.slice(0, WHATSAPP_TITLE_MAX) });
  return `${WHATSAPP_PATH}?${params.toString()}`;
}

/** wa.me's address for the number with the message: built from the setting, never from the request. */
export function whatsappTarget(digits: string, message: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
