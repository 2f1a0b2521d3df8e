import { Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center">
        <Text size="lg">{t('common.notFound')}</Text>
        <Button component={Link} to="/simple-earn">
          {t('common.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
