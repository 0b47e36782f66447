import type { WhatsAppTemplateRecord } from '@herald/protocol';
import { Box, Stack, Text } from '@mantine/core';
import { fillTemplateBody } from './whatsappParameters.ts';

/**
 * The message as WhatsApp shows it: a white bubble on the chat's beige wallpaper, header in bold, the body with
 * the parameters filled (each filled value underlined, so the author sees what came from where), the footer in
 * grey, and the buttons under the bubble.
 */
export function WhatsAppBubble({
  template,
  values,
}: {
  template: WhatsAppTemplateRecord;
  values: readonly string[];
}) {
  return (
    <Box data-testid="whatsapp-preview" style={{ background: '#efeae2', borderRadius: 12, padding: 16 }}>
      <Stack gap={4} maw={340}>
        <Box
          style={{
            background: '#ffffff',
            color: '#111b21',
            borderRadius: '0 12px 12px 12px',
            padding: '8px 10px',
            boxShadow: '0 1px 0.5px rgba(11,20,26,.13)',
          }}
        >
          {template.header && (
            <Text fw={700} size="sm" mb={4}>
              {template.header}
            </Text>
          )}
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            data-testid="whatsapp-bubble-body"
          >
            {fillTemplateBody(template.body, values).map((piece, index) =>
              piece.parameter === undefined ? (
                <span key={index}>{piece.text}</span>
              ) : (
                <Text
                  component="span"
                  key={index}
                  inherit
                  td="underline"
                  data-parameter={piece.parameter}
                  style={{ textDecorationStyle: 'dotted' }}
                >
                  {piece.text}
                </Text>
              ),
            )}
          </Text>
          {template.footer && (
            <Text size="xs" c="#54656f" mt={4}>
              {template.footer}
            </Text>
          )}
        </Box>
        {template.buttons.map((button, index) => (
          <Box
            key={index}
            style={{
              background: '#ffffff',
              color: '#006a9e',
              borderRadius: 10,
              padding: 8,
              textAlign: 'center',
            }}
          >
            <Text size="sm" fw={500}>
              {button.text}
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
