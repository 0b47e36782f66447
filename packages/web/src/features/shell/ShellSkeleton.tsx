import { Box, Skeleton } from '@mantine/core';
import { PageLoader } from './PageLoader.tsx';

/**
 * The frame of a signed-in screen while the shell's own code or the organization's access comes in: the
 * header bar and a page outline, as index.html draws before any script runs.
 */
export function ShellSkeleton() {
  return (
    <Box data-shell-skeleton>
      <Box
        h={60}
        px="md"
        style={{
          display: 'flex',
          alignItems: 'center',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <Skeleton height={24} width={120} />
      </Box>
      <Box p="md">
        <PageLoader />
      </Box>
    </Box>
  );
}
