import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { EmailBlock, EmailColumn, EmailDesign, EmailSection } from '@herald/protocol';
import { ActionIcon, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { blockSummary } from './blockSummary.ts';
import type { DesignLook } from './designLook.ts';
import { dropItem, moveItem, removeItem } from './designEdits.ts';
import { RichTextEditor } from './RichTextEditor.tsx';

interface DesignCanvasProps {
  design: EmailDesign;
  /** The e-mail's width, font and backgrounds under its theme, which the canvas takes on. */
  look: DesignLook;
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
  changeDesign: (change: (design: EmailDesign) => EmailDesign, burst?: string) => void;
  onTextChange: (block: EmailBlock & { type: 'text' }, html: string) => void;
}

type Kind = 'section' | 'block' | 'column';

/** A dragged block lands on a block or an empty column, a dragged section on a section. */
const collisions: CollisionDetection = (args) => {
  const dragged = args.active.data.current?.kind as Kind | undefined;
  const accepts = (kind: unknown) =>
    dragged === 'section' ? kind === 'section' : kind === 'block' || kind === 'column';
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((container) =>
      accepts(container.data.current?.kind),
    ),
  });
};

/**
 * The e-mail as sections of columns of blocks. Each section and block has a drag handle (dnd-kit: by mouse,
 * or by keyboard: Space to lift, arrows to move, Space to drop) and buttons to move it up or down and remove
 * it. A block's words show as plain text; a selected text block opens its rich-text editor in place.
 */
export function DesignCanvas({
  design,
  look,
  selectedId,
  onSelect,
  changeDesign,
  onTextChange,
}: DesignCanvasProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) changeDesign((current) => dropItem(current, String(active.id), String(over.id)));
  };
  if (design.sections.length === 0)
    return (
      <Paper withBorder p="lg" data-testid="design-canvas">
        <Text c="dimmed" ta="center">
          {t('emailEditor.canvas.empty')}
        </Text>
      </Paper>
    );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('emailEditor.canvas.dragInstructions') },
      }}
    >
      <SortableContext
        items={design.sections.map((section) => section.id)}
        strategy={verticalListSortingStrategy}
      >
        <Stack
          gap="xs"
          data-testid="design-canvas"
          data-width={look.width}
          p="xs"
          style={{
            background: look.backgroundColor,
            fontFamily: look.fontFamily,
            ...(look.fontSize ? { '--email-font-size': look.fontSize } : {}),
            // The e-mail's width, scaled down where the column is narrower.
            maxWidth: look.width,
            width: '100%',
            marginInline: 'auto',
          }}
        >
          {design.sections.map((section, index) => (
            <SectionCard
              key={section.id}
              contentBackground={look.contentBackgroundColor}
              section={section}
              position={index + 1}
              selected={selectedId === section.id}
              onSelect={() => onSelect(section.id)}
              onMove={(by) => changeDesign((current) => moveItem(current, section.id, by))}
              onRemove={() => {
                changeDesign((current) => removeItem(current, section.id));
                onSelect(undefined);
              }}
            >
              {section.columns.map((column) => (
                <ColumnDrop key={column.id} column={column}>
                  {column.blocks.map((block) => (
                    <BlockCard
                      key={block.id}
                      block={block}
                      selected={selectedId === block.id}
                      onSelect={() => onSelect(block.id)}
                      onMove={(by) => changeDesign((current) => moveItem(current, block.id, by))}
                      onRemove={() => {
                        changeDesign((current) => removeItem(current, block.id));
                        onSelect(undefined);
                      }}
                    >
                      {selectedId === block.id && block.type === 'text' && (
                        <RichTextEditor
                          html={block.html}
                          label={t('emailEditor.blocks.text')}
                          onChange={(html) => onTextChange(block, html)}
                        />
                      )}
                    </BlockCard>
                  ))}
                </ColumnDrop>
              ))}
            </SectionCard>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

interface ItemProps {
  selected: boolean;
  onSelect: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  children?: ReactNode;
}

function ItemTools({
  name,
  onMove,
  onRemove,
  handle,
}: Pick<ItemProps, 'onMove' | 'onRemove'> & { name: string; handle: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap">
      {handle}
      <ActionIcon
        size="sm"
        variant="subtle"
        aria-label={t('emailEditor.canvas.moveUp', { name })}
        onClick={() => onMove(-1)}
      >
        <span aria-hidden="true">↑</span>
      </ActionIcon>
      <ActionIcon
        size="sm"
        variant="subtle"
        aria-label={t('emailEditor.canvas.moveDown', { name })}
        onClick={() => onMove(1)}
      >
        <span aria-hidden="true">↓</span>
      </ActionIcon>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="red"
        aria-label={t('emailEditor.canvas.remove', { name })}
        onClick={onRemove}
      >
        <span aria-hidden="true">✕</span>
      </ActionIcon>
    </Group>
  );
}

function SectionCard({
  contentBackground,
  section,
  position,
  selected,
  onSelect,
  onMove,
  onRemove,
  children,
}: ItemProps & { section: EmailSection; position: number; contentBackground: string | undefined }) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: section.id, data: { kind: 'section' } });
  const name = t('emailEditor.canvas.sectionName', { position });
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      p="xs"
      data-testid="design-section"
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined,
        background: section.backgroundColor ?? contentBackground,
      }}
    >
      <Group justify="space-between" mb={4} wrap="nowrap">
        <UnstyledButton onClick={onSelect} aria-pressed={selected}>
          <Text size="xs" c="dimmed">
            {name}
          </Text>
        </UnstyledButton>
        <ItemTools
          name={name}
          onMove={onMove}
          onRemove={onRemove}
          handle={
            <ActionIcon
              size="sm"
              variant="subtle"
              aria-label={t('emailEditor.canvas.drag', { name })}
              {...sortable.attributes}
              {...sortable.listeners}
            >
              <span aria-hidden="true">⠿</span>
            </ActionIcon>
          }
        />
      </Group>
      <Group align="stretch" gap="xs" grow wrap="nowrap">
        {children}
      </Group>
    </Paper>
  );
}

function ColumnDrop({ column, children }: { column: EmailColumn; children: ReactNode }) {
  const { t } = useTranslation();
  const droppable = useDroppable({ id: column.id, data: { kind: 'column' } });
  return (
    <SortableContext items={column.blocks.map((block) => block.id)} strategy={verticalListSortingStrategy}>
      <Stack
        ref={droppable.setNodeRef}
        gap={4}
        mih={48}
        p={4}
        data-testid="design-column"
        style={{
          outline: droppable.isOver
            ? '2px dashed var(--mantine-color-blue-4)'
            : '1px dashed var(--mantine-color-gray-4)',
        }}
      >
        {column.blocks.length === 0 && (
          <Text size="xs" c="dimmed" ta="center">
            {t('emailEditor.canvas.emptyColumn')}
          </Text>
        )}
        {children}
      </Stack>
    </SortableContext>
  );
}

function BlockCard({
  block,
  selected,
  onSelect,
  onMove,
  onRemove,
  children,
}: ItemProps & { block: EmailBlock }) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: block.id, data: { kind: 'block' } });
  const name = t(`emailEditor.blocks.${block.type}`);
  const unchosen = block.type === 'contentBlock' && block.contentBlockId === undefined;
  const summary = unchosen ? t('emailEditor.blocks2.empty') : blockSummary(block);
  return (
    <Box
      ref={sortable.setNodeRef}
      data-testid="design-block"
      data-block-type={block.type}
      data-selected={selected || undefined}
      p={4}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        border: `1px solid ${selected ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-3)'}`,
        borderRadius: 4,
        background: 'var(--mantine-color-body)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <UnstyledButton onClick={onSelect} aria-pressed={selected} style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" fw={600}>
            {name}
          </Text>
          {!(selected && block.type === 'text') && summary && (
            <Text
              lineClamp={2}
              c={unchosen ? 'dimmed' : undefined}
              fs={unchosen ? 'italic' : undefined}
              // The e-mail's own font, as its theme sets it.
              style={{
                fontFamily: 'inherit',
                fontSize: 'var(--email-font-size, var(--mantine-font-size-sm))',
              }}
            >
              {summary}
            </Text>
          )}
        </UnstyledButton>
        <ItemTools
          name={name}
          onMove={onMove}
          onRemove={onRemove}
          handle={
            <ActionIcon
              size="sm"
              variant="subtle"
              aria-label={t('emailEditor.canvas.drag', { name })}
              {...sortable.attributes}
              {...sortable.listeners}
            >
              <span aria-hidden="true">⠿</span>
            </ActionIcon>
          }
        />
      </Group>
      {children}
    </Box>
  );
}
