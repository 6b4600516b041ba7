import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import { NOTES_MESSAGES } from './notes-logic';

/**
 * Only the nodes and marks the server keeps (packages/contracts NOTES_ALLOWED_TAGS): anything else a
 * paste brings in (links, images, code, scripts, attributes) is dropped by the ProseMirror schema.
 */
function notesExtensions(): Parameters<typeof useEditor>[0]['extensions'] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      undoRedo: { depth: 100, newGroupDelay: 500 },
      code: false,
      codeBlock: false,
      horizontalRule: false,
      link: false,
      underline: false,
      dropcursor: false,
    }),
    Placeholder.configure({ placeholder: NOTES_MESSAGES.placeholder }),
  ];
}

interface ToolbarButton {
  label: string;
  shortcut: string;
  text: ReactNode;
  isActive: (e: Editor) => boolean;
  run: (e: Editor) => boolean;
  can?: (e: Editor) => boolean;
}

const BUTTONS: ToolbarButton[] = [
  {
    label: 'Paragraph',
    shortcut: 'Control+Alt+0',
    text: '¶',
    isActive: (e) => e.isActive('paragraph'),
    run: (e) => e.chain().focus().setParagraph().run(),
  },
  ...([1, 2, 3] as const).map<ToolbarButton>((level) => ({
    label: `Heading ${level}`,
    shortcut: `Control+Alt+${level}`,
    text: `H${level}`,
    isActive: (e) => e.isActive('heading', { level }),
    run: (e) => e.chain().focus().toggleHeading({ level }).run(),
  })),
  {
    label: 'Bold',
    shortcut: 'Control+B',
    text: <strong>B</strong>,
    isActive: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: 'Italic',
    shortcut: 'Control+I',
    text: <em>I</em>,
    isActive: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Strikethrough',
    shortcut: 'Control+Shift+S',
    text: <s>S</s>,
    isActive: (e) => e.isActive('strike'),
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  {
    label: 'Bulleted list',
    shortcut: 'Control+Shift+8',
    text: '•',
    isActive: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    shortcut: 'Control+Shift+7',
    text: '1.',
    isActive: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: 'Quote',
    shortcut: 'Control+Shift+B',
    text: '❝',
    isActive: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    label: 'Undo',
    shortcut: 'Control+Z',
    text: '↶',
    isActive: () => false,
    run: (e) => e.chain().focus().undo().run(),
    can: (e) => e.can().undo(),
  },
  {
    label: 'Redo',
    shortcut: 'Control+Shift+Z',
    text: '↷',
    isActive: () => false,
    run: (e) => e.chain().focus().redo().run(),
    can: (e) => e.can().redo(),
  },
];

function Toolbar({ editor, disabled }: { editor: Editor; disabled: boolean }): ReactNode {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      BUTTONS.map((b) => ({ active: b.isActive(e), enabled: b.can ? b.can(e) : true })),
  });
  return (
    <div className="notes-toolbar" role="toolbar" aria-label="Formatting">
      {BUTTONS.map((b, i) => (
        <button
          key={b.label}
          type="button"
          className={`notes-tool${state[i]?.active ? ' is-active' : ''}`}
          aria-label={b.label}
          title={`${b.label} (${b.shortcut.replace('Control', 'Ctrl')})`}
          aria-keyshortcuts={b.shortcut}
          aria-pressed={b.can ? undefined : (state[i]?.active ?? false)}
          disabled={disabled || !(state[i]?.enabled ?? true)}
          onMouseDown={(ev) => ev.preventDefault()}
          onClick={() => b.run(editor)}
        >
          {b.text}
        </button>
      ))}
    </div>
  );
}

export interface NotesEditorProps {
  /** Sanitised HTML from the server; ProseMirror parses it into the schema above (never injected raw). */
  initialHtml: string;
  onChange: (html: string) => void;
  disabled?: boolean;
}

/** The TipTap editor with its toolbar. Mount one per video (key it by video id) so undo history never crosses videos. */
export default function NotesEditor({
  initialHtml,
  onChange,
  disabled = false,
}: NotesEditorProps): ReactNode {
  const editor = useEditor({
    extensions: notesExtensions(),
    content: initialHtml,
    editable: !disabled,
    editorProps: {
      attributes: {
        class: 'notes-content',
        'aria-label': 'Notes',
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <div className="notes-editor">
      <Toolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}
