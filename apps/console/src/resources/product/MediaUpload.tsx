import { InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { DndContext, type DragEndEvent, PointerSensor, useSensor } from '@dnd-kit/core';
import {
  arrayMove,
  horizontalListSortingStrategy,
  SortableContext,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { App, Button, Flex, Spin, Typography, Upload, type UploadFile } from 'antd';
import { type ReactElement, useRef, useState } from 'react';
import { acceptOf, errorText, uploadFile, uploadProblem } from '../../ui/upload.ts';

export const MAX_IMAGES = 20;

/** A picture of the list that can be dragged to a new place (a click still previews or removes). */
function SortableItem(props: { node: ReactElement; file: UploadFile }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.file.uid,
  });
  return (
    <div
      ref={setNodeRef}
      data-testid="gallery-item"
      data-url={props.file.url}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        cursor: 'move',
        height: '100%',
        opacity: isDragging ? 0.6 : 1,
      }}
      {...attributes}
      {...listeners}
    >
      {props.node}
    </div>
  );
}

/**
 * 商品图: pictures dropped or picked are uploaded at once and shown; drag one to reorder (the
 * first is the main picture), the eye previews, the bin removes. A controlled field of URLs.
 */
export function GalleryUpload(props: { value?: string[]; onChange?: (urls: string[]) => void }) {
  const { message } = App.useApp();
  const urls = props.value ?? [];
  // The URLs as last set: uploads finishing together each add to what the other left.
  const latest = useRef(urls);
  latest.current = urls;
  const commit = (next: string[]) => {
    latest.current = next;
    props.onChange?.(next);
  };
  const [pending, setPending] = useState<UploadFile[]>([]);
  const sensor = useSensor(PointerSensor, { activationConstraint: { distance: 8 } });
  const fileList: UploadFile[] = [
    ...urls.map((url, i) => ({
      uid: url,
      name: i === 0 ? '主图' : (url.split('/').pop() ?? url),
      status: 'done' as const,
      url,
    })),
    ...pending,
  ];

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = urls.indexOf(String(active.id));
    const to = urls.indexOf(String(over.id));
    if (from >= 0 && to >= 0) commit(arrayMove(urls, from, to));
  };

  return (
    <div data-testid="gallery-upload">
      <DndContext sensors={[sensor]} onDragEnd={onDragEnd}>
        <SortableContext items={urls} strategy={horizontalListSortingStrategy}>
          <Upload
            accept={acceptOf('image')}
            listType="picture-card"
            multiple
            fileList={fileList}
            itemRender={(node, file) => <SortableItem node={node} file={file} />}
            onPreview={(file) => file.url && window.open(file.url, '_blank', 'noopener')}
            onRemove={(file) => {
              commit(latest.current.filter((u) => u !== file.url));
              return false;
            }}
            beforeUpload={(file) => {
              const problem =
                uploadProblem('image', file) ??
                (latest.current.length + pending.length >= MAX_IMAGES
                  ? `最多上传 ${MAX_IMAGES} 张图片`
                  : null);
              if (problem) message.error(problem);
              return problem ? Upload.LIST_IGNORE : true;
            }}
            customRequest={async ({ file }) => {
              const f = file as File & { uid: string };
              setPending((p) => [...p, { uid: f.uid, name: f.name, status: 'uploading' }]);
              try {
                const url = await uploadFile('image', f);
                if (!latest.current.includes(url)) commit([...latest.current, url]);
              } catch (error) {
                message.error(errorText(error));
              } finally {
                setPending((p) => p.filter((x) => x.uid !== f.uid));
              }
            }}
          >
            {fileList.length >= MAX_IMAGES ? null : (
              <div>
                <PlusOutlined />
                <div style={{ marginTop: 4, fontSize: 12 }}>拖入或点击上传</div>
              </div>
            )}
          </Upload>
        </SortableContext>
      </DndContext>
      <Typography.Text type="secondary">
        第一张为主图；拖动图片调整顺序；JPG、PNG、GIF、WebP，每张不超过 10MB，最多 {MAX_IMAGES} 张
      </Typography.Text>
    </div>
  );
}

/** 商品视频: one video, dropped or picked, uploaded at once and played back here. */
export function VideoUpload(props: {
  value?: string | null;
  onChange?: (url: string | null) => void;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (props.value) {
    return (
      <Flex gap={12} align="start" data-testid="video-upload">
        {/* biome-ignore lint/a11y/useMediaCaption: a merchant's own product video, previewed */}
        <video src={props.value} controls width={320} style={{ borderRadius: 6 }} />
        <Button danger onClick={() => props.onChange?.(null)}>
          删除视频
        </Button>
      </Flex>
    );
  }
  return (
    <div data-testid="video-upload">
      <Spin spinning={busy} tip="上传中…">
        <Upload.Dragger
          accept={acceptOf('video')}
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = uploadProblem('video', file);
            if (problem) message.error(problem);
            return problem ? Upload.LIST_IGNORE : true;
          }}
          customRequest={async ({ file }) => {
            setBusy(true);
            try {
              props.onChange?.(await uploadFile('video', file as File));
            } catch (error) {
              message.error(errorText(error));
            } finally {
              setBusy(false);
            }
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">把视频拖到这里，或点击选择</p>
          <p className="ant-upload-hint">MP4、WebM、MOV，不超过 100MB</p>
        </Upload.Dragger>
      </Spin>
    </div>
  );
}
