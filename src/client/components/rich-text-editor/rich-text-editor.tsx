import { Bold, Italic, Link2, List, ListOrdered } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '../button';
import { cx } from '../cx';
import { describedBy, FieldMessages, useFieldIds } from '../field';
import { editorHtml, linkTarget, messageOf } from './editor-html';
import './rich-text-editor.css';

export type RichTextEditorProps = {
  /** The HTML shown and edited. */
  value: string;
  /** Called with the new HTML after every change ('' when the editor is emptied). */
  onChange: (html: string) => void;
  /** The accessible name, e.g. 'Bericht'. */
  label: string;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
};

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';

const COMMANDS: { command: Command; label: string; icon: ReactNode; keys?: string }[] = [
  { command: 'bold', label: 'Vet', icon: <Bold />, keys: 'Ctrl+B' },
  { command: 'italic', label: 'Cursief', icon: <Italic />, keys: 'Ctrl+I' },
  { command: 'insertUnorderedList', label: 'Opsomming', icon: <List /> },
  { command: 'insertOrderedList', label: 'Genummerde lijst', icon: <ListOrdered /> },
];

export const LINK_INVALID = 'Vul een webadres (bijv. www.voorbeeld.nl) of een e-mailadres in.';

/**
 * A message editor for people who do not write HTML: the text as it will read, with buttons for bold,
 * italic, lists and links (the browser's own editing commands, no editor library). What it holds is
 * HTML; variables such as {{customer.name}} are typed as text and filled in on sending.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  id,
  required,
  disabled,
  error,
  hint,
  className,
}: RichTextEditorProps) {
  const ids = useFieldIds(id);
  const editorRef = useRef<HTMLDivElement>(null);
  /** The HTML this editor last reported: a value coming back from the form is not put in again. */
  const reported = useRef<string | null>(null);
  const [active, setActive] = useState<Record<Command, boolean>>({
    bold: false,
    italic: false,
    insertUnorderedList: false,
    insertOrderedList: false,
  });
  const [linking, setLinking] = useState<{ range: Range | null } | null>(null);
  const [linkText, setLinkText] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const linkInputRef = useRef<HTMLInputElement>(null);

  // A value from outside (a chosen template, the HTML view) replaces the content; the editor's own
  // changes do not, so the cursor stays where the user types.
  useLayoutEffect(() => {
    const editor = editorRef.current;
    if (!editor || value === reported.current) return;
    editor.innerHTML = editorHtml(value);
    reported.current = value;
  }, [value]);

  // The buttons show whether the text at the cursor is bold, italic or in a list: after every move
  // of the cursor, and after a button (bold at a cursor changes what is typed next, not the selection).
  const showActive = () => {
    const editor = editorRef.current;
    const selection = document.getSelection();
    if (!editor || !selection?.anchorNode || !editor.contains(selection.anchorNode)) return;
    setActive({
      bold: document.queryCommandState('bold'),
      italic: document.queryCommandState('italic'),
      insertUnorderedList: document.queryCommandState('insertUnorderedList'),
      insertOrderedList: document.queryCommandState('insertOrderedList'),
    });
  };
  const showActiveRef = useRef(showActive);
  showActiveRef.current = showActive;
  useEffect(() => {
    const onSelection = () => showActiveRef.current();
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, []);

  useEffect(() => {
    if (linking) linkInputRef.current?.focus();
  }, [linking]);

  const report = () => {
    const editor = editorRef.current;
    if (!editor) return;
    const html = messageOf(editor);
    reported.current = html;
    onChange(html);
  };

  const run = (command: Command) => {
    editorRef.current?.focus();
    document.execCommand(command);
    showActive();
    report();
  };

  const startLink = () => {
    const selection = document.getSelection();
    const range =
      selection && selection.rangeCount > 0 && editorRef.current?.contains(selection.anchorNode)
        ? selection.getRangeAt(0).cloneRange()
        : null;
    setLinkText('');
    setLinkError(null);
    setLinking({ range });
  };

  const endLink = () => {
    setLinking(null);
    editorRef.current?.focus();
  };

  const addLink = () => {
    const target = linkTarget(linkText);
    if (!target) {
      setLinkError(LINK_INVALID);
      linkInputRef.current?.focus();
      return;
    }
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    const selection = document.getSelection();
    const range = linking?.range;
    if (selection) {
      selection.removeAllRanges();
      if (range) selection.addRange(range);
      else {
        const end = document.createRange();
        end.selectNodeContents(editor);
        end.collapse(false);
        selection.addRange(end);
      }
    }
    if (range && !range.collapsed) document.execCommand('createLink', false, target);
    else {
      // Nothing selected: the address itself becomes the link's text.
      const link = document.createElement('a');
      link.href = target;
      link.textContent = linkText.trim();
      document.execCommand('insertHTML', false, link.outerHTML);
    }
    setLinking(null);
    report();
  };

  const onLinkKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Never submits the surrounding form.
      event.preventDefault();
      addLink();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      endLink();
    }
  };

  const onPaste = (event: React.ClipboardEvent<HTMLDivElement>) => {
    // Pasted as plain text: formatting from a word processor brings markup no mail needs.
    event.preventDefault();
    document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
  };

  return (
    <div className={cx('ui-field', 'rich-text', className)}>
      <div className={cx('rich-text__box', error && 'is-invalid', disabled && 'is-disabled')}>
        <div className="rich-text__toolbar" role="toolbar" aria-label={`Opmaak van ${label.toLowerCase()}`}>
          {COMMANDS.map(({ command, label: name, icon, keys }) => (
            <button
              key={command}
              type="button"
              className={cx('rich-text__tool', active[command] && 'is-active')}
              aria-label={name}
              title={keys ? `${name} (${keys})` : name}
              aria-pressed={active[command]}
              disabled={disabled}
              // Keeps the selection in the text while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(command)}
            >
              <span aria-hidden="true">{icon}</span>
            </button>
          ))}
          <button
            type="button"
            className={cx('rich-text__tool', linking && 'is-active')}
            aria-label="Link"
            title="Link toevoegen"
            aria-expanded={Boolean(linking)}
            disabled={disabled}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => (linking ? endLink() : startLink())}
          >
            <span aria-hidden="true">
              <Link2 />
            </span>
          </button>
        </div>
        {linking ? (
          <div className="rich-text__link">
            <label className="sr-only" htmlFor={`${ids.id}-link`}>
              Linkadres
            </label>
            <input
              ref={linkInputRef}
              id={`${ids.id}-link`}
              type="text"
              inputMode="url"
              className={cx('rich-text__link-input', linkError && 'is-invalid')}
              placeholder="www.voorbeeld.nl of naam@voorbeeld.nl"
              value={linkText}
              aria-invalid={linkError ? true : undefined}
              aria-describedby={linkError ? `${ids.id}-link-error` : undefined}
              onChange={(event) => {
                setLinkText(event.target.value);
                setLinkError(null);
              }}
              onKeyDown={onLinkKeyDown}
            />
            <Button size="sm" onClick={addLink}>
              Toevoegen
            </Button>
            <Button size="sm" variant="ghost" onClick={endLink}>
              Annuleren
            </Button>
            {linkError ? (
              <p id={`${ids.id}-link-error`} className="rich-text__link-error" role="alert">
                {linkError}
              </p>
            ) : null}
          </div>
        ) : null}
        {/* biome-ignore lint/a11y/useSemanticElements: a rich text box has no native element; role textbox is the pattern. */}
        <div
          ref={editorRef}
          id={ids.id}
          className="rich-text__content"
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
          aria-disabled={disabled || undefined}
          contentEditable={!disabled}
          suppressContentEditableWarning
          tabIndex={0}
          // New lines become paragraphs (a browser makes <div>s by default), as a mail's text is written.
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          onInput={(_event: FormEvent<HTMLDivElement>) => report()}
          onPaste={onPaste}
        />
      </div>
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
