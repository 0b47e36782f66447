import { countCombinations, type EmailBlock } from '@herald/protocol';
import { Alert, Button, Grid, Group, Paper, Stack, Tabs, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import type { ChannelEditorProps } from '../channels/channelEditor.ts';
import { BlockPalette, type PaletteItem } from './BlockPalette.tsx';
import { BlockSettings } from './BlockSettings.tsx';
import { ContentBlockPicker, type PickedContentBlock } from './ContentBlockPicker.tsx';
import {
  addBlock,
  addSection,
  findBlock,
  newBlock,
  newSection,
  updateBlock,
  updateSection,
  withTheme,
} from './designEdits.ts';
import { DesignCanvas } from './DesignCanvas.tsx';
import { designLook } from './designLook.ts';
import { EmailPreview } from './EmailPreview.tsx';
import { EmailThemeSelect } from './EmailThemeSelect.tsx';
import { InsertFieldMenu } from './InsertFieldMenu.tsx';
import { insertAt } from './liquidFields.ts';
import type { PreviewAs } from './previewRecipient.ts';
import { SourceView } from './SourceView.tsx';
import { useEmailHistory } from './useEmailHistory.ts';
import { useEmailPreview } from './useEmailPreview.ts';
import { useEmailThemes } from './useEmailThemes.ts';
import { VariationsPanel } from './VariationsPanel.tsx';

/** Whether a key press is meant for a text field's own editing (its own undo, its own caret). */
function typingInField(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

/**
 * The e-mail editor (docs/architecture.md § The native e-mail editor): subject, preheader and sender; a palette,
 * the canvas of sections, columns and blocks, the selected block's settings; the source; variations; and the
 * server's rendering of the draft on desktop and mobile. Every change is a step of the undo history (buttons,
 * Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y).
 */
export function EmailEditor({ activity, content, onChange, readOnly }: ChannelEditorProps<'email'>) {
  const { t } = useTranslation();
  const { themes, themeOf } = useEmailThemes();
  const history = useEmailHistory(content, onChange, themeOf);
  const { email, change, changeDesign } = history;
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  // The content block being chosen for: a block just added, or the selected one asking for another.
  const [pickingFor, setPickingFor] = useState<string | undefined>(undefined);
  const [as, setAs] = useState<PreviewAs>({ kind: 'sample' });
  const [variation, setVariation] = useState(0);
  const combinations = countCombinations(email);
  const version = Math.min(variation, combinations - 1);
  const preview = useEmailPreview(activity.id, email, as, version);

  const keys = useRef(history);
  useEffect(() => {
    keys.current = history;
  }, [history]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || typingInField(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) keys.current.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') keys.current.redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const design = email.design;
  const selectedBlock: EmailBlock | undefined = (() => {
    const place = design && selectedId ? findBlock(design, selectedId) : undefined;
    return (
      place && design?.sections[place.sectionIndex]?.columns[place.columnIndex]?.blocks[place.blockIndex]
    );
  })();
  const words = {
    text: t('emailEditor.starter.newText'),
    button: t('emailEditor.starter.button'),
    imageAlt: t('emailEditor.starter.imageAlt'),
  };
  const add = (item: PaletteItem) => {
    if (item === 'section' || item === 'columns') {
      const section = newSection(item === 'columns' ? 2 : 1);
      changeDesign((current) => addSection(current, section, selectedId));
      setSelectedId(section.id);
      return;
    }
    const block = newBlock(item, words);
    changeDesign((current) => addBlock(current, block, selectedId));
    setSelectedId(block.id);
    if (block.type === 'contentBlock') setPickingFor(block.id);
  };
  const pick = (chosen: PickedContentBlock) => {
    const blockId = pickingFor;
    setPickingFor(undefined);
    if (blockId === undefined) return;
    changeDesign((current) => {
      const place = findBlock(current, blockId);
      const block =
        place && current.sections[place.sectionIndex]?.columns[place.columnIndex]?.blocks[place.blockIndex];
      if (block?.type !== 'contentBlock') return current;
      return updateBlock(current, {
        ...block,
        contentBlockId: chosen.id,
        name: chosen.name,
        format: chosen.format,
        html: chosen.content,
      });
    });
  };
  const themeId = design?.theme?.themeId;
  const chooseTheme = (next: number | undefined) => changeDesign((current) => withTheme(current, next));
  const field = (name: 'subject' | 'preheader' | 'fromName' | 'fromAddress', withFields: boolean) => (
    <HeaderField
      name={name}
      label={t(`emailEditor.header.${name}`)}
      value={email[name] ?? ''}
      readOnly={readOnly}
      withFields={withFields}
      onChange={(value) =>
        change({ ...email, [name]: name === 'subject' ? value : value || undefined }, name)
      }
    />
  );

  return (
    <Stack gap="sm" data-testid="email-editor">
      <Paper withBorder p="sm">
        <Grid gap="xs">
          <Grid.Col span={{ base: 12, md: 6 }}>{field('subject', true)}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>{field('preheader', true)}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>{field('fromName', false)}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>{field('fromAddress', false)}</Grid.Col>
        </Grid>
      </Paper>
      <Group gap="xs" align="flex-end">
        <Button size="xs" variant="default" onClick={history.undo} disabled={!history.canUndo || readOnly}>
          {t('emailEditor.undo')}
        </Button>
        <Button size="xs" variant="default" onClick={history.redo} disabled={!history.canRedo || readOnly}>
          {t('emailEditor.redo')}
        </Button>
        {design && (
          <EmailThemeSelect themes={themes} themeId={themeId} onChange={chooseTheme} disabled={readOnly} />
        )}
      </Group>
      <ContentBlockPicker
        opened={pickingFor !== undefined}
        onClose={() => setPickingFor(undefined)}
        onPick={pick}
      />
      <Tabs defaultValue="design" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="design">{t('emailEditor.tabs.design')}</Tabs.Tab>
          <Tabs.Tab value="source">{t('emailEditor.tabs.source')}</Tabs.Tab>
          <Tabs.Tab value="variations">{t('emailEditor.tabs.variations', { count: combinations })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="design" pt="sm">
          {design ? (
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, md: 3 }}>
                <BlockPalette onAdd={add} disabled={readOnly} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <DesignCanvas
                  design={design}
                  look={designLook(design, themeOf(themeId))}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                  changeDesign={changeDesign}
                  onTextChange={(block, html) =>
                    changeDesign((current) => updateBlock(current, { ...block, html }), `${block.id}.html`)
                  }
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 3 }}>
                <BlockSettings
                  design={design}
                  selectedId={selectedId}
                  onPickContentBlock={(blockId) => setPickingFor(blockId)}
                  onBlock={(block, burst) => changeDesign((current) => updateBlock(current, block), burst)}
                  onSection={(section, burst) =>
                    changeDesign((current) => updateSection(current, section), burst)
                  }
                />
              </Grid.Col>
            </Grid>
          ) : (
            <Alert color="blue">{t('emailEditor.source.handWritten')}</Alert>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="source" pt="sm">
          <SourceView email={email} onChange={change} renderedHtml={preview.data?.html ?? ''} />
        </Tabs.Panel>
        <Tabs.Panel value="variations" pt="sm">
          <VariationsPanel email={email} onChange={change} selectedBlock={selectedBlock} />
        </Tabs.Panel>
      </Tabs>
      <EmailPreview
        preview={preview}
        as={as}
        onAs={setAs}
        variation={version}
        onVariation={setVariation}
        combinations={combinations}
      />
    </Stack>
  );
}

interface HeaderFieldProps {
  name: string;
  label: string;
  value: string;
  readOnly: boolean;
  withFields: boolean;
  onChange: (value: string) => void;
}

/** A header line (subject, preheader, sender), with the insert-field menu putting Liquid at the caret. */
function HeaderField({ name, label, value, readOnly, withFields, onChange }: HeaderFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <TextInput
      ref={input}
      name={name}
      label={label}
      value={value}
      readOnly={readOnly}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSectionWidth={withFields ? 110 : undefined}
      rightSection={
        withFields && !readOnly ? (
          <InsertFieldMenu
            target={label}
            onInsert={(field) => {
              const element = input.current;
              onChange(
                insertAt(value, field.liquid, element?.selectionStart ?? null, element?.selectionEnd ?? null),
              );
            }}
          />
        ) : undefined
      }
    />
  );
}
