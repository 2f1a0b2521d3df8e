import { rowIdOf } from '@earn/domain/contract';
import { Alert, Anchor, Box, Center, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.js';
import { type Project, type RewardPool, useProjectInfo } from '../../api/launchpool.js';
import { ListStatus, readFailure } from '../../components/ListStatus.js';
import { StakeSuccessModal } from './LaunchModals.js';
import { StakeForm } from './StakeModal.js';
import { useLaunchWords } from './use-launch-words.js';

/** The stake form as a mobile page, its confirm button in a bar fixed to the bottom. */
export default function StakePage() {
  const { t } = useTranslation();
  const { words } = useLaunchWords();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pid = rowIdOf(params.get('pid'));
  const info = useProjectInfo(pid ?? 0);
  // A link that names no project, or one that does not exist, says so; any other failure offers a retry.
  const missing = pid === null || (info.error instanceof ApiError && info.error.key === 'common.notExist');
  const [success, setSuccess] = useState<{ project: Project; pool: RewardPool; amount: string } | null>(null);
  const project = info.data;
  if (info.isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <Stack pb={96}>
      <Anchor component={Link} to="/launchpool">
        ← {t('launch.title')}
      </Anchor>
      {project?.state === 3 ? (
        <Alert color="gray" data-testid="stake-ended">
          {words('launch.ended')}
        </Alert>
      ) : project ? (
        <>
          <Title order={3}>{words('launch.stakeTitle', { coin: project.coin })}</Title>
          {/* A stake done closes the form (spec): the success shows over the page, not over a form
              still filled in, which the new quota would now call too much. */}
          {success === null && (
            <Box>
              <StakeForm
                project={project}
                initialRid={Number(params.get('rid')) || null}
                onStaked={setSuccess}
                fixedBar
              />
            </Box>
          )}
        </>
      ) : (
        <ListStatus
          count={0}
          error={missing ? null : readFailure(info)}
          onRetry={() => void info.refetch()}
          empty={t('launch.noProject')}
        />
      )}
      <StakeSuccessModal
        result={success}
        onClose={() => {
          // The stake is done: back to the projects, where it shows, rather than a form still filled in.
          setSuccess(null);
          navigate('/launchpool');
        }}
      />
    </Stack>
  );
}
