import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Quote, Redo2, Undo2, Unlink, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { adminFr } from '@/i18n/admin';

const t = adminFr.editor;

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange(html: string): void;
  onBlur?(): void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-8', active && 'bg-accent text-accent-foreground')}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

function normaliseUrl(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function LinkButton({ editor, disabled, active }: { editor: Editor; disabled: boolean; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState(false);
  const apply = () => {
    const href = normaliseUrl(url);
    if (!href) return setError(true);
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setUrl((editor.getAttributes('link').href as string | undefined) ?? '');
          setError(false);
        }
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className={cn('size-8', active && 'bg-accent text-accent-foreground')} aria-label={t.link} title={t.link} disabled={disabled}>
          <Link2 aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-72 p-3">
        <div className="flex flex-col gap-2">
          <label htmlFor="rte-link-url" className="text-sm font-medium">
            {t.linkUrl}
          </label>
          <Input
            id="rte-link-url"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            aria-invalid={error || undefined}
            onChange={(event) => {
              setUrl(event.target.value);
              setError(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {t.linkInvalid}
            </p>
          )}
          <Button size="sm" onClick={apply}>
            {t.linkApply}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** The editable area's look: the article's own headings, lists, quotes and links. */
const contentClass =
  'min-h-64 max-w-none px-3 py-2 text-base focus:outline-none md:text-sm [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:italic [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6';

/** Attributes of the editable element: a labelled multi-line textbox, with its validation state. */
function attributesFor(id: string, label: string, invalid: boolean, describedBy: string | undefined): Record<string, string> {
  return {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    class: contentClass,
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
}

type Chain = ReturnType<Editor['chain']>;

/** The toolbar's toggles, in order: each pressed while the selection has it. */
const TOGGLES: ReadonlyArray<{ label: string; icon: LucideIcon; isActive(editor: Editor): boolean; toggle(chain: Chain): Chain }> = [
  { label: t.bold, icon: Bold, isActive: (e) => e.isActive('bold'), toggle: (c) => c.toggleBold() },
  { label: t.italic, icon: Italic, isActive: (e) => e.isActive('italic'), toggle: (c) => c.toggleItalic() },
  { label: t.heading2, icon: Heading2, isActive: (e) => e.isActive('heading', { level: 2 }), toggle: (c) => c.toggleHeading({ level: 2 }) },
  { label: t.heading3, icon: Heading3, isActive: (e) => e.isActive('heading', { level: 3 }), toggle: (c) => c.toggleHeading({ level: 3 }) },
  { label: t.bulletList, icon: List, isActive: (e) => e.isActive('bulletList'), toggle: (c) => c.toggleBulletList() },
  { label: t.orderedList, icon: ListOrdered, isActive: (e) => e.isActive('orderedList'), toggle: (c) => c.toggleOrderedList() },
  { label: t.blockquote, icon: Quote, isActive: (e) => e.isActive('blockquote'), toggle: (c) => c.toggleBlockquote() },
];

/** The toolbar above the text: the toggles, the link and its removal, undo and redo. */
function Toolbar({ editor, controls, disabled }: { editor: Editor; controls: string; disabled: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: TOGGLES.map((tool) => tool.isActive(e)),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div role="toolbar" aria-label={t.toolbar} aria-controls={controls} className="sticky top-14 z-10 flex flex-wrap gap-0.5 rounded-t-md border-b bg-card p-1">
      {TOGGLES.map((tool, index) => (
        <ToolButton key={tool.label} label={tool.label} active={state.active[index]} disabled={disabled} onClick={() => tool.toggle(chain()).run()}>
          <tool.icon aria-hidden="true" />
        </ToolButton>
      ))}
      <LinkButton editor={editor} disabled={disabled} active={state.link} />
      <ToolButton label={t.unlink} disabled={disabled || !state.link} onClick={() => chain().extendMarkRange('link').unsetLink().run()}>
        <Unlink aria-hidden="true" />
      </ToolButton>
      <span className="mx-1 w-px self-stretch bg-border" aria-hidden="true" />
      <ToolButton label={t.undo} disabled={disabled || !state.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t.redo} disabled={disabled || !state.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 aria-hidden="true" />
      </ToolButton>
    </div>
  );
}

/**
 * The article body: headings, paragraphs, lists, quotes, links, emphasis (what the server's
 * sanitiser keeps). Loaded on its own, only when an administrator opens the article editor.
 */
export default function RichTextEditor({ id, label, value, onChange, onBlur, disabled = false, invalid = false, describedBy }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, link: false }),
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] }),
    ],
    content: value,
    editable: !disabled,
    editorProps: { attributes: attributesFor(id, label, invalid, describedBy) },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // setOptions is safe before the view is mounted; it re-renders the attributes once it is.
  useEffect(() => {
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: attributesFor(id, label, invalid, describedBy) } });
  }, [editor, id, label, invalid, describedBy]);

  return (
    <div
      className={cn(
        'rounded-md border border-input bg-card focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring',
        invalid && 'border-destructive',
        disabled && 'opacity-50',
      )}
    >
      <Toolbar editor={editor} controls={id} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}
