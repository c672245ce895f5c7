/**
 * The form of a dialog that sends one message with a decision (an owner's answer to an application, an admin's reason
 * for a rejection): a text area with its count, then cancel and confirm. A required message is asked for here before
 * anything is sent; what the server refuses shows on the field and in a toast.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useState } from 'react';
import { errorMessage, notify } from '../../lib/notify';
import { Button } from './button';
import { TextareaField } from './field';

export interface TMessageFormProps {
  label: string;
  /** The message is required; `missing` is what the field says when it is empty. */
  required?: { missing: string };
  /** Said before the count of characters under the field. */
  hint?: string;
  maxLength: number;
  message: string;
  onMessageChange: (message: string) => void;
  /** Sends the trimmed message; a rejection is shown on the field. */
  onConfirm: (message: string) => Promise<unknown>;
  pending: boolean;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  confirmVariant: 'primary' | 'danger';
  onCancel: () => void;
}

export function MessageForm({
  label,
  required,
  hint,
  maxLength,
  message,
  onMessageChange,
  onConfirm,
  pending,
  cancelLabel,
  confirmLabel,
  busyLabel,
  confirmVariant,
  onCancel,
}: TMessageFormProps) {
  const [error, setError] = useState<string | undefined>();
  const count = UI_TEXT.charactersCount(message.length, maxLength);
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (required && !message.trim()) {
          setError(required.missing);
          return;
        }
        onConfirm(message.trim()).catch((failure: unknown) => {
          const text = errorMessage(failure, MESSAGES.loadFailed);
          setError(text);
          notify.error(text);
        });
      }}
    >
      <TextareaField
        label={label}
        required={Boolean(required)}
        rows={4}
        maxLength={maxLength}
        value={message}
        onChange={(event) => {
          onMessageChange(event.target.value);
          if (error) setError(undefined);
        }}
        hint={hint ? `${hint} ${count}` : count}
        error={error}
        className="[&_textarea]:min-h-28"
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant={confirmVariant} loading={pending}>
          {pending ? busyLabel : confirmLabel}
        </Button>
      </div>
    </form>
  );
}
