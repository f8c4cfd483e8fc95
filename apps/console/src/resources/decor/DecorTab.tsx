import { HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { DndContext, type DragEndEvent, PointerSensor, useSensor } from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useNotification } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { createContext, type HTMLAttributes, useContext, useState } from 'react';
import { formatChinaTime } from '../../ui/format.ts';
import { errorText } from '../../ui/upload.ts';
import {
  type DecorItem,
  decorDelete,
  decorEnable,
  decorList,
  decorSave,
  decorSort,
} from './api.ts';
import { DecorForm } from './DecorForm.tsx';
import type { DecorKindSpec } from './kinds.ts';

/** The drag handle's listeners, handed from a sortable row to its handle cell. */
const HandleContext = createContext<HTMLAttributes<HTMLElement>>({});

function Handle() {
  const listeners = useContext(HandleContext);
  return (
    <HolderOutlined
      aria-label="拖动排序"
      style={{ cursor: 'grab', color: '#999' }}
      {...listeners}
    />
  );
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props['data-row-key'],
  });
  return (
    <HandleContext.Provider value={{ ...attributes, ...listeners } as HTMLAttributes<HTMLElement>}>
      <tr
        {...props}
        ref={setNodeRef}
        style={{
          ...props.style,
          transform: CSS.Translate.toString(transform),
          transition,
          ...(isDragging ? { position: 'relative', zIndex: 9, background: '#fafafa' } : {}),
        }}
      />
    </HandleContext.Provider>
  );
}

const field = (item: DecorItem, name: string) => (item as Record<string, unknown>)[name];

/**
 * One decor kind's table: drag rows to reorder (saved at once), switch one on or off, edit,
 * delete, add. The app's home page reads the change on its next load.
 */
export function DecorTab(props: { spec: DecorKindSpec }) {
  const { spec } = props;
  const { open } = useNotification();
  const client = useQueryClient();
  const key = ['console', 'decor', spec.kind];
  const list = useQuery({ queryKey: key, queryFn: () => decorList(spec.kind) });
  const [editing, setEditing] = useState<DecorItem | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const sensor = useSensor(PointerSensor, { activationConstraint: { distance: 4 } });
  const rows = list.data?.list ?? [];

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
      await client.invalidateQueries({ queryKey: key });
    }
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id || spec.kind === 'popup') return;
    const ids = rows.map((r) => r.id);
    const order = arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    const kind = spec.kind;
    client.setQueryData(key, { list: order.map((id) => rows.find((r) => r.id === id)) });
    void act('顺序已保存', () => decorSort(kind, order));
  };

  const table = (
    <Table<DecorItem>
      dataSource={rows}
      rowKey={(r) => String(r.id)}
      loading={list.isLoading || busy}
      pagination={false}
      size="middle"
      components={spec.sortable ? { body: { row: SortableRow } } : undefined}
    >
      {spec.sortable ? (
        <Table.Column<DecorItem> key="sort" width={40} render={() => <Handle />} />
      ) : null}
      {spec.fields.map((f) => (
        <Table.Column<DecorItem>
          key={f.name}
          title={f.label}
          render={(_, item) => {
            const value = String(field(item, f.name) ?? '');
            if (f.kind === 'image') {
              return (
                <img
                  src={value}
                  alt=""
                  height={48}
                  style={{ maxWidth: 160, objectFit: 'contain' }}
                />
              );
            }
            return f.kind === 'link' ? (
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }}>
                {value}
              </Typography.Text>
            ) : (
              value
            );
          }}
        />
      ))}
      {spec.kind === 'popup' ? (
        <Table.Column<DecorItem>
          title="生效时间"
          key="window"
          render={(_, item) =>
            'startsAt' in item ? (
              <Space direction="vertical" size={0}>
                <span>
                  {formatChinaTime(item.startsAt)} ~ {formatChinaTime(item.endsAt)}
                </span>
                <Space size={4}>
                  <Tag>{item.audience === 'new' ? '新人' : '所有人'}</Tag>
                  {item.live ? <Tag color="green">生效中</Tag> : null}
                </Space>
              </Space>
            ) : null
          }
        />
      ) : null}
      <Table.Column<DecorItem>
        title="启用"
        key="enabled"
        width={80}
        render={(_, item) => (
          <Switch
            aria-label="启用"
            checked={item.enabled}
            onChange={(on) =>
              act(on ? '已启用' : '已停用', () => decorEnable(spec.kind, item.id, on))
            }
          />
        )}
      />
      <Table.Column<DecorItem>
        title="操作"
        key="actions"
        width={140}
        render={(_, item) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing(item)}>
              编辑
            </Button>
            <Popconfirm
              title={`删除这个${spec.label}？`}
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => act('已删除', () => decorDelete(spec.kind, item.id))}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        )}
      />
    </Table>
  );

  return (
    <div data-testid={`decor-${spec.kind}`}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {spec.hint}
          {spec.sortable ? '；拖动左侧把手调整顺序' : ''}
        </Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          新建{spec.label}
        </Button>
      </Flex>
      {spec.sortable ? (
        <DndContext sensors={[sensor]} onDragEnd={onDragEnd}>
          <SortableContext
            items={rows.map((r) => String(r.id))}
            strategy={verticalListSortingStrategy}
          >
            {table}
          </SortableContext>
        </DndContext>
      ) : (
        table
      )}
      {editing !== undefined ? (
        <DecorForm
          spec={spec}
          item={editing}
          busy={busy}
          onCancel={() => setEditing(undefined)}
          onSave={async (body) => {
            if (await act('已保存', () => decorSave(spec.kind, body))) setEditing(undefined);
          }}
        />
      ) : null}
    </div>
  );
}
