import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { isApiError } from '../../../core/api/client.ts';
import { memberKeys } from '../../../ui/member/identityQuery.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { promotionApi, refreshPromotion } from '../api.ts';

const CODE = /^[A-Za-z0-9]{4,16}$/;

/** 填写邀请码: binds my inviter while the window is open (identity.canBind). */
export function BindInviteForm() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const bind = useMutation({
    mutationFn: () => promotionApi.bind(code.trim()),
    meta: { toast: false },
    onSuccess: (identity) => {
      queryClient.setQueryData(memberKeys.identity, identity);
      void refreshPromotion(queryClient);
      showSuccess(identity.parent ? `已绑定邀请人 ${identity.parent.nickname}` : '绑定成功');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '绑定失败，请稍后重试'),
  });
  const submit = () => {
    if (!CODE.test(code.trim())) return showToast('请输入正确的邀请码');
    bind.mutate();
  };
  return (
    <section className="pr-bind card" data-testid="bind-form">
      <h3>填写邀请码</h3>
      <p>还没有邀请人？填写好友的邀请码，绑定后不可更改。</p>
      <div className="pr-bind__row">
        <Input
          className="pr-bind__input"
          value={code}
          onChange={(v) => setCode(v.replace(/[^A-Za-z0-9]/g, '').slice(0, 16))}
          placeholder="请输入邀请码"
          aria-label="邀请码"
          clearable
        />
        <Button
          color="primary"
          shape="rounded"
          size="small"
          loading={bind.isPending}
          onClick={submit}
        >
          绑定
        </Button>
      </div>
    </section>
  );
}
