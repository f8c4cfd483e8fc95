import type { Message } from '@chaopin/im-sdk';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fileTypeError } from './ChatInput.tsx';
import { audioSeconds, MessageRow } from './MessageBubble.tsx';

const base: Message = {
  ID: 'm1',
  conversationID: 'C2Cb',
  conversationType: 'C2C',
  from: 'a',
  to: 'b',
  time: 1,
  timeMs: 1000,
  sequence: 1,
  random: 1,
  type: 'TIMTextElem',
  payload: { text: 'hi[微笑]' },
  nick: '',
  avatar: '',
  priority: 'Normal',
  clientSequence: 1,
  isRevoked: false,
  cloudCustomData: '',
  flow: 'out',
  status: 'success',
  isRead: true,
  isPeerRead: false,
};

function row(m: Partial<Message>, me = 'a', onResend = vi.fn()) {
  render(
    <MemoryRouter>
      <MessageRow
        m={{ ...base, ...m }}
        me={me}
        isC2C
        name="B"
        onLongPress={vi.fn()}
        onResend={onResend}
      />
    </MemoryRouter>,
  );
  return onResend;
}

describe('MessageRow', () => {
  it('marks own C2C messages 未读 / 已读 and draws emoji', () => {
    row({});
    expect(screen.getByTestId('chat-read').textContent).toBe('未读');
    expect(document.querySelector('img[alt="[微笑]"]')).not.toBeNull();
  });

  it('shows 已读 once the peer read it, and no mark on received messages', () => {
    row({ isPeerRead: true });
    expect(screen.getByTestId('chat-read').textContent).toBe('已读');
  });

  it('a file still uploading shows how much has gone up', () => {
    const blob = new Blob(['x'.repeat(10)], { type: 'application/pdf' });
    const uploading: Partial<Message> = {
      type: 'TIMFileElem',
      payload: {},
      status: 'unsent' as const,
      _file: { kind: 'file' as const, blob, name: 'a.pdf' },
    };
    row({ ...uploading, progress: 0.42 });
    expect(screen.getByTestId('chat-upload').getAttribute('aria-valuenow')).toBe('42');
  });

  it('a failed send shows a red mark that resends on tap', () => {
    const onResend = row({ status: 'fail' });
    expect(screen.queryByTestId('chat-read')).toBeNull();
    fireEvent.click(screen.getByTestId('chat-resend'));
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('revoked messages and group tips are grey lines; unknown kinds say so', () => {
    row({ isRevoked: true }, 'b');
    expect(screen.getByText('对方撤回了一条消息')).toBeTruthy();
    row({ type: 'TIMGroupTipElem', payload: { operationType: 1, userIDList: ['c'] } });
    expect(screen.getByText('c 加入了群聊')).toBeTruthy();
    row({ type: 'TIMNewElem' as Message['type'], payload: {} });
    expect(screen.getByText('[暂不支持该消息格式]')).toBeTruthy();
  });

  it('files show name and size with a download link', () => {
    row({
      type: 'TIMFileElem',
      payload: { fileName: 'a.pdf', fileSize: 2048, fileUrl: '/f/a.pdf' },
    });
    const link = screen.getByTestId('chat-file');
    expect(link.textContent).toContain('a.pdf');
    expect(link.textContent).toContain('2.0KB');
    expect(link.getAttribute('href')).toBe('/f/a.pdf');
  });
});

describe('chat input rules', () => {
  it('checks file types before any upload', () => {
    const f = (name: string) => new File(['x'], name);
    expect(fileTypeError('image', f('a.PNG'))).toBeNull();
    expect(fileTypeError('image', f('a.exe'))).toBe('不支持的图片格式');
    expect(fileTypeError('video', f('a.mp4'))).toBeNull();
    expect(fileTypeError('video', f('a.txt'))).toBe('不支持的视频格式');
    expect(fileTypeError('file', f('setup.exe'))).toBe('不支持的文件类型');
    expect(fileTypeError('file', f('report.pdf'))).toBeNull();
  });

  it('reads a voice duration from the payload or the sender’s cloudCustomData', () => {
    expect(audioSeconds({ ...base, payload: { second: 3 } })).toBe(3);
    expect(audioSeconds({ ...base, payload: { second: 0 }, cloudCustomData: '{"second":5}' })).toBe(
      5,
    );
    expect(audioSeconds({ ...base, payload: {}, cloudCustomData: 'x' })).toBe(0);
  });
});
