import { Decimal } from '@earn/domain';
import type { FlexibleHolding } from '@earn/domain/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelRedemption } from '../../api/simple-earn.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { notifyError, notifySuccess } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';

/** Confirms taking back a pending redemption (frozen_status 1). */
export function CancelRedemptionConfirm({ holding, onClose }: { holding: FlexibleHolding | null; onClose(): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const cancel = useCancelRedemption();
  // The redemption as last seen pending: once cancelled (or the dialog let go of it) the dialog is
  // closing, and says what was cancelled rather than 0.
  const shown = useRef<FlexibleHolding | null>(null);
  if (holding && (shown.current?.asset !== holding.asset || new Decimal(holding.frozen_amount).gt(0)))
    shown.current = holding;
  const pending = shown.current;
  return (
    <ConfirmDialog
      opened={holding !== null}
      onClose={onClose}
      title={t('earn.cancelRedeem.title')}
      pending={cancel.isPending}
      confirmTestId="cancel-redeem-confirm"
      confirmLabel={t('earn.cancelRedeem.confirm')}
      cancelLabel={t('earn.cancelRedeem.keep')}
      onConfirm={() =>
        holding &&
        cancel.mutate(
          { asset: holding.asset, amount: holding.frozen_amount },
          {
            onSuccess: () => {
              notifySuccess(t('orderCancelled'));
              onClose();
            },
            onError: (e) => notifyError(e, 'error'),
          },
        )
      }
    >
      {t('earn.cancelRedeem.body', { amount: fmt.amount(pending?.frozen_amount ?? '0'), coin: pending?.asset ?? '' })}
    </ConfirmDialog>
  );
}
