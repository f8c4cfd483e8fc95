import {
  EVALUATION_CONTENT_MAX,
  EVALUATION_IMAGES_MAX,
  type OrderDetail,
} from '@chaopin/contracts';
import { ImageUploader, type ImageUploadItem, Rate, TextArea } from 'antd-mobile';
import { uploadApi } from '../../../core/api/upload.ts';
import { Img } from '../../../ui/Img.tsx';

export interface ItemDraft {
  stars: number;
  content: string;
  images: ImageUploadItem[];
  uploading: boolean;
}

export const emptyDraft = (): ItemDraft => ({
  stars: 5,
  content: '',
  images: [],
  uploading: false,
});

const STAR_TEXT = ['', '非常差', '差', '一般', '好', '非常好'];

type Line = OrderDetail['items'][number];

/** One order line's stars, text and up to nine photos. */
export function ItemEvaluationForm({
  item,
  draft,
  onChange,
}: {
  item: Line;
  draft: ItemDraft;
  onChange: (patch: Partial<ItemDraft>) => void;
}) {
  return (
    <section className="card evaluate-item" data-testid={`evaluate-item-${item.itemId}`}>
      <header className="evaluate-item__goods">
        <Img className="evaluate-item__image" src={item.image} alt={item.title} />
        <div>
          <div className="text-clamp-2">{item.title}</div>
          <div className="evaluate-item__sku">{item.skuName}</div>
        </div>
      </header>
      <div className="evaluate-item__rate">
        <span>商品评分</span>
        <Rate
          allowClear={false}
          value={draft.stars}
          onChange={(stars) => onChange({ stars })}
          style={{ '--star-size': '22px' }}
        />
        <span className="evaluate-item__star-text">{STAR_TEXT[draft.stars]}</span>
      </div>
      <TextArea
        placeholder="宝贝满足你的期待吗？说说它的优点和美中不足的地方吧"
        maxLength={EVALUATION_CONTENT_MAX}
        showCount
        rows={4}
        value={draft.content}
        onChange={(content) => onChange({ content })}
      />
      <ImageUploader
        value={draft.images}
        onChange={(images) => onChange({ images })}
        maxCount={EVALUATION_IMAGES_MAX}
        multiple
        upload={async (file) => ({ url: await uploadApi.image(file, file.name) })}
        onUploadQueueChange={(tasks) =>
          onChange({ uploading: tasks.some((t) => t.status === 'pending') })
        }
      />
    </section>
  );
}
