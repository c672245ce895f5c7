/**
 * 'Non si è presentato' on an accepted application (decision 074): after a confirmation, the owner's report of a
 * no-show. Shown only while the server says it may be made (`no_show_allowed`: from the shift's first day until its
 * review window closes, once); after the report the list is read again and the button goes.
 */
import type { TMessage } from '@farmaponte/shared';
import { MESSAGES } from '@farmaponte/shared/messages';
import { REVIEWS_TEXT } from '@farmaponte/shared/ui-text-reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { apiRequest } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { applicationsKeys } from '../api/query-keys';

export function NoShowButton({ applicationId, name }: { applicationId: number; name: string }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const report = useMutation({
    mutationFn: () => apiRequest<TMessage>(`/api/applications/${applicationId}/no-show/`, { method: 'POST', body: {} }),
    // Reported (or refused: already reported, the window closed): the cards say it now, and the record beside the name.
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationsKeys.received }),
  });
  async function confirm() {
    try {
      notify.success((await report.mutateAsync()).message);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.loadFailed));
    } finally {
      setOpen(false);
    }
  }
  return (
    <>
      <Button ref={buttonRef} variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {REVIEWS_TEXT.noShow}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={REVIEWS_TEXT.noShowTitle}
        description={REVIEWS_TEXT.noShowQuestion(name)}
        confirmLabel={REVIEWS_TEXT.noShowConfirm}
        busyLabel={REVIEWS_TEXT.noShowBusy}
        cancelLabel={REVIEWS_TEXT.noShowKeep}
        busy={report.isPending}
        onConfirm={confirm}
        returnFocusRef={buttonRef}
      />
    </>
  );
}
