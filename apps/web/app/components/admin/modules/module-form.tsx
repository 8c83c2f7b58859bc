import { useState } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import type { Module } from '@oasis/shared/api';
import { useI18n } from '~/lib/i18n';
import type { EditFormProps } from '../edit-modal';
import { TextInput } from '../fields';
import { ModalForm } from '../modal-form';
import { adminApi, describeFailure, failureToast } from '../request';

/** Renames a module (the title is required). */
export function ModuleForm({
  module,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: EditFormProps & { module: Module; onSaved(): void }) {
  const { t, tr } = useI18n();
  const [title, setTitle] = useState(module.title);
  const [error, setError] = useState<string>();

  async function submit() {
    if (!title.trim()) {
      setError(ADMIN_MESSAGES.titleRequired);
      toast.error(tr(ADMIN_MESSAGES.titleRequired));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await adminApi<Module>(`/modules/module/${module._id}`, {
        method: 'PUT',
        body: { title: title.trim() },
      });
      toast.success(tr(ADMIN_MESSAGES.moduleSaved));
      onSaved();
    } catch (error) {
      setError(describeFailure(error, ADMIN_MESSAGES.updateFailed).fields.title);
      toast.error(failureToast(error, tr(ADMIN_MESSAGES.updateFailed)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalForm onSubmit={submit} busy={busy} onCancel={onCancel} submitLabel={t.common.save}>
      <TextInput
        label={t.adminModules.moduleTitle}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={error}
        maxLength={ADMIN_LIMITS.titleMax}
        disabled={busy}
        required
        autoFocus
      />
    </ModalForm>
  );
}
