import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { Modal } from './modal';

/**
 * What an edit form in an EditModal is given: it reports its save through `setBusy`, and
 * `onSaved` after a save closes the modal and loads the screen's list again.
 */
export interface EditFormProps {
  busy: boolean;
  setBusy(busy: boolean): void;
  onCancel(): void;
  onSaved(): void;
}

export interface EditModalState<T> {
  /** The item being edited; null while the modal is closed. */
  item: T | null;
  busy: boolean;
  setBusy(busy: boolean): void;
  open(item: T): void;
  close(): void;
  /** After a save: closes the modal and loads the screen's data again. */
  saved(): void;
}

/** The state of an edit modal: which item it edits, and whether its save is running. */
export function useEditModal<T>(): EditModalState<T> {
  const [item, setItem] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();
  const saved = () => {
    setItem(null);
    void revalidate();
  };
  return { item, busy, setBusy, open: setItem, close: () => setItem(null), saved };
}

/**
 * A modal holding the edit form of one item of a list. While the save runs, Escape and the close
 * button wait for it (the form reports it through `setBusy`).
 */
export function EditModal<T>({
  modal,
  title,
  description,
  size,
  children,
}: {
  modal: EditModalState<T>;
  title: string;
  description?: React.ReactNode;
  size?: 'sm' | 'md' | 'lg';
  children(item: T, form: EditFormProps): React.ReactNode;
}) {
  return (
    <Modal
      open={modal.item !== null}
      onClose={modal.close}
      busy={modal.busy}
      size={size}
      title={title}
      description={description}
    >
      {modal.item !== null &&
        children(modal.item, {
          busy: modal.busy,
          setBusy: modal.setBusy,
          onCancel: modal.close,
          onSaved: modal.saved,
        })}
    </Modal>
  );
}
