import {
  SOCIAL_BLOCK_NETWORKS,
  type EmailBlock,
  type EmailDesign,
  type EmailSection,
  type SocialNetwork,
} from '@herald/protocol';
import {
  Button,
  Checkbox,
  ColorInput,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { findBlock, withColumnCount } from './designEdits.ts';

interface BlockSettingsProps {
  design: EmailDesign;
  selectedId: string | undefined;
  /** A change of the selected block or section; `burst` names the field typed in. */
  onBlock: (block: EmailBlock, burst?: string) => void;
  onSection: (section: EmailSection, burst?: string) => void;
  /** Opens the content block picker for the content block with this id. */
  onPickContentBlock: (blockId: string) => void;
}

const ALIGNMENTS = ['left', 'center', 'right'] as const;

/** The settings of the selected block or section. */
export function BlockSettings({
  design,
  selectedId,
  onBlock,
  onSection,
  onPickContentBlock,
}: BlockSettingsProps) {
  const { t } = useTranslation();
  const place = selectedId === undefined ? undefined : findBlock(design, selectedId);
  const block =
    place && design.sections[place.sectionIndex]!.columns[place.columnIndex]!.blocks[place.blockIndex];
  const section = design.sections.find((each) => each.id === selectedId);
  if (section) return <SectionSettings section={section} onSection={onSection} />;
  if (!block)
    return (
      <Text c="dimmed" size="sm" data-testid="block-settings">
        {t('emailEditor.settings.nothingSelected')}
      </Text>
    );
  const set = <B extends EmailBlock>(current: B, field: keyof B & string, value: unknown) =>
    onBlock(
      { ...current, [field]: value === '' || value === undefined ? undefined : value } as B,
      `${current.id}.${field}`,
    );
  const text = (current: EmailBlock, field: string, label: string, required = false) => (
    <TextInput
      label={label}
      value={String((current as Record<string, unknown>)[field] ?? '')}
      onChange={(event) =>
        required
          ? onBlock(
              { ...current, [field]: event.currentTarget.value } as EmailBlock,
              `${current.id}.${field}`,
            )
          : set(current, field as keyof EmailBlock & string, event.currentTarget.value)
      }
    />
  );
  const colour = (current: EmailBlock, field: string, label: string) => (
    <ColorInput
      withEyeDropper={false}
      label={label}
      format="hex"
      value={String((current as Record<string, unknown>)[field] ?? '')}
      onChange={(value) =>
        set(current, field as keyof EmailBlock & string, /^#[0-9a-f]{6}$/i.test(value) ? value : undefined)
      }
    />
  );
  const number = (current: EmailBlock, field: string, label: string, max: number) => (
    <NumberInput
      label={label}
      min={0}
      max={max}
      allowDecimal={false}
      value={((current as Record<string, unknown>)[field] as number | undefined) ?? ''}
      onChange={(value) =>
        set(
          current,
          field as keyof EmailBlock & string,
          typeof value === 'number' ? Math.min(max, Math.max(0, value)) : undefined,
        )
      }
    />
  );
  const align = (current: EmailBlock & { align?: string | undefined }) => (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {t('emailEditor.settings.align')}
      </Text>
      <SegmentedControl
        size="xs"
        data={ALIGNMENTS.map((value) => ({ value, label: t(`emailEditor.settings.alignment.${value}`) }))}
        value={current.align ?? 'center'}
        onChange={(value) => set(current, 'align', value)}
      />
    </Stack>
  );
  return (
    <Stack gap="xs" data-testid="block-settings">
      <Title order={3} size="h5">
        {t(`emailEditor.blocks.${block.type}`)}
      </Title>
      {block.type === 'text' && (
        <>
          <Text size="xs" c="dimmed">
            {t('emailEditor.settings.textHint')}
          </Text>
          {align(block)}
          {colour(block, 'color', t('emailEditor.settings.textColor'))}
          {number(block, 'fontSize', t('emailEditor.settings.fontSize'), 96)}
        </>
      )}
      {block.type === 'image' && (
        <>
          {text(block, 'src', t('emailEditor.settings.imageAddress'), true)}
          {text(block, 'alt', t('emailEditor.settings.altText'), true)}
          {text(block, 'href', t('emailEditor.settings.linkAddress'))}
          {number(block, 'width', t('emailEditor.settings.width'), 2000)}
          {align(block)}
        </>
      )}
      {block.type === 'button' && (
        <>
          {text(block, 'text', t('emailEditor.settings.buttonText'), true)}
          {text(block, 'href', t('emailEditor.settings.linkAddress'), true)}
          {colour(block, 'backgroundColor', t('emailEditor.settings.buttonColor'))}
          {colour(block, 'color', t('emailEditor.settings.textColor'))}
          {number(block, 'borderRadius', t('emailEditor.settings.borderRadius'), 100)}
          {align(block)}
        </>
      )}
      {block.type === 'divider' && (
        <>
          {colour(block, 'color', t('emailEditor.settings.lineColor'))}
          {number(block, 'thickness', t('emailEditor.settings.thickness'), 20)}
        </>
      )}
      {block.type === 'spacer' && (
        <NumberInput
          label={t('emailEditor.settings.height')}
          min={0}
          max={500}
          allowDecimal={false}
          value={block.height}
          onChange={(value) =>
            onBlock(
              { ...block, height: typeof value === 'number' ? Math.min(500, Math.max(0, value)) : 0 },
              `${block.id}.height`,
            )
          }
        />
      )}
      {block.type === 'social' && (
        <>
          {SOCIAL_BLOCK_NETWORKS.map((network: SocialNetwork) => {
            const link = block.links.find((each) => each.network === network);
            return (
              <Stack key={network} gap={2}>
                <Checkbox
                  label={t(`emailEditor.settings.network.${network}`)}
                  checked={link !== undefined}
                  onChange={(event) =>
                    onBlock({
                      ...block,
                      links: event.currentTarget.checked
                        ? [...block.links, { network, href: 'https://' }]
                        : block.links.filter((each) => each.network !== network),
                    })
                  }
                />
                {link && (
                  <TextInput
                    size="xs"
                    aria-label={t('emailEditor.settings.networkAddress', {
                      network: t(`emailEditor.settings.network.${network}`),
                    })}
                    value={link.href}
                    onChange={(event) => {
                      const href = event.currentTarget.value;
                      onBlock(
                        {
                          ...block,
                          links: block.links.map((each) =>
                            each.network === network ? { network, href } : each,
                          ),
                        },
                        `${block.id}.${network}`,
                      );
                    }}
                  />
                )}
              </Stack>
            );
          })}
          {align(block)}
        </>
      )}
      {block.type === 'html' && (
        <Textarea
          label={t('emailEditor.settings.html')}
          autosize
          minRows={6}
          maxRows={20}
          styles={{ input: { fontFamily: 'monospace' } }}
          value={block.html}
          onChange={(event) => onBlock({ ...block, html: event.currentTarget.value }, `${block.id}.html`)}
        />
      )}
      {block.type === 'contentBlock' && (
        <>
          <Text size="xs" c="dimmed">
            {t('emailEditor.settings.contentBlockHint')}
          </Text>
          <Text size="sm" data-testid="chosen-content-block">
            {block.contentBlockId === undefined
              ? t('emailEditor.blocks2.empty')
              : t('emailEditor.blocks2.chosen', { name: block.name ?? `#${block.contentBlockId}` })}
          </Text>
          <Button size="xs" variant="light" onClick={() => onPickContentBlock(block.id)}>
            {block.contentBlockId === undefined
              ? t('emailEditor.blocks2.chooseAction')
              : t('emailEditor.blocks2.chooseAnother')}
          </Button>
        </>
      )}
    </Stack>
  );
}

function SectionSettings({
  section,
  onSection,
}: {
  section: EmailSection;
  onSection: BlockSettingsProps['onSection'];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="block-settings">
      <Title order={3} size="h5">
        {t('emailEditor.blocks.section')}
      </Title>
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {t('emailEditor.settings.columns')}
        </Text>
        <SegmentedControl
          size="xs"
          data={['1', '2', '3', '4']}
          value={String(section.columns.length)}
          onChange={(value) => onSection(withColumnCount(section, Number(value)))}
        />
      </Stack>
      <ColorInput
        withEyeDropper={false}
        label={t('emailEditor.settings.background')}
        format="hex"
        value={section.backgroundColor ?? ''}
        onChange={(value) =>
          onSection(
            { ...section, backgroundColor: /^#[0-9a-f]{6}$/i.test(value) ? value : undefined },
            `${section.id}.background`,
          )
        }
      />
      <NumberInput
        label={t('emailEditor.settings.padding')}
        min={0}
        max={200}
        allowDecimal={false}
        value={section.padding ?? ''}
        onChange={(value) =>
          onSection(
            {
              ...section,
              padding: typeof value === 'number' ? Math.min(200, Math.max(0, value)) : undefined,
            },
            `${section.id}.padding`,
          )
        }
      />
    </Stack>
  );
}
