import { Box, Checkbox, Code, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../../platform/i18n/useTranslation.ts';
import type { ChannelEditorProps } from '../channelEditor.ts';
import { EditorWithPreview } from '../shared/EditorWithPreview.tsx';
import {
  IAB_AD_SIZES,
  hashIdentifier,
  normalizeEmail,
  normalizePhone,
  orderedSizes,
} from './displayAdAudience.ts';

/** The sample identifiers the hashing example shows (the preview's sample recipient's). */
const EXAMPLE = { email: ' Alex.Sample@Example.com ', phone: '+61 400 000 000' };

/**
 * The display ad editor: the name of the audience exported to the ad platform (its members' identifiers leave
 * Herald only as SHA-256 hashes of the normalized e-mail address and phone number, shown with an example), and
 * the creative's sizes from the IAB's standard list, drawn to scale.
 */
export function DisplayAdEditor({ content, onChange, readOnly }: ChannelEditorProps<'displayad'>) {
  const { t } = useTranslation();
  const hashes = useExampleHashes();
  const sizes = orderedSizes(content.sizes);
  const fields = (
    <>
      <TextInput
        label={t('channelEditors.displayad.audienceName')}
        description={t('channelEditors.displayad.audienceNameHint')}
        value={content.audienceName}
        maxLength={200}
        required
        readOnly={readOnly}
        error={content.audienceName.trim() ? undefined : t('channelEditors.displayad.audienceNameRequired')}
        onChange={(event) => onChange({ ...content, audienceName: event.currentTarget.value })}
        data-testid="displayad-audience-name"
      />
      <Stack gap={4} data-testid="displayad-hashing">
        <Title order={2} size="h5">
          {t('channelEditors.displayad.hashedTitle')}
        </Title>
        <Text size="sm">{t('channelEditors.displayad.hashedExplained')}</Text>
        <Table withTableBorder fz="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('channelEditors.displayad.identifier')}</Table.Th>
              <Table.Th>{t('channelEditors.displayad.normalized')}</Table.Th>
              <Table.Th>{t('channelEditors.displayad.sent')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{EXAMPLE.email}</Table.Td>
              <Table.Td>{normalizeEmail(EXAMPLE.email)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <Code data-testid="displayad-email-hash">{hashes?.email ?? '…'}</Code>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{EXAMPLE.phone}</Table.Td>
              <Table.Td>{normalizePhone(EXAMPLE.phone)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <Code>{hashes?.phone ?? '…'}</Code>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
      <Checkbox.Group
        label={t('channelEditors.displayad.sizes')}
        description={t('channelEditors.displayad.sizesHint')}
        value={content.sizes}
        readOnly={readOnly}
        error={content.sizes.length === 0 ? t('channelEditors.displayad.sizesRequired') : undefined}
        onChange={(chosen) => onChange({ ...content, sizes: orderedSizes(chosen) })}
        data-testid="displayad-sizes"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
          {IAB_AD_SIZES.map((entry) => (
            <Checkbox
              key={entry.size}
              value={entry.size}
              disabled={readOnly}
              label={t('channelEditors.displayad.size', {
                size: entry.size.replace('x', ' × '),
                name: t(`channelEditors.displayad.sizeNames.${entry.size}`),
              })}
              data-testid={`displayad-size-${entry.size}`}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </>
  );
  return (
    <EditorWithPreview
      testId="displayad-editor"
      fields={fields}
      preview={
        <Stack gap="sm">
          <Text size="sm" data-testid="displayad-preview-audience">
            {t('channelEditors.displayad.exportedAs', { name: content.audienceName })}
          </Text>
          <Group align="end" gap="sm" wrap="wrap">
            {sizes.map((size) => {
              const [width = 0, height = 0] = size.split('x').map(Number);
              // Drawn at a quarter of their size, so a billboard and a skyscraper fit beside each other.
              return (
                <Stack gap={2} key={size} align="center" data-testid={`displayad-preview-${size}`}>
                  <Box
                    w={Math.max(8, width / 4)}
                    h={Math.max(8, height / 4)}
                    style={{
                      border: '1px dashed var(--mantine-color-gray-6)',
                      background: 'var(--mantine-color-gray-1)',
                    }}
                  />
                  <Text size="xs">{size}</Text>
                </Stack>
              );
            })}
          </Group>
        </Stack>
      }
    />
  );
}

/** The example identifiers' hashes, worked out by the browser (SubtleCrypto), as the export will. */
function useExampleHashes(): { email: string; phone: string } | undefined {
  const [hashes, setHashes] = useState<{ email: string; phone: string }>();
  useEffect(() => {
    let current = true;
    void Promise.all([
      hashIdentifier(normalizeEmail(EXAMPLE.email)),
      hashIdentifier(normalizePhone(EXAMPLE.phone)),
    ]).then(([email, phone]) => {
      if (current) setHashes({ email, phone });
    });
    return () => {
      current = false;
    };
  }, []);
  return hashes;
}
