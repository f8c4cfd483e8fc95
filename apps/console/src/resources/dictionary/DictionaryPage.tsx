import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useCan, useNotification } from '@refinedev/core';
import { Alert, Button, Flex, Form, Input, Segmented, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FailureAlert } from '../../ui/FailureAlert.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { useSubmit } from '../../ui/useSubmit.ts';
import { loadDictionary, saveDictionary } from './api.ts';
import {
  cleanItems,
  DICTIONARIES,
  type DictionaryCode,
  ITEMS_MAX,
  type ItemDraft,
  isDuplicateValue,
  LABEL_MAX,
  VALUE_MAX,
} from './items.ts';

interface Values {
  items: ItemDraft[];
}

/** One dictionary's rows: label and value, 1–20 of them, values unique, in order. */
function DictionaryEditor({ code, canWrite }: { code: DictionaryCode; canWrite: boolean }) {
  const meta = DICTIONARIES.find((d) => d.code === code) ?? DICTIONARIES[0];
  const loaded = useLoad(() => loadDictionary(code), code);
  const [form] = Form.useForm<Values>();
  const { busy, failure, submit: save } = useSubmit();
  const { open } = useNotification();

  useEffect(() => {
    if (loaded.data) form.setFieldsValue({ items: loaded.data.items.map((it) => ({ ...it })) });
  }, [loaded.data, form]);

  async function submit(values: Values) {
    await save(async () => {
      const saved = await saveDictionary(code, cleanItems(values.items));
      form.setFieldsValue({ items: saved.items.map((it) => ({ ...it })) });
      open?.({ type: 'success', message: `${meta.name}已保存`, key: `dictionary-${code}` });
    });
  }

  if (loaded.error) return <Alert type="error" showIcon message={loaded.error} />;
  return (
    <Spin spinning={loaded.loading}>
      <Typography.Paragraph type="secondary">{meta.hint}</Typography.Paragraph>
      <FailureAlert failure={failure} />
      <Form<Values> form={form} onFinish={submit} disabled={!canWrite} style={{ maxWidth: 760 }}>
        <Form.List
          name="items"
          rules={[
            {
              validator: async (_, list: unknown[] | undefined) => {
                const count = list?.length ?? 0;
                if (count < 1) throw new Error('至少保留一行');
                if (count > ITEMS_MAX) throw new Error(`最多${ITEMS_MAX}行`);
              },
            },
          ]}
        >
          {(fields, { add, remove, move }, { errors }) => (
            <>
              <Flex gap={8} style={{ marginBottom: 8 }}>
                <Typography.Text strong style={{ width: 220 }}>
                  {meta.labelName}
                </Typography.Text>
                <Typography.Text strong>{meta.valueName}</Typography.Text>
              </Flex>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="start">
                  <Form.Item
                    name={[field.name, 'label']}
                    style={{ width: 220 }}
                    rules={[
                      { required: true, whitespace: true, message: `请填写${meta.labelName}` },
                      { max: LABEL_MAX, message: `${meta.labelName}最多${LABEL_MAX}字` },
                    ]}
                  >
                    <Input maxLength={LABEL_MAX} aria-label={`第${index + 1}行${meta.labelName}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'value']}
                    style={{ flex: 1 }}
                    dependencies={fields
                      .filter((f) => f.key !== field.key)
                      .map((f) => ['items', f.name, 'value'])}
                    rules={[
                      { required: true, whitespace: true, message: `请填写${meta.valueName}` },
                      { max: VALUE_MAX, message: `${meta.valueName}最多${VALUE_MAX}字` },
                      {
                        validator: async () => {
                          const items = (form.getFieldValue('items') ?? []) as ItemDraft[];
                          if (isDuplicateValue(items, field.name))
                            throw new Error(`${meta.valueName}不能与其他行重复`);
                        },
                      },
                    ]}
                  >
                    <Input maxLength={VALUE_MAX} aria-label={`第${index + 1}行${meta.valueName}`} />
                  </Form.Item>
                  <Space.Compact>
                    <Button
                      icon={<ArrowUpOutlined />}
                      aria-label="上移"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                    <Button
                      icon={<ArrowDownOutlined />}
                      aria-label="下移"
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label="删除"
                      danger
                      disabled={fields.length <= 1}
                      onClick={() => remove(field.name)}
                    />
                  </Space.Compact>
                </Flex>
              ))}
              <Form.ErrorList errors={errors} />
              <Space style={{ marginTop: 8 }}>
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= ITEMS_MAX}
                  onClick={() => add({ label: '', value: '' })}
                >
                  添加一行
                </Button>
                <Button type="primary" htmlType="submit" loading={busy}>
                  保存
                </Button>
                <Typography.Text type="secondary">
                  {fields.length}/{ITEMS_MAX} 行
                </Typography.Text>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Spin>
  );
}

/** 联系我们 and the other dictionaries users pick from (反馈类型, 举报原因). */
export default function DictionaryPage() {
  const [code, setCode] = useState<DictionaryCode>('contact_us');
  const { data: canWrite } = useCan({ resource: 'dictionary', action: 'edit' });
  return (
    <PageFrame resource={{ label: '联系我们', section: 'content' }}>
      <Segmented
        value={code}
        options={DICTIONARIES.map((d) => ({ value: d.code, label: d.name }))}
        onChange={(next) => setCode(next as DictionaryCode)}
        style={{ marginBottom: 16 }}
      />
      <DictionaryEditor key={code} code={code} canWrite={Boolean(canWrite?.can)} />
    </PageFrame>
  );
}
