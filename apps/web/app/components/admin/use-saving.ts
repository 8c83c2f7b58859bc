import { useState } from 'react';
import toast from 'react-hot-toast';
import { useI18n } from '~/lib/i18n';
import { failureToast } from './request';

/**
 * A save started from a button outside a page form: `saving` while it runs; a failure shows its
 * reason in a toast (`failed` is the wording when the server gives none). Success is the caller's to say.
 */
export function useSaving(failed: string) {
  const i18n = useI18n();
  const [saving, setSaving] = useState(false);

  async function run(save: () => Promise<void>) {
    setSaving(true);
    try {
      await save();
    } catch (error) {
      toast.error(failureToast(error, failed, i18n));
    } finally {
      setSaving(false);
    }
  }

  return { saving, run };
}
