import {
  countCombinations,
  EMAIL_VARIATION_LIMITS,
  type EmailBlock,
  type EmailContent,
  type EmailVariation,
} from '@herald/protocol';
import { ActionIcon, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { blockSummary } from './blockSummary.ts';
import { newDesignId } from './designEdits.ts';

interface VariationsPanelProps {
  email: EmailContent;
  onChange: (email: EmailContent, burst?: string) => void;
  /** The block a new block change starts from (the selected one). */
  selectedBlock: EmailBlock | undefined;
}

/**
 * Multivariate variations (functional §4): each changes the subject, or blocks (chosen on the canvas, then
 * edited here as text), and the number of versions they make is shown; the preview picks one by index.
 */
export function VariationsPanel({ email, onChange, selectedBlock }: VariationsPanelProps) {
  const { t } = useTranslation();
  const variations = email.variations ?? [];
  const combinations = countCombinations(email);
  const setVariations = (next: EmailVariation[], burst?: string) =>
    onChange({ ...email, variations: next.length ? next : undefined }, burst);
  const update = (index: number, variation: EmailVariation, burst?: string) =>
    setVariations(
      variations.map((each, at) => (at === index ? variation : each)),
      burst,
    );
  return (
    <Stack gap="sm" data-testid="variations-panel">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('emailEditor.variations.title')}
        </Title>
        <Text size="sm" data-testid="combination-count">
          {t('emailEditor.variations.count', { count: combinations })}
        </Text>
      </Group>
      <Switch
        label={t('emailEditor.variations.multivariate')}
        description={t('emailEditor.variations.multivariateHint')}
        checked={email.multivariate ?? false}
        onChange={(event) => onChange({ ...email, multivariate: event.currentTarget.checked || undefined })}
      />
      {combinations > EMAIL_VARIATION_LIMITS.combinations && (
        <Text c="red" size="sm">
          {t('emailEditor.variations.tooMany', { max: EMAIL_VARIATION_LIMITS.combinations })}
        </Text>
      )}
      {variations.map((variation, index) => (
        <Paper key={variation.id} withBorder p="xs" data-testid="variation">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <TextInput
                size="xs"
                label={t('emailEditor.variations.name')}
                value={variation.name}
                onChange={(event) =>
                  update(index, { ...variation, name: event.currentTarget.value }, `${variation.id}.name`)
                }
              />
              <ActionIcon
                color="red"
                variant="subtle"
                aria-label={t('emailEditor.variations.remove', { name: variation.name || index + 1 })}
                onClick={() => setVariations(variations.filter((_, at) => at !== index))}
              >
                <span aria-hidden="true">✕</span>
              </ActionIcon>
            </Group>
            {variation.subject === undefined ? (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => update(index, { ...variation, subject: email.subject })}
              >
                {t('emailEditor.variations.changeSubject')}
              </Button>
            ) : (
              <TextInput
                size="xs"
                label={t('emailEditor.variations.subject')}
                value={variation.subject}
                onChange={(event) =>
                  update(
                    index,
                    { ...variation, subject: event.currentTarget.value },
                    `${variation.id}.subject`,
                  )
                }
              />
            )}
            {(variation.blocks ?? []).map((block) => (
              <VariedBlock
                key={block.id}
                block={block}
                onChange={(changed) =>
                  update(
                    index,
                    {
                      ...variation,
                      blocks: (variation.blocks ?? []).map((each) => (each.id === block.id ? changed : each)),
                    },
                    `${variation.id}.${block.id}`,
                  )
                }
                onRemove={() =>
                  update(index, {
                    ...variation,
                    blocks: (variation.blocks ?? []).filter((each) => each.id !== block.id),
                  })
                }
              />
            ))}
            <Button
              size="compact-xs"
              variant="light"
              disabled={
                !selectedBlock || (variation.blocks ?? []).some((each) => each.id === selectedBlock.id)
              }
              onClick={() =>
                selectedBlock &&
                update(index, { ...variation, blocks: [...(variation.blocks ?? []), selectedBlock] })
              }
            >
              {selectedBlock
                ? t('emailEditor.variations.changeBlock', {
                    name: t(`emailEditor.blocks.${selectedBlock.type}`),
                  })
                : t('emailEditor.variations.selectBlock')}
            </Button>
          </Stack>
        </Paper>
      ))}
      <Button
        variant="default"
        disabled={variations.length >= EMAIL_VARIATION_LIMITS.variations}
        onClick={() =>
          setVariations([
            ...variations,
            {
              id: newDesignId('v'),
              name: t('emailEditor.variations.defaultName', { n: variations.length + 1 }),
            },
          ])
        }
      >
        {t('emailEditor.variations.add')}
      </Button>
    </Stack>
  );
}

/** A block as a variation changes it: its words (text, button, HTML) or its picture. */
function VariedBlock({
  block,
  onChange,
  onRemove,
}: {
  block: EmailBlock;
  onChange: (block: EmailBlock) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const field =
    block.type === 'text' || block.type === 'html'
      ? 'html'
      : block.type === 'button'
        ? 'text'
        : block.type === 'image'
          ? 'src'
          : undefined;
  return (
    <Group align="flex-end" gap={4} wrap="nowrap">
      {field ? (
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          label={t('emailEditor.variations.blockContent', { name: t(`emailEditor.blocks.${block.type}`) })}
          value={String((block as Record<string, unknown>)[field] ?? '')}
          onChange={(event) => onChange({ ...block, [field]: event.currentTarget.value } as EmailBlock)}
        />
      ) : (
        <Text size="xs" style={{ flex: 1 }}>
          {t(`emailEditor.blocks.${block.type}`)} {blockSummary(block)}
        </Text>
      )}
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('emailEditor.variations.removeBlock')}
        onClick={onRemove}
      >
        <span aria-hidden="true">✕</span>
      </ActionIcon>
    </Group>
  );
}
