import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConsoleMe } from '@chaopin/contracts';
import { useTable } from '@refinedev/antd';
import { type CrudFilter, useCan, useGetIdentity, useGo } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { FilterTabs } from '../../ui/FilterTabs.tsx';
import { formatChinaTime, formatFen } from '../../ui/format.ts';
import { GoodsCell } from '../../ui/GoodsCell.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { useRowAction } from '../../ui/useRowAction.ts';
import { categoryTree, type ProductRow, shelfBatch, storeOptions } from './api.ts';

const TABS = [
  { value: 'all', label: '全部' },
  { value: 'on', label: '在售' },
  { value: 'off', label: '已下架' },
] as const;

const filterValue = (filters: CrudFilter[], field: string) => {
  const f = filters.find((x) => 'field' in x && x.field === field);
  return f && 'field' in f ? f.value : undefined;
};

const price = (row: ProductRow) =>
  row.minPrice === row.maxPrice
    ? formatFen(row.minPrice)
    : `${formatFen(row.minPrice)} ~ ${formatFen(row.maxPrice)}`;

/**
 * 商品: every product the signed-in user may see (a 商家: their store's), searched by title or id,
 * filtered by store, category, shelf state, stock-out and 处方药, sorted on the server; 上架/下架
 * one at a time or for the selected rows at once.
 */
export default function ProductList() {
  const { tableProps, filters, setFilters, sorters } = useTable<ProductRow>({
    resource: 'product',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
  });
  const { data: me } = useGetIdentity<ConsoleMe>();
  const { data: canWrite } = useCan({ resource: 'product', action: 'edit' });
  const go = useGo();
  const { run, running } = useRowAction('product');
  const [selected, setSelected] = useState<number[]>([]);
  const categories = useQuery({ queryKey: ['console', 'categories'], queryFn: categoryTree });
  const [storeQ, setStoreQ] = useState('');
  const operator = me?.storeIds === null;
  const stores = useQuery({
    queryKey: ['console', 'stores', storeQ],
    queryFn: () => storeOptions(storeQ),
    enabled: operator,
  });
  const setFilter = (field: string, value: unknown, operator: 'eq' | 'contains' = 'eq') =>
    setFilters([{ field, operator, value } as CrudFilter], 'merge');
  const sortOf = (field: string) => {
    const s = sorters.find((x) => x.field === field);
    return s ? (`${s.order}end` as const) : null;
  };

  const bulk = (on: boolean) =>
    run('bulk', on ? '已批量上架' : '已批量下架', async () => {
      await shelfBatch(selected, on);
      setSelected([]);
    });

  return (
    <PageFrame
      resource={{ label: '商品', section: 'goods' }}
      extra={
        canWrite?.can ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => go({ to: { resource: 'product', action: 'create' } })}
          >
            新建商品
          </Button>
        ) : null
      }
    >
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="商品标题或ID"
          aria-label="搜索商品"
          defaultValue={String(filterValue(filters, 'q') ?? '')}
          onSearch={(q) => setFilter('q', q.trim() || undefined, 'contains')}
          style={{ width: 240 }}
        />
        {operator ? (
          <Select
            allowClear
            showSearch
            filterOption={false}
            placeholder="全部店铺"
            aria-label="店铺"
            onSearch={setStoreQ}
            value={filterValue(filters, 'storeId') as number | undefined}
            onChange={(v) => setFilter('storeId', v)}
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            style={{ width: 200 }}
          />
        ) : null}
        <TreeSelect
          allowClear
          placeholder="全部分类"
          aria-label="分类"
          value={filterValue(filters, 'categoryId') as number | undefined}
          onChange={(v) => setFilter('categoryId', v)}
          treeData={(categories.data?.list ?? []).map((n) => ({
            value: n.id,
            title: n.name,
            children: n.children.map((c) => ({ value: c.id, title: c.name })),
          }))}
          style={{ width: 180 }}
        />
        <Select
          allowClear
          placeholder="库存"
          aria-label="库存"
          value={filterValue(filters, 'stockOut') as string | undefined}
          onChange={(v) => setFilter('stockOut', v)}
          options={[
            { value: 'any', label: '有规格售罄' },
            { value: 'all', label: '全部售罄' },
          ]}
          style={{ width: 140 }}
        />
        <Select
          allowClear
          placeholder="处方药"
          aria-label="处方药"
          value={filterValue(filters, 'rx') as boolean | undefined}
          onChange={(v) => setFilter('rx', v)}
          options={[
            { value: true, label: '仅处方药' },
            { value: false, label: '非处方药' },
          ]}
          style={{ width: 120 }}
        />
      </Flex>
      <FilterTabs field="status" tabs={TABS} filters={filters} setFilters={setFilters} />
      {canWrite?.can ? (
        <Space style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">已选 {selected.length} 件</Typography.Text>
          <Button
            disabled={!selected.length}
            loading={running === 'bulk'}
            onClick={() => bulk(true)}
          >
            批量上架
          </Button>
          <Button
            disabled={!selected.length}
            loading={running === 'bulk'}
            onClick={() => bulk(false)}
          >
            批量下架
          </Button>
        </Space>
      ) : null}
      <Table<ProductRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1200 }}
        rowSelection={
          canWrite?.can
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                preserveSelectedRowKeys: false,
              }
            : undefined
        }
      >
        <Table.Column<ProductRow>
          title="商品"
          key="id"
          width={340}
          sorter
          sortOrder={sortOf('id')}
          render={(_, row) => (
            <GoodsCell image={row.mainImage} size={56}>
              <div>
                <Typography.Text ellipsis style={{ maxWidth: 250, display: 'block' }}>
                  {row.rx ? <Tag color="red">处方药</Tag> : null}
                  {row.title}
                </Typography.Text>
                <Typography.Text type="secondary">ID {row.id}</Typography.Text>
              </div>
            </GoodsCell>
          )}
        />
        {operator ? <Table.Column<ProductRow> title="店铺" dataIndex="storeName" /> : null}
        <Table.Column<ProductRow> title="分类" dataIndex="categoryName" />
        <Table.Column<ProductRow>
          title="价格"
          key="price"
          dataIndex="minPrice"
          align="right"
          sorter
          sortOrder={sortOf('price')}
          render={(_, row) => price(row)}
        />
        <Table.Column<ProductRow>
          title="库存"
          key="stock"
          dataIndex="stock"
          align="right"
          sorter
          sortOrder={sortOf('stock')}
          render={(stock: number, row) => (
            <Space size={4}>
              {stock}
              {row.soldOutSkus > 0 ? (
                <Tag color={row.soldOutSkus === row.skuCount ? 'red' : 'orange'}>
                  {row.soldOutSkus === row.skuCount ? '售罄' : `${row.soldOutSkus}个规格售罄`}
                </Tag>
              ) : null}
            </Space>
          )}
        />
        <Table.Column<ProductRow>
          title="销量"
          key="sales"
          dataIndex="sales"
          align="right"
          sorter
          sortOrder={sortOf('sales')}
        />
        <Table.Column<ProductRow>
          title="状态"
          dataIndex="status"
          render={(s: string) => (
            <Tag color={s === 'on' ? 'green' : 'default'}>{s === 'on' ? '在售' : '已下架'}</Tag>
          )}
        />
        <Table.Column<ProductRow>
          title="更新时间"
          key="updatedAt"
          dataIndex="updatedAt"
          width={170}
          sorter
          sortOrder={sortOf('updatedAt')}
          render={(at: string) => formatChinaTime(at)}
        />
        {canWrite?.can ? (
          <Table.Column<ProductRow>
            title="操作"
            key="actions"
            fixed="right"
            render={(_, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => go({ to: { resource: 'product', action: 'edit', id: row.id } })}
                >
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  loading={running === String(row.id)}
                  onClick={() =>
                    run(String(row.id), row.status === 'on' ? '已下架' : '已上架', () =>
                      shelfBatch([row.id], row.status !== 'on'),
                    )
                  }
                >
                  {row.status === 'on' ? '下架' : '上架'}
                </Button>
              </Space>
            )}
          />
        ) : null}
      </Table>
    </PageFrame>
  );
}
