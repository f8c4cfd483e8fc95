import { LIVE_TITLE_MAX, type LiveRoomCard } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  DatePicker,
  ImageUploader,
  type ImageUploadItem,
  Input,
  Popup,
  Selector,
  Switch,
} from 'antd-mobile';
import { CalendarOutline, CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { isApiError } from '../../../core/api/client.ts';
import { uploadApi } from '../../../core/api/upload.ts';
import { chinaWallClock, fromChinaWallClock } from '../../../core/format.ts';
import { liveSortsQuery } from '../../../ui/live/liveApi.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { liveHostApi, refreshHost } from '../api.ts';
import { noticeBounds, noticeText } from '../shelf.ts';

interface Props {
  /** The room to edit; null creates one. */
  room: LiveRoomCard | null;
  defaultSortId: number;
  visible: boolean;
  onClose: () => void;
}

/** 创建直播 / 编辑信息: title, cover, category and an optional 预告 time. */
export function RoomFormSheet({ room, defaultSortId, visible, onClose }: Props) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="lh-sheet"
    >
      <RoomForm room={room} defaultSortId={defaultSortId} onClose={onClose} />
    </Popup>
  );
}

function RoomForm({ room, defaultSortId, onClose }: Omit<Props, 'visible'>) {
  const queryClient = useQueryClient();
  const sorts = useQuery(liveSortsQuery());
  const [title, setTitle] = useState(room?.title ?? '');
  const [cover, setCover] = useState<ImageUploadItem[]>(room?.cover ? [{ url: room.cover }] : []);
  const [sortId, setSortId] = useState(room?.sortId || defaultSortId || 0);
  const isLive = room?.state === 'live';
  const [notice, setNotice] = useState(Boolean(room?.noticeAt));
  const [noticeAt, setNoticeAt] = useState<Date | null>(
    room?.noticeAt ? new Date(room.noticeAt) : null,
  );
  const [picking, setPicking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const bounds = noticeBounds();

  const save = useMutation({
    mutationFn: () =>
      liveHostApi.upInfo({
        ...(room ? { roomId: room.id } : {}),
        title: title.trim(),
        cover: cover[0]?.url ?? '',
        sortId,
        ...(isLive ? {} : { noticeAt: notice && noticeAt ? noticeAt.toISOString() : null }),
      }),
    meta: { toast: false },
    onSuccess: () => {
      showSuccess(room ? '已保存' : notice ? '预告已发布' : '直播间已创建');
      void refreshHost(queryClient);
      onClose();
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '保存失败，请稍后重试'),
  });

  const submit = () => {
    const text = title.trim();
    if (!text) return showToast('请填写直播标题');
    if (text.length > LIVE_TITLE_MAX) return showToast(`直播标题最多${LIVE_TITLE_MAX}字`);
    if (uploading) return showToast('封面上传中，请稍候');
    if (!cover[0]?.url) return showToast('请上传直播封面');
    if (!sortId) return showToast('请选择直播分类');
    if (!isLive && notice) {
      if (!noticeAt) return showToast('请选择开播时间');
      if (noticeAt < new Date()) return showToast('开播时间须在现在之后');
    }
    save.mutate();
  };

  return (
    <div className="lh-form lh-form--sheet" data-testid="room-form">
      <header className="lh-sheet__head">
        <h3>{room ? '编辑直播信息' : '创建直播'}</h3>
        <button type="button" aria-label="关闭" onClick={onClose}>
          <CloseOutline />
        </button>
      </header>
      <div className="lh-sheet__body">
        <div className="lh-form__cover-row">
          <ImageUploader
            className="lh-form__cover"
            value={cover}
            onChange={setCover}
            maxCount={1}
            upload={async (file) => ({ url: await uploadApi.image(file, file.name) })}
            onUploadQueueChange={(tasks) => setUploading(tasks.some((t) => t.status === 'pending'))}
          >
            <span className="lh-form__cover-add">
              <b>+</b>
              上传封面
            </span>
          </ImageUploader>
          <div className="lh-form__cover-tip">
            <strong>直播封面</strong>
            <span>建议 3:4 竖图，清晰美观的封面更吸引观众点击</span>
          </div>
        </div>
        <div className="lh-form__label">直播标题</div>
        <Input
          className="lh-form__input"
          placeholder={`好的标题能吸引更多观众（${LIVE_TITLE_MAX}字以内）`}
          maxLength={LIVE_TITLE_MAX}
          value={title}
          onChange={setTitle}
          clearable
          data-testid="room-title"
        />
        <div className="lh-form__label">直播分类</div>
        <Selector
          columns={4}
          value={sortId ? [sortId] : []}
          onChange={(v) => v[0] && setSortId(v[0])}
          options={(sorts.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
        />
        {!isLive && (
          <>
            <div className="lh-form__switch">
              <span>
                <strong>发布直播预告</strong>
                <small>粉丝可预约，开播前收到提醒</small>
              </span>
              <Switch checked={notice} onChange={setNotice} data-testid="room-notice-switch" />
            </div>
            {notice && (
              <button
                type="button"
                className="lh-form__time"
                data-testid="room-notice-time"
                onClick={() => setPicking(true)}
              >
                <CalendarOutline />
                <span>{noticeAt ? noticeText(noticeAt.toISOString()) : '选择开播时间'}</span>
                <em>修改</em>
              </button>
            )}
            <DatePicker
              title="开播时间"
              visible={picking}
              precision="minute"
              min={chinaWallClock(bounds.min)}
              max={chinaWallClock(bounds.max)}
              value={chinaWallClock(noticeAt ?? bounds.min)}
              onClose={() => setPicking(false)}
              onConfirm={(d) => setNoticeAt(fromChinaWallClock(d))}
            />
          </>
        )}
      </div>
      <div className="lh-sheet__foot">
        <Button
          color="primary"
          shape="rounded"
          size="large"
          block
          loading={save.isPending}
          onClick={submit}
          data-testid="room-submit"
        >
          {room ? '保存' : notice ? '发布预告' : '创建直播间'}
        </Button>
      </div>
    </div>
  );
}
