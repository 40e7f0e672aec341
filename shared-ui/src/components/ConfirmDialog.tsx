// Confirmation before a destructive or important action; 360 px wide (spec §9 layout widths).
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from 'styled-components';
import { Modal } from './Modal';
import { Button } from './Button';

export interface ConfirmDialogProps {
  open: boolean;
  title?: ReactNode;
  /** What will happen, naming the object (e.g. "Delete project “Lobby”?"). */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** Shows the confirm button busy while the action runs. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, danger = false, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const messageId = `cm${useId().replace(/:/g, '')}`;
  // Cancel gets the initial focus: Enter on a stray key press must not destroy anything.
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title ?? t('dialog.confirmTitle')}
      onClose={() => {
        if (!busy) onCancel();
      }}
      width={theme.sizes.confirmDialog}
      initialFocus={cancelRef}
      hideCloseButton
      describedBy={messageId}
      footer={
        <>
          <Button ref={cancelRef} onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
            {confirmLabel ?? t('actions.confirm')}
          </Button>
        </>
      }
    >
      <div id={messageId}>{message}</div>
    </Modal>
  );
}
