import { EMAIL_BLOCK_TYPES, type EmailBlockType } from '@herald/protocol';
import { Button, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';

export type PaletteItem = 'section' | 'columns' | EmailBlockType;

/**
 * What can be added: a section (one column), columns (a section of two), and every kind of block, placed after
 * the selection. Buttons rather than drag sources, so adding works from the keyboard; the canvas reorders.
 */
export function BlockPalette({ onAdd, disabled }: { onAdd: (item: PaletteItem) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const items: PaletteItem[] = ['section', 'columns', ...EMAIL_BLOCK_TYPES];
  return (
    <Stack gap="xs" data-testid="block-palette">
      <Title order={3} size="h5">
        {t('emailEditor.palette.title')}
      </Title>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
        {items.map((item) => (
          <Button
            key={item}
            size="compact-sm"
            variant="default"
            disabled={disabled}
            onClick={() => onAdd(item)}
            aria-label={t('emailEditor.palette.add', { name: t(`emailEditor.blocks.${item}`) })}
          >
            {t(`emailEditor.blocks.${item}`)}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
