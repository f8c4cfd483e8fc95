import type { FarmHarvestData } from '@chaopin/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../core/api/client.ts';
import { newClientKey, useCheckout } from '../../core/checkout.ts';
import { AddressRow } from '../../ui/address/AddressRow.tsx';
import { addressesQuery } from '../../ui/address/addressesQuery.ts';
import { PrizeShipping } from '../../ui/order/PrizeShipping.tsx';
import { PATHS } from '../../ui/pageConfig.ts';
import { showToast } from '../../ui/toast.ts';
import { farmApi } from './api.ts';
import { errorText } from './errorText.ts';

/**
 * 收获: a coupon comes at once; a product opens the sheet with the address (the app's picker,
 * whose trip back remounts this page: ?harvest=1 reopens the sheet).
 */
export function HarvestButton(p: {
  treeId: number;
  product: boolean;
  skuId: number | null;
  sheetOpen: boolean;
  setSheetOpen: (open: boolean) => void;
  onWon: (r: FarmHarvestData) => void;
}) {
  const navigate = useNavigate();
  const addresses = useQuery({ ...addressesQuery(), enabled: p.product });
  const { addressId, setAddressId } = useCheckout();
  const [clientKey, setClientKey] = useState(newClientKey);
  const list = addresses.data ?? [];
  const address =
    list.find((a) => a.id === addressId) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;
  const harvest = useMutation({
    mutationFn: () =>
      farmApi.harvest(
        p.product
          ? { treeId: p.treeId, addressId: address?.id ?? 0, clientKey }
          : { treeId: p.treeId },
      ),
    onSuccess: (result) => {
      setClientKey(newClientKey());
      setAddressId(null);
      p.setSheetOpen(false);
      p.onWon(result);
    },
    onError: (error) => {
      if (isApiError(error) && error.errorId === 'ADDRESS_REQUIRED') setAddressId(null);
      showToast(errorText(error));
    },
  });
  return (
    <>
      <Button
        className="farm-water farm-harvest"
        color="warning"
        shape="rounded"
        size="large"
        data-testid="farm-harvest"
        loading={harvest.isPending}
        onClick={() => (p.product ? p.setSheetOpen(true) : harvest.mutate())}
      >
        收获果实
      </Button>
      <Popup visible={p.product && p.sheetOpen} onMaskClick={() => p.setSheetOpen(false)}>
        <div className="farm-sheet" data-testid="farm-harvest-sheet">
          <h3>领取果实</h3>
          <p className="farm-muted">果实以0元订单发出，应付运费（如有）在收银台支付</p>
          {p.skuId !== null && <PrizeShipping className="farm-shipping" skuId={p.skuId} />}
          <AddressRow address={address} onClick={() => navigate(`${PATHS.addresses}?select=1`)} />
          <Button
            block
            color="primary"
            shape="rounded"
            disabled={!address}
            loading={harvest.isPending}
            onClick={() => harvest.mutate()}
          >
            确认领取
          </Button>
        </div>
      </Popup>
    </>
  );
}
