import type { FlexibleHolding } from '@earn/domain/contract';
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
  return (
    <ConfirmDialog
      opened={holding !== null}
      onClose={onClose}
      title={t('earn.cancelRedeem.title')}
      pending={cancel.isPending}
      confirmTestId="cancel-redeem-confirm"
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
      {t('earn.cancelRedeem.body', { amount: fmt.amount(holding?.frozen_amount ?? '0'), coin: holding?.asset ?? '' })}
    </ConfirmDialog>
  );
}
