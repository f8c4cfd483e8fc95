import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Col, Drawer, Form, Input, Row, Space, Typography, theme } from 'antd';
import { useEffect } from 'react';
import { FailureAlert } from '../../ui/FailureAlert.tsx';
import { useSubmit } from '../../ui/useSubmit.ts';
import { type RuleRow, updateRule } from './api.ts';
import {
  cleanParagraphs,
  isSectionHeading,
  RULE_CODE_PATTERN,
  RULE_PARAGRAPH_MAX,
  RULE_PARAGRAPHS_MAX,
  RULE_TITLE_MAX,
} from './paragraphs.ts';

interface Values {
  code: string;
  title: string;
  paragraphs: string[];
}

/** The page as the shopper app shows it: 一、 二、 paragraphs as headings. */
function Preview({ title, paragraphs }: { title?: string; paragraphs: string[] }) {
  const { token } = theme.useToken();
  return (
    <div
      data-testid="rule-preview"
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.padding,
        maxHeight: 'calc(100vh - 200px)',
        overflow: 'auto',
      }}
    >
      <Typography.Title level={5} style={{ textAlign: 'center' }}>
        {title || '（未填写标题）'}
      </Typography.Title>
      {paragraphs.map((p, i) =>
        isSectionHeading(p) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are text, possibly repeated
          <Typography.Title key={i} level={5} style={{ fontSize: 14, marginTop: 12 }}>
            {p}
          </Typography.Title>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are text, possibly repeated
          <Typography.Paragraph key={i} style={{ fontSize: 13 }}>
            {p}
          </Typography.Paragraph>
        ),
      )}
    </div>
  );
}

/**
 * 编辑规则页: the title and its paragraphs, one box each (add, remove, move up and down), with the
 * page previewed beside them. A new page also takes its code (lower-case letters, digits, _).
 */
export function RuleEditor(props: {
  /** undefined: closed; null: a new page; a row: that page. */
  rule: RuleRow | null | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { busy, failure, submit: save, clearFailure } = useSubmit();
  const title = Form.useWatch('title', form);
  const paragraphs = Form.useWatch('paragraphs', form) as (string | undefined)[] | undefined;
  const open = props.rule !== undefined;
  const rule = props.rule;

  useEffect(() => {
    if (!open) return;
    clearFailure();
    form.setFieldsValue(
      rule
        ? { code: rule.code, title: rule.title, paragraphs: [...rule.paragraphs] }
        : { code: '', title: '', paragraphs: [''] },
    );
  }, [open, rule, form, clearFailure]);

  async function submit(values: Values) {
    const done = await save(() =>
      updateRule({
        code: values.code,
        title: values.title.trim(),
        paragraphs: cleanParagraphs(values.paragraphs),
      }),
    );
    if (done) props.onSaved();
  }

  return (
    <Drawer
      title={rule ? `编辑规则页：${rule.title}` : '新建规则页'}
      open={open}
      width={1100}
      onClose={props.onClose}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) form.resetFields();
      }}
      extra={
        <Space>
          <Button onClick={props.onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <FailureAlert failure={failure} />
      <Row gutter={24}>
        <Col span={14}>
          <Form<Values> form={form} layout="vertical" onFinish={submit}>
            <Form.Item
              name="code"
              label="编码"
              hidden={Boolean(rule)}
              rules={[
                { required: true, message: '请填写编码' },
                { max: 40, message: '编码最多40个字符' },
                {
                  pattern: RULE_CODE_PATTERN,
                  message: '编码须以小写字母开头，只含小写字母、数字和 _',
                },
              ]}
            >
              <Input placeholder="例如 shopping" />
            </Form.Item>
            <Form.Item
              name="title"
              label="标题"
              rules={[
                { required: true, whitespace: true, message: '请填写标题' },
                { max: RULE_TITLE_MAX, message: `标题最多${RULE_TITLE_MAX}字` },
              ]}
            >
              <Input maxLength={RULE_TITLE_MAX} showCount />
            </Form.Item>
            <Typography.Paragraph type="secondary">
              每段一个输入框；以“一、”“二、”等开头且不超过30字的段落显示为小标题。
            </Typography.Paragraph>
            <Form.List
              name="paragraphs"
              rules={[
                {
                  validator: async (_, list: unknown[] | undefined) => {
                    const count = list?.length ?? 0;
                    if (count < 1) throw new Error('至少需要一段内容');
                    if (count > RULE_PARAGRAPHS_MAX)
                      throw new Error(`最多${RULE_PARAGRAPHS_MAX}段`);
                  },
                },
              ]}
            >
              {(fields, { add, remove, move }, { errors }) => (
                <>
                  {fields.map((field, index) => (
                    <Space.Compact key={field.key} block style={{ marginBottom: 8 }}>
                      <Form.Item
                        name={field.name}
                        style={{ flex: 1, marginBottom: 0 }}
                        rules={[
                          {
                            required: true,
                            whitespace: true,
                            message: '段落不能为空（不需要请删除）',
                          },
                          {
                            max: RULE_PARAGRAPH_MAX,
                            message: `每段最多${RULE_PARAGRAPH_MAX}字`,
                          },
                        ]}
                      >
                        <Input.TextArea
                          autoSize={{ minRows: 1, maxRows: 8 }}
                          placeholder={`第${index + 1}段`}
                          aria-label={`第${index + 1}段`}
                        />
                      </Form.Item>
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
                  ))}
                  <Button
                    type="dashed"
                    block
                    icon={<PlusOutlined />}
                    disabled={fields.length >= RULE_PARAGRAPHS_MAX}
                    onClick={() => add('')}
                  >
                    添加段落
                  </Button>
                  <Form.ErrorList errors={errors} />
                </>
              )}
            </Form.List>
          </Form>
        </Col>
        <Col span={10}>
          <Typography.Text type="secondary">预览</Typography.Text>
          <Preview title={title} paragraphs={cleanParagraphs(paragraphs ?? [])} />
        </Col>
      </Row>
    </Drawer>
  );
}
