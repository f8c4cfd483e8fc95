import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, List } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { formatDate } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { checkIdCard, checkRealName } from '../../../core/validate.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { realNameQuery, settingsApi, settingsKeys } from '../api.ts';
import '../settings.css';

export default function NameAuthPage() {
  const queryClient = useQueryClient();
  const check = useSession((s) => s.check);
  const { data } = useQuery(realNameQuery());
  const [realName, setRealName] = useState('');
  const [idCard, setIdCard] = useState('');

  const submit = useMutation({
    mutationFn: () =>
      settingsApi.submitRealName({ realName: realName.trim(), idCard: idCard.toUpperCase() }),
    onSuccess: async (result) => {
      queryClient.setQueryData(settingsKeys.realName, result);
      await check();
      showSuccess('认证成功');
    },
  });

  if (!data) return <PageLoading />;

  if (data.verified) {
    return (
      <div className="realname-card card">
        <CheckCircleFill className="realname-card__icon" />
        <h2 className="realname-card__title">已完成实名认证</h2>
        <dl>
          <dt>真实姓名</dt>
          <dd>{data.realName}</dd>
          <dt>身份证号</dt>
          <dd>{data.idCard}</dd>
          {data.verifiedAt && (
            <>
              <dt>认证时间</dt>
              <dd>{formatDate(data.verifiedAt)}</dd>
            </>
          )}
        </dl>
      </div>
    );
  }

  const onSubmit = () => {
    const problem = checkRealName(realName) ?? checkIdCard(idCard.trim());
    if (problem) return showToast(problem);
    submit.mutate();
  };

  return (
    <div className="form-page">
      <p className="settings__lead">
        根据国家相关规定，提现等功能需完成实名认证。信息仅用于身份核验，我们将严格保密。
      </p>
      <List>
        <List.Item title="真实姓名">
          <Input
            value={realName}
            onChange={setRealName}
            placeholder="请输入身份证上的姓名"
            maxLength={30}
            clearable
            aria-label="真实姓名"
          />
        </List.Item>
        <List.Item title="身份证号">
          <Input
            value={idCard}
            onChange={(v) => setIdCard(v.replace(/[^\dXx]/g, ''))}
            placeholder="请输入18位身份证号码"
            maxLength={18}
            clearable
            aria-label="身份证号"
          />
        </List.Item>
      </List>
      <p className="form-hint">
        认证成功后不可修改，请确认信息真实有效；未满18周岁暂不支持实名认证。
      </p>
      <div className="form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={submit.isPending}
          onClick={onSubmit}
        >
          提交认证
        </Button>
      </div>
    </div>
  );
}
