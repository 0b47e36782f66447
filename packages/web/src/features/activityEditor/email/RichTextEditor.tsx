import { ActionIcon, Group, Paper, TextInput, Tooltip } from '@mantine/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { InsertFieldMenu } from './InsertFieldMenu.tsx';

interface RichTextEditorProps {
  html: string;
  onChange: (html: string) => void;
  label: string;
}

/**
 * A text block's rich text (TipTap): bold, italic, links, lists and headings, and fields inserted at the
 * caret. Its own undo is off: the editor's history takes every change back, the text's with the rest.
 * TipTap keeps only what its schema knows, so a pasted script or event handler does not survive into the HTML.
 */
export function RichTextEditor({ html, onChange, label }: RichTextEditorProps) {
  const { t } = useTranslation();
  const reported = useRef(onChange);
  useEffect(() => {
    reported.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        undoRedo: false,
        heading: { levels: [1, 2, 3] },
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false, autolink: false },
      }),
    ],
    content: html,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: changed }) => reported.current(changed.getHTML()),
  });
  // An undo or redo changes the HTML from outside: the editor shows it, without reporting it back as a change.
  useEffect(() => {
    if (!editor.isDestroyed && editor.getHTML() !== html)
      editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      link: current.isActive('link'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      heading: current.isActive('heading', { level: 2 }),
    }),
  });
  const [linking, setLinking] = useState<string | null>(null);
  const button = (name: string, active: boolean, run: () => void, text: string) => (
    <Tooltip label={t(`emailEditor.richText.${name}`)} withinPortal>
      <ActionIcon
        variant={active ? 'filled' : 'default'}
        size="sm"
        aria-label={t(`emailEditor.richText.${name}`)}
        aria-pressed={active}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      >
        <span aria-hidden="true">{text}</span>
      </ActionIcon>
    </Tooltip>
  );
  const chain = () => editor.chain().focus();
  return (
    <Paper withBorder p={4} data-testid="rich-text">
      <Group gap={4} mb={4} wrap="wrap">
        {button('bold', state.bold, () => chain().toggleBold().run(), 'B')}
        {button('italic', state.italic, () => chain().toggleItalic().run(), 'I')}
        {button('heading', state.heading, () => chain().toggleHeading({ level: 2 }).run(), 'H')}
        {button('bulletList', state.bulletList, () => chain().toggleBulletList().run(), '•')}
        {button('orderedList', state.orderedList, () => chain().toggleOrderedList().run(), '⒈')}
        {button(
          'link',
          state.link,
          () =>
            state.link
              ? chain().extendMarkRange('link').unsetLink().run()
              : setLinking(editor.getAttributes('link').href ?? 'https://'),
          '🔗',
        )}
        <InsertFieldMenu
          target={label}
          onInsert={(field) =>
            field.link
              ? chain()
                  .insertContent({
                    type: 'text',
                    text: field.link.label,
                    marks: [{ type: 'link', attrs: { href: field.liquid } }],
                  })
                  .run()
              : chain().insertContent(field.liquid).run()
          }
        />
      </Group>
      {linking !== null && (
        <TextInput
          size="xs"
          mb={4}
          label={t('emailEditor.richText.linkAddress')}
          value={linking}
          autoFocus
          onChange={(event) => setLinking(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setLinking(null);
            if (event.key !== 'Enter') return;
            event.preventDefault();
            chain().extendMarkRange('link').setLink({ href: linking }).run();
            setLinking(null);
          }}
        />
      )}
      <EditorContent editor={editor} className="herald-rich-text" />
    </Paper>
  );
}
