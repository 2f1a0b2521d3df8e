import { useTranslation } from 'react-i18next';
import { useSetAutoInvest } from '../../api/simple-earn.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { notifyError, notifySuccess } from '../../lib/notify.js';

export interface AutoEarnTarget {
  /** A coin, or 'ALL_ASSET'. */
  asset: string;
  on: boolean;
}

/** The confirm dialog before each auto-earn switch; then the call, and its toast. */
export function AutoEarnConfirm({ target, onClose }: { target: AutoEarnTarget | null; onClose(): void }) {
  const { t } = useTranslation();
  const set = useSetAutoInvest();
  const all = target?.asset === 'ALL_ASSET';
  return (
    <ConfirmDialog
      opened={target !== null}
      onClose={onClose}
      title={t(target?.on ? 'earn.auto.enableTitle' : 'earn.auto.disableTitle')}
      pending={set.isPending}
      confirmTestId="auto-earn-confirm"
      zIndex={300}
      onConfirm={() => {
        if (!target) return;
        set.mutate(
          { assets: target.asset, status: target.on ? '1' : '0' },
          {
            onSuccess: (res) => {
              // The toast says what the server now has, not what was asked.
              const on = all ? res.global_status === 1 : res.status[target.asset] === 1;
              notifySuccess(t(on ? 'cryptoloan.enabledSuccessfully' : 'cryptoloan.disabledSuccessfully'));
              onClose();
            },
            onError: (e) => notifyError(e, 'error'),
          },
        );
      }}
    >
      {target?.on
        ? t(all ? 'earn.auto.enableAll' : 'earn.auto.enableCoin', { coin: target?.asset })
        : t(all ? 'earn.auto.disableAll' : 'earn.auto.disableCoin', { coin: target?.asset })}
    </ConfirmDialog>
  );
}
