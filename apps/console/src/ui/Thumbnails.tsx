import { Image, Space, Typography } from 'antd';

/** Thumbnails that open antd's preview (one group per row: arrows between its pictures). */
export function Thumbnails({ images }: { images: readonly string[] }) {
  if (!images.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {images.map((src) => (
          <Image
            key={src}
            src={src}
            width={40}
            height={40}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            alt=""
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
