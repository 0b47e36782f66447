import { Box, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../../platform/i18n/useTranslation.ts';

interface NotificationProps {
  title: string;
  body: string;
  imageUrl: string | undefined;
  appName: string;
}

/**
 * The notification as Android and iOS show it on the lock screen, side by side: Android's card with the app's
 * name above a bold title and a picture below; iOS's rounded translucent banner with the picture as a thumbnail.
 * Each system cuts the title and body where it does (one line of title; a few lines of body).
 */
export function NotificationPreviews(props: NotificationProps) {
  const { t } = useTranslation();
  return (
    <Group align="start" gap="md" grow wrap="wrap">
      <Stack gap={6} miw={220} data-testid="push-preview-android">
        <Text size="xs" fw={600}>
          {t('channelEditors.push.android')}
        </Text>
        <Box style={{ background: '#202124', padding: 12, borderRadius: 12 }}>
          <Box style={{ background: '#ffffff', borderRadius: 16, padding: 12, color: '#1f1f1f' }}>
            <Text size="xs" c="#444746">
              {props.appName} · {t('channelEditors.push.now')}
            </Text>
            <Text size="sm" fw={700} lineClamp={1} data-testid="push-preview-android-title">
              {props.title}
            </Text>
            <Text size="sm" lineClamp={4} data-testid="push-preview-android-body">
              {props.body}
            </Text>
            {props.imageUrl && (
              <Image
                src={props.imageUrl}
                alt=""
                radius="md"
                mt={8}
                h={120}
                fit="cover"
                referrerPolicy="no-referrer"
              />
            )}
          </Box>
        </Box>
      </Stack>
      <Stack gap={6} miw={220} data-testid="push-preview-ios">
        <Text size="xs" fw={600}>
          {t('channelEditors.push.ios')}
        </Text>
        <Box style={{ background: 'linear-gradient(160deg,#5b6b8c,#2c3447)', padding: 12, borderRadius: 12 }}>
          <Group
            wrap="nowrap"
            align="start"
            gap={10}
            style={{ background: 'rgba(245,245,247,0.92)', borderRadius: 18, padding: 12, color: '#000000' }}
          >
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="xs" fw={600} tt="uppercase" truncate>
                  {props.appName}
                </Text>
                <Text size="xs" c="#3c3c43">
                  {t('channelEditors.push.now')}
                </Text>
              </Group>
              <Text size="sm" fw={600} lineClamp={1} data-testid="push-preview-ios-title">
                {props.title}
              </Text>
              <Text size="sm" lineClamp={4} data-testid="push-preview-ios-body">
                {props.body}
              </Text>
            </Stack>
            {props.imageUrl && (
              <Image
                src={props.imageUrl}
                alt=""
                w={40}
                h={40}
                radius="sm"
                fit="cover"
                referrerPolicy="no-referrer"
              />
            )}
          </Group>
        </Box>
      </Stack>
    </Group>
  );
}
