import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import "#app/i18n/admin-texts.ts";

/**
 * A product description's editor (Tiptap): paragraphs, bold, italic, a heading and lists, the HTML
 * the storefront shows (the server sanitises it again before storing it). The HTML goes with the
 * form in a hidden field named `name`; without JavaScript the field is a plain textarea of HTML.
 */
export function RichTextEditor({ name, label, defaultValue }: { name: string; label: string; defaultValue: string }) {
  const { t } = useTranslation();
  const [html, setHtml] = useState(defaultValue);
  const labelId = `${name}-label`;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3] },
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        link: false,
        strike: false,
      }),
    ],
    content: defaultValue,
    // Rendered in the browser only: the server sends the textarea below, which the editor replaces.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        "aria-labelledby": labelId,
        "aria-multiline": "true",
        role: "textbox",
        class: "prose-admin min-h-32 rounded-b-md border border-slate-300 bg-white px-3 py-2 focus:outline-none focus:ring-2 focus:ring-amber-400",
      },
    },
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      heading: e?.isActive("heading", { level: 3 }) ?? false,
      bullets: e?.isActive("bulletList") ?? false,
      numbers: e?.isActive("orderedList") ?? false,
    }),
  });
  const button = (key: "bold" | "italic" | "heading" | "bullets" | "numbers", text: string, run: () => void) => (
    <button
      type="button"
      aria-pressed={active?.[key] ?? false}
      onClick={run}
      className="min-h-9 rounded px-2.5 text-sm font-semibold hover:bg-slate-200 aria-pressed:bg-slate-800 aria-pressed:text-white"
    >
      {text}
    </button>
  );
  return (
    <div>
      <p id={labelId} className="block text-sm font-semibold text-ink">
        {label}
      </p>
      {editor ? (
        <div className="mt-1">
          <div
            role="toolbar"
            aria-label={t("admin.product.editor.toolbar")}
            className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-slate-300 bg-slate-50 p-1"
          >
            {button("bold", t("admin.product.editor.bold"), () => editor.chain().focus().toggleBold().run())}
            {button("italic", t("admin.product.editor.italic"), () => editor.chain().focus().toggleItalic().run())}
            {button("heading", t("admin.product.editor.heading"), () => editor.chain().focus().toggleHeading({ level: 3 }).run())}
            {button("bullets", t("admin.product.editor.bullets"), () => editor.chain().focus().toggleBulletList().run())}
            {button("numbers", t("admin.product.editor.numbers"), () => editor.chain().focus().toggleOrderedList().run())}
          </div>
          <EditorContent editor={editor} />
          <input type="hidden" name={name} value={html} />
        </div>
      ) : (
        <textarea
          name={name}
          aria-labelledby={labelId}
          defaultValue={defaultValue}
          rows={6}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
        />
      )}
    </div>
  );
}
