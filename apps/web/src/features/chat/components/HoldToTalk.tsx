import { useRef, useState } from 'react';
import { showToast } from '../../../ui/toast.ts';

const MIN_MS = 1000;
const MAX_MS = 60_000;

/** 按住说话: records with MediaRecorder while held; a release under 1 s is dropped. */
export function HoldToTalk({ onDone }: { onDone: (blob: Blob, seconds: number) => void }) {
  const [recording, setRecording] = useState(false);
  const rec = useRef<{
    recorder: MediaRecorder;
    stream: MediaStream;
    start: number;
    cancelled: boolean;
  } | null>(null);
  const limit = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const start = async () => {
    if (rec.current) return;
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      showToast('当前设备不支持录音');
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      showToast('请允许使用麦克风');
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    const state = { recorder, stream, start: Date.now(), cancelled: false };
    recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    recorder.onstop = () => {
      for (const t of stream.getTracks()) t.stop();
      const ms = Date.now() - state.start;
      if (state.cancelled) return;
      if (ms < MIN_MS) {
        showToast('说话时间太短');
        return;
      }
      const blob = new Blob(chunks, { type: recorder.mimeType || 'audio/webm' });
      onDone(blob, Math.max(1, Math.round(ms / 1000)));
    };
    recorder.start(250);
    rec.current = state;
    setRecording(true);
    limit.current = setTimeout(stop, MAX_MS);
  };

  function stop() {
    clearTimeout(limit.current);
    const r = rec.current;
    rec.current = null;
    setRecording(false);
    if (r && r.recorder.state !== 'inactive') r.recorder.stop();
  }

  return (
    <button
      type="button"
      className={`chat-talk${recording ? ' chat-talk--on' : ''}`}
      data-testid="chat-talk"
      onPointerDown={(e) => {
        e.preventDefault();
        void start();
      }}
      onPointerUp={stop}
      onPointerLeave={() => rec.current && stop()}
      onContextMenu={(e) => e.preventDefault()}
    >
      {recording ? '松开 发送' : '按住 说话'}
    </button>
  );
}
