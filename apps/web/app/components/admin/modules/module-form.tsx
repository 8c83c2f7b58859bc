import { useState } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import type { Module } from '@oasis/shared/api';
import { useI18n } from '~/lib/i18n';
import type { EditFormProps } from '../edit-modal';
import { BilingualField } from '../bilingual-field';
import { ModalForm } from '../modal-form';
import { updateModule } from '~/lib/api/modules';
import { describeFailure, failureToast } from '../request';
import { type FieldErrorRef, fieldErrorText } from '~/lib/field-error-text';

/** Renames a module (the title is required; its Arabic twin is not). */
export function ModuleForm({
  module,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: EditFormProps & { module: Module; onSaved(): void }) {
  const { t, tr, locale } = useI18n();
  const [title, setTitle] = useState(module.title);
  const [titleAr, setTitleAr] = useState(module.titleAr);
  const [errors, setErrors] = useState<{ title?: FieldErrorRef; titleAr?: FieldErrorRef }>({});

  async function submit() {
    if (!title.trim()) {
      setErrors({ title: 'admin.titleRequired' });
      toast.error(fieldErrorText('admin.titleRequired', locale));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      // '' clears the Arabic title.
      await updateModule(module._id, { title: title.trim(), titleAr: titleAr.trim() });
      toast.success(tr(ADMIN_MESSAGES.moduleSaved));
      onSaved();
    } catch (error) {
      const { fields } = describeFailure(error, ADMIN_MESSAGES.updateFailed);
      setErrors({ title: fields.title, titleAr: fields.titleAr });
      toast.error(failureToast(error, tr(ADMIN_MESSAGES.updateFailed)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalForm onSubmit={submit} busy={busy} onCancel={onCancel} submitLabel={t.common.save}>
      <BilingualField
        english={{
          label: t.adminModules.moduleTitle,
          value: title,
          onValue: setTitle,
          error: errors.title && fieldErrorText(errors.title, locale),
          maxLength: ADMIN_LIMITS.titleMax,
          disabled: busy,
          required: true,
          autoFocus: true,
        }}
        arabic={{
          label: t.adminModules.moduleTitleAr,
          value: titleAr,
          onValue: setTitleAr,
          error: errors.titleAr && fieldErrorText(errors.titleAr, locale),
        }}
      />
    </ModalForm>
  );
}
