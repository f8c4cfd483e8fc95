import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { orderApi, payApi } from '../../../ui/order/orderApi.ts';

/** The gateway's notify arrives on its own time: look this often while its cashier is open. */
const WATCH_MS = 1500;

export type GatewayTrip =
  | { kind: 'order'; orderNo: string; url: string }
  | { kind: 'topUp'; paymentNo: string; url: string };

/**
 * Watches a trip to the online cashier until the money landed: the order leaves 待付款, or the
 * top-up succeeded. `onLanded` runs once per trip.
 */
export function useGatewayWatch(trip: GatewayTrip | null, onLanded: (trip: GatewayTrip) => void) {
  const order = useQuery({
    queryKey: ['order', 'live-cashier', trip?.kind === 'order' ? trip.orderNo : ''],
    queryFn: () => orderApi.detail(trip?.kind === 'order' ? trip.orderNo : ''),
    enabled: trip?.kind === 'order',
    refetchInterval: WATCH_MS,
    staleTime: 0,
    gcTime: 0,
    meta: { toast: false },
  });
  const topUp = useQuery({
    queryKey: ['account', 'rechargeStatus', trip?.kind === 'topUp' ? trip.paymentNo : ''],
    queryFn: () => payApi.rechargeStatus(trip?.kind === 'topUp' ? trip.paymentNo : ''),
    enabled: trip?.kind === 'topUp',
    refetchInterval: WATCH_MS,
    staleTime: 0,
    gcTime: 0,
    meta: { toast: false },
  });
  const onLandedRef = useRef(onLanded);
  onLandedRef.current = onLanded;
  const done = useRef<GatewayTrip | null>(null);
  const orderStatus = order.data?.status;
  const topUpStatus = topUp.data?.status;
  useEffect(() => {
    if (!trip || done.current === trip) return;
    const landed =
      trip.kind === 'order'
        ? orderStatus !== undefined && orderStatus !== 'unpaid' && orderStatus !== 'cancelled'
        : topUpStatus === 'succeeded';
    if (!landed) return;
    done.current = trip;
    onLandedRef.current(trip);
  }, [trip, orderStatus, topUpStatus]);
}
