import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HistoryView } from './HistoryView.js';

export default function HistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  return (
    <Stack maw={1100} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('earn.history.title')}
        </Title>
        <Anchor component={Link} to="/simple-earn">
          {t('earn.title')}
        </Anchor>
      </Group>
      <HistoryView
        queryType={params.get('type')}
        queryAsset={params.get('asset')}
        queryTab={params.get('tab')}
        onTabChange={(tab) =>
          setParams((now) => {
            const next = new URLSearchParams(now);
            next.set('tab', tab);
            return next;
          })
        }
      />
    </Stack>
  );
}
