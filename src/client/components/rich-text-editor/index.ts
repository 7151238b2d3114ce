export { editorHtml, isSafeLink, linkTarget, messageOf } from './editor-html';
export { LINK_INVALID, RichTextEditor, type RichTextEditorProps } from './rich-text-editor';
