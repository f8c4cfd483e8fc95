import type { Address } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Dialog } from 'antd-mobile';
import { EnvironmentOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { useCheckout } from '../../../core/checkout.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { addressApi, addressesQuery, addressKeys } from '../api.ts';
import '../address.css';
import { ListStates } from '../../../ui/ListStates.tsx';

/**
 * The address book; with ?select=1 (from write order) tapping an address chooses it, and with
 * ?select=1&orderNo= (修改地址 on an order) it chooses the order's new address.
 */
export default function AddressListPage() {
  const [params] = useSearchParams();
  const selecting = params.get('select') === '1';
  const forOrder = params.get('orderNo');
  const navigate = useNavigate();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const query = useQuery(addressesQuery());
  const chosenId = useCheckout((s) => s.addressId);
  const setAddressId = useCheckout((s) => s.setAddressId);
  const setOrderAddress = useCheckout((s) => s.setOrderAddress);

  const refresh = () => queryClient.invalidateQueries({ queryKey: addressKeys.all });
  const onError = (error: Error) => showToast(isApiError(error) ? error.msg : '操作失败');
  const makeDefault = useMutation({
    mutationFn: (id: number) => addressApi.setDefault(id),
    onSuccess: () => {
      void refresh();
      showToast('已设为默认地址');
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => addressApi.remove(id),
    onSuccess: (_d, id) => {
      if (chosenId === id) setAddressId(null);
      void refresh();
      showToast('删除成功');
    },
    onError,
  });

  const addPath = selecting ? `${PATHS.addAddress}?select=1` : PATHS.addAddress;
  const choose = (address: Address) => {
    if (!selecting) return;
    if (forOrder) {
      setOrderAddress({ orderNo: forOrder, addressId: address.id });
      goBack(`${PATHS.orderInfo}?orderNo=${encodeURIComponent(forOrder)}`);
      return;
    }
    setAddressId(address.id);
    goBack(PATHS.writeOrder);
  };
  const confirmDelete = async (address: Address) => {
    const ok = await Dialog.confirm({
      content: '确定删除该收货地址吗？',
      confirmText: '删除',
      cancelText: '取消',
    });
    if (ok) remove.mutate(address.id);
  };

  const rows = query.data ?? [];
  const body = (
    <ListStates
      query={query}
      isEmpty={rows.length === 0}
      loading={<PageLoading />}
      errorIcon={<ExclamationCircleOutline />}
      empty={
        <EmptyState icon={<EnvironmentOutline />} title="还没有收货地址" description="添加一个吧" />
      }
    >
      {rows.map((address) => (
        <article key={address.id} className="address-card card" data-testid="address-card">
          <button type="button" className="address-card__main" onClick={() => choose(address)}>
            <div className="address-card__who">
              <span>{address.name}</span>
              <span className="address-card__phone">{address.phone}</span>
              {address.isDefault && <span className="address-card__tag">默认</span>}
            </div>
            <div className="address-card__full">{address.fullAddress}</div>
          </button>
          <div className="address-card__ops">
            <Checkbox
              checked={address.isDefault}
              onChange={() => !address.isDefault && makeDefault.mutate(address.id)}
            >
              {address.isDefault ? '默认地址' : '设为默认'}
            </Checkbox>
            <button type="button" onClick={() => navigate(`${PATHS.editAddress}?id=${address.id}`)}>
              编辑
            </button>
            <button type="button" onClick={() => confirmDelete(address)}>
              删除
            </button>
          </div>
        </article>
      ))}
    </ListStates>
  );

  return (
    <div className="address-list">
      {body}
      <div className="address-list__add">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          onClick={() => navigate(addPath)}
        >
          新增收货地址
        </Button>
      </div>
    </div>
  );
}
