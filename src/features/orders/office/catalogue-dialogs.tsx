// The dialogs of the orders catalogue shared by products and product lines: the edit dialog's state
// and Save (a 409 loads the current record; the refusal banner says what no field shows) and the
// delete confirmation (the server's refusal, e.g. a product in use, is shown).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isResponseError } from '../../../api/errors';
import { serverFieldErrors } from '../../../api/field-errors';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { RefusalBanner } from '../../../ui/refusal-banner';
import { useDeleteCatalogueItem, useSaveCatalogueItem } from '../api/office';
import { SaveActions } from './save-actions';

/** The record a 409 answered with (`Current`), if any. */
function currentOf<T>(err: unknown): T | undefined {
  if (!isResponseError(err) || err.status !== 409) return undefined;
  return (err.data as { Current?: T } | null)?.Current;
}

/**
 * The state of a product's or a product line's dialog: the record edited (null: a new one), filled
 * into the form on opening and again with the server's current record after a 409, the server's
 * field errors (`isField`: those the dialog shows; the banner says the rest), and Save (an update
 * carries the version read).
 */
export function useCatalogueDialog<T extends { Version: number }>(
  kind: 'products' | 'product-lines',
  isField: (key: string) => boolean,
  editing: T | 'new' | null,
  onClose: () => void,
  fill: (record: T | null) => void,
) {
  const { t } = useTranslation();
  const save = useSaveCatalogueItem(kind);
  const [key, setKey] = useState<T | 'new' | null>(null);
  const [record, setRecord] = useState<T | null>(null);
  const load = (r: T | null) => {
    setRecord(r);
    fill(r);
  };
  if (key !== editing) {
    setKey(editing);
    save.reset();
    load(editing === 'new' ? null : editing);
  }
  const errors = save.isError ? serverFieldErrors(save.error) : {};
  const submit = (id: number | null, body: Record<string, unknown>) =>
    save.mutate(
      { id, body: { ...body, ...(record ? { Version: record.Version } : {}) } as never },
      {
        onSuccess: onClose,
        onError: (err) => {
          const current = currentOf<T>(err);
          if (current) load(current);
        },
      },
    );
  /** The dialog's foot: the refusal's banner (a 409 says the current record was loaded), Cancel, Save. */
  const actions = (id: number | null, body: () => Record<string, unknown>) => (
    <SaveActions
      banner={
        <RefusalBanner
          error={save.isError ? save.error : null}
          isField={isField}
          stale={t('orders.catalogue.reloaded')}
        />
      }
      pending={save.isPending}
      onCancel={onClose}
      onSave={() => submit(id, body())}
    />
  );
  return { record, errors, actions };
}

export function DeleteModal({
  kind,
  item,
  onClose,
}: {
  kind: 'products' | 'product-lines';
  item: { id: number; version: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteCatalogueItem(kind);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={item !== null}
      onClose={close}
      title={t('orders.catalogue.deleteTitle')}
      message={item && t('orders.catalogue.deleteConfirm', { name: item.name })}
      error={remove.isError ? remove.error : null}
      errorTestId="delete-refused"
      pending={remove.isPending}
      onConfirm={() => item && remove.mutate({ id: item.id, version: item.version }, { onSuccess: close })}
    />
  );
}
