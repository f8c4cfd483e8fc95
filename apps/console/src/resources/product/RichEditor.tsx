import 'quill/dist/quill.snow.css';
import { App } from 'antd';
import Quill from 'quill';
import { useEffect, useRef } from 'react';
import { acceptOf, errorText, uploadFile } from '../../ui/upload.ts';

// Alignment as an inline style (text-align), not Quill's ql-align-* classes: the server keeps
// only the styles it allows, and the app has no Quill stylesheet.
Quill.register(Quill.import('attributors/style/align') as never, true);

const TOOLBAR = [
  [{ header: [2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['link', 'image'],
  ['clean'],
];

/** The editor's HTML, or '' when it holds no text and no picture. */
function htmlOf(quill: Quill): string {
  const empty = quill.getLength() <= 1 && !quill.root.querySelector('img');
  return empty ? '' : quill.getSemanticHTML().replace(/&nbsp;/g, ' ');
}

/**
 * 商品详情: a rich-text editor (Quill, loaded only with this form) whose pictures go through the
 * upload API. The server sanitises the HTML again on save. A controlled field of HTML.
 */
export default function RichEditor(props: { value?: string; onChange?: (html: string) => void }) {
  const { message } = App.useApp();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Quill | null>(null);
  const emitted = useRef<string | undefined>(undefined);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const mount = document.createElement('div');
    el.appendChild(mount);
    const quill = new Quill(mount, {
      theme: 'snow',
      placeholder: '介绍商品的材质、尺寸、卖点…（可插入图片）',
      modules: {
        toolbar: {
          container: TOOLBAR,
          handlers: {
            image: () => {
              const input = document.createElement('input');
              input.type = 'file';
              input.accept = acceptOf('image');
              input.onchange = async () => {
                const file = input.files?.[0];
                if (!file) return;
                try {
                  const url = await uploadFile('image', file);
                  const at = quill.getSelection(true)?.index ?? quill.getLength();
                  quill.insertEmbed(at, 'image', url, 'user');
                  quill.setSelection(at + 1, 0);
                } catch (error) {
                  message.error(errorText(error));
                }
              };
              input.click();
            },
          },
        },
      },
    });
    editor.current = quill;
    quill.on('text-change', () => {
      const html = htmlOf(quill);
      emitted.current = html;
      onChange.current?.(html);
    });
    return () => {
      editor.current = null;
      emitted.current = undefined;
      el.innerHTML = '';
    };
  }, [message]);

  // A value from outside (the saved product loading) replaces the content; our own echo does not.
  useEffect(() => {
    const quill = editor.current;
    const value = props.value ?? '';
    if (!quill || value === emitted.current) return;
    emitted.current = value;
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
  }, [props.value]);

  return <div ref={host} data-testid="rich-editor" style={{ minHeight: 240 }} />;
}
