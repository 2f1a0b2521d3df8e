import { Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type Subscription,
  useCandyStatus,
  useHodlerConfig,
  useLaunchpoolSwitch,
  useToggleSubscription,
} from '../../api/notifications.js';
import { ListStatus, readFailure, readStatus } from '../../components/ListStatus.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { notifyError, notifySuccess } from '../../lib/notify.js';

/** 'subscribe.notification': switches for new CandyDrop, Launchpool and HODLer Airdrop events. */
export function SubscriptionModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const candy = useCandyStatus(opened);
  const launchpool = useLaunchpoolSwitch(opened);
  const hodler = useHodlerConfig(opened);
  const toggle = useToggleSubscription();

  // A status that cannot be read says so, with a retry, rather than spinning through every try.
  const failure = [candy, launchpool, hodler].find((q) => readFailure(q));
  const rows: { which: Subscription; title: string; desc: string; on: boolean | undefined }[] = [
    {
      which: 'candy',
      title: 'notify.candy',
      desc: 'notify.candyDesc',
      on: candy.data && candy.data.global_subscribe_status === 1,
    },
    { which: 'launchpool', title: 'notify.launchpool', desc: 'notify.launchpoolDesc', on: launchpool.data },
    {
      which: 'hodler',
      title: 'notify.hodler',
      desc: 'notify.hodlerDesc',
      on: hodler.data && hodler.data.hodler_notify === 1,
    },
  ];

  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={t('subscribe.notification')} size="sm">
      <Stack>
        {failure && <ListStatus count={0} {...readStatus(failure)} />}
        {rows.map((row) => (
          <Group key={row.which} justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600}>{t(row.title)}</Text>
              <Text size="sm" c="dimmed">
                {t(row.desc)}
              </Text>
            </div>
            {row.on === undefined ? (
              failure ? null : (
                <Loader size="xs" />
              )
            ) : (
              <Switch
                checked={row.on}
                disabled={toggle.isPending}
                aria-label={t(row.title)}
                data-testid={`subscribe-${row.which}`}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  toggle.mutate(
                    { which: row.which, on },
                    {
                      onSuccess: () =>
                        notifySuccess(t(on ? 'finances.subscribed.tip' : 'finances.subscription.cancelled')),
                      onError: (err) => notifyError(err),
                    },
                  );
                }}
              />
            )}
          </Group>
        ))}
      </Stack>
    </ResponsiveModal>
  );
}
