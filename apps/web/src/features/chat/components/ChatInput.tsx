import { IMAGE_EXTENSIONS, VIDEO_EXTENSIONS } from '@chaopin/contracts';
import {
  AddCircleOutline,
  AudioOutline,
  EditSOutline,
  EnvironmentOutline,
  FolderOutline,
  PictureOutline,
  PlayOutline,
  SmileOutline,
} from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { backspaceEmojiText } from '../../../core/chat/emoji.ts';
import { showToast } from '../../../ui/toast.ts';
import { EmojiPanel } from './EmojiPanel.tsx';
import { HoldToTalk } from './HoldToTalk.tsx';
import { LocationSheet } from './LocationSheet.tsx';

export type FileKind = 'image' | 'video' | 'file';

/** Files that are never accepted as chat files (programs and scripts). */
const BLOCKED_FILE = /\.(exe|bat|cmd|com|msi|scr|sh|ps1|vbs|apk|dll|jar)$/i;

const ext = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/** Client-side type check before any upload; the server is still the authority. */
export function fileTypeError(kind: FileKind, file: File): string | null {
  if (kind === 'image' && !(IMAGE_EXTENSIONS as readonly string[]).includes(ext(file.name)))
    return '不支持的图片格式';
  if (kind === 'video' && !(VIDEO_EXTENSIONS as readonly string[]).includes(ext(file.name)))
    return '不支持的视频格式';
  if (kind === 'file' && BLOCKED_FILE.test(file.name)) return '不支持的文件类型';
  return null;
}

export function ChatInput({
  onText,
  onFile,
  onAudio,
  onLocation,
  disabled,
}: {
  onText: (text: string) => void;
  onFile: (kind: FileKind, file: File) => void;
  onAudio: (blob: Blob, seconds: number) => void;
  onLocation: (loc: { description: string; latitude: number; longitude: number }) => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [panel, setPanel] = useState<'none' | 'emoji' | 'more'>('none');
  const [voice, setVoice] = useState(false);
  const [locating, setLocating] = useState(false);
  const inputs = {
    image: useRef<HTMLInputElement>(null),
    video: useRef<HTMLInputElement>(null),
    file: useRef<HTMLInputElement>(null),
  };

  const send = () => {
    if (!text.trim()) {
      showToast('不能发送空白消息');
      return;
    }
    onText(text);
    setText('');
  };

  const picked = (kind: FileKind) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const error = fileTypeError(kind, file);
    if (error) {
      showToast(error);
      return;
    }
    setPanel('none');
    onFile(kind, file);
  };

  return (
    <div className="chat-input">
      <div className="chat-input__bar">
        <button
          type="button"
          className="chat-input__btn"
          aria-label={voice ? '键盘' : '语音'}
          onClick={() => setVoice(!voice)}
        >
          {voice ? <EditSOutline /> : <AudioOutline />}
        </button>
        {voice ? (
          <HoldToTalk onDone={onAudio} />
        ) : (
          <input
            className="chat-input__text"
            data-testid="chat-text"
            value={text}
            placeholder="说点什么…"
            enterKeyHint="send"
            maxLength={4000}
            onChange={(e) => setText(e.target.value)}
            onFocus={() => setPanel('none')}
            onKeyDown={(e) => e.key === 'Enter' && send()}
          />
        )}
        <button
          type="button"
          className="chat-input__btn"
          aria-label="表情"
          data-testid="chat-emoji-toggle"
          onClick={() => setPanel(panel === 'emoji' ? 'none' : 'emoji')}
        >
          <SmileOutline />
        </button>
        {text && !voice ? (
          <button
            type="button"
            className="chat-input__send"
            data-testid="chat-send"
            disabled={disabled}
            onClick={send}
          >
            发送
          </button>
        ) : (
          <button
            type="button"
            className="chat-input__btn"
            aria-label="更多"
            data-testid="chat-more"
            onClick={() => setPanel(panel === 'more' ? 'none' : 'more')}
          >
            <AddCircleOutline />
          </button>
        )}
      </div>
      {panel === 'emoji' && (
        <EmojiPanel
          onPick={(token) => setText((t) => t + token)}
          onDelete={() => setText((t) => backspaceEmojiText(t))}
        />
      )}
      {panel === 'more' && (
        <div className="chat-more">
          <button type="button" onClick={() => inputs.image.current?.click()}>
            <PictureOutline />
            <span>图片</span>
          </button>
          <button type="button" onClick={() => inputs.video.current?.click()}>
            <PlayOutline />
            <span>视频</span>
          </button>
          <button type="button" onClick={() => inputs.file.current?.click()}>
            <FolderOutline />
            <span>文件</span>
          </button>
          <button type="button" onClick={() => setLocating(true)}>
            <EnvironmentOutline />
            <span>位置</span>
          </button>
        </div>
      )}
      <input
        ref={inputs.image}
        hidden
        type="file"
        accept="image/*"
        data-testid="chat-pick-image"
        onChange={picked('image')}
      />
      <input
        ref={inputs.video}
        hidden
        type="file"
        accept="video/*"
        data-testid="chat-pick-video"
        onChange={picked('video')}
      />
      <input
        ref={inputs.file}
        hidden
        type="file"
        data-testid="chat-pick-file"
        onChange={picked('file')}
      />
      <LocationSheet
        visible={locating}
        onClose={() => setLocating(false)}
        onSend={(loc) => {
          setLocating(false);
          setPanel('none');
          onLocation(loc);
        }}
      />
    </div>
  );
}
