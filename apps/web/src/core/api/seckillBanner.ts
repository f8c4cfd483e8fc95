import { get } from './client.ts';

/**
 * The home page's seckill entry: the running (else next) session and its first items. A module
 * of its own: the home route is in the entry chunk, and it must carry this call only, not the
 * whole flash-sale API (which the entry would then hold for every seckill page).
 */
export const fetchSeckillBanner = () => get('seckill/banner');
