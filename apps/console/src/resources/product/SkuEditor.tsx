import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, InputNumber, Select, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { ImageUpload } from '../../ui/ImageUpload.tsx';
import { buildRows, MAX_AXES, type SkuMatrix, type SkuRow, type SpecAxis } from './sku-matrix.ts';

const MONEY = { min: 0, max: 1_000_000, precision: 2, step: 1 } as const;

/**
 * 规格与库存: spec axes (颜色 × 尺码 …, up to three) make the SKU matrix; each row has its own
 * 售价, 原价, 库存, 包邮 and picture. A controlled form field over `SkuMatrix`.
 */
export function SkuEditor(props: { value?: SkuMatrix; onChange?: (next: SkuMatrix) => void }) {
  const value = props.value ?? { axes: [], rows: buildRows([], []) };
  const setAxes = (axes: SpecAxis[]) =>
    props.onChange?.({ axes, rows: buildRows(axes, value.rows) });
  const setRow = (key: string, patch: Partial<SkuRow>) =>
    props.onChange?.({
      ...value,
      rows: value.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)),
    });
  const [bulk, setBulk] = useState<{ price?: number; originPrice?: number; stock?: number }>({});

  return (
    <div data-testid="sku-editor">
      <Space direction="vertical" style={{ width: '100%' }} size={8}>
        {value.axes.map((axis, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: axes are edited in place, never reordered
          <Flex key={i} gap={8} align="center" data-testid={`sku-axis-${i}`}>
            <Input
              aria-label={`规格名${i + 1}`}
              placeholder="规格名，如 颜色"
              maxLength={20}
              value={axis.name}
              style={{ width: 160 }}
              onChange={(e) =>
                setAxes(value.axes.map((a, j) => (j === i ? { ...a, name: e.target.value } : a)))
              }
            />
            <Select
              aria-label={`规格值${i + 1}`}
              mode="tags"
              placeholder="输入规格值后回车，如 黑色"
              value={axis.values}
              open={false}
              suffixIcon={null}
              style={{ flex: 1 }}
              tokenSeparators={[',', '，']}
              onChange={(values: string[]) =>
                setAxes(
                  value.axes.map((a, j) =>
                    j === i
                      ? { ...a, values: [...new Set(values.map((v) => v.trim()).filter(Boolean))] }
                      : a,
                  ),
                )
              }
            />
            <Button
              aria-label={`删除规格${i + 1}`}
              icon={<DeleteOutlined />}
              onClick={() => setAxes(value.axes.filter((_, j) => j !== i))}
            />
          </Flex>
        ))}
        <Button
          icon={<PlusOutlined />}
          disabled={value.axes.length >= MAX_AXES}
          onClick={() => setAxes([...value.axes, { name: '', values: [] }])}
        >
          添加规格（最多 {MAX_AXES} 个，如 颜色、尺码）
        </Button>
      </Space>

      <Flex gap={8} align="center" style={{ margin: '12px 0 8px' }}>
        <Typography.Text type="secondary">批量设置：</Typography.Text>
        <InputNumber
          {...MONEY}
          placeholder="售价(元)"
          value={bulk.price ?? null}
          onChange={(v) => setBulk({ ...bulk, price: v ?? undefined })}
        />
        <InputNumber
          {...MONEY}
          placeholder="原价(元)"
          value={bulk.originPrice ?? null}
          onChange={(v) => setBulk({ ...bulk, originPrice: v ?? undefined })}
        />
        <InputNumber
          min={0}
          max={10_000_000}
          precision={0}
          placeholder="库存"
          value={bulk.stock ?? null}
          onChange={(v) => setBulk({ ...bulk, stock: v ?? undefined })}
        />
        <Button
          onClick={() =>
            props.onChange?.({
              ...value,
              rows: value.rows.map((r) => ({
                ...r,
                ...(bulk.price === undefined ? {} : { price: bulk.price }),
                ...(bulk.originPrice === undefined ? {} : { originPrice: bulk.originPrice }),
                ...(bulk.stock === undefined ? {} : { stock: bulk.stock }),
              })),
            })
          }
        >
          应用到全部
        </Button>
      </Flex>

      <Table<SkuRow>
        dataSource={value.rows}
        rowKey="key"
        size="small"
        pagination={false}
        scroll={{ y: 420 }}
      >
        <Table.Column<SkuRow> title="规格" dataIndex="name" width={160} />
        <Table.Column<SkuRow>
          title="售价(元)"
          key="price"
          render={(_, r) => (
            <InputNumber
              {...MONEY}
              aria-label={`${r.name} 售价`}
              value={r.price}
              onChange={(v) => setRow(r.key, { price: v })}
            />
          )}
        />
        <Table.Column<SkuRow>
          title="原价(元)"
          key="originPrice"
          render={(_, r) => (
            <InputNumber
              {...MONEY}
              aria-label={`${r.name} 原价`}
              value={r.originPrice}
              onChange={(v) => setRow(r.key, { originPrice: v })}
            />
          )}
        />
        <Table.Column<SkuRow>
          title="库存"
          key="stock"
          render={(_, r) => (
            <InputNumber
              min={0}
              max={10_000_000}
              precision={0}
              aria-label={`${r.name} 库存`}
              value={r.stock}
              onChange={(v) => setRow(r.key, { stock: v })}
            />
          )}
        />
        <Table.Column<SkuRow>
          title="包邮"
          key="freeShipping"
          width={70}
          render={(_, r) => (
            <Switch
              size="small"
              aria-label={`${r.name} 包邮`}
              checked={r.freeShipping}
              onChange={(on) => setRow(r.key, { freeShipping: on })}
            />
          )}
        />
        <Table.Column<SkuRow>
          title="图片"
          key="image"
          width={90}
          render={(_, r) => (
            <ImageUpload
              size={56}
              label="主图"
              value={r.image}
              onChange={(url) => setRow(r.key, { image: url })}
            />
          )}
        />
      </Table>
    </div>
  );
}
