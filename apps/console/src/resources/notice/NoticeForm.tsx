import { DatePicker, Form, Input, InputNumber, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { chinaWallToIso, isoToChinaWall } from '../../ui/chinaTime.ts';
import { FailureAlert } from '../../ui/FailureAlert.tsx';
import { errorId, errorMessage } from '../../ui/filters.ts';
import { useSubmit } from '../../ui/useSubmit.ts';
import { type NoticeRow, type NoticeSave, saveNotice } from './api.ts';
import { scheduleProblem, unschedulableDay } from './schedule.ts';

interface Values {
  title: string;
  content: string;
  link?: string;
  userId?: number | null;
  mode: 'now' | 'schedule';
  publishAt?: Dayjs | null;
}

/** The catalogue's field errors, shown under their field instead of above the form. */
const FIELD_OF: Record<string, keyof Values> = {
  NOTICE_TITLE_INVALID: 'title',
  NOTICE_CONTENT_INVALID: 'content',
  NOTICE_LINK_INVALID: 'link',
  NOTICE_USER_NOT_FOUND: 'userId',
  NOTICE_PUBLISH_AT_INVALID: 'publishAt',
};

/**
 * 发布公告 / 编辑公告 (only while scheduled): title ≤ 60, content ≤ 2000, an in-app link, one user
 * or everyone, now or at a China time within a year. The server's refusal shows in its words.
 */
export function NoticeForm(props: {
  /** undefined: closed; null: a new notice; a row: editing that scheduled notice. */
  editing: NoticeRow | null | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { busy, failure, submit: save, clearFailure } = useSubmit();
  const mode = Form.useWatch('mode', form);
  const open = props.editing !== undefined;
  const row = props.editing;

  useEffect(() => {
    if (!open) return;
    clearFailure();
    form.setFieldsValue(
      row
        ? {
            title: row.title,
            content: row.content,
            link: row.link,
            userId: row.userId,
            mode: 'schedule',
            publishAt: isoToChinaWall(row.publishAt),
          }
        : { mode: 'now', publishAt: null, userId: null, link: '' },
    );
  }, [open, row, form, clearFailure]);

  async function submit(values: Values) {
    const body: NoticeSave = {
      title: values.title.trim(),
      content: values.content.trim(),
      link: values.link?.trim() ?? '',
      userId: values.userId ?? null,
      publishAt:
        values.mode === 'schedule' && values.publishAt ? chinaWallToIso(values.publishAt) : null,
      ...(row ? { id: row.id } : {}),
    };
    const done = await save(
      () => saveNotice(body),
      (error) => {
        // A refusal about one field shows under that field.
        const field = FIELD_OF[errorId(error) ?? ''];
        if (field) form.setFields([{ name: field, errors: [errorMessage(error)] }]);
        return field !== undefined;
      },
    );
    if (!done) return;
    props.onSaved(
      values.mode === 'schedule'
        ? row
          ? '定时公告已修改'
          : '公告已定时，到点自动发布'
        : '公告已发布',
    );
  }

  return (
    <Modal
      title={row ? '编辑定时公告' : '发布公告'}
      open={open}
      width={640}
      okText={row ? '保存' : mode === 'schedule' ? '定时发布' : '立即发布'}
      okButtonProps={{ loading: busy }}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <FailureAlert failure={failure} />
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark>
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请填写标题' },
            { max: 60, message: '标题最多60字' },
          ]}
        >
          <Input maxLength={60} showCount placeholder="用户在消息列表中看到的标题" />
        </Form.Item>
        <Form.Item
          name="content"
          label="内容"
          rules={[
            { required: true, whitespace: true, message: '请填写内容' },
            { max: 2000, message: '内容最多2000字' },
          ]}
        >
          <Input.TextArea rows={6} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item
          name="link"
          label="站内链接"
          extra="选填；用户点开公告后前往的页面，如 /pages/homeSeckill/homeSeckill"
          rules={[
            { max: 512, message: '链接最多512个字符' },
            { pattern: /^(\/\S*)?$/, message: '站内链接须以 / 开头，且不含空格' },
          ]}
        >
          <Input placeholder="/pages/…" />
        </Form.Item>
        <Form.Item
          name="userId"
          label="指定用户ID"
          extra="选填；留空则发给全部用户"
          rules={[{ type: 'integer', min: 1, message: '请输入正确的用户ID' }]}
        >
          <InputNumber min={1} precision={0} controls={false} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="mode" label="发布方式">
          <Radio.Group>
            <Radio value="now">立即发布</Radio>
            <Radio value="schedule">定时发布</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'schedule' ? (
          <Form.Item
            name="publishAt"
            label="发布时间（北京时间）"
            rules={[
              {
                validator: async (_, value: Dayjs | null) => {
                  const problem = scheduleProblem(value, Date.now());
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(day) => unschedulableDay(day, Date.now())}
              style={{ width: 240 }}
              placeholder="选择日期与时间"
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
