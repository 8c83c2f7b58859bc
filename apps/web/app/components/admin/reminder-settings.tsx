import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ReminderSettings } from '@oasis/shared/progress';
import { Toggle } from '~/components/admin/fields';
import { Panel } from '~/components/admin/page';
import { saveReminderSettings } from '~/lib/api/progress';
import { useI18n } from '~/lib/i18n';

/**
 * The coming-back reminder's switch: saved as soon as it is flipped (one setting, nothing to
 * check), and put back when the save fails.
 */
export function ReminderSettingsForm({ settings }: { settings: ReminderSettings }) {
  const { t } = useI18n();
  const c = t.completion;
  const [on, setOn] = useState(settings.comebackReminders);
  const [saving, setSaving] = useState(false);

  async function change(next: boolean) {
    setOn(next);
    setSaving(true);
    try {
      setOn((await saveReminderSettings({ comebackReminders: next })).comebackReminders);
      toast.success(c.remindersSaved);
    } catch {
      setOn(!next);
      toast.error(c.remindersFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Panel>
      <h3 className="mb-4 font-display text-lg font-semibold text-brand-green">{c.remindersTitle}</h3>
      <Toggle label={c.remindersLabel} checked={on} onChange={(next) => void change(next)} disabled={saving} />
    </Panel>
  );
}
