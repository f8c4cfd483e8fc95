import { DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { CATEGORY_NAME_MAX } from '@chaopin/contracts';
import { useNotification } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TreeDataNode, TreeProps } from 'antd';
import { Button, Flex, Form, Input, Modal, Popconfirm, Select, Spin, Tree, Typography } from 'antd';
import { useState } from 'react';
import { ImageUpload } from '../../ui/ImageUpload.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { errorText } from '../../ui/upload.ts';
import {
  type CategoryNode,
  categoryTree,
  deleteCategory,
  saveCategory,
  sortCategories,
} from './api.ts';
import { reordered } from './reorder.ts';

interface Editing {
  id?: number;
  parentId: number | null;
  name: string;
  icon: string;
}

const QUERY_KEY = ['console', 'categories'];

/**
 * 分类: the two-level tree the app's 分类 page shows, each with its product count. Drag a
 * category among its siblings to reorder them (saved at once); add, rename, change the icon,
 * delete an empty one. The app shows every change on its next visit.
 */
export default function CategoryTree() {
  const { open } = useNotification();
  const client = useQueryClient();
  const tree = useQuery({ queryKey: QUERY_KEY, queryFn: categoryTree });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Editing>();
  const nodes = tree.data?.list ?? [];

  async function act(done: string, action: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      open?.({ type: 'success', message: done });
      return true;
    } catch (error) {
      open?.({ type: 'error', message: '操作失败', description: errorText(error, '请稍后重试') });
      return false;
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: QUERY_KEY });
    }
  }

  const siblingsOf = (parentId: number | null) =>
    parentId === null
      ? nodes.map((n) => n.id)
      : (nodes.find((n) => n.id === parentId)?.children.map((c) => c.id) ?? []);
  const parentOf = (id: number): number | null | undefined => {
    if (nodes.some((n) => n.id === id)) return null;
    return nodes.find((n) => n.children.some((c) => c.id === id))?.id;
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = Number(info.dragNode.key);
    const target = Number(info.node.key);
    const parentId = parentOf(dragged);
    if (parentId === undefined || parentOf(target) !== parentId) return;
    const relative = info.dropPosition - Number(info.node.pos.split('-').pop());
    const order = reordered(siblingsOf(parentId), dragged, target, relative > 0);
    if (order) void act('排序已保存', () => sortCategories(parentId, order));
  };

  const title = (c: CategoryNode | CategoryNode['children'][number], top: boolean) => (
    <Flex gap={8} align="center" data-testid={`category-${c.id}`} style={{ minWidth: 520 }}>
      <HolderOutlined style={{ color: '#999', cursor: 'grab' }} />
      <img
        src={c.icon}
        alt=""
        width={28}
        height={28}
        style={{ objectFit: 'cover', borderRadius: 4 }}
      />
      <Typography.Text strong={top} style={{ flex: 1 }}>
        {c.name}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ width: 90 }}>
        {c.productCount} 件商品
      </Typography.Text>
      {top ? (
        <Button
          type="link"
          size="small"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ parentId: c.id, name: '', icon: '' })}
        >
          子分类
        </Button>
      ) : null}
      <Button
        type="link"
        size="small"
        icon={<EditOutlined />}
        onClick={() => setEditing({ id: c.id, parentId: c.parentId, name: c.name, icon: c.icon })}
      >
        编辑
      </Button>
      <Popconfirm
        title={`删除「${c.name}」？`}
        description="有商品或子分类的分类不能删除"
        okText="删除"
        okButtonProps={{ danger: true }}
        onConfirm={() => act('分类已删除', () => deleteCategory(c.id))}
      >
        <Button type="link" size="small" danger icon={<DeleteOutlined />}>
          删除
        </Button>
      </Popconfirm>
    </Flex>
  );

  const treeData: TreeDataNode[] = nodes.map((n) => ({
    key: n.id,
    title: title(n, true),
    children: n.children.map((c) => ({ key: c.id, title: title(c, false), isLeaf: true })),
  }));

  return (
    <PageFrame
      resource={{ label: '分类', section: 'goods' }}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ parentId: null, name: '', icon: '' })}
        >
          新建一级分类
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        拖动分类可在同级内调整顺序，立即生效；一级分类下可建二级分类（共两级）。
      </Typography.Paragraph>
      <Spin spinning={tree.isLoading || busy}>
        <Tree
          draggable={{ icon: false }}
          blockNode
          defaultExpandAll
          key={nodes.length}
          treeData={treeData}
          selectable={false}
          allowDrop={({ dragNode, dropNode, dropPosition }) =>
            dropPosition !== 0 && parentOf(Number(dragNode.key)) === parentOf(Number(dropNode.key))
          }
          onDrop={onDrop}
        />
      </Spin>
      <Modal
        open={editing !== null}
        title={editing?.id ? '编辑分类' : '新建分类'}
        okText="保存"
        confirmLoading={busy}
        destroyOnHidden
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
      >
        {editing ? (
          <Form<Editing>
            form={form}
            layout="vertical"
            initialValues={editing}
            preserve={false}
            onFinish={async (v) => {
              const ok = await act('分类已保存', () =>
                saveCategory({
                  ...(editing.id ? { id: editing.id } : {}),
                  parentId: v.parentId ?? null,
                  name: v.name.trim(),
                  icon: v.icon,
                }),
              );
              if (ok) setEditing(null);
            }}
          >
            <Form.Item label="上级分类" name="parentId">
              <Select
                allowClear
                placeholder="无（一级分类）"
                options={nodes
                  .filter((n) => n.id !== editing.id)
                  .map((n) => ({ value: n.id, label: n.name }))}
              />
            </Form.Item>
            <Form.Item
              label="名称"
              name="name"
              rules={[
                { required: true, whitespace: true, message: '请填写分类名称' },
                { max: CATEGORY_NAME_MAX, message: `分类名称须为1-${CATEGORY_NAME_MAX}个字` },
              ]}
            >
              <Input maxLength={CATEGORY_NAME_MAX} showCount placeholder="如 连衣裙" />
            </Form.Item>
            <Form.Item
              label="图标"
              name="icon"
              rules={[{ required: true, message: '请上传分类图标' }]}
            >
              <ImageUpload label="图标" />
            </Form.Item>
          </Form>
        ) : null}
      </Modal>
    </PageFrame>
  );
}
