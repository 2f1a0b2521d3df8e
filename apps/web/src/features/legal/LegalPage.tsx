import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The documents the products link to: the asset-management disclaimer and the soft-staking terms. */
const DOCUMENTS = {
  disclaimer: { title: 'legal.disclaimer.title', items: 5 },
  softStaking: { title: 'legal.softStaking.title', items: 5 },
} as const;

export default function LegalPage({ doc }: { doc: keyof typeof DOCUMENTS }) {
  const { t } = useTranslation();
  const { title, items } = DOCUMENTS[doc];
  return (
    <Stack maw={800} mx="auto">
      <Title order={1} size="h2">
        {t(title)}
      </Title>
      <Paper withBorder p="lg">
        <List type="ordered" spacing="sm">
          {Array.from({ length: items }, (_, i) => `legal.${doc}.${i + 1}`).map((key) => (
            <List.Item key={key}>
              <Text size="sm">{t(key)}</Text>
            </List.Item>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}
