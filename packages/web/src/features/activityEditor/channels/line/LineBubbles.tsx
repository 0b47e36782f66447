import { Box, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../../platform/i18n/useTranslation.ts';
import { flexTexts, type LineMessage } from './lineMessages.ts';

/**
 * The messages as LINE shows them, in order, on its blue-grey chat background: text in rounded white bubbles,
 * pictures on their own, a flex message as a card with its texts (LINE lays out the rest of its layout).
 */
export function LineBubbles({
  messages,
  texts,
}: {
  messages: readonly LineMessage[];
  texts: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Box data-testid="line-preview" style={{ background: '#8fa9cc', borderRadius: 12, padding: 16 }}>
      <Stack gap="xs" maw={320}>
        {messages.map((message, index) => {
          const bubble = {
            background: '#ffffff',
            color: '#111111',
            borderRadius: 18,
            padding: '8px 12px',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          } as const;
          switch (message.type) {
            case 'text':
              return (
                <Box key={index} style={bubble} data-testid={`line-bubble-${index + 1}`}>
                  <Text size="sm" inherit>
                    {texts[index] ?? message.text}
                  </Text>
                </Box>
              );
            case 'image':
              return message.previewImageUrl || message.originalContentUrl ? (
                <Image
                  key={index}
                  src={message.previewImageUrl || message.originalContentUrl}
                  alt={t('channelEditors.line.imageAlt', { number: index + 1 })}
                  radius="lg"
                  maw={240}
                  referrerPolicy="no-referrer"
                  data-testid={`line-bubble-${index + 1}`}
                />
              ) : (
                <Box key={index} style={bubble} data-testid={`line-bubble-${index + 1}`}>
                  <Text size="sm" c="#555555">
                    {t('channelEditors.line.noImage')}
                  </Text>
                </Box>
              );
            case 'flex':
              return (
                <Box
                  key={index}
                  style={{ ...bubble, borderRadius: 12, padding: 0, overflow: 'hidden' }}
                  data-testid={`line-bubble-${index + 1}`}
                >
                  <Stack gap={4} p="sm">
                    {flexTexts(message.contents).map((text, at) => (
                      <Text key={at} size="sm" fw={at === 0 ? 700 : 400}>
                        {text}
                      </Text>
                    ))}
                  </Stack>
                  <Text size="xs" c="#555555" px="sm" pb="xs">
                    {t('channelEditors.line.flexAlt', { text: message.altText })}
                  </Text>
                </Box>
              );
          }
        })}
      </Stack>
    </Box>
  );
}
