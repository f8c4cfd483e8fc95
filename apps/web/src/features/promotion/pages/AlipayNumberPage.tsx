import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, List } from 'antd-mobile';
import { AlipayCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatDate } from '../../../core/format.ts';
import { checkRealName } from '../../../core/validate.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { payoutAccountQuery, promoKeys, withdrawApi } from '../api.ts';
import '../../../ui/promotion/promotion.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

/** 提现账号: the 支付宝 account commission goes to, in the verified real name. */
export default function AlipayNumberPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useQuery(payoutAccountQuery());
  const [editing, setEditing] = useState(false);
  const [account, setAccount] = useState('');
  const [realName, setRealName] = useState('');

  const save = useMutation({
    mutationFn: () =>
      withdrawApi.bindAccount({ account: account.trim(), realName: realName.trim() }),
    meta: { toast: false },
    onSuccess: (data) => {
      queryClient.setQueryData(promoKeys.payoutAccount, data);
      void queryClient.invalidateQueries({ queryKey: promoKeys.withdrawInfo });
      setEditing(false);
      showSuccess('绑定成功');
    },
    onError: (error) => {
      showToast(isApiError(error) ? error.msg : '绑定失败，请稍后重试');
      if (isApiError(error) && error.errorId === 'REAL_NAME_REQUIRED') {
        navigate(PATHS.nameAuthentication);
      }
    },
  });

  if (!current.data) {
    if (current.isError) {
      return <LoadFailed onRetry={() => void current.refetch()} />;
    }
    return <PageLoading />;
  }
  const data = current.data;

  if (data.account && !editing) {
    return (
      <div className="pr-payout">
        <section className="pr-payout__card card" data-testid="payout-bound">
          <AlipayCircleFill className="pr-payout__icon" />
          <div>
            <strong>{data.account}</strong>
            <span>
              {data.realName}
              {data.boundAt && ` · ${formatDate(data.boundAt)} 绑定`}
            </span>
          </div>
        </section>
        <p className="form-hint">佣金提现将打款到此支付宝账号，请确认账号可正常收款。</p>
        <div className="form-actions">
          <Button block shape="rounded" size="large" onClick={() => setEditing(true)}>
            更换账号
          </Button>
        </div>
      </div>
    );
  }

  const onSubmit = () => {
    // The account's format is the server's to judge (its message names what it accepts).
    if (!account.trim()) return showToast('请输入支付宝账号');
    const nameProblem = checkRealName(realName);
    if (nameProblem) return showToast(nameProblem);
    save.mutate();
  };

  return (
    <div className="form-page pr-payout">
      {!data.realNameVerified && (
        <div className="pr-notice" role="note" data-testid="payout-realname">
          <span>提现账号须与实名认证信息一致，请先完成实名认证。</span>
          <button type="button" onClick={() => navigate(PATHS.nameAuthentication)}>
            去认证
          </button>
        </div>
      )}
      <List>
        <List.Item title="支付宝账号">
          <Input
            value={account}
            onChange={setAccount}
            placeholder="请输入手机号或邮箱"
            maxLength={64}
            clearable
            aria-label="支付宝账号"
          />
        </List.Item>
        <List.Item title="真实姓名">
          <Input
            value={realName}
            onChange={setRealName}
            placeholder="请输入实名认证的姓名"
            maxLength={20}
            clearable
            aria-label="真实姓名"
          />
        </List.Item>
      </List>
      <p className="form-hint">
        真实姓名须与您的实名认证姓名一致，且为该支付宝账号的实名姓名，否则将无法到账。
      </p>
      <div className="form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={save.isPending}
          onClick={onSubmit}
        >
          {data.account ? '确认更换' : '确认绑定'}
        </Button>
        {data.account && (
          <Button block fill="none" onClick={() => setEditing(false)}>
            取消
          </Button>
        )}
      </div>
    </div>
  );
}
