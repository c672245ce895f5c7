/**
 * The description dialog (docs/product.md#dialogs): the current text loads on opening; an empty text (after trimming)
 * is refused before anything is sent; every message stays 2 s.
 */

import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type RefObject, useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextareaField } from '../../../components/ui/field';
import type { TLazyDialogProps } from '../../../components/ui/lazy-dialog-button';
import { Spinner } from '../../../components/ui/spinner';
import { firstErrorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useDirtyCheck } from '../../../lib/unsaved-changes';
import { useDescription } from '../api/get-description';
import { useUpdateDescription } from '../api/update-description';
import { descriptionResolver } from '../lib/lazy-resolvers';

/** The dialog itself, loaded on first opening (see description-dialog.tsx). */
export default function DescriptionDialogContent({ open, onOpenChange, returnFocusRef }: TLazyDialogProps) {
  const dirtyCheck = useRef<(() => boolean) | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={UI_TEXT.descriptionTitle}
      returnFocusRef={returnFocusRef}
      hasUnsavedChanges={() => dirtyCheck.current?.() ?? false}
    >
      {/* Mounted only while open, so every opening loads the current text. */}
      {open ? <DescriptionForm onSaved={() => onOpenChange(false)} dirtyCheck={dirtyCheck} /> : null}
    </Dialog>
  );
}

function DescriptionForm({ onSaved, dirtyCheck }: { onSaved: () => void; dirtyCheck: RefObject<(() => boolean) | null> }) {
  const description = useDescription();
  const update = useUpdateDescription();
  const form = useForm({ resolver: descriptionResolver, defaultValues: { descrizione: '' } });
  const text = useWatch({ control: form.control, name: 'descrizione' });
  useDirtyCheck(dirtyCheck, form);

  useEffect(() => {
    // keepFieldsRef: what is typed while the saved text arrives is not dropped (see the offer dialog).
    if (description.data && !form.formState.isDirty)
      form.reset({ descrizione: description.data.descrizione }, { keepFieldsRef: true });
  }, [description.data, form]);

  useEffect(() => {
    if (description.error) notify.error(MESSAGES.descriptionLoadFailed, { duration: 'description' });
  }, [description.error]);

  const onSubmit = form.handleSubmit(
    (values) =>
      update.mutateAsync(values).then(
        () => {
          notify.success(MESSAGES.descriptionUpdated, { duration: 'description' });
          onSaved();
        },
        () => notify.error(MESSAGES.descriptionUpdateFailed, { duration: 'description' }),
      ),
    (errors) => notify.error(firstErrorMessage(errors) ?? MESSAGES.emptyDescription, { duration: 'description' }),
  );

  const loading = description.isPending && !description.error;
  return (
    <form noValidate onSubmit={onSubmit} onFocus={descriptionResolver.preload} className="flex flex-col gap-4">
      <div className="relative">
        <TextareaField
          label={UI_TEXT.descriptionLabel}
          placeholder={UI_TEXT.descriptionPlaceholder}
          hint={UI_TEXT.charactersCount(String(text ?? '').length, LIMITS.descriptionMaxLength)}
          maxLength={LIMITS.descriptionMaxLength}
          rows={7}
          disabled={loading}
          aria-busy={loading || undefined}
          {...form.register('descrizione')}
        />
        {loading ? (
          <div className="absolute inset-x-0 top-8 flex justify-center pt-10">
            <Spinner />
          </div>
        ) : null}
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="lg" loading={update.isPending} disabled={loading} className="w-full sm:w-auto">
          {update.isPending ? UI_TEXT.descriptionSaving : UI_TEXT.descriptionSave}
        </Button>
      </div>
    </form>
  );
}
