import { useState } from 'react';
import toast from 'react-hot-toast';
import { useRevalidator } from 'react-router';
import { useI18n } from '~/lib/i18n';
import { failureToast } from './request';

/**
 * The on/off switch of the items of a list (publish a post, hide a podcast video): `switching` is
 * the id being saved, and a second switch meanwhile is dropped. One toast per screen (`toastId`)
 * says the outcome; after a save the list loads again.
 */
export function useItemSwitch(toastId: string) {
  const i18n = useI18n();
  const { revalidate } = useRevalidator();
  const [switching, setSwitching] = useState<string | null>(null);

  async function run(id: string, save: () => Promise<unknown>, texts: { done: string; failed: string }) {
    if (switching) return;
    setSwitching(id);
    try {
      await save();
      toast.success(texts.done, { id: toastId });
      await revalidate();
    } catch (error) {
      toast.error(failureToast(error, texts.failed, i18n), { id: toastId });
    } finally {
      setSwitching(null);
    }
  }

  return { switching, run };
}
