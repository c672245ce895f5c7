/**
 * A form of proposal fields (decision 094), as the owner's counter and her later proposal use it: checked as the server
 * checks it before anything is sent (the first field in error takes the focus), then sent; a refusal is said here.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { DEAL_TEXT as T } from '@farmaponte/shared/ui-text-deal';
import { type ComponentProps, useRef, useState } from 'react';
import { EMPTY_PROPOSAL, focusFirstError, ProposalFields } from '../../../components/proposal-fields';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/notify';
import type { TProposalErrors, TProposalValues } from '../../../lib/proposal-check';

type TChecked<T> = { ok: true; value: T } | { ok: false; errors: TProposalErrors };

export function ProposalForm<T>({
  check,
  onSend,
  onCancel,
  onValuesChange,
  submitLabel,
  labels,
  showTravel,
}: {
  check: (values: TProposalValues) => TChecked<T>;
  onSend: (value: T) => Promise<unknown>;
  onCancel: () => void;
  /** Told of every change (a dialog asks before closing over typed values). */
  onValuesChange?: (values: TProposalValues) => void;
  submitLabel: string;
  labels: ComponentProps<typeof ProposalFields>['labels'];
  showTravel: boolean;
}) {
  const [values, setValues] = useState(EMPTY_PROPOSAL);
  const [errors, setErrors] = useState<TProposalErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <form
      ref={formRef}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(null);
        const checked = check(values);
        if (!checked.ok) {
          setErrors(checked.errors);
          requestAnimationFrame(() => focusFirstError(formRef.current));
          return;
        }
        setBusy(true);
        try {
          await onSend(checked.value);
        } catch (error) {
          setFailure(errorMessage(error, MESSAGES.serverError));
        } finally {
          setBusy(false);
        }
      }}
    >
      <ProposalFields
        values={values}
        errors={errors}
        onChange={(next) => {
          setValues(next);
          setErrors({});
          onValuesChange?.(next);
        }}
        showTravel={showTravel}
        labels={labels}
      />
      <div role="alert">
        {failure ? <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{failure}</p> : null}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {UI_TEXT.cancel}
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? T.sending : submitLabel}
        </Button>
      </div>
    </form>
  );
}
