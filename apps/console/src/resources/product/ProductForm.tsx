import type { ConsoleMe } from '@chaopin/contracts';
import { useGetIdentity, useGo, useInvalidate, useNotification, useOne } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Select, Spin, TreeSelect, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { errorText } from '../../ui/upload.ts';
import { categoryTree, type ProductDetail, saveProduct, storeOptions } from './api.ts';
import { GalleryUpload, VideoUpload } from './MediaUpload.tsx';
import { SkuEditor } from './SkuEditor.tsx';
import {
  buildRows,
  fromSaved,
  matrixProblem,
  type SkuMatrix,
  toFen,
  toSkuInputs,
} from './sku-matrix.ts';

// The editor (Quill) is loaded with the form only: never in the console's first load.
const RichEditor = lazy(() => import('./RichEditor.tsx'));

/** The editor as a form field (the form hands value/onChange to its direct child). */
function DetailEditor(props: { value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Spin />}>
      <RichEditor {...props} />
    </Suspense>
  );
}

interface Values {
  storeId?: number;
  categoryId?: number;
  title: string;
  subtitle: string;
  images: string[];
  video: string | null;
  sku: SkuMatrix;
  detail: string;
}

const EMPTY: Values = {
  title: '',
  subtitle: '',
  images: [],
  video: null,
  sku: { axes: [], rows: buildRows([], []) },
  detail: '',
};

function valuesOf(p: ProductDetail): Values {
  return {
    storeId: p.storeId,
    categoryId: p.categoryId,
    title: p.title,
    subtitle: p.subtitle,
    images: p.images.length ? p.images : [p.mainImage],
    video: p.video,
    sku: fromSaved(p.skus),
    detail: p.detail,
  };
}

/**
 * 新建商品 / 编辑商品: store (the operator picks; a 商家 saves in their own), category, title,
 * pictures and video (uploaded as dropped, dragged into order), the SKU matrix, the description.
 * The API checks it all again and answers a Chinese error on a refusal.
 */
export function ProductForm(props: { id?: number }) {
  const [form] = Form.useForm<Values>();
  const go = useGo();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { data: me } = useGetIdentity<ConsoleMe>();
  const [saving, setSaving] = useState(false);
  const editing = props.id !== undefined;
  const { query } = useOne<ProductDetail>({
    resource: 'product',
    id: props.id ?? 0,
    queryOptions: { enabled: editing },
  });
  const categories = useQuery({ queryKey: ['console', 'categories'], queryFn: categoryTree });
  const [storeQ, setStoreQ] = useState('');
  const stores = useQuery({
    queryKey: ['console', 'stores', storeQ],
    queryFn: () => storeOptions(storeQ),
  });
  const operator = me?.storeIds === null;

  const loaded = query.data?.data;
  useEffect(() => {
    if (loaded) form.setFieldsValue(valuesOf(loaded));
  }, [loaded, form]);
  useEffect(() => {
    if (!editing && me && me.storeId !== null) form.setFieldValue('storeId', me.storeId);
  }, [editing, me, form]);

  async function submit(v: Values) {
    const mainImage = v.images[0] ?? '';
    const skus = toSkuInputs(v.sku, mainImage);
    setSaving(true);
    try {
      const saved = await saveProduct({
        ...(props.id === undefined ? {} : { id: props.id }),
        storeId: v.storeId ?? 0,
        categoryId: v.categoryId ?? 0,
        title: v.title.trim(),
        subtitle: v.subtitle.trim(),
        mainImage,
        images: v.images,
        video: v.video,
        originPrice: Math.max(...skus.map((s) => s.originPrice), toFen(0)),
        detail: v.detail,
        skus,
      });
      open?.({ type: 'success', message: editing ? '商品已保存' : '商品已创建' });
      await invalidate({ resource: 'product', invalidates: ['list', 'detail'] });
      go({ to: { resource: 'product', action: 'list' }, options: { keepQuery: true } });
      return saved;
    } catch (error) {
      open?.({ type: 'error', message: '保存失败', description: errorText(error, '请稍后重试') });
      return null;
    } finally {
      setSaving(false);
    }
  }

  if (editing && query.isLoading)
    return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  return (
    <PageFrame
      resource={{ label: '商品', section: 'goods' }}
      title={editing ? `编辑商品 #${props.id}` : '新建商品'}
    >
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        initialValues={EMPTY}
        onFinish={submit}
        scrollToFirstError
        style={{ maxWidth: 1100 }}
      >
        <Form.Item label="店铺" name="storeId" rules={[{ required: true, message: '请选择店铺' }]}>
          <Select
            showSearch
            disabled={!operator}
            placeholder="选择店铺"
            filterOption={false}
            onSearch={setStoreQ}
            loading={stores.isLoading}
            options={(stores.data ?? []).map((s) => ({
              value: s.id,
              label: `${s.name}（#${s.id}）`,
            }))}
            style={{ maxWidth: 360 }}
          />
        </Form.Item>
        <Form.Item
          label="分类"
          name="categoryId"
          rules={[{ required: true, message: '请选择分类' }]}
        >
          <TreeSelect
            placeholder="选择分类"
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={(categories.data?.list ?? []).map((n) => ({
              value: n.id,
              title: n.name,
              children: n.children.map((c) => ({ value: c.id, title: c.name })),
            }))}
            style={{ maxWidth: 360 }}
          />
        </Form.Item>
        <Form.Item
          label="商品标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '请填写商品标题' },
            { max: 120, message: '标题不能超过120个字' },
          ]}
        >
          <Input maxLength={120} showCount placeholder="如 纯棉宽松卫衣 男女同款" />
        </Form.Item>
        <Form.Item
          label="副标题"
          name="subtitle"
          rules={[{ max: 200, message: '副标题不能超过200个字' }]}
        >
          <Input maxLength={200} placeholder="卖点一句话（选填）" />
        </Form.Item>
        <Form.Item
          label="商品图"
          name="images"
          rules={[{ type: 'array', min: 1, required: true, message: '请至少上传一张商品图' }]}
        >
          <GalleryUpload />
        </Form.Item>
        <Form.Item label="商品视频" name="video">
          <VideoUpload />
        </Form.Item>
        <Form.Item
          label="规格与库存"
          name="sku"
          rules={[
            {
              validator: (_, m: SkuMatrix) => {
                const problem = matrixProblem(m);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <SkuEditor />
        </Form.Item>
        <Form.Item label="商品详情" name="detail">
          <DetailEditor />
        </Form.Item>
        <Flex gap={8} style={{ marginLeft: 110 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
          <Button onClick={() => go({ to: { resource: 'product', action: 'list' } })}>取消</Button>
          {editing && loaded ? (
            <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
              {loaded.status === 'on' ? '在售中，保存后立即生效' : '已下架'}
            </Typography.Text>
          ) : null}
        </Flex>
      </Form>
    </PageFrame>
  );
}
