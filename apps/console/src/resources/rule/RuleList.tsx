import { PlusOutlined } from '@ant-design/icons';
import { useCan, useNotification } from '@refinedev/core';
import { Alert, Button, Table, Typography } from 'antd';
import { useState } from 'react';
import { formatChinaTime } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { loadRules, type RuleRow } from './api.ts';
import { RULE_NAMES } from './paragraphs.ts';
import { RuleEditor } from './RuleEditor.tsx';

/** 规则页: the shopper app's rule pages (购物规则, 用户协议, 隐私政策 …), each edited in a drawer. */
export default function RuleList() {
  const rules = useLoad(loadRules);
  const { data: canWrite } = useCan({ resource: 'rule', action: 'edit' });
  const { open } = useNotification();
  const [editing, setEditing] = useState<RuleRow | null | undefined>(undefined);

  return (
    <PageFrame
      resource={{ label: '规则页', section: 'content' }}
      extra={
        canWrite?.can ? (
          <Button icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            新建规则页
          </Button>
        ) : null
      }
    >
      {rules.error ? (
        <Alert type="error" showIcon message={rules.error} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<RuleRow>
        dataSource={rules.data ?? []}
        loading={rules.loading}
        rowKey="code"
        size="middle"
        pagination={false}
      >
        <Table.Column<RuleRow>
          title="编码"
          dataIndex="code"
          width={220}
          render={(code: string) => (
            <div>
              <Typography.Text code>{code}</Typography.Text>
              {RULE_NAMES[code] ? (
                <Typography.Text type="secondary"> {RULE_NAMES[code]}</Typography.Text>
              ) : null}
            </div>
          )}
        />
        <Table.Column<RuleRow> title="标题" dataIndex="title" />
        <Table.Column<RuleRow>
          title="段落数"
          key="count"
          align="right"
          width={100}
          render={(_, row) => row.paragraphs.length}
        />
        <Table.Column<RuleRow>
          title="更新时间"
          dataIndex="updatedAt"
          width={180}
          render={(at: string) => formatChinaTime(at)}
        />
        <Table.Column<RuleRow>
          title="操作"
          key="actions"
          width={100}
          render={(_, row) =>
            canWrite?.can ? (
              <Button type="link" size="small" onClick={() => setEditing(row)}>
                编辑
              </Button>
            ) : null
          }
        />
      </Table>
      <RuleEditor
        rule={editing}
        onClose={() => setEditing(undefined)}
        onSaved={async () => {
          setEditing(undefined);
          open?.({ type: 'success', message: '规则页已保存', key: 'rule-saved' });
          await rules.reload();
        }}
      />
    </PageFrame>
  );
}
